@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The interactive player on a real pseudo-terminal: keys typed on the master side, the screen
/// read from it, signals sent to this process. Serialized: signal handlers are process-wide.
@Suite(.serialized)
struct TerminalPlayerTests {
    static let alternateScreenOn = "\u{1B}[?1049h"
    static let alternateScreenOff = "\u{1B}[?1049l"
    static let cursorHidden = "\u{1B}[?25l"
    static let cursorShown = "\u{1B}[?25h"

    @Test func arrowsLettersAndEnterFinishTheWalkthrough() throws {
        let player = try PlayerHarness()
        player.waitFor("● ○ ○  1/3")
        player.type("\u{1B}[C")
        player.waitFor("○ ● ○  2/3")
        player.type("l")
        player.waitFor("○ ○ ●  3/3")
        player.waitFor("Enter: Get Started")
        player.type("\r")
        #expect(player.result() == .completed)
        #expect(try player.record()?.outcome == .completed)
    }

    @Test func entersAndLeavesTheAlternateScreenAndCursorOnce() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
        let bytes = player.screenBytes
        #expect(occurrences(of: Self.alternateScreenOn, in: bytes) == 1)
        #expect(occurrences(of: Self.alternateScreenOff, in: bytes) == 1)
        #expect(occurrences(of: Self.cursorHidden, in: bytes) == 1)
        #expect(occurrences(of: Self.cursorShown, in: bytes) == 1)
        #expect(bytes.hasSuffix(Self.alternateScreenOff))
    }

    @Test func ss3ArrowsBackAndDigitsMove() throws {
        let player = try PlayerHarness(walkthrough: Fixtures.foodPin(navigation: .free))
        player.waitFor("1/3")
        player.type("3")
        player.waitFor("○ ○ ●  3/3")
        player.type("\u{1B}OD")
        player.waitFor("○ ● ○  2/3")
        let mark = player.terminal.writtenCount
        player.type("h")
        player.waitFor("● ○ ○  1/3", after: mark)
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
        #expect(try player.record()?.outcome == .inProgress)
    }

    @Test func refusedMoveShowsWhyAndStays() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("\u{1B}[D")
        player.waitFor("already on the first page")
        player.type("3")
        player.waitFor("page 3 is not reachable yet")
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
    }

    @Test func skipRecordsSkipped() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("s")
        #expect(player.result() == .skipped)
        #expect(try player.record()?.outcome == .skipped)
    }

    @Test func loneEscapeQuitsAfterTheTimeout() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("n")
        player.waitFor("2/3")
        player.type("\u{1B}")
        #expect(player.result() == .quit(atPage: 1))
        #expect(try player.record()?.lastPage == 1)
    }

    @Test func escapeSequenceSplitAcrossWritesIsOneKey() throws {
        // A long escape timeout, so that a busy machine cannot turn the split into Esc + "[C".
        let player = try PlayerHarness(escapeTimeoutMilliseconds: 5000)
        player.waitFor("1/3")
        player.type("\u{1B}")
        usleep(10_000)
        player.type("[C")
        player.waitFor("2/3")
        player.type("q")
        #expect(player.result() == .quit(atPage: 1))
    }

    @Test func controlCIsAnInterrupt() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("\u{03}")
        let result = player.result()
        #expect(result == .interrupted(.interrupt))
        #expect(result?.exitStatus == 130)
        #expect(player.screenBytes.hasSuffix(Self.alternateScreenOff))
    }

    @Test(arguments: [
        (SIGINT, TerminationSignal.interrupt, Int32(130)), (SIGTERM, .terminate, 143),
        (SIGHUP, .hangup, 129),
    ])
    func signalsEndPlayingAndRestoreTheTerminal(
        _ signal: Int32, _ expected: TerminationSignal, _ status: Int32
    ) throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("n")
        player.waitFor("2/3")
        kill(getpid(), signal)
        let result = player.result()
        #expect(result == .interrupted(expected))
        #expect(result?.exitStatus == status)
        #expect(player.screenBytes.hasSuffix(Self.alternateScreenOff))
        #expect(try player.record()?.lastPage == 1, "progress kept")
        #expect(try player.record()?.outcome == .inProgress)
    }

    @Test func hostHandlersAreBackAfterPlaying() throws {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(SIGTERM, &ignore, &previous)
        defer { sigaction(SIGTERM, &previous, nil) }

        let player = try PlayerHarness()
        player.waitFor("1/3")
        #expect(!isIgnored(SIGTERM), "the player handles SIGTERM")
        player.type("q")
        _ = player.result()
        #expect(isIgnored(SIGTERM), "the host's disposition is back")
    }

    @Test func resizeOnlyLeavesTerminationSignalsToTheHost() throws {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(SIGINT, &ignore, &previous)
        defer { sigaction(SIGINT, &previous, nil) }

        let player = try PlayerHarness(signals: .resizeOnly)
        player.waitFor("1/3")
        #expect(isIgnored(SIGINT))
        kill(getpid(), SIGINT)  // ignored, as the host wants
        player.type("n")
        player.waitFor("2/3")
        player.type("\u{03}")  // Ctrl-C as a key still interrupts
        #expect(player.result() == .interrupted(.interrupt))
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let player = try PlayerHarness(columns: 60, rows: 20)
        player.waitFor("1/3")
        player.waitFor("\u{1B}[20;1H")
        let mark = player.terminal.writtenCount
        player.terminal.resize(columns: 30, rows: 10)
        kill(getpid(), SIGWINCH)
        player.waitFor("\u{1B}[2J", after: mark)
        player.waitFor("\u{1B}[10;1H", after: mark)
        let redraw = String(player.screenBytes.utf8.dropFirst(mark))!
        #expect(!redraw.contains("\u{1B}[11;1H"), "no row past the new height")
        #expect(redraw.contains("Image: A red plate, ready for"))
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
    }

    @Test func aZeroSizeKeepsTheLastGoodSize() throws {
        let player = try PlayerHarness(columns: 60, rows: 20)
        player.waitFor("1/3")
        let mark = player.terminal.writtenCount
        player.terminal.resize(columns: 0, rows: 0)
        kill(getpid(), SIGWINCH)
        player.waitFor("\u{1B}[20;1H", after: mark)
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
    }

    @Test func helpOverlayOpensAndCloses() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.type("?")
        player.waitFor("? or Esc: close help")
        let mark = player.terminal.writtenCount
        player.type("?")
        player.waitFor("←/→ move", after: mark)
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
    }

    @Test func downArrowScrollsALongPage() throws {
        let walkthrough = Walkthrough(
            id: "foodpin", title: "Long", pages: Fixtures.longPage().pages)
        let player = try PlayerHarness(walkthrough: walkthrough, columns: 40, rows: 12)
        player.waitFor("↓ more")
        player.type("\u{1B}[B\u{1B}[B")
        player.waitFor("↑ more")
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
    }

    @Test func storeErrorRestoresTheTerminalThenPropagates() throws {
        let player = try PlayerHarness(store: FailingStore(failOnPage: 1))
        player.waitFor("1/3")
        player.type("n")
        switch player.finish() {
        case .failure(let error as StoreFailure):
            #expect(error == StoreFailure(message: "disk I/O error"))
        default:
            Issue.record("expected the store's error")
        }
        #expect(player.screenBytes.hasSuffix(Self.alternateScreenOff))
    }

    @Test func definitionEscapeSequencesNeverReachTheTerminalRaw() throws {
        let walkthrough = Walkthrough(
            id: "foodpin", title: Fixtures.hostile().title, finishLabel: "Go\u{1B}[2J",
            pages: Fixtures.hostile().pages)
        let player = try PlayerHarness(walkthrough: walkthrough, colour: true)
        player.waitFor("1/2")
        player.type("n")
        player.waitFor("2/2")
        player.type("q")
        _ = player.result()
        let bytes = player.screenBytes
        #expect(bytes.contains("Evil^[]0;pwned^G title"))
        #expect(!bytes.contains("\u{1B}]"), "no OSC")
        #expect(!bytes.contains("\u{1B}P"), "no DCS")
        #expect(!bytes.unicodeScalars.contains("\u{9B}"), "no C1 CSI")
        #expect(!bytes.unicodeScalars.contains("\u{202E}"), "no bidi override")
        #expect(!bytes.contains("\u{1B}[31m"), "no colour from the definition")
        #expect(occurrences(of: Self.alternateScreenOff, in: bytes) == 1, "only ours")
    }

    @Test func endOfTerminalInputIsAHangup() throws {
        let player = try PlayerHarness()
        player.waitFor("1/3")
        player.terminal.hangUp()  // the terminal window closes
        #expect(player.result(checkSettings: false) == .interrupted(.hangup))
    }
}

/// Whether `signal` is set to `SIG_IGN` in this process now.
private func isIgnored(_ signal: Int32) -> Bool {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
}
