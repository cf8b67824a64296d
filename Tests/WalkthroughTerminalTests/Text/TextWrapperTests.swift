import Testing
import WalkthroughTerminal

struct TextWrapperTests {
    @Test func latinBreaksAtSpacesAndDropsThem() {
        #expect(
            TextWrapper.wrap("Pin your favorite restaurants and create", width: 16)
                == ["Pin your", "favorite", "restaurants and", "create"])
    }

    @Test func textThatFitsStaysOnOneLine() {
        #expect(TextWrapper.wrap("short", width: 80) == ["short"])
    }

    @Test func overLongWordIsHardBroken() {
        #expect(
            TextWrapper.wrap("a supercalifragilistic word", width: 8)
                == ["a", "supercal", "ifragili", "stic", "word"])
    }

    @Test func chineseBreaksBetweenAnyTwoCharacters() {
        #expect(TextWrapper.wrap("把你最喜愛的餐廳釘選起來", width: 10) == ["把你最喜愛", "的餐廳釘選", "起來"])
    }

    @Test func oddWidthLeavesAColumnRatherThanSplitAWideCharacter() {
        #expect(TextWrapper.wrap("美食地圖", width: 5) == ["美食", "地圖"])
    }

    @Test func mixedLatinAndCJKBreakAtTheBoundary() {
        #expect(TextWrapper.wrap("FoodPin美食地圖", width: 8) == ["FoodPin", "美食地圖"])
        #expect(TextWrapper.wrap("FoodPin美食地圖", width: 9) == ["FoodPin美", "食地圖"])
    }

    @Test func explicitNewlinesAndEmptyLinesAreKept() {
        #expect(
            TextWrapper.wrap("one\n\ntwo three\n", width: 5) == ["one", "", "two", "three", ""])
    }

    @Test func leadingIndentationIsKept() {
        #expect(TextWrapper.wrap("    indented text", width: 12) == ["    indented", "text"])
    }

    @Test func aRunOfSpacesAtABreakIsDroppedWhole() {
        let lines = TextWrapper.wrapLines("aaaa     bbbb", width: 6)
        #expect(lines.map(\.text) == ["aaaa", "bbbb"])
        #expect(lines.first?.ending == .spaces(5))
    }

    @Test func emojiZWJSequencesAndFlagsAreNeverSplit() {
        let text = "👨‍👩‍👧‍👦🇹🇼👩‍💻"
        let lines = TextWrapper.wrap(text, width: 3)
        #expect(lines == ["👨‍👩‍👧‍👦", "🇹🇼", "👩‍💻"])
    }

    @Test func combiningMarksStayWithTheirLetter() {
        let lines = TextWrapper.wrap("e\u{301}e\u{301}e\u{301}e\u{301}", width: 2)
        #expect(lines == ["e\u{301}e\u{301}", "e\u{301}e\u{301}"])
    }

    @Test func wideCharacterInOneColumnIsShownAsItsCodePointNotOverflowed() {
        #expect(
            TextWrapper.wrap("a美b", width: 1)
                == ["a"] + "\\u{7F8E}".map { String($0) } + ["b"])
    }

    /// Sixteen lone skin-tone modifiers are one grapheme cluster 32 columns wide: at 30 columns
    /// it is shown as its code points, escaped as the sanitiser does, wrapped like a long word.
    @Test func aClusterWiderThanTheLineIsShownAsItsEscapedCodePoints() {
        let cluster = String(repeating: "\u{1F3FB}", count: 16)
        #expect(cluster.count == 1)
        let lines = TextWrapper.wrap(cluster, width: 30)
        let escaped = String(repeating: "\\u{1F3FB}", count: 16)
        #expect(lines.joined() == escaped)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 })
        #expect(!lines.joined().contains("?"))
    }

    /// The strict Japanese rule: small kana (class CJ) stays with the kana before it.
    @Test func smallKanaNeverStartsALine() {
        #expect(TextWrapper.wrap("あいうえおかきくけきゃあ", width: 20) == ["あいうえおかきくけ", "きゃあ"])
    }

    @Test(arguments: [0, -5])
    func widthsBelowOneCountAsOne(_ width: Int) {
        #expect(TextWrapper.wrap("ab", width: width) == ["a", "b"])
    }

    @Test func truncateEndsWithAnEllipsis() {
        #expect(TextWrapper.truncate("FoodPin 美食地圖", width: 12) == "FoodPin 美…")
        #expect(TextWrapper.truncate("fits", width: 4) == "fits")
        #expect(TextWrapper.truncate("two\nlines", width: 10) == "two…")
    }
}
