import Testing
import WalkthroughTerminal

struct TextSanitizerTests {
    @Test(arguments: [
        ("\u{00}", "^@"), ("\u{01}", "^A"), ("\u{07}", "^G"), ("\u{08}", "^H"),
        ("\u{0B}", "^K"), ("\u{0C}", "^L"), ("\u{1B}", "^["), ("\u{1F}", "^_"),
        ("\r", "^M"),
    ])
    func c0ControlsBecomeCaretNotation(_ control: String, _ shown: String) {
        #expect(TextSanitizer.sanitize("a\(control)b") == "a\(shown)b")
    }

    @Test func everyC0ControlButNewlineAndTabIsEscaped() {
        for value in UInt32(0x00)...0x1F where value != 0x0A && value != 0x09 {
            let scalar = Unicode.Scalar(value)!
            let result = TextSanitizer.sanitize(String(scalar))
            #expect(result.hasPrefix("^"), "U+\(String(value, radix: 16))")
            #expect(!result.unicodeScalars.contains(scalar))
        }
    }

    @Test func deleteBecomesCaretQuestionMark() {
        #expect(TextSanitizer.sanitize("x\u{7F}y") == "x^?y")
    }

    @Test func everyC1ControlIsEscapedWithItsCodePoint() {
        for value in UInt32(0x80)...0x9F {
            let scalar = Unicode.Scalar(value)!
            let expected = "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            #expect(TextSanitizer.sanitize(String(scalar)) == expected)
        }
    }

    @Test func eightBitCSIIsShownNotObeyed() {
        #expect(TextSanitizer.sanitize("\u{9B}2J") == "\\u{9B}2J")
    }

    @Test(arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069])
    func bidiOverridesAndIsolatesAreEscaped(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        let result = TextSanitizer.sanitize("abc\(scalar)def")
        #expect(result == "abc\\u{\(String(value, radix: 16, uppercase: true))}def")
    }

    @Test(arguments: [
        ("CSI", "\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),
        ("CSI clear", "\u{1B}[2J\u{1B}[H", "^[[2J^[[H"),
        ("OSC title", "\u{1B}]0;pwned\u{07}", "^[]0;pwned^G"),
        ("OSC 8 link", "\u{1B}]8;;http://x\u{1B}\\link", "^[]8;;http://x^[\\link"),
        ("DCS", "\u{1B}P+q544e\u{1B}\\", "^[P+q544e^[\\"),
        ("alternate screen", "\u{1B}[?1049l", "^[[?1049l"),
    ])
    func escapeSequencesAreShownAsText(_ name: String, _ text: String, _ shown: String) {
        let result = TextSanitizer.sanitize(text)
        #expect(result == shown, "\(name)")
        #expect(!result.unicodeScalars.contains("\u{1B}"))
    }

    @Test func newlinesStayAndWindowsLineEndsBecomeNewlines() {
        #expect(TextSanitizer.sanitize("one\ntwo\r\nthree") == "one\ntwo\nthree")
    }

    @Test(arguments: [
        ("\tx", "    x"), ("a\tx", "a   x"), ("abcd\tx", "abcd    x"), ("ab\tc\td", "ab  c   d"),
        ("日本\tx", "日本    x"), ("a\n\tb", "a\n    b"),
    ])
    func tabsExpandToTheNextMultipleOfFourColumns(_ text: String, _ expanded: String) {
        #expect(TextSanitizer.sanitize(text) == expanded)
    }

    @Test func ordinaryTextIsUnchanged() {
        let text = "Café 👩‍💻 美食地圖 — “quotes” ❤️ 🇹🇼 e\u{301} ZWJ\u{200D}"
        #expect(TextSanitizer.sanitize(text) == text)
    }

    @Test func sanitisingTwiceChangesNothingMore() {
        let once = TextSanitizer.sanitize("\u{1B}[31m\u{9B}\u{202E}\t\u{7F}")
        #expect(TextSanitizer.sanitize(once) == once)
    }

    @Test func terminalTextSanitisesWhatItIsGiven() {
        let text = TerminalText("title\u{1B}]0;x\u{07}") + .newline
        #expect(text.string == "title^[]0;x^G\n")
    }
}
