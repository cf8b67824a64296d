import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// `ACCESSIBLE`, which screen-reader users set for terminal programs: on a real terminal the
/// one call plays as plain text a line at a time, with no full screen and no motion; the
/// empty, `0` and `false` values leave the full-screen player.
struct AccessibleOnboardingTests {
    static let alternateScreenOn = "\u{1B}[?1049h"

    @Test(arguments: ["1", "yes", "true"])
    func onATerminalTheOneCallPlaysAsPlainText(value: String) throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let store = InMemorySeenStore()
        let outcome = Shared<OnboardingResult>()
        let options = OnboardingOptions(
            input: terminal.slave, output: terminal.slave, signals: .none,
            environment: [
                "LOGNAME": "alice", "TERM": "xterm-256color", "NO_COLOR": "1", "ACCESSIBLE": value,
            ])
        let thread = BackgroundThread {
            outcome.set(
                Onboarding.presentIfNeeded(
                    .json(Fixtures.intro()), store: .store(store), options: options))
        }
        #expect(terminal.waitFor("Intro · 1/3 · One"), "\(terminal.written)")
        terminal.type("next\r")
        #expect(terminal.waitFor("Intro · 2/3 · Two"))
        terminal.type("next\rnext\r")
        let result = outcome.wait()
        if result == nil { terminal.type("\u{03}") }
        thread.join()
        #expect(result.map { "\($0)" } == "completed")
        #expect(!terminal.written.contains(Self.alternateScreenOn), "no full screen")
        #expect(store.record(user: "alice", walkthrough: "intro")?.outcome == .completed)
    }

    @Test(arguments: ["", "0", "false", "FALSE"])
    func theOffValuesLeaveTheFullScreenPlayer(value: String) throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let outcome = Shared<OnboardingResult>()
        let options = OnboardingOptions(
            input: terminal.slave, output: terminal.slave, signals: .none,
            environment: [
                "LOGNAME": "alice", "TERM": "xterm-256color", "NO_COLOR": "1", "ACCESSIBLE": value,
            ])
        let thread = BackgroundThread {
            outcome.set(
                Onboarding.presentIfNeeded(
                    .json(Fixtures.intro()), store: .store(InMemorySeenStore()), options: options))
        }
        #expect(terminal.waitFor(Self.alternateScreenOn))
        terminal.type("q")
        let result = outcome.wait()
        if result == nil { terminal.type("\u{03}") }
        thread.join()
        #expect(result.map { "\($0)" } == "quit at page 1")
    }
}
