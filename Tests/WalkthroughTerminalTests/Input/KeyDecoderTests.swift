import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8], moreAvailable: Bool = false) -> [Key] {
        let decoding = KeyDecoder.decode(bytes, moreAvailable: moreAvailable)
        #expect(decoding.consumed == bytes.count, "every byte used")
        return decoding.keys
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("\u{1B}[A", KeyCode.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}OP", .function(1)),
        ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
    ])
    func navigationKeysInCSIAndSS3Forms(_ sequence: String, _ code: KeyCode) {
        #expect(keys(bytes(sequence)) == [Key(code)])
    }

    @Test(arguments: [
        ("\u{1B}[1;5C", Key(.right, modifiers: .control)),
        ("\u{1B}[1;2D", Key(.left, modifiers: .shift)),
        ("\u{1B}[1;3A", Key(.up, modifiers: .alt)),
        ("\u{1B}[1;8B", Key(.down, modifiers: [.shift, .alt, .control])),
        ("\u{1B}[5;5~", Key(.pageUp, modifiers: .control)),
        ("\u{1B}[Z", Key(.backTab, modifiers: .shift)),
    ])
    func modifiersAreDecoded(_ sequence: String, _ key: Key) {
        #expect(keys(bytes(sequence)) == [key])
    }

    @Test func enterIsCarriageReturnOrLineFeed() {
        #expect(keys([0x0D]) == [Key(.enter)])
        #expect(keys([0x0A]) == [Key(.enter)])
    }

    @Test func spaceDigitsAndLettersAreCharacters() {
        #expect(
            keys(bytes(" 1 9 q?"))
                == [" ", "1", " ", "9", " ", "q", "?"].map {
                    Key(.character(Character($0)))
                })
    }

    @Test func backspaceIsDeleteOrControlH() {
        #expect(keys([0x7F]) == [Key(.backspace)])
        #expect(keys([0x08]) == [Key(.backspace)])
    }

    @Test func controlCIsAKey() {
        #expect(keys([0x03]) == [Key.controlC])
        #expect(
            keys([0x01, 0x1A]) == [
                Key(.character("a"), modifiers: .control),
                Key(.character("z"), modifiers: .control),
            ])
    }

    @Test func loneEscapeNeedsMoreBytesUntilTheTimeout() {
        let waiting = KeyDecoder.decode([0x1B], moreAvailable: true)
        #expect(waiting.keys.isEmpty)
        #expect(waiting.consumed == 0)
        #expect(waiting.needsMoreBytes)
        #expect(keys([0x1B], moreAvailable: false) == [Key(.escape)])
    }

    @Test func escapeThenAnotherEscapeIsTwoEscapes() {
        #expect(keys([0x1B, 0x1B], moreAvailable: false) == [Key(.escape), Key(.escape)])
    }

    @Test func escapeFollowedByALetterIsAlt() {
        #expect(keys(bytes("\u{1B}x")) == [Key(.character("x"), modifiers: .alt)])
    }

    @Test(
        arguments: [
            [0x1B, 0x5B], [0x1B, 0x5B, 0x31], [0x1B, 0x5B, 0x31, 0x3B],
            [0x1B, 0x5B, 0x31, 0x3B, 0x35],
            [0x1B, 0x4F],
        ] as [[UInt8]])
    func incompleteSequencesWaitForTheirEnd(_ prefix: [UInt8]) {
        let decoding = KeyDecoder.decode(prefix, moreAvailable: true)
        #expect(decoding.keys.isEmpty)
        #expect(decoding.consumed == 0)
    }

    @Test func sequenceSplitAcrossReadsDecodesOnceComplete() {
        let full = bytes("a\u{1B}[1;5Cb")
        for split in 1..<full.count {
            var pending = Array(full[..<split])
            var decoded = KeyDecoder.decode(pending, moreAvailable: true)
            var result = decoded.keys
            pending.removeFirst(decoded.consumed)
            pending += full[split...]
            decoded = KeyDecoder.decode(pending, moreAvailable: true)
            result += decoded.keys
            #expect(decoded.consumed == pending.count)
            #expect(
                result == [
                    Key(.character("a")), Key(.right, modifiers: .control), Key(.character("b")),
                ], "split at \(split)")
        }
    }

    @Test(arguments: ["é", "美", "€", "😀"])
    func utf8SplitAcrossReadsIsHeldNotDropped(_ character: String) {
        let encoded = bytes(character)
        for split in 1..<encoded.count {
            let first = KeyDecoder.decode(encoded[..<split], moreAvailable: true)
            #expect(first.keys.isEmpty)
            #expect(first.consumed == 0)
            #expect(keys(encoded) == [Key(.character(Character(character)))])
        }
    }

    @Test func unknownCSISequencesAreConsumedAndIgnored() {
        #expect(keys(bytes("\u{1B}[99~x")) == [Key(.character("x"))])
        #expect(keys(bytes("\u{1B}[?1;2cq")) == [Key(.character("q"))])  // device attributes
        #expect(keys(bytes("\u{1B}[<0;10;5Mq")) == [Key(.character("q"))])  // SGR mouse
        #expect(keys(bytes("\u{1B}[12;40Rn")) == [Key(.character("n"))])  // cursor report
    }

    @Test func stringSequencesAreConsumedAndIgnored() {
        #expect(keys(bytes("\u{1B}]11;rgb:0000/0000/0000\u{07}q")) == [Key(.character("q"))])
        #expect(keys(bytes("\u{1B}P1+r544e\u{1B}\\n")) == [Key(.character("n"))])
    }

    @Test func invalidUTF8IsConsumedAndIgnored() {
        #expect(keys([0xFF, 0x71]) == [Key(.character("q"))])
        #expect(keys([0xC3, 0x71]) == [Key(.character("q"))])
        #expect(keys([0x80, 0x9B, 0x71]) == [Key(.character("q"))])
        #expect(keys([0xED, 0xA0, 0x80, 0x71]) == [Key(.character("q"))])  // a surrogate
    }

    @Test func incompleteUTF8AtTheEndIsDroppedOnlyWhenNothingMoreCanCome() {
        #expect(keys([0xE7, 0xBE], moreAvailable: false) == [])
    }

    @Test func randomJunkNeverCrashesAndIsUsedUpWhenNothingMoreCanCome() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...24, using: &generator)
            let junk = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let waiting = KeyDecoder.decode(junk, moreAvailable: true)
            #expect(waiting.consumed <= junk.count)
            var rest = Array(junk[waiting.consumed...])
            var rounds = 0
            while !rest.isEmpty && rounds < junk.count {
                let decoding = KeyDecoder.decode(rest, moreAvailable: false)
                rest.removeFirst(max(decoding.consumed, 0))
                rounds += 1
            }
            #expect(rest.isEmpty, "\(junk)")
        }
    }
}

struct KeyBindingsTests {
    @Test(arguments: [
        Key(.right), Key(.character("l")), Key(.character("n")), Key(.character(" ")), Key(.enter),
        Key(.character("N")), Key(.right, modifiers: .control),
    ])
    func nextKeys(_ key: Key) {
        #expect(KeyBindings.action(for: key) == .next)
    }

    @Test(arguments: [Key(.left), Key(.character("h")), Key(.character("p")), Key(.character("b"))])
    func backKeys(_ key: Key) {
        #expect(KeyBindings.action(for: key) == .back)
    }

    @Test func digitsOneToNineJump() {
        for digit in 1...9 {
            #expect(
                KeyBindings.action(for: Key(.character(Character("\(digit)"))))
                    == .jump(page: digit))
        }
        #expect(KeyBindings.action(for: Key(.character("0"))) == nil)
    }

    @Test func quitSkipHelpAndInterrupt() {
        #expect(KeyBindings.action(for: Key(.character("q"))) == .quit)
        #expect(KeyBindings.action(for: Key(.escape)) == .quit)
        #expect(KeyBindings.action(for: Key(.character("s"))) == .skip)
        #expect(KeyBindings.action(for: Key(.character("?"))) == .help)
        #expect(KeyBindings.action(for: .controlC) == .interrupt)
    }

    @Test func otherKeysDoNothing() {
        #expect(KeyBindings.action(for: Key(.character("x"))) == nil)
        #expect(KeyBindings.action(for: Key(.character("q"), modifiers: .alt)) == nil)
        #expect(KeyBindings.action(for: Key(.function(1))) == nil)
    }
}
