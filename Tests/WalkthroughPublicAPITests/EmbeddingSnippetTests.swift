import Foundation
import Testing
import WalkthroughTestSupport

/// The README's embedding snippet, as a newcomer uses it: its manifest and its code, copied into
/// a new package that depends on this checkout by path, built once, and run from an empty
/// folder, with a fleet store that is down, and as a row-secured role whose name is not the
/// login name. Whatever happens to the walkthrough, the host does its work and exits 0.
@Suite(.serialized) struct EmbeddingSnippetTests {
    /// The host, built once for the suite; `nil` with the reason when it could not be.
    private static let host: Result<String, TestSupportError> = {
        Result { () throws(TestSupportError) in
            do { return try buildHost() } catch let error as TestSupportError {
                throw error
            } catch {
                throw TestSupportError("\(error)")
            }
        }
    }()

    /// The blocks of README.md whose info string is `swift name`.
    static func readmeBlock(_ name: String) throws -> String {
        let readme = try String(contentsOfFile: repositoryRoot() + "/README.md", encoding: .utf8)
        let marker = "```swift \(name)\n"
        guard let start = readme.range(of: marker),
            let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
        else { throw TestSupportError("README.md has no ```swift \(name) block") }
        return String(readme[start.upperBound..<end.lowerBound]) + "\n"
    }

    private static func buildHost() throws -> String {
        let root = repositoryRoot()
        let identity = String(root.split(separator: "/").last ?? "")
        // Under the build folder, so that a second run builds only what changed.
        let folder = root + "/.build/embedding-snippet"
        try? FileManager.default.removeItem(atPath: folder + "/Sources")
        var manifest = try readmeBlock("manifest")
        manifest = manifest.replacingOccurrences(of: "../WalkthroughKit", with: root)
        manifest = manifest.replacingOccurrences(
            of: "package: \"WalkthroughKit\"", with: "package: \"\(identity)\"")
        let sources = folder + "/Sources/YourTool"
        try FileManager.default.createDirectory(
            atPath: sources + "/walkthroughs", withIntermediateDirectories: true)
        try manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try readmeBlock("snippet").write(
            toFile: sources + "/main.swift", atomically: true, encoding: .utf8)
        for name in ["foodpin.json", "images"] {
            try? FileManager.default.removeItem(atPath: sources + "/walkthroughs/" + name)
            try FileManager.default.copyItem(
                atPath: root + "/walkthroughs/" + name, toPath: sources + "/walkthroughs/" + name)
        }
        let build = try ChildProcess.run(
            ["swift", "build", "--package-path", folder], timeout: 3600)
        guard build.status == 0 else {
            throw TestSupportError(
                "the README's snippet does not build (status \(build.status)):\n"
                    + build.standardOutput.suffix(4000) + build.standardError.suffix(2000))
        }
        return folder + "/.build/debug/YourTool"
    }

    /// Runs the host from an empty folder, input from /dev/null (not a terminal).
    private func run(_ extra: [String: String] = [:]) throws -> ProgramResult {
        let host = try Self.host.get()
        let empty = try TemporaryFolder()
        var environment = [
            "HOME": empty.path, "XDG_STATE_HOME": empty.path + "/state", "LOGNAME": "root",
            "PATH": "/usr/bin:/bin",
        ]
        environment.merge(extra) { $1 }
        return try ChildProcess.run(
            [host], environment: environment, directory: empty.path, timeout: 120)
    }

    @Test func itRunsFromAnEmptyFolder() throws {
        let result = try run()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Your tool's own work.\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func aFleetStoreThatIsDownDoesNotStopTheHost() throws {
        let result = try run([
            "WALKTHROUGH_DB": "postgresql://walkthrough@127.0.0.1:1/fleet?connect_timeout=2"
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Your tool's own work.\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func aRowSecuredRoleWhoseNameIsNotTheLoginName() throws {
        let store = try RowSecuredStore(TestPostgres.shared())
        let result = try run(["WALKTHROUGH_DB": store.roleURL])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Your tool's own work.\n")
        #expect(!result.standardError.contains("pw"))
    }
}
