/// Builds the JSON paths diagnostics show: `pages[2].heading`, counted from 0.
///
/// A key that is not a plain identifier is written in brackets (`pages[0]["my key"]`), so that
/// every path reads back unambiguously.
package enum JSONPath {
    /// The path of `key` inside the object at `parent` (`""` is the root).
    package static func appending(key: String, to parent: String) -> String {
        if isIdentifier(key) {
            return parent.isEmpty ? key : parent + "." + key
        }
        return parent + "[" + quoted(key) + "]"
    }

    /// The path of element `index` inside the array at `parent`.
    package static func appending(index: Int, to parent: String) -> String {
        parent + "[" + String(index) + "]"
    }

    /// `key` as a JSON string literal, with quotes and escapes.
    ///
    /// Every character that could act on a terminal or reorder the line is escaped as `\uXXXX`:
    /// C0, DEL and C1 controls, the line and paragraph separators, and the bidirectional
    /// embeddings, overrides and isolates (a key or id holding U+202E would otherwise make the
    /// rest of a diagnostic read backwards).
    package static func quoted(_ key: String) -> String {
        var result = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where needsEscape(scalar):
                result += "\\u" + CharacterSafety.hex4(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is written as `\uXXXX` in a quoted key: ``CharacterSafety``'s rule.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSafety.isUnsafeInLine(scalar.value)
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return key.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
