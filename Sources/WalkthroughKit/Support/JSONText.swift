/// A JSON value to print, written by hand so the command needs no Foundation encoder.
///
/// Strings are escaped completely: quotes, backslashes, every control character (C0, DEL, C1),
/// the line and paragraph separators and bidirectional controls, so output is safe to show in a
/// terminal and to paste into JavaScript.
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
        var text = ""
        render(into: &text, indent: "")
        return text
    }

    private func render(into text: inout String, indent: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            let inner = indent + "  "
            text += "{\n"
            for (offset, member) in members.enumerated() {
                text += inner
                Self.escape(member.0, into: &text)
                text += ": "
                member.1.render(into: &text, indent: inner)
                text += offset == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            let inner = indent + "  "
            text += "[\n"
            for (offset, element) in elements.enumerated() {
                text += inner
                element.render(into: &text, indent: inner)
                text += offset == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .string(let string):
            Self.escape(string, into: &text)
        case .integer(let value):
            text += String(value)
        case .number(let value):
            text += value.isFinite ? String(describing: value) : "null"
        case .bool(let value):
            text += value ? "true" : "false"
        case .null:
            text += "null"
        }
    }

    /// Appends `string` as a JSON string literal.
    package static func escape(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x08: text += "\\b"
            case 0x0C: text += "\\f"
            case _ where CharacterSafety.isUnsafeInLine(scalar.value):
                text += "\\u" + CharacterSafety.hex4(scalar.value).lowercased()
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
