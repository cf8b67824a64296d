import Foundation
import Testing
import WalkthroughTestSupport

/// A definitions folder holding things that are not files: a FIFO named like a definition must
/// not make `list`, or the search for a walkthrough by its id, wait forever for a writer.
@Suite(.serialized)
struct HostileFolderTests {
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        // The id `tour` lives in a file of another name: finding it means reading the folder.
        try sandbox.define("other-name.json", definition(id: "tour"))
        try #require(mkfifo(sandbox.definitions + "/a-fifo.json", 0o600) == 0)
        try FileManager.default.createDirectory(
            atPath: sandbox.definitions + "/folder.json", withIntermediateDirectories: false)
        return sandbox
    }

    /// Runs the binary and gives it 20 seconds: a run still going then is stuck.
    private func run(
        _ sandbox: Sandbox, _ arguments: [String], input: String = ""
    ) throws
        -> ProgramResult
    {
        let child = try sandbox.start(arguments)
        child.send(input)
        child.closeInput()
        let status = child.wait(timeout: 20)
        #expect(status != nil, "walkthrough \(arguments) is stuck: \(child.standardOutput)")
        return ProgramResult(
            status: status ?? -1, standardOutput: child.standardOutput,
            standardError: child.standardError)
    }

    @Test func listPassesOverAFIFO() throws {
        let sandbox = try sandbox()
        let result = try run(sandbox, ["list", sandbox.definitions])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("tour"))
        #expect(!result.standardOutput.contains("a-fifo"))
    }

    @Test func findingAWalkthroughByItsIDPassesOverAFIFO() throws {
        let sandbox = try sandbox()
        let result = try run(sandbox, ["play", "tour", "--plain"], input: "q\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1/3"))
        let seen = try run(sandbox, ["seen", "tour"])
        #expect(seen.status == 1, "\(seen.standardError)")
    }
}
