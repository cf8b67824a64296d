import FoundationEssentials
import WalkthroughKit
import WalkthroughTerminal

/// Definition text made safe for the page: it only ever becomes escaped text or JSON data, never
/// markup or script.
enum HTMLText {
    /// Definition text as the page shows it, by the terminal's rule (``TextSanitizer``): each
    /// control character but newline and tab, and each bidirectional embedding, override and
    /// isolate (U+202A–U+202E, U+2066–U+2069) written as the terminal writes it (`\u{202E}`,
    /// `^[`), so that an override cannot reverse what follows it. The marks right-to-left text
    /// needs (U+200E, U+200F, U+061C) are no controls and are kept; CR LF is a newline.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextSanitizer.needsEscape) else { return text }
        var result = ""
        for scalar in text.replacing("\r\n", with: "\n").unicodeScalars {
            if TextSanitizer.needsEscape(scalar) {
                result += TextSanitizer.escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as HTML character data or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// become character references, so no tag, attribute or entity can start inside it.
    ///
    /// NUL, which the HTML parser drops or replaces, becomes U+FFFD so that what is shown is what
    /// was escaped; the line and paragraph separators are written as references, so that the
    /// file holds none raw.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{0}": result += "\u{FFFD}"
            case "\u{2028}": result += "&#x2028;"
            case "\u{2029}": result += "&#x2029;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` as JSON fit to sit inside `<script type="application/json">`: besides the JSON
    /// escapes (``JSONText`` already writes U+2028, U+2029, bidi and control characters as
    /// `\uXXXX`), every `<`, `>` and `&` is written `\u003c`, `\u003e`, `\u0026`, so neither
    /// `</script>` nor `<!--` can end or change the element. JSON's structure has none of the
    /// three, so they only ever occur inside strings, where the escapes read back the same.
    static func scriptJSON(_ value: JSONText) -> String {
        var result = ""
        for scalar in value.renderedOnOneLine().unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The Content-Security-Policy source allowing an inline element whose text is `text`:
    /// `'sha256-BASE64'` of its UTF-8 bytes, as browsers hash it.
    static func hashSource(of text: String) -> String {
        "'sha256-" + Data(SHA256.digest(text.utf8)).base64EncodedString() + "'"
    }
}
