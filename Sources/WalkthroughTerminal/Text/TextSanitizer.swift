import WalkthroughKit

/// Turns untrusted text (a walkthrough definition's title, headings, content, labels; anything a
/// user typed) into text that is safe to write to a terminal.
///
/// A terminal obeys control characters and escape sequences found in its output: a definition
/// holding `ESC ] 0 ; … BEL` could retitle the window, `ESC [ 2 J` clear the screen, a C1 `CSI`
/// (U+009B) start a sequence on terminals that honour 8-bit controls, and a bidi override
/// (U+202E) make text read backwards. The sanitiser shows every one of them as a visible escape,
/// never raw:
///
/// | what | shown as |
/// | --- | --- |
/// | C0 controls U+0000–U+001F except newline and tab | caret notation: `^@`, `^A` … `^[` (ESC) … `^_` |
/// | DEL U+007F | `^?` |
/// | C1 controls U+0080–U+009F | `\u{80}` … `\u{9B}` … `\u{9F}` |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `\u{202E}` style |
/// | tab | spaces up to the next multiple of ``tabWidth`` columns |
/// | CR LF (a Windows line end) | a newline; a lone CR is `^M` |
///
/// Newlines are kept. Caret notation is what `cat -v` and most terminals' own echo use for C0; the
/// `\u{…}` form, Swift's own string escape, names the code point of the rarer ones.
package enum TextSanitizer {
    /// Tab stops are every 4 columns: wide enough to indent, narrow enough for an 80-column page
    /// (a definition's tabs usually indent a list or align a short table).
    public static let tabWidth = 4

    /// The sanitised form of `text`; see `TextSanitizer` for what changes.
    ///
    /// Tabs expand relative to the start of their line in `text` (columns measured by display
    /// width), before any wrapping.
    public static func sanitize(_ text: String) -> String {
        guard needsSanitizing(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var column = 0
        for character in text {
            if character == "\n" || character == "\r\n" {
                result.append("\n")
                column = 0
            } else if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                result.append(String(repeating: " ", count: spaces))
                column += spaces
            } else if character.unicodeScalars.contains(where: needsEscape) {
                for scalar in character.unicodeScalars {
                    let piece = needsEscape(scalar) ? escape(scalar) : String(scalar)
                    result.append(piece)
                    column += DisplayWidth.of(piece)
                }
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }

    /// Whether `scalar` is never written raw: a C0 control other than newline and tab, DEL, a C1
    /// control, or a bidi embedding, override or isolate.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && CharacterSafety.isUnsafeOnTerminal(scalar.value)
    }

    /// The visible escape of one scalar that ``needsEscape(_:)`` selects.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        case 0x7F:
            return "^?"
        default:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Every code point of `character` in the escape form of ``escape(_:)``: `\u{1F3FB}\u{1F3FB}`.
    ///
    /// The wrapper shows this for a cluster wider than the whole line, which no terminal row
    /// could hold: it says what the cluster was, in narrow characters that can wrap.
    package static func escapedCodePoints(of character: Character) -> String {
        character.unicodeScalars.map {
            "\\u{" + String($0.value, radix: 16, uppercase: true) + "}"
        }.joined()
    }

    // MARK: - Private

    /// A fast check that lets the common case (plain text) through unchanged.
    private static func needsSanitizing(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\t" || $0 == "\r" || needsEscape($0) }
    }
}
