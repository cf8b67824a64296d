import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// The sentences `play`, `due` and `list` print once a locale is chosen (`--locale`, or
/// `LANG`) come from the player's catalog, with the title in that locale; English is unchanged.
@Suite struct LocalizedSentencesTests {
    static let locales: [(tag: String, lang: String, title: String, recorded: String)] = [
        ("zh-Hant", "zh_TW.UTF-8", "FoodPin 美食地圖", "已記錄：alice 已看完「FoodPin 美食地圖」（第 1 版）。"),
        ("zh-Hans", "zh_CN.UTF-8", "FoodPin 美食地图", "已记录：alice 已看完“FoodPin 美食地图”（第 1 版）。"),
    ]

    @Test(arguments: locales)
    func playRecordsInTheChosenLanguage(
        _ locale: (tag: String, lang: String, title: String, recorded: String)
    ) throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let played = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", locale.tag], input: "n\nn\nn\n")
        #expect(played.status == 0, "\(played.standardError)")
        #expect(played.standardOutput.hasSuffix(locale.recorded + "\n"))
        // LANG chooses the same, and the second play says, in that language, that it is seen.
        let again = try sandbox.execute(
            ["play", "foodpin", "--plain"], extra: ["LANG": locale.lang])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains(locale.title))
        #expect(again.standardOutput.contains("--force"))
        #expect(!again.standardOutput.contains("has already seen"))
        #expect(again.standardOutput.contains(locale.tag == "zh-Hant" ? "已看過" : "已看过"))
    }

    @Test(arguments: locales)
    func playQuitAndResumeInTheChosenLanguage(
        _ locale: (tag: String, lang: String, title: String, recorded: String)
    ) throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let quit = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", locale.tag], input: "n\nq\n")
        #expect(quit.status == 0)
        let kept = locale.tag == "zh-Hant" ? "已保留進度，停在第 2/3 頁" : "已保存进度，停在第 2/3 页"
        #expect(quit.standardOutput.contains(kept), "\(quit.standardOutput)")
        let resumed = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", locale.tag], input: "q\n")
        #expect(resumed.standardOutput.contains(locale.title))
        #expect(resumed.standardOutput.contains("--restart"))
        #expect(!resumed.standardOutput.contains("Resuming"))
    }

    @Test(arguments: locales)
    func dueSaysWhyInTheChosenLanguage(
        _ locale: (tag: String, lang: String, title: String, recorded: String)
    ) throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let due = sandbox.run(["due", "foodpin", "--locale", locale.tag])
        let expected =
            locale.tag == "zh-Hant"
            ? "「FoodPin 美食地圖」需要向 alice 顯示：3 頁。\n" : "“FoodPin 美食地图”需要向 alice 显示：3 页。\n"
        #expect(due.standardOutput == expected)
        _ = sandbox.run(["mark", "foodpin"])
        let seen = sandbox.run(["due", "foodpin"], extra: ["LANG": locale.lang])
        #expect(seen.code == .notSeen)
        #expect(seen.standardOutput.contains(": seen（") || seen.standardOutput.contains("：seen（"))
        #expect(seen.standardOutput.contains("已看完第 1 版"))
        // Scripts read the JSON: its detail stays the library's English.
        let json = sandbox.run(["due", "foodpin", "--json", "--locale", locale.tag])
        #expect(json.standardOutput.contains("\"detail\": \"alice completed version 1 on"))
        let ci = sandbox.run(["due", "foodpin", "--locale", locale.tag], extra: ["CI": "true"])
        #expect(
            ci.standardOutput.contains(locale.tag == "zh-Hant" ? "在 CI 上不顯示任何導覽" : "在 CI 上不显示任何导览"))
    }

    @Test(arguments: locales)
    func listHeadersInTheChosenLanguage(
        _ locale: (tag: String, lang: String, title: String, recorded: String)
    ) throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let listed = sandbox.run(["list", sandbox.definitions, "--locale", locale.tag])
        let header = try #require(listed.standardOutput.split(separator: "\n").first)
        #expect(header.hasPrefix("ID"))
        #expect(header.contains(locale.tag == "zh-Hant" ? "alice 的狀態" : "alice 的状态"))
        #expect(!header.contains("STATE FOR"))
        #expect(listed.standardOutput.contains(locale.title))
    }

    /// English, or a language the catalog lacks, keeps every sentence as it was.
    @Test func englishIsUnchanged() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let played = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "fr"], input: "n\nn\nn\n")
        #expect(played.standardOutput.hasSuffix("Recorded: alice completed FoodPin (version 1).\n"))
        let due = sandbox.run(["due", "foodpin"], extra: ["LANG": "de_DE.UTF-8"])
        #expect(
            due.standardOutput.hasPrefix(
                "FoodPin is not due for alice: seen (alice completed version 1 on "))
    }
}
