import Testing
import WalkthroughTerminal

struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("Z", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("Ω", 1), ("Ж", 1),
        ("●", 1), ("…", 1), ("→", 1),
    ])
    func narrowAndAmbiguousCharactersTakeOneColumn(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(Character(text)) == columns)
    }

    @Test(arguments: [
        "美", "食", "。", "，", "カ", "ひ", "한", "ｶ",
    ])
    func cjkKanaHangulAndFullwidthPunctuation(_ text: String) {
        let expected = text == "ｶ" ? 1 : 2  // halfwidth katakana is narrow
        #expect(DisplayWidth.of(Character(text)) == expected)
    }

    @Test(arguments: ["Ａ", "ｚ", "０", "！", "　"])
    func fullwidthFormsTakeTwoColumns(_ text: String) {
        #expect(DisplayWidth.of(Character(text)) == 2)
    }

    @Test(arguments: [
        "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇹🇼", "🇯🇵", "❤️", "1️⃣", "🍣",
    ])
    func emojiSequencesAndFlagsTakeTwoColumns(_ text: String) {
        #expect(text.count == 1, "one grapheme cluster")
        #expect(DisplayWidth.of(Character(text)) == 2)
    }

    /// Terminals disagree on a skin-tone modifier: wcwidth and kitty join it to the emoji (2),
    /// tmux 3.3 draws it in cells of its own (4). The wider count is taken: a blank cell rather
    /// than a line past the margin.
    @Test func aSkinToneModifierCountsItsOwnColumns() {
        #expect(DisplayWidth.of(Character("👍🏽")) == 4)
    }

    @Test(arguments: ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{200B}", "\u{2060}", "\u{1B}"])
    func zeroWidthCharactersAloneTakeNoColumn(_ text: String) {
        #expect(DisplayWidth.of(text) == 0)
    }

    @Test func hangulJamoSequenceIsOneWideCluster() {
        let syllable = "\u{1100}\u{1161}\u{11A8}"  // ᄀ + ᅡ + ᆨ = 각, decomposed
        #expect(syllable.count == 1)
        #expect(DisplayWidth.of(syllable) == 2)
    }

    @Test func stringWidthSumsItsClusters() {
        #expect(DisplayWidth.of("FoodPin 美食地圖") == 8 + 8)
        #expect(DisplayWidth.of("Z\u{335}\u{321}a\u{337}") == 2)
        #expect(DisplayWidth.of("🇹🇼🇯🇵🇰🇷") == 6)
    }

    @Test func unassignedIdeographsInTheCJKBlocksAreWide() {
        // UAX #11: unassigned code points in the ideograph planes default to W.
        #expect(DisplayWidth.isWide(Unicode.Scalar(0x3FFFD)!))
        #expect(DisplayWidth.isWide(Unicode.Scalar(0x2A6DF)!))
        #expect(!DisplayWidth.isWide(Unicode.Scalar(0x0041)!))
    }
}
