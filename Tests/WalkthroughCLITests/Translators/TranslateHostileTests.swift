import Foundation
import Testing
import WalkthroughTestSupport

/// Hostile translators' files: each is refused (exit 65, one line naming what and where) or
/// kept as plain text, never expanded, and the definition is left as it was.
@Suite(.serialized) struct TranslateHostileTests {
    /// Imports `text` as `name` into a copy of foodpin; returns the result and whether the
    /// definition's bytes stayed as they were.
    private func importing(_ text: String, as name: String) throws -> (ProgramResult, Bool) {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: definition))
        let file = try sandbox.folder.write(text, to: name)
        let result = try sandbox.execute(["translate", "import", file, "foodpin"])
        let after = try Data(contentsOf: URL(fileURLWithPath: definition))
        return (result, before == after)
    }

    private func po(target: String) -> String {
        """
        msgid ""
        msgstr ""
        "Language: zh-Hant\\n"

        msgctxt "pages.locate.heading"
        msgid "Locate"
        msgstr "\(target)"

        """
    }

    private func xliff(_ body: String, prolog: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(prolog)<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="zh-Hant">
          <file id="foodpin">
            <unit id="pages.locate.heading">
              <segment state="translated">
                <source>Locate</source>
                <target>\(body)</target>
              </segment>
            </unit>
          </file>
        </xliff>

        """
    }

    @Test func controlCharactersInATargetAreRefused() throws {
        // An escape sequence (ESC [ 2 J clears a terminal) written as PO's octal escape.
        let (result, unchanged) = try importing(po(target: "\\033[2J定位"), as: "esc.po")
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: the target of \"pages.locate.heading\" holds U+001B, a control "
                + "character no text may hold\n")
        #expect(unchanged)
        // The same through XML's character reference (XML 1.1's) is refused by XML 1.0's rule.
        let (xml, same) = try importing(xliff("&#x1B;[2J"), as: "esc.xlf")
        #expect(xml.status == 65)
        #expect(xml.standardError.contains("is not a character XML allows"))
        #expect(same)
        // And C1's CSI (U+009B), which XML allows, by the definition's rule.
        let (c1, kept) = try importing(xliff("&#x9B;2J"), as: "csi.xlf")
        #expect(c1.status == 65)
        #expect(c1.standardError.contains("U+009B"))
        #expect(kept)
    }

    @Test func bidirectionalOverridesInATargetAreRefused() throws {
        let (result, unchanged) = try importing(po(target: "\u{202E}定位"), as: "bidi.po")
        #expect(result.status == 65)
        #expect(result.standardError.contains("U+202E"))
        #expect(!result.standardError.unicodeScalars.contains("\u{202E}"))
        #expect(unchanged)
        let (xml, same) = try importing(xliff("&#x2066;定位"), as: "bidi.xlf")
        #expect(xml.status == 65)
        #expect(xml.standardError.contains("U+2066"))
        #expect(same)
    }

    @Test func aStringOfOneMebibyteIsRefused() throws {
        let huge = String(repeating: "定", count: 400_000)  // 1.2 MB of UTF-8
        let (result, unchanged) = try importing(po(target: huge), as: "huge.po")
        #expect(result.status == 65)
        #expect(result.standardError.contains("a string longer than 1 MiB"))
        #expect(result.standardError.utf8.count < 300)
        #expect(unchanged)
        let (xml, same) = try importing(xliff(huge), as: "huge.xlf")
        #expect(xml.status == 65)
        #expect(xml.standardError.contains("a text longer than 1 MiB"))
        #expect(same)
        // A shorter one that is still too long for a heading is refused by the format's rule.
        let (long, kept) = try importing(
            po(target: String(repeating: "定", count: 5_000)), as: "long.po")
        #expect(long.status == 65)
        #expect(long.standardError.contains("would be invalid"))
        #expect(kept)
    }

    @Test func entitiesAreNeverExpanded() throws {
        // Billion laughs: ten levels of ten references each.
        var declarations = "<!DOCTYPE xliff [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            declarations +=
                "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        declarations += "]>\n"
        let (laughs, unchanged) = try importing(
            xliff("&lol9;", prolog: declarations), as: "laughs.xlf")
        #expect(laughs.status == 65)
        #expect(laughs.standardError.contains("a document type declaration"))
        #expect(laughs.standardError.contains("nothing is expanded"))
        #expect(unchanged)
        // An external entity (a file's contents pulled in).
        let (external, same) = try importing(
            xliff("&xxe;", prolog: "<!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"),
            as: "xxe.xlf")
        #expect(external.status == 65)
        #expect(!external.standardError.contains("root:"))
        #expect(same)
        // An entity never declared.
        let (undeclared, kept) = try importing(xliff("&lol9;"), as: "undeclared.xlf")
        #expect(undeclared.status == 65)
        #expect(undeclared.standardError.contains("the entity &lol9;"))
        #expect(kept)
    }

    @Test func predefinedEntitiesAndMarkupLookalikesAreKeptAsText() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let file = try sandbox.folder.write(
            xliff("&lt;b&gt;定位&lt;/b&gt; &amp;amp; &#x5B9A;"), to: "text.xlf")
        let result = try sandbox.execute(["translate", "import", file, "foodpin"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: definition, encoding: .utf8)
        #expect(text.contains("\"zh-Hant\": \"<b>定位</b> &amp; 定\""))
    }

    @Test func filesWithWindowsLineEndingsImport() throws {
        for (name, text) in [
            ("crlf.po", po(target: "找到餐廳")), ("crlf.xlf", xliff("找到餐廳")),
        ] {
            let sandbox = try Sandbox()
            let definition = try sandbox.copyExample("foodpin.json")
            let file = try sandbox.folder.write(
                text.replacingOccurrences(of: "\n", with: "\r\n"), to: name)
            let result = try sandbox.execute(["translate", "import", file, "foodpin"])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            let after = try String(contentsOfFile: definition, encoding: .utf8)
            #expect(after.contains("\"zh-Hant\": \"找到餐廳\""), "\(name)")
        }
    }

    @Test func malformedFilesSayWhereAndExit65() throws {
        let (bad, unchanged) = try importing(
            "msgctxt \"title\"\nmsgid \"FoodPin\"\nmsgstr \"unterminated\n", as: "bad.po")
        #expect(bad.status == 65)
        #expect(bad.standardError.hasPrefix("Error: "))
        #expect(bad.standardError.contains("bad.po, line 3"))
        #expect(unchanged)
        let (xml, same) = try importing(xliff("<b>定位</target>"), as: "bad.xlf")
        #expect(xml.status == 65)
        #expect(xml.standardError.contains("bad.xlf, line"))
        #expect(same)
        let (unknown, kept) = try importing(
            po(target: "x").replacingOccurrences(
                of: "pages.locate.heading", with: "pages.nope.heading"),
            as: "unknown.po")
        #expect(unknown.status == 65)
        #expect(unknown.standardError.contains("\"pages.nope.heading\""))
        #expect(kept)
    }
}
