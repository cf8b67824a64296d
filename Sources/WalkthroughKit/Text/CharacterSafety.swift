/// The one rule of which characters untrusted text may not carry raw to a terminal, a JSON line
/// or a diagnostic, shared by every sanitiser, escaper and validator of the package.
///
/// | class | scalars | why |
/// | --- | --- | --- |
/// | control | C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F | a terminal obeys them (`ESC`, the 8-bit `CSI` U+009B) |
/// | bidirectional control | embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069 | they reorder the rest of the line (U+202E reads it backwards) |
/// | line separator | U+2028, U+2029 | line breaks to JavaScript and some terminals and editors |
///
/// Each user of the rule decides what to do with such a scalar (caret notation on a page,
/// `\uXXXX` in JSON, a refusal in a user name, a warning in a definition) and which it lets
/// through (a page keeps its newlines and tabs).
package enum CharacterSafety {
    /// Whether `value` is a C0 control, DEL or a C1 control.
    package static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Whether `value` is a bidirectional embedding, override or isolate.
    package static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether `value` is the line separator U+2028 or the paragraph separator U+2029.
    package static func isLineSeparator(_ value: UInt32) -> Bool {
        value == 0x2028 || value == 0x2029
    }

    /// Whether `value` must never reach a terminal raw: a control or a bidirectional control.
    /// (Newlines and tabs are controls: callers that keep them check for them first.)
    package static func isUnsafeOnTerminal(_ value: UInt32) -> Bool {
        isControl(value) || isBidiControl(value)
    }

    /// Whether `value` must be escaped in one line of text (a JSON string, a quoted key, an id
    /// in a message): unsafe on a terminal, or a line separator.
    package static func isUnsafeInLine(_ value: UInt32) -> Bool {
        isUnsafeOnTerminal(value) || isLineSeparator(value)
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): then no scalar of it is
    /// unsafe anywhere, which a look at its bytes tells faster than one at its scalars.
    package static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether a name (a user name, a walkthrough id read from a file) may hold `value`: no
    /// control and no bidirectional control, which would make the name print as another one.
    package static func isAllowedInName(_ value: UInt32) -> Bool {
        !isUnsafeOnTerminal(value)
    }

    /// The code point as four (or more) uppercase hexadecimal digits: `202E`, `001B`.
    package static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The code point as Unicode writes it: `U+202E`.
    package static func codePoint(_ value: UInt32) -> String {
        "U+" + hex4(value)
    }

    /// `text` with every scalar ``isUnsafeInLine(_:)`` selects written as `\uXXXX`: safe to put
    /// on one line of a terminal or a log, whatever it held.
    package static func escapedInLine(_ text: String) -> String {
        guard !isPrintableASCII(text),
            text.unicodeScalars.contains(where: { isUnsafeInLine($0.value) })
        else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafeInLine(scalar.value) {
                result += "\\u" + hex4(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with every run of line breaks and other control characters as one space, so a
    /// message from SQLite (or from a trigger someone added) cannot break the one-line rule.
    package static func oneLine(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isControl(scalar.value) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
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
            case _ where isUnsafeInLine(scalar.value):
                result += "\\u" + hex4(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
