import WalkthroughKit

/// Entity tags (RFC 9110): a strong tag over a response's content.
package enum ETag {
    /// `"` + 16 hex digits of a 64-bit FNV-1a hash of `content` (taken a word at a time), then
    /// `|` and `varying` (what else the answer depends on) + `"`: the same from every server
    /// on one store. A tag needs to change with the content, not to resist someone forging a
    /// collision: the content is the server's own answer.
    package static func of(_ content: [UInt8], varying: String = "") -> String {
        let hash = FNV1a.hash64(
            ("|" + varying).utf8, continuing: FNV1a.hash64(wordsOf: content))
        return "\"" + FNV1a.hex(hash) + "\""
    }

    /// Whether an `If-None-Match` value names `tag`: `*`, or one of its comma-separated tags
    /// (weak or strong: the comparison is weak, as for `If-None-Match`).
    package static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var text = candidate.drop(while: { $0 == " " })
            while text.last == " " { text = text.dropLast() }
            if text == "*" { return true }
            if text.hasPrefix("W/") { text = text.dropFirst(2) }
            return text == tag
        }
    }
}
