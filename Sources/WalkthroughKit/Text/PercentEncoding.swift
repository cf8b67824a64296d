/// URL percent-encoding (RFC 3986), decoded: a fleet URL's parameters, a served request's path
/// segments and query.
package enum PercentEncoding {
    /// `text` with `%XX` sequences decoded (invalid ones kept as they are), and `+` as a space
    /// when `plusIsSpace` (a query string's form encoding). Bytes that are not UTF-8 become
    /// U+FFFD.
    package static func decoded(_ text: String, plusIsSpace: Bool = false) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
                let value = UInt8(
                    String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every byte but RFC 3986's unreserved characters (letters, digits, `-`, `.`,
    /// `_`, `~`) as `%XX`: one URL path segment; with `keepingSlashes`, a whole path (the path
    /// of SQLite's `file:` URI, where a `?` or `#` in a file name would otherwise end it).
    package static func encoded(_ text: String, keepingSlashes: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            case UInt8(ascii: "/") where keepingSlashes:
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
