import WalkthroughKit

/// Entity tags (RFC 9110): a strong tag over a response's content.
package enum ETag {
    /// `"` + the first 16 hex digits of the SHA-256 of `content` + `"`.
    package static func of(_ content: String) -> String {
        let hash = SHA256.prefix64(Array(content.utf8))
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
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
