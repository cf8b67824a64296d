@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Runs a ``TerminalPlayer`` on the slave side of a pseudo-terminal, on its own thread, while the
/// test types keys on the master side and reads the screen bytes.
final class PlayerHarness: Sendable {
    let terminal: PseudoTerminal
    let store: any SeenStore
    let settingsBefore: termios
    private let thread: BackgroundThread
    private let outcome = Shared<Result<PlayResult, any Error>>()

    init(
        walkthrough: Walkthrough = Fixtures.foodPin(), store: any SeenStore = InMemorySeenStore(),
        columns: Int = 60, rows: Int = 20, signals: SignalHandling = .all,
        colour: Bool = false,
        escapeTimeoutMilliseconds: Int = 50
    ) throws {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        self.terminal = terminal
        self.store = store
        self.settingsBefore = terminal.settings()
        let outcome = self.outcome
        let slave = terminal.slave
        thread = BackgroundThread {
            let result = Result<PlayResult, any Error> {
                let session = try Session(walkthrough: walkthrough, user: "alice", store: store)
                let options = TerminalPlayerOptions(
                    input: slave, output: slave, signals: signals, colour: colour,
                    escapeTimeoutMilliseconds: escapeTimeoutMilliseconds)
                return try TerminalPlayer(session: session, options: options).play()
            }
            outcome.set(result)
        }
    }

    /// Waits until the screen shows `text` (after byte `start`).
    @discardableResult
    func waitFor(
        _ text: String, after start: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let found = terminal.waitFor(text, after: start)
        #expect(
            found, "the screen never showed \(text.debugDescription)",
            sourceLocation: sourceLocation)
        return found
    }

    /// Types keys.
    func type(_ text: String) {
        terminal.type(text)
    }

    /// Waits for the player to return (closing the terminal if it never does, so a broken player
    /// fails the test instead of hanging it), then closes the terminal.
    func finish(
        checkSettings: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<PlayResult, any Error>? {
        _ = outcome.wait(timeout: 20)
        let settingsAfter = terminal.settings()
        if outcome.value == nil {
            Issue.record("the player did not return", sourceLocation: sourceLocation)
        }
        terminal.close()
        thread.join()
        if checkSettings {
            #expect(
                sameSettings(settingsAfter, settingsBefore), "terminal settings not restored",
                sourceLocation: sourceLocation)
        }
        return outcome.value
    }

    /// The player's result, or `nil` after an error (recorded).
    func result(
        checkSettings: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> PlayResult? {
        switch finish(checkSettings: checkSettings, sourceLocation: sourceLocation) {
        case .success(let result): return result
        case .failure(let error):
            Issue.record("the player threw \(error)", sourceLocation: sourceLocation)
            return nil
        case nil: return nil
        }
    }

    /// Everything the player wrote.
    var screenBytes: String { terminal.written }

    func record() throws -> SeenRecord? {
        try store.record(user: "alice", walkthrough: "foodpin")
    }
}

/// How often `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int {
    text.ranges(of: needle).count
}
