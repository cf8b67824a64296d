import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The one call on a real pseudo-terminal: full screen when input and output are terminals.
///
/// The player runs on its own thread while the test types on the master side. Signals are left
/// alone (`.none`): handlers are process-wide, and the terminal tests running beside these own
/// them; the signal tests run a host process of their own.
struct OnboardingTerminalTests {
    static let alternateScreenOn = "\u{1B}[?1049h"
    static let alternateScreenOff = "\u{1B}[?1049l"

    /// Runs `presentIfNeeded` on a pseudo-terminal while `user` types.
    private func present(
        store: InMemorySeenStore, policy: OnboardingPolicy, term: String = "xterm-256color",
        user: (PseudoTerminal) -> Void
    ) throws -> (result: String, screen: String, settingsRestored: Bool) {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings()
        let outcome = Shared<Result<OnboardingResult, OnboardingError>>()
        let options = OnboardingOptions(
            input: terminal.slave, output: terminal.slave, signals: .none,
            environment: ["LOGNAME": "alice", "TERM": term, "NO_COLOR": "1"])
        let thread = BackgroundThread {
            outcome.set(
                Result { () throws(OnboardingError) in
                    try Onboarding.presentIfNeeded(
                        .json(Fixtures.intro()), store: .store(store), policy: policy,
                        storeFailure: .throw, options: options)
                })
        }
        user(terminal)
        let result = outcome.wait()
        if result == nil { terminal.type("\u{03}") }  // unblock a player that never returned
        thread.join()
        // A player that took the screen gives it back before it returns; those last bytes may
        // still be in the pty when it has.
        if terminal.written.contains(Self.alternateScreenOn) {
            _ = terminal.waitForEnding(Self.alternateScreenOff)
        }
        return (describe(result), terminal.written, sameSettings(terminal.settings(), before))
    }

    @Test(arguments: [OnboardingPolicy.interactiveOnly, .always])
    func aTerminalGetsTheFullScreenPlayer(_ policy: OnboardingPolicy) throws {
        let store = InMemorySeenStore()
        let run = try present(store: store, policy: policy) { terminal in
            #expect(terminal.waitFor("● ○ ○  1/3"))
            terminal.type("n")
            #expect(terminal.waitFor("○ ● ○  2/3"))
            terminal.type("l")
            #expect(terminal.waitFor("○ ○ ●  3/3"))
            terminal.type("\r")
        }
        #expect(run.result == "completed")
        #expect(run.screen.contains(Self.alternateScreenOn))
        #expect(run.screen.hasSuffix(Self.alternateScreenOff), "the screen is given back")
        #expect(run.settingsRestored, "raw mode is undone")
        #expect(store.record(user: "alice", walkthrough: "intro")?.outcome == .completed)
    }

    @Test func quittingKeepsTheUsersPlace() throws {
        let store = InMemorySeenStore()
        let run = try present(store: store, policy: .interactiveOnly) { terminal in
            #expect(terminal.waitFor("1/3"))
            terminal.type("n")
            #expect(terminal.waitFor("2/3"))
            terminal.type("q")
        }
        #expect(run.result == "quit at page 2")
        let record = store.record(user: "alice", walkthrough: "intro")
        #expect(record?.outcome == .inProgress)
        #expect(record?.lastPage == 1)
    }

    @Test func controlCComesBackAsAResultAndTheHostDecides() throws {
        let store = InMemorySeenStore()
        let run = try present(store: store, policy: .interactiveOnly) { terminal in
            #expect(terminal.waitFor("1/3"))
            terminal.type("\u{03}")
        }
        #expect(run.result == "interrupted by SIGINT", "this process is still running")
        #expect(run.settingsRestored)
        #expect(store.record(user: "alice", walkthrough: "intro")?.outcome == .inProgress)
    }

    @Test func aDumbTerminalIsNotInteractive() throws {
        let store = InMemorySeenStore()
        let run = try present(store: store, policy: .interactiveOnly, term: "dumb") { _ in }
        #expect(run.result == "not shown: not interactive")
        #expect(run.screen.isEmpty)
        #expect(store.records(user: nil).isEmpty)
    }

    @Test func aUserWhoHasSeenItGetsAnUntouchedTerminal() throws {
        let store = InMemorySeenStore()
        store.markSeen(user: "alice", walkthrough: "intro", version: 1, outcome: .completed)
        let run = try present(store: store, policy: .always) { _ in }
        #expect(run.result == "already seen (completed, version 1)")
        #expect(run.screen.isEmpty, "nothing written, no mode changed")
        #expect(run.settingsRestored)
    }
}
