@preconcurrency import Glibc
import Testing
import WalkthroughTerminal
import WalkthroughTestSupport

/// The device-attributes query on a real pseudo-terminal in raw mode: a terminal that never
/// answers costs the timeout and no more, and no answer is ever echoed back to the screen.
@Suite(.serialized)
struct DeviceAttributesTests {
    @Test func parsesTheAnswerAndKeepsTheBytesAroundIt() {
        let bytes = Array("n\u{1B}[?62;4;22cq".utf8)
        let (attributes, rest) = DeviceAttributes.parse(bytes)
        #expect(attributes == [62, 4, 22])
        #expect(rest == Array("nq".utf8))
        #expect(DeviceAttributes.parse(Array("\u{1B}[?62;4".utf8)).attributes == nil)
        #expect(DeviceAttributes.parse(Array("\u{1B}[A".utf8)).attributes == nil)
        #expect(DeviceAttributes.parse(Array("\u{1B}[?1;2c".utf8)).attributes == [1, 2])
    }

    @Test func aSilentTerminalCostsTheTimeoutAndNothingIsShown() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        defer { raw.disable() }
        let start = ContinuousClock.now
        let (attributes, other) = DeviceAttributes.ask(
            input: terminal.slave, output: terminal.slave, timeoutMilliseconds: 100)
        let elapsed = start.duration(to: .now)
        #expect(attributes == nil)
        #expect(other.isEmpty)
        // A guard against a hang, not a timing assertion: the bound is 100 ms.
        #expect(elapsed < .seconds(10))
        #expect(terminal.waitFor("\u{1B}[c"))
        #expect(terminal.written == "\u{1B}[c")
    }

    @Test func anAnsweringTerminalIsReadAndTheAnswerNotEchoed() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        defer { raw.disable() }
        // The answer (and a key typed meanwhile) is already waiting when the query goes out.
        terminal.type("j\u{1B}[?62;4;9c")
        let (attributes, other) = DeviceAttributes.ask(
            input: terminal.slave, output: terminal.slave, timeoutMilliseconds: 2000)
        #expect(attributes == [62, 4, 9])
        #expect(other == Array("j".utf8))
        #expect(terminal.waitFor("\u{1B}[c"))
        #expect(!terminal.written.contains("62;4"))
        #expect(terminal.written == "\u{1B}[c")
    }
}
