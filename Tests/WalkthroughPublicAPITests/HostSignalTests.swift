import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Signals reach the host the way it chose (`OnboardingOptions.signals`), each run in a host
/// process of its own (`OnboardingTestHost`): signal handlers are process-wide.
struct HostSignalTests {
    static let host = builtExecutable("OnboardingTestHost")

    private func start(_ arguments: [String], in folder: TemporaryFolder) throws -> ChildProcess {
        let definition = try folder.write(Fixtures.intro(), to: "intro.json")
        return try ChildProcess(
            [Self.host, definition, "--policy", "always"] + arguments,
            environment: [
                "LOGNAME": "tester", "WALKTHROUGH_DB": folder.file("seen.sqlite3"),
                "PATH": "/usr/bin:/bin",
            ], directory: folder.path)
    }

    private func record(in folder: TemporaryFolder) throws -> SeenRecord? {
        try SQLiteSeenStore(path: folder.file("seen.sqlite3"))
            .record(user: "tester", walkthrough: "intro")
    }

    @Test func byDefaultSIGINTEndsPlayingAndTheHostDecides() throws {
        let folder = try TemporaryFolder()
        let host = try start([], in: folder)
        #expect(host.send("next\n"))
        #expect(host.waitForOutput("Intro · 2/3 · Two"), "\(host.standardOutput)")
        host.signal(SIGINT)
        #expect(host.wait() == 130)
        #expect(host.standardOutput.hasSuffix("result: interrupted by SIGINT\n"))
        #expect(try record(in: folder)?.lastPage == 1, "progress kept")
    }

    @Test func aHostThatOwnsSIGINTKeepsItAndTheWalkthroughGoesOn() throws {
        let folder = try TemporaryFolder()
        let host = try start(["--signals", "resizeOnly", "--own-sigint"], in: folder)
        #expect(host.waitForOutput("Intro · 1/3 · One"), "\(host.standardOutput)")
        host.signal(SIGINT)
        #expect(host.send("next\n"))
        #expect(host.waitForOutput("Intro · 2/3 · Two"), "\(host.standardOutput)")
        #expect(host.send("quit\n"))
        #expect(host.wait() == 0)
        #expect(host.standardOutput.hasSuffix("result: quit at page 2\nhost SIGINTs: 1\n"))
    }

    @Test func withNoHandlingTheHostsDefaultDispositionApplies() throws {
        let folder = try TemporaryFolder()
        let host = try start(["--signals", "none"], in: folder)
        #expect(host.waitForOutput("Intro · 1/3 · One"), "\(host.standardOutput)")
        host.signal(SIGINT)
        #expect(host.wait() == 130, "killed by SIGINT, as the host left it")
        #expect(!host.standardOutput.contains("result:"))
    }
}
