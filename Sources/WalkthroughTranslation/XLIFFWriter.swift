package import WalkthroughKit

/// Writes a walkthrough's texts as an XLIFF 2.1 document: one `<unit id="PATH">` per text, the
/// source's fingerprint in `<note category="source-hash">`, one segment whose `state` says
/// `translated`, or `initial` for a text without a translation or a stale one (whose old
/// target is kept).
package enum XLIFFWriter {
    /// The namespace of XLIFF 2 core documents (2.0 and 2.1 share it).
    package static let namespace = "urn:oasis:names:tc:xliff:document:2.0"

    /// The XLIFF document of `texts` for `locale`.
    package static func document(
        of texts: [TranslationText], walkthrough id: String, original: String,
        sourceLocale: String, locale: String
    ) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"\(namespace)\" version=\"2.1\" "
        out += "srcLang=\"\(attribute(sourceLocale))\" trgLang=\"\(attribute(locale))\">\n"
        out += "  <file id=\"\(attribute(id))\" original=\"\(attribute(original))\" "
        out += "canResegment=\"no\">\n"
        for text in texts {
            let state = text.target == nil || text.isStale ? "initial" : "translated"
            out += "    <unit id=\"\(attribute(text.path))\">\n"
            out += "      <notes>\n"
            out += "        <note category=\"source-hash\">\(text.fingerprint)</note>\n"
            out += "      </notes>\n"
            out += "      <segment state=\"\(state)\">\n"
            out += "        <source>\(escaped(text.source))</source>\n"
            if let target = text.target {
                out += "        <target>\(escaped(target))</target>\n"
            }
            out += "      </segment>\n"
            out += "    </unit>\n"
        }
        out += "  </file>\n"
        out += "</xliff>\n"
        return out
    }

    /// `text` as an attribute value: as ``escaped(_:inAttribute:)`` writes it.
    static func attribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    /// `text` as XML character data: `&`, `<`, `>`, `"` as entities, a
    /// carriage return as a character reference (it would read back as a newline), and a
    /// character XML 1.0 cannot hold at all (the other C0 controls) as XLIFF's `<cp hex>`.
    ///
    /// In an attribute value newlines and tabs are character references too (a reader turns
    /// raw ones into spaces); a control character cannot be there at all, and is left out.
    static func escaped(_ text: String, inAttribute: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\r": result += "&#13;"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\t": result += inAttribute ? "&#9;" : "\t"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                if inAttribute { continue }
                result += "<cp hex=\"\(CharacterSafety.hex4(scalar.value))\"/>"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
