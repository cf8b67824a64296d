import Testing
import WalkthroughTestSupport

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

/// The built `walkthrough` binary, next to this test bundle in the same build folder.
let walkthroughBinary = builtExecutable("walkthrough")

/// A valid one-page definition.
let goodDefinition = """
    {"pages": [{"heading": "Welcome", "content": "Hello"}, {"heading": "Bye", "content": ""}]}
    """
