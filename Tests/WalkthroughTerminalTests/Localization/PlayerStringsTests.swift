import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughTerminal

/// The player's own words: the catalog compiled in is `localization/player.json`, complete in
/// every locale, and the renderer and plain player use it.
struct PlayerStringsTests {
    @Test func theCompiledCatalogIsTheJSONFile() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: repositoryRoot() + "/localization/player.json"))
        var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        catalog["$comment"] = nil
        #expect(Set(catalog.keys) == Set(PlayerStrings.locales))
        #expect(PlayerStrings.locales.first == "en")
        for (index, locale) in PlayerStrings.catalogLocales.enumerated() {
            let texts = try #require(catalog[locale] as? [String: String], "\(locale)")
            #expect(texts.count == PlayerMessage.allCases.count, "\(locale)")
            for message in PlayerMessage.allCases {
                #expect(
                    texts[message.key] == PlayerStrings.catalog[index][message.rawValue],
                    "\(locale) \(message.key): run scripts/generate-player-catalog.py")
            }
        }
        #expect(Set(PlayerStrings.locales).isSuperset(of: ["en", "zh-Hant", "zh-Hans"]))
    }

    /// A replay that changes nothing says the kept outcome once: the outcome words already
    /// start with 已 ("已看完"), and the sentence once read "之前已已看完".
    @Test(arguments: [
        ("zh-Hans", "保留原记录：alice 之前已看完“FoodPin”（第 1 版）；这次重播的结果（已跳过）不会改变它。"),
        ("zh-Hant", "保留原紀錄：alice 先前已看完「FoodPin」（第 1 版）；這次重播的結果（已略過）不會改變它。"),
        (
            "en",
            "Kept: alice had already completed FoodPin (version 1); this skipped replay changes nothing."
        ),
    ])
    func aKeptReplaySaysTheOutcomeOnce(locale: String, sentence: String) {
        let strings = PlayerStrings(for: LanguageTag(locale))
        let text = strings.text(
            .cliKeptReplay,
            [
                "user": "alice", "outcome": strings.text(.outcomeCompleted), "title": "FoodPin",
                "version": "1", "attempt": strings.text(.outcomeSkipped),
            ])
        #expect(text == sentence)
    }

    /// No message that says an outcome puts the outcome's first character just before it
    /// (已 before 已看完), in any locale.
    @Test(arguments: PlayerStrings.locales)
    func noOutcomeRepeatsTheWordBeforeIt(locale: String) {
        let strings = PlayerStrings(for: LanguageTag(locale))
        let outcomes: [PlayerMessage] = [.outcomeCompleted, .outcomeSkipped, .outcomeInProgress]
        for outcome in outcomes.map({ strings.text($0) }) {
            guard let first = outcome.first, !first.isWhitespace else { continue }
            for message in PlayerMessage.allCases {
                let text = strings.text(message, ["outcome": outcome, "attempt": outcome])
                #expect(
                    !text.contains(String(first) + outcome), "\(locale) \(message.key): \(text)")
            }
        }
    }

    @Test(arguments: [
        ("zh-TW", "zh-Hant", "←/→ 翻頁"), ("zh-HK", "zh-Hant", "←/→ 翻頁"),
        ("zh-CN", "zh-Hans", "←/→ 翻页"), ("zh", "zh-Hans", "←/→ 翻页"),
        ("en-GB", "en", "←/→ move"), ("fr", "en", "←/→ move"),
    ])
    func theLocaleIsMatchedLikeADefinitionsFields(tag: String, locale: String, move: String) {
        let strings = PlayerStrings(for: LanguageTag(tag))
        #expect(strings.locale == locale)
        #expect(strings.text(.hintMove) == move)
    }

    @Test func placeholdersAreFilledIn() {
        let strings = PlayerStrings(for: LanguageTag("zh-Hant"))
        #expect(strings.text(.hintJump, ["last": "3"]) == "1-3 跳頁")
        #expect(strings.describe(.outOfBounds(index: 8, count: 3)) == "沒有第 9 頁；這份導覽共有 3 頁")
        let english = PlayerStrings(for: nil)
        #expect(english.describe(.atFirstPage) == NavigationError.atFirstPage.description)
        #expect(
            english.describe(.jumpAheadNotAllowed(index: 3, furthest: 0))
                == NavigationError.jumpAheadNotAllowed(index: 3, furthest: 0).description)
    }

    @Test func theScreenSpeaksTheUsersLanguage() throws {
        let walkthrough = try DefinitionLoader.load(
            contentsOf: repositoryRoot() + "/walkthroughs/foodpin.json")
        let traditional = walkthrough.localized(for: LanguageTag("zh-TW"))
        let last = Renderer.render(
            RenderState(walkthrough: traditional, pageIndex: 2),
            size: TerminalSize(columns: 80, rows: 24)
        ).joined(separator: "\n")
        #expect(last.contains("Enter：開始使用"), "\(last)")
        #expect(last.contains("q 離開"))
        #expect(last.contains("圖片：三位朋友正在分享他們發現的美食（foodpin-intro-3.png）"))
        let help = Renderer.render(
            RenderState(walkthrough: traditional, pageIndex: 0, showsHelp: true),
            size: TerminalSize(columns: 80, rows: 24)
        ).joined(separator: "\n")
        #expect(help.contains("按鍵") && help.contains("q Esc：離開（會保留進度）"), "\(help)")
        // A definition in one language still gets the player's words in the user's.
        let plain = try DefinitionLoader.load(
            string: #"{"id": "p", "pages": [{"heading": "Hello", "content": "Hi"}]}"#
        ).localized(for: LanguageTag("zh-CN"))
        let screen = Renderer.render(
            RenderState(walkthrough: plain, pageIndex: 0), size: TerminalSize(columns: 60, rows: 12)
        ).joined(separator: "\n")
        #expect(screen.contains("Enter：开始使用"), "\(screen)")
        #expect(screen.contains("Hello"))
    }
}
