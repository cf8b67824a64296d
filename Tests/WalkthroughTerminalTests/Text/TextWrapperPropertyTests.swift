import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Random texts from every script the player must handle, wrapped at every width from 1 to 40.
struct TextWrapperPropertyTests {
    static let pieces = [
        "Pin", "your", "favorite", "restaurants", "supercalifragilisticexpialidocious", "a",
        "美食", "地圖", "把你最喜愛的餐廳釘選起來", "，", "。", "カタカナ", "ひらがな", "한국어", "문장",
        "ＦＵＬＬ", "ｶﾀｶﾅ", "👨‍👩‍👧‍👦", "👩‍💻", "🇹🇼", "🇯🇵", "❤️", "1️⃣", "👍🏽", "e\u{301}",
        "Z\u{335}\u{321}a\u{337}", "\u{1100}\u{1161}\u{11A8}", "ß", "Ωμέγα", "—", " ", " ", " ",
        "  ", "\n", "\u{200B}",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...40, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test(arguments: 1...40)
    func noLineIsWiderThanTheWidth(_ width: Int) {
        var generator = SplitMix64(seed: UInt64(width))
        for _ in 0..<150 {
            let text = Self.randomText(&generator)
            for line in TextWrapper.wrap(text, width: width) {
                #expect(DisplayWidth.of(line) <= width, "\(text.debugDescription) at \(width)")
                #expect(!line.contains("\n"))
            }
        }
    }

    /// From 4 columns, the widest cluster of the pieces (👍🏽: tmux draws the skin-tone modifier
    /// apart) fits; below that it is shown as its escaped code points.
    @Test(arguments: 4...40)
    func linesPutBackTogetherGiveTheText(_ width: Int) {
        var generator = SplitMix64(seed: 1000 + UInt64(width))
        for _ in 0..<150 {
            let text = Self.randomText(&generator)
            let rebuilt = TextWrapper.wrapLines(text, width: width).map { line in
                switch line.ending {
                case .spaces(let count): return line.text + String(repeating: " ", count: count)
                case .newline: return line.text + "\n"
                case .wrap, .end: return line.text
                }
            }.joined()
            #expect(rebuilt == text, "\(text.debugDescription) at \(width)")
            // Same scalars in the same order, not only canonically equivalent.
            #expect(Array(rebuilt.unicodeScalars) == Array(text.unicodeScalars))
        }
    }

    @Test(arguments: 4...40)
    func onlySpacesAreDroppedAndNoClusterIsSplit(_ width: Int) {
        var generator = SplitMix64(seed: 2000 + UInt64(width))
        for _ in 0..<150 {
            let text = Self.randomText(&generator)
            let lines = TextWrapper.wrap(text, width: width)
            let kept = lines.flatMap { Array($0) }.filter { $0 != " " }
            let original = text.filter { $0 != " " && $0 != "\n" }
            #expect(kept == Array(original), "\(text.debugDescription) at \(width)")
        }
    }

    @Test func oneColumnKeepsEveryNarrowCharacter() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let text = Self.randomText(&generator)
            let lines = TextWrapper.wrap(text, width: 1)
            let kept = lines.joined().filter { $0 != " " }
            let shown = text.filter { $0 != " " && $0 != "\n" }.map {
                DisplayWidth.of($0) < 2 ? String($0) : TextSanitizer.escapedCodePoints(of: $0)
            }.joined()
            #expect(kept == shown)
        }
    }
}
