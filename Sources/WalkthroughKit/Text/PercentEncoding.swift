/// URL percent-encoding (RFC 3986), decoded: a fleet URL's parameters, a served request's path
/// segments and query.
package enum PercentEncoding {
    /// `text` with `%XX` sequences decoded (invalid ones kept as they are), and `+` as a space
    /// when `plusIsSpace` (a query string's form encoding). Bytes that are not UTF-8 become
    /// U+FFFD.
    package static func decoded(_ text: String, plusIsSpace: Bool = false) -> String {
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+"))
            })
        else { return text }
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of one hexadecimal digit (either case), or `nil`.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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
