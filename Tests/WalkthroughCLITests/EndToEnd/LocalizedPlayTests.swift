import Foundation
import Testing
import WalkthroughTestSupport

/// The built binary in each locale: plain mode speaks the user's language, the seen state is the
/// walkthrough's whatever the language, `validate` names the locales and missing translations,
/// and the command's own sentences (`Recorded: …`) follow the language while its errors stay
/// English.
struct LocalizedPlayTests {
    private static let english = "Recorded: alice completed FoodPin (version 1)."

    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        return sandbox
    }

    @Test(
        arguments: [
            (
                ["LANG": "zh_TW.UTF-8"], "FoodPin 美食地圖 · 1/3 · 個人化你的美食指南", "（指令：next", "圖片：",
                "已記錄：alice 已看完「FoodPin 美食地圖」（第 1 版）。"
            ),
            (
                ["LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], "FoodPin 美食地图 · 1/3 · 个性化你的美食指南",
                "（命令：next", "图片：", "已记录：alice 已看完“FoodPin 美食地图”（第 1 版）。"
            ),
            (
                ["LANG": "en_GB.UTF-8"], "FoodPin · 1/3 · Personalize", "(commands: next",
                "Image: ",
                LocalizedPlayTests.english
            ),
            (
                ["LANG": "fr_FR.UTF-8"], "FoodPin · 1/3 · Personalize", "(commands: next",
                "Image: ",
                LocalizedPlayTests.english
            ),
            (
                ["LC_ALL": "C", "LANG": "zh_TW.UTF-8"], "FoodPin · 1/3 · Personalize",
                "(commands: next", "Image: ", LocalizedPlayTests.english
            ),
        ] as [([String: String], String, String, String, String)])
    func plainModeSpeaksTheEnvironmentsLanguage(
        environment: [String: String], header: String, hint: String, image: String,
        recorded: String
    ) throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(
            ["play", "foodpin", "--plain"], input: "next\nnext\nnext\n", extra: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(header), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(hint))
        #expect(result.standardOutput.contains(image))
        // The closing line is in the same language, with the title in it.
        #expect(result.standardOutput.hasSuffix(recorded + "\n"), "\(result.standardOutput)")
    }

    /// `play --force` after finishing, then skip: the record is kept, and the sentence says the
    /// kept outcome once ("之前已已看完" once doubled the 已 the outcome starts with).
    @Test(arguments: [
        ("zh_TW.UTF-8", "保留原紀錄：alice 先前已看完「FoodPin 美食地圖」（第 1 版）；這次重播的結果（已略過）不會改變它。"),
        ("zh_CN.UTF-8", "保留原记录：alice 之前已看完“FoodPin 美食地图”（第 1 版）；这次重播的结果（已跳过）不会改变它。"),
    ])
    func aKeptReplaySaysTheOutcomeOnce(lang: String, kept: String) throws {
        let sandbox = try sandbox()
        #expect(try sandbox.execute(["mark", "foodpin"]).status == 0)
        let result = try sandbox.execute(
            ["play", "foodpin", "--force", "--plain"], input: "skip\n", extra: ["LANG": lang])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix(kept + "\n"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("已已"))
    }

    @Test func theLocaleOptionWinsOverTheEnvironment() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "zh-Hans"], input: "next\nnext\n",
            extra: ["LANG": "zh_TW.UTF-8"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("在地图上找到餐厅"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("（最后一页：输入“next”即可开始使用）"))
        #expect(
            result.standardOutput.hasSuffix(
                "已保存进度，停在第 3/3 页；运行同一条命令即可继续。\n"))
    }

    @Test func aRefusedCommandIsExplainedInEnglish() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(
            ["play", "foodpin", "--plain"], input: "back\n", extra: ["LANG": "zh_TW.UTF-8"])
        #expect(
            result.standardError.contains("already on the first page"), "\(result.standardError)")
    }

    @Test func theSeenStateIsSharedAcrossLocales() throws {
        let sandbox = try sandbox()
        let traditional = try sandbox.execute(
            ["play", "foodpin", "--plain"], input: "next\nnext\nnext\n",
            extra: ["LANG": "zh_TW.UTF-8"])
        #expect(traditional.status == 0)
        #expect(try sandbox.execute(["seen", "foodpin", "-q"]).status == 0)
        let english = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "en"], input: "next\n")
        #expect(english.status == 0)
        #expect(english.standardOutput.contains("alice has already seen FoodPin (version 1)"))
        let simplified = try sandbox.execute(
            ["play", "foodpin", "--plain"], input: "", extra: ["LANG": "zh_CN.UTF-8"])
        #expect(simplified.standardOutput.contains("alice 已看过“FoodPin 美食地图”（第 1 版）"))
        let records = try sandbox.recordsFromStatus()
        #expect(records.count == 1)
        #expect(records.first?["walkthrough"] as? String == "foodpin")
    }

    @Test func aResumedRunMayContinueInAnotherLanguage() throws {
        let sandbox = try sandbox()
        _ = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "zh-TW"], input: "next\n")
        let resumed = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "en"], input: "")
        #expect(resumed.standardOutput.contains("Resuming FoodPin at page 2/3"))
        #expect(resumed.standardOutput.contains("FoodPin · 2/3 · Locate"))
    }

    @Test func anInvalidLocaleOptionIsAUsageError() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(["play", "foodpin", "--plain", "--locale", "zh_TW"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: Invalid value for '--locale <tag>': 'zh_TW' is not a BCP 47 language tag; "
                    + "BCP 47 separates subtags with '-', as in zh-TW"), "\(result.standardError)")
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func listShowsTitlesInTheLocale() throws {
        let sandbox = try sandbox()
        let result = try sandbox.execute(
            ["list", sandbox.definitions, "--locale", "zh-Hant"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("FoodPin 美食地圖"), "\(result.standardOutput)")
    }

    @Test func validateNamesMissingTranslationsAndStrictFailsOnThem() throws {
        let sandbox = try sandbox()
        let path = try sandbox.define(
            "partial.json",
            """
            {"id": "partial", "title": {"en": "Tour", "zh-Hant": "導覽"},
             "pages": [{"heading": {"en": "One"}, "content": "Hi"}]}
            """)
        let relaxed = try sandbox.execute(["validate", path])
        #expect(relaxed.status == 0)
        #expect(
            relaxed.standardOutput == "\(path): valid, 1 page, 1 warning, locales en, zh-Hant\n")
        #expect(
            relaxed.standardError
                == "warning: \(path): pages[0].heading: has no \"zh-Hant\" text, which other "
                + "fields have; zh-Hant users see the default locale's text here; add a "
                + "translation (line 2, column 24)\n")
        let strict = try sandbox.execute(["validate", "--strict", path])
        #expect(strict.status == 65)
        let json = try sandbox.execute(["validate", "--json", path])
        #expect(
            json.standardOutput.contains("\"kind\": \"missingTranslation\""),
            "\(json.standardOutput)")
    }

    @Test func validateReportsBadTagsAndMissingDefaults() throws {
        let sandbox = try sandbox()
        let path = try sandbox.define(
            "bad.json",
            """
            {"id": "bad", "title": {"zh_TW": "導覽"},
             "pages": [{"heading": {"de": "Eins"}, "content": ""}]}
            """)
        let result = try sandbox.execute(["validate", path])
        #expect(result.status == 65)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(path): title: has no \"en\" text") }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(path): title.zh_TW: \"zh_TW\" is not a well-formed BCP 47 language tag")
            })
        #expect(lines.contains { $0.hasPrefix("\(path): pages[0].heading: has no \"en\" text") })
    }
}
