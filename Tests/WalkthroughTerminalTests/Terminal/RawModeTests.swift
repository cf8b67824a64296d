@preconcurrency import Glibc
import Testing
import WalkthroughTerminal
import WalkthroughTestSupport

/// Raw mode on a real pseudo-terminal.
struct RawModeTests {
    @Test func enableTurnsOffLineEditingEchoAndSignalKeys() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        defer { raw.disable() }
        let settings = terminal.settings()
        #expect(settings.c_lflag & tcflag_t(ICANON) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) == 0)
        #expect(settings.c_lflag & tcflag_t(ISIG) == 0)
        #expect(raw.isEnabled)
    }

    @Test func disableRestoresTheExactSettings() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings()
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        #expect(!sameSettings(terminal.settings(), before))
        raw.disable()
        #expect(sameSettings(terminal.settings(), before))
        #expect(!raw.isEnabled)
    }

    @Test func enableAndDisableAreIdempotent() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings()
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        let rawSettings = terminal.settings()
        try raw.enable()  // must not save the raw settings as "before"
        #expect(sameSettings(terminal.settings(), rawSettings))
        raw.disable()
        raw.disable()
        #expect(sameSettings(terminal.settings(), before))
    }

    @Test func customSettingsAreRestoredToo() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        var custom = terminal.settings()
        custom.c_lflag &= ~tcflag_t(ECHOE)
        custom.c_cc.0 = 7  // VINTR: Ctrl-G
        try #require(tcsetattr(terminal.slave, TCSANOW, &custom) == 0)
        let before = terminal.settings()
        let raw = RawMode(fileDescriptor: terminal.slave)
        try raw.enable()
        raw.disable()
        #expect(sameSettings(terminal.settings(), before))
    }

    @Test func aPipeIsNotATerminalAndNothingIsSaved() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let raw = RawMode(fileDescriptor: ends[0])
        #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) { try raw.enable() }
        #expect(!raw.isEnabled)
    }

    @Test func droppingTheControllerRestoresTheTerminal() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings()
        do {
            let raw = RawMode(fileDescriptor: terminal.slave)
            try raw.enable()
        }
        #expect(sameSettings(terminal.settings(), before))
    }
}

struct TerminalDetectionTests {
    @Test func interactiveNeedsTwoTerminalsAndAUsefulTERM() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let tty = terminal.slave
        #expect(TerminalDetection.isInteractive(input: tty, output: tty, term: "xterm-256color"))
        #expect(!TerminalDetection.isInteractive(input: tty, output: tty, term: "dumb"))
        #expect(!TerminalDetection.isInteractive(input: tty, output: tty, term: ""))
        #expect(!TerminalDetection.isInteractive(input: tty, output: tty, term: nil))
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(!TerminalDetection.isInteractive(input: ends[0], output: tty, term: "xterm"))
        #expect(!TerminalDetection.isInteractive(input: tty, output: ends[1], term: "xterm"))
    }

    @Test func noColorTurnsColourOffWhenNotEmpty() {
        #expect(TerminalDetection.colourEnabled(noColor: nil))
        #expect(TerminalDetection.colourEnabled(noColor: ""))
        #expect(!TerminalDetection.colourEnabled(noColor: "1"))
        #expect(!TerminalDetection.colourEnabled(noColor: "yes"))
    }

    @Test func sizeComesFromTheTerminalAndZeroMeansUnknown() throws {
        let terminal = try PseudoTerminal(columns: 60, rows: 20)
        defer { terminal.close() }
        #expect(TerminalDetection.size(of: terminal.slave) == TerminalSize(columns: 60, rows: 20))
        terminal.resize(columns: 0, rows: 0)
        #expect(TerminalDetection.size(of: terminal.slave) == nil)
        #expect(TerminalDetection.size(of: -1) == nil)
    }
}
