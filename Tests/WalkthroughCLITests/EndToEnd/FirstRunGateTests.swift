import Foundation
import Testing
import WalkthroughTestSupport

/// The first-run gate as a shell script would use it.
struct FirstRunGateTests {
    static let script = """
        walkthrough seen onboarding -q || walkthrough play onboarding
        echo "gate: $?"
        """

    @Test func playsOnceThenStaysQuiet() throws {
        let sandbox = try Sandbox()
        try sandbox.define("onboarding.json", definition(id: "onboarding", pages: 2))
        let binaries = (walkthroughBinary as NSString).deletingLastPathComponent
        let path = binaries + ":/usr/bin:/bin"

        func gate(_ input: String) throws -> (status: Int32?, output: String, errors: String) {
            let shell = try ChildProcess(
                ["/bin/sh", "-c", Self.script],
                environment: sandbox.environment.merging(["PATH": path]) { $1 },
                directory: sandbox.folder.path)
            shell.send(input)
            shell.closeInput()
            return (shell.wait(), shell.standardOutput, shell.standardError)
        }

        // First run, not finished: shown, progress kept.
        let first = try gate("next\n")
        #expect(first.status == 0)
        #expect(first.output.contains("Tour · 1/2 · Page 1"))
        #expect(
            first.output.hasSuffix(
                "Progress kept at page 2/2; run the same command to resume.\ngate: 0\n"))
        // Second run: shown again, resumed, finished.
        let second = try gate("next\n")
        #expect(second.output.contains("Resuming Tour at page 2/2"))
        #expect(second.output.hasSuffix("Recorded: alice completed Tour (version 1).\ngate: 0\n"))
        // Third run: seen; the gate prints nothing and plays nothing.
        let third = try gate("next\n")
        #expect(third.status == 0)
        #expect(third.output == "gate: 0\n")
        #expect(third.errors.isEmpty)
    }
}
