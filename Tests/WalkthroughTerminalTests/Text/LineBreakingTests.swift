import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughTerminal

/// UAX #14's punctuation rules in wrapping: closing punctuation never starts a line, opening
/// punctuation never ends one.
struct LineBreakingTests {
    private let closing: Set<Character> = ["。", "，", "、", "」", "）", "！", "？", "：", "；", "』"]
    private let opening: Set<Character> = ["「", "（", "『"]

    private func check(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            if let first = line.first {
                #expect(
                    !closing.contains(first), "line starts with \(first): \(line)",
                    sourceLocation: sourceLocation)
            }
            if let last = line.last {
                #expect(
                    !opening.contains(last), "line ends with \(last): \(line)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test func foodPinInTraditionalChineseAt80ColumnsStartsNoLineWithAFullStop() throws {
        let walkthrough = try DefinitionLoader.load(
            contentsOf: repositoryRoot() + "/walkthroughs/foodpin.json"
        ).localized(for: LanguageTag("zh-TW"))
        for page in walkthrough.pages {
            for width in 20...80 { check(TextWrapper.wrap(page.content, width: width)) }
        }
    }

    @Test func aFullStopMovesWithTheCharacterBeforeIt() {
        // Five columns: 一二 fit, 三 and 。 go together to the next line.
        #expect(TextWrapper.wrap("一二三。", width: 5) == ["一二", "三。"])
        #expect(TextWrapper.wrap("「一二」三", width: 4) == ["「一", "二」", "三"])
    }

    @Test func anOpeningBracketMovesWithWhatFollows() {
        #expect(TextWrapper.wrap("一二「三」", width: 6) == ["一二", "「三」"])
        #expect(TextWrapper.wrap("ab (cd)", width: 4) == ["ab", "(cd)"])
    }

    @Test func punctuationAfterASpaceStaysOnItsLine() {
        #expect(TextWrapper.wrap("word !", width: 5) == ["word", "!"])
        #expect(TextWrapper.wrap("aaaa bbbb !", width: 10) == ["aaaa", "bbbb !"])
        #expect(TextWrapper.wrap("aa ( bb", width: 4) == ["aa", "( bb"])
    }

    /// From 8 columns every unit the rules make (`說：「這`, 8 columns) fits on a line; below
    /// that a unit wider than the line is cut between clusters, the rules giving way.
    @Test func mixedPunctuationWrapsByTheRulesAtEveryWidth() {
        let text = "朋友（和家人）都說：「這家店的牛肉麵，真的很好吃！」我們下次再來吧。"
        for width in 8...60 { check(TextWrapper.wrap(text, width: width)) }
    }
}
