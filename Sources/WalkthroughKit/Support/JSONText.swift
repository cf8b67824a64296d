/// A JSON value to print, written by hand so the command needs no Foundation encoder.
///
/// Strings are escaped completely: quotes, backslashes, every control character (C0, DEL, C1),
/// the line and paragraph separators and bidirectional controls, so output is safe to show in a
/// terminal and to paste into JavaScript.
///
/// Values are written as UTF-8 bytes into one buffer; ``rendered()`` and
/// ``renderedOnOneLine()`` make a string of them.
package indirect enum JSONText: Sendable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case integer(Int)
    /// A number with a fraction (a rate, seconds); written in Swift's shortest form that reads
    /// back as the same value, `null` when it is not finite.
    case number(Double)
    case bool(Bool)
    case null

    /// The value as pretty-printed JSON (two-space indent), without a final newline.
    package func rendered() -> String {
        var bytes: [UInt8] = []
        render(into: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the value: pretty-printed with its nested lines `indent` levels in, or on one
    /// line with no space between tokens when `indent` is `nil`.
    func render(into bytes: inout [UInt8], indent: Int?) {
        func newline(_ level: Int) {
            guard indent != nil else { return }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
        }
        let level = indent ?? 0
        switch self {
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                Self.escape(member.0, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if indent != nil { bytes.append(UInt8(ascii: " ")) }
                member.1.render(into: &bytes, indent: indent.map { $0 + 1 })
            }
            if !members.isEmpty { newline(level) }
            bytes.append(UInt8(ascii: "}"))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                element.render(into: &bytes, indent: indent.map { $0 + 1 })
            }
            if !elements.isEmpty { newline(level) }
            bytes.append(UInt8(ascii: "]"))
        case .string(let string):
            Self.escape(string, into: &bytes)
        case .integer(let value):
            bytes += String(value).utf8
        case .number(let value):
            bytes += (value.isFinite ? String(describing: value) : "null").utf8
        case .bool(let value):
            bytes += (value ? "true" : "false").utf8
        case .null:
            bytes += "null".utf8
        }
    }

    /// Appends `string` as a JSON string literal.
    package static func escape(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings are printable ASCII without a quote or a backslash: copied whole.
        if CharacterSafety.isPrintableASCII(string),
            !string.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        {
            bytes += string.utf8
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: bytes += #"\""#.utf8
            case 0x5C: bytes += #"\\"#.utf8
            case 0x0A: bytes += #"\n"#.utf8
            case 0x0D: bytes += #"\r"#.utf8
            case 0x09: bytes += #"\t"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case _ where CharacterSafety.isUnsafeInLine(scalar.value):
                bytes += ("\\u" + CharacterSafety.hex4(scalar.value).lowercased()).utf8
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
