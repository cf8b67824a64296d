import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// What gets installed with the binary: the completion scripts and the man page, made from the
/// commands' own descriptions, pinned by golden files (`UPDATE_GOLDEN=1` rewrites them), and
/// checked by the shells that will load them.
struct ShippingTests {
    static let golden = GoldenFolder("Golden", besideTargetOf: "\(#filePath)")

    @Test(arguments: CompletionScript.Shell.allCases)
    func theCompletionScriptIsPinned(shell: CompletionScript.Shell) throws {
        let result = walkthrough(["--generate-completion-script", shell.rawValue])
        #expect(result.code == .success)
        #expect(result.standardError.isEmpty)
        try Self.golden.check(result.standardOutput, against: "completion.\(shell.rawValue)")
    }

    @Test func theManualIsPinnedAndNamesEveryCommand() throws {
        let result = walkthrough(["--generate-manual"])
        #expect(result.code == .success)
        for command in WalkthroughCommand.commands {
            let name = ManualPage.escaped("walkthrough " + command.configuration.name)
            #expect(result.standardOutput.contains(".SS " + name), "\(name)")
        }
        // `help` is no command type, but `--help` lists it among the subcommands.
        #expect(result.standardOutput.contains(".SS walkthrough help\n"))
        try Self.golden.check(result.standardOutput, against: "walkthrough.1")
    }

    @Test func aMissingOrUnknownShellIsAUsageError() {
        for arguments in [
            ["--generate-completion-script"], ["--generate-completion-script", "tcsh"],
            ["--generate-manual", "extra"],
        ] {
            let result = walkthrough(arguments)
            #expect(result.code == .usage, "\(arguments)")
            #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(arguments)")
        }
    }

    /// The bash script loaded in a real bash, asked what Tab would offer.
    @Test func bashCompletesCommandsOptionsAndDefinitionIds() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write(
            walkthrough(["--generate-completion-script", "bash"]).standardOutput,
            to: "walkthrough.bash")
        try FileManager.default.createDirectory(
            atPath: folder.file("defs"), withIntermediateDirectories: true)
        _ = try folder.write(goodDefinition, to: "defs/onboarding.json")
        _ = try folder.write(goodDefinition, to: "defs/whats-new.json")
        let driver = """
            source "$1"
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _walkthrough
                printf '%s\\n' "${COMPREPLY[@]}" | sort
                echo '--'
            }
            complete_words walkthrough pl
            complete_words walkthrough seen --u
            complete_words walkthrough play on
            complete_words walkthrough db m
            complete_words walkthrough --generate-completion-script z
            """
        let result = try ChildProcess.run(
            ["/bin/bash", "-c", driver, "bash", script],
            environment: ["WALKTHROUGH_PATH": folder.file("defs"), "PATH": "/usr/bin:/bin"],
            directory: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        let answers = result.standardOutput.components(separatedBy: "--\n").map {
            $0.split(separator: "\n").map(String.init)
        }
        #expect(answers.count == 6, "\(result.standardOutput)")
        guard answers.count == 6 else { return }
        #expect(answers[0] == ["play"])
        #expect(answers[1] == ["--user"])
        #expect(answers[2] == ["onboarding"])
        #expect(answers[3] == ["migrate"])
        #expect(answers[4] == ["zsh"])
    }

    /// zsh and fish check the syntax of their scripts, where they are installed (`.ci/run`
    /// installs both).
    @Test(arguments: [CompletionScript.Shell.zsh, .fish])
    func theShellAcceptsItsScript(shell: CompletionScript.Shell) throws {
        let program = "/usr/bin/" + shell.rawValue
        guard FileManager.default.isExecutableFile(atPath: program) else {
            print("ShippingTests: \(program) is not installed; its syntax check did not run")
            return
        }
        let folder = try TemporaryFolder()
        let script = try folder.write(
            walkthrough(["--generate-completion-script", shell.rawValue]).standardOutput,
            to: "completion." + shell.rawValue)
        let result = try ChildProcess.run([program, "-n", script], environment: [:])
        #expect(result.status == 0, "\(result.standardError)")
    }
}
