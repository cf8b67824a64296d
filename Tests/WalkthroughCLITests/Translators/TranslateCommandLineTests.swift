import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// The `translate` commands' command lines, run in-process: what is refused, and how.
struct TranslateCommandLineTests {
    private let foodpin = repositoryRoot() + "/walkthroughs/foodpin.json"

    @Test func exportNeedsALocaleThatIsATagOtherThanTheDefault() {
        let missing = walkthrough(["translate", "export", foodpin])
        #expect(missing.code == .usage)
        #expect(missing.standardError.hasPrefix("Error: Say which language with '--locale <tag>'"))
        let malformed = walkthrough(["translate", "export", foodpin, "--locale", "zh_TW"])
        #expect(malformed.code == .usage)
        #expect(malformed.standardError.contains("'zh_TW' is not a BCP 47 language tag"))
        let source = walkthrough(["translate", "export", foodpin, "--locale", "EN"])
        #expect(source.code == .usage)
        #expect(source.standardError.contains("en is the definition's default locale"))
        let format = walkthrough([
            "translate", "export", foodpin, "--locale", "ja", "--format", "docx",
        ])
        #expect(format.code == .usage)
        #expect(format.standardError.contains("'docx'; use xliff or po"))
    }

    @Test func exportPicksTheFormatFromTheFlagElseXLIFF() {
        let po = walkthrough([
            "translate", "export", foodpin, "--locale", "zh-hant", "--format", "po",
        ])
        #expect(po.code == .success)
        #expect(po.standardOutput.contains("\"Language: zh-Hant\\n\""))
        let xliff = walkthrough(["translate", "export", foodpin, "--locale", "zh-hant"])
        #expect(
            xliff.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff "))
        #expect(xliff.standardOutput.contains("trgLang=\"zh-Hant\""))
    }

    @Test func statusCountsEachLocale() {
        let text = walkthrough(["translate", "status", foodpin])
        #expect(
            text.standardOutput
                == "foodpin: 11 texts in en\nzh-Hant: 11 translated, 0 missing, 0 stale\n"
                + "zh-Hans: 11 translated, 0 missing, 0 stale\n")
        let json = walkthrough(["translate", "status", foodpin, "--json"])
        #expect(json.standardOutput.contains("\"texts\": 11"))
        #expect(json.standardOutput.contains("\"locale\": \"zh-Hans\""))
    }

    @Test func importOfAMissingFileExits66AndOfAnXLIFF12FileExits65() throws {
        let missing = walkthrough(["translate", "import", "/nonexistent/ja.po", foodpin])
        #expect(missing.code == .missingInput)
        #expect(missing.standardError == "Error: /nonexistent/ja.po: no such file\n")
        let folder = try TemporaryFolder()
        let old = try folder.write(
            """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file/></xliff>
            """, to: "old.xlf")
        let result = walkthrough(["translate", "import", old, foodpin])
        #expect(result.code == .invalidDefinition)
        #expect(
            result.standardError.contains("not XLIFF 2's urn:oasis:names:tc:xliff:document:2.0"))
    }
}
