@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

// In the serialized suite of the interactive player: signal handlers are process-wide.
extension TerminalPlayerTests {
    @Test func storeErrorOnTheFirstPageRestoresTheTerminalThenPropagates() throws {
        let player = try PlayerHarness(store: FailingStore(failOnPage: 0))
        guard case .failure(let error as StoreFailure) = player.finish() else {
            Issue.record("expected the store's error")
            return
        }
        #expect(error == StoreFailure(message: "disk I/O error"))
        let bytes = player.screenBytes
        #expect(occurrences(of: Self.alternateScreenOn, in: bytes) == 1)
        #expect(bytes.hasSuffix(Self.alternateScreenOff))
    }

    @Test func notATerminalFailsAndLeavesNoHandlerBehind() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let handlerBefore = handlerAddress(SIGTERM)
        let options = TerminalPlayerOptions(input: ends[0], output: ends[1], colour: false)
        let player = TerminalPlayer(
            session: Session(walkthrough: Fixtures.foodPin()), options: options)
        #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) { try player.play() }
        #expect(handlerAddress(SIGTERM) == handlerBefore, "the handler was put back")

        // The next player can install its handlers again.
        let next = try PlayerHarness()
        next.waitFor("1/3")
        next.type("q")
        #expect(next.result() == .quit(atPage: 0))
    }

    @Test func colourOnStylesTheTitleAndHeading() throws {
        let player = try PlayerHarness(colour: true)
        player.waitFor("\u{1B}[1mPersonalize\u{1B}[0m")
        player.type("q")
        #expect(player.result() == .quit(atPage: 0))
        #expect(player.screenBytes.contains("\u{1B}[1mFoodPin\u{1B}[0m"))
    }

    @Test func finishedSessionReturnsAtOnceWithoutTouchingTheTerminal() throws {
        let session = Session(walkthrough: Fixtures.foodPin())
        try session.skip()
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let options = TerminalPlayerOptions(input: terminal.slave, output: terminal.slave)
        #expect(try TerminalPlayer(session: session, options: options).play() == .skipped)
        #expect(terminal.writtenCount == 0)
    }
}

/// The address of the handler installed for `signal` (0 for SIG_DFL, 1 for SIG_IGN).
private func handlerAddress(_ signal: Int32) -> Int {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
}

extension TerminalPlayerTests {
    @Test func secondPlayerIsRefusedAndTheFirstKeepsItsSignals() throws {
        let first = try PlayerHarness()
        first.waitFor("1/3")
        let second = PlainPlayer(
            session: Session(walkthrough: Fixtures.foodPin()), input: StringLineSource("n\n"),
            output: StringOutput(), errorOutput: StringOutput(), signals: .all)
        #expect(throws: TerminalError.alreadyPlaying) { try second.play() }
        kill(getpid(), SIGTERM)
        #expect(first.result() == .interrupted(.terminate))
    }
}
