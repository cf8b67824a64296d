import Foundation
import Testing
import WalkthroughTestSupport

extension Sandbox {
    /// Runs the built `walkthrough` binary in the sandbox folder with the sandbox's environment
    /// (plus `extra`), feeding it `input` and then the end of input.
    ///
    /// - Throws: When it cannot start, or has not finished after a minute (it is then killed).
    func execute(
        _ arguments: [String], input: String = "", extra: [String: String] = [:],
        directory: String? = nil
    ) throws -> ProgramResult {
        try ChildProcess.run(
            [walkthroughBinary] + arguments, input: input,
            environment: environment.merging(extra) { $1 }, directory: directory ?? folder.path,
            timeout: 60)
    }

    /// Starts the built binary and leaves it running, its input open.
    func start(
        _ arguments: [String], extra: [String: String] = [:], directory: String? = nil
    ) throws -> ChildProcess {
        try ChildProcess(
            [walkthroughBinary] + arguments, environment: environment.merging(extra) { $1 },
            directory: directory ?? folder.path)
    }

    /// The database's records, read with `walkthrough status --json` and parsed as JSON.
    func recordsFromStatus() throws -> [[String: Any]] {
        let result = try execute(["status", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let value = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(value as? [[String: Any]])
    }
}
