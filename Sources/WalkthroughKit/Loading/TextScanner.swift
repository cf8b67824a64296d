/// Finds characters in definition text that must not reach a terminal raw.
///
/// Newline and tab are allowed. Other C0 controls, DEL and C1 controls can move the cursor or
/// change colours; bidirectional overrides and isolates can make text read in a misleading order
/// ("Trojan Source"). They are warnings in a definition, and players show them escaped.
package enum TextScanner {
    /// The first troublesome character of `text`, as a diagnostic kind, or `nil` when it is clean.
    ///
    /// Works on UTF-8 bytes: only bytes below 0x20, 0x7F, the two-byte C1 forms (`C2 80`-`C2 9F`)
    /// and the three-byte forms starting `E2 80`/`E2 81` need a closer look.
    package static func firstProblem(in text: String) -> ValidationReport.Diagnostic.Kind? {
        var text = text
        return text.withUTF8 { bytes -> ValidationReport.Diagnostic.Kind? in
            guard let base = bytes.baseAddress else { return nil }
            var index = 0
            let count = bytes.count
            var end = 0
            while index < count {
                if index == end {
                    // Skip eight printable ASCII bytes at a time; look closer at any other word.
                    if index &+ 8 <= count {
                        let word = ByteScan.load(base + index)
                        if !ByteScan.hasControl(word) && !ByteScan.hasDeleteOrHigh(word) {
                            index &+= 8
                            end = index
                            continue
                        }
                    }
                    end = min(index &+ 8, count)
                }
                let byte = bytes[index]
                if byte < 0x20 {
                    if byte != 0x0A && byte != 0x09 {
                        return .controlCharacter(scalar: UInt32(byte))
                    }
                } else if byte == 0x7F {
                    return .controlCharacter(scalar: 0x7F)
                } else if byte == 0xC2, index + 1 < count, bytes[index + 1] <= 0x9F {
                    return .controlCharacter(scalar: UInt32(bytes[index + 1]))
                } else if byte == 0xE2, index + 2 < count {
                    let scalar =
                        0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                    if bytes[index + 1] & 0xFE == 0x80, let kind = problem(scalarValue: scalar) {
                        return kind
                    }
                }
                index += 1
            }
            return nil
        }
    }

    /// The problem `scalar` is in text, or `nil` when it may be shown as it is.
    package static func problem(in scalar: Unicode.Scalar) -> ValidationReport.Diagnostic.Kind? {
        problem(scalarValue: scalar.value)
    }

    private static func problem(scalarValue value: UInt32) -> ValidationReport.Diagnostic.Kind? {
        if value == 0x0A || value == 0x09 { return nil }
        if CharacterSafety.isControl(value) { return .controlCharacter(scalar: value) }
        if CharacterSafety.isBidiControl(value) { return .bidiControl(scalar: value) }
        return nil
    }

    /// Whether `text` is empty or only whitespace.
    package static func isBlank(_ text: String) -> Bool {
        // Fast path: a printable ASCII first byte other than a space settles it.
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
