import Foundation
import Testing

@testable import WalkthroughCLI

/// What one in-process run of the command printed and returned.
struct RunResult {
    var code: ExitCode
    var standardOutput: String
    var standardError: String
}

/// Runs `walkthrough` in-process with `arguments`.
func walkthrough(
    _ arguments: [String], environment: [String: String] = [:],
    commands: [any ParsableCommand.Type] = WalkthroughCommand.commands
) -> RunResult {
    let output = CapturedOutput()
    let code = WalkthroughCommand.run(
        arguments: arguments, environment: environment, output: output, commands: commands)
    return RunResult(
        code: code, standardOutput: output.standardOutput, standardError: output.standardError)
}

/// A fresh folder under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/walkthrough-cli-tests.XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the folder and returns the file's path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` to `name` in the folder and returns the file's path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let file = path + "/" + name
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// The repository's root folder, found from this file's location.
func repositoryRoot(_ file: String = #filePath) -> String {
    var url = URL(fileURLWithPath: file)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}

/// The built `walkthrough` binary, next to this test bundle in the same build folder.
let walkthroughBinary: String = {
    let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = testExecutable.deletingLastPathComponent()
    // The test bundle is `….xctest` (a file, or a folder on some layouts).
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("walkthrough").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return repositoryRoot() + "/.build/debug/walkthrough"
}()

/// A valid one-page definition.
let goodDefinition = """
    {"pages": [{"heading": "Welcome", "content": "Hello"}, {"heading": "Bye", "content": ""}]}
    """
