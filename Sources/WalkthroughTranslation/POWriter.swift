package import WalkthroughKit

/// Writes a walkthrough's texts as a GNU gettext PO file: one entry per text, `msgctxt` its
/// path, `msgid` the source, `msgstr` the translation, the source's fingerprint as an extracted
/// comment (`#. source-hash: …`), and `#, fuzzy` on a stale translation.
///
/// Strings are written as gettext's tools and polib (with no wrapping) write them: on one line,
/// or split after each newline when they hold several lines.
package enum POWriter {
    /// The PO file of `texts` for `locale`.
    package static func catalog(
        of texts: [TranslationText], walkthrough id: String, version: Int,
        sourceLocale: String, locale: String
    ) -> String {
        var out = "# The texts of walkthrough \(id) (version \(version)), \(sourceLocale) to "
        out += "\(locale).\n"
        out += "# Written by walkthrough translate export; read back by translate import.\n"
        out += "msgid \"\"\n"
        out += "msgstr \"\"\n"
        for header in [
            "Project-Id-Version: \(id) \(version)",
            // Empty rather than missing: msgfmt --check wants the fields, and a date would
            // make two exports of the same texts differ.
            "PO-Revision-Date: ",
            "Last-Translator: ",
            "Language-Team: ",
            "Language: \(locale)",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: 8bit",
            "X-Source-Language: \(sourceLocale)",
        ] {
            out += "\"" + escaped(header) + "\\n\"\n"
        }
        for text in texts {
            out += "\n#. source-hash: \(text.fingerprint)\n"
            if text.isStale { out += "#, fuzzy\n" }
            out += field("msgctxt", text.path)
            out += field("msgid", text.source)
            out += field("msgstr", text.target ?? "")
        }
        return out
    }

    /// `keyword "text"`, or for text of several lines `keyword ""` then one quoted line each.
    private static func field(_ keyword: String, _ text: String) -> String {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\n" {
                lines.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { lines.append(text[start...]) }
        guard lines.count > 1 else { return keyword + " \"" + escaped(text) + "\"\n" }
        return keyword + " \"\"\n" + lines.map { "\"" + escaped(String($0)) + "\"\n" }.joined()
    }

    /// `text` with gettext's C escapes: backslash, quote, newline, tab, carriage return and
    /// the other C0 controls (octal).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20:
                let octal = String(scalar.value, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
