import Testing

@testable import WalkthroughCLI

/// The help and version texts, pinned exactly.
struct HelpTests {
    static let rootHelp = """
        OVERVIEW: Play onboarding walkthroughs in the terminal, check their definitions
        and remember who has seen them.

        USAGE: walkthrough <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          validate                Check walkthrough definition files and list every
                                  problem.

          See 'walkthrough help <subcommand>' for detailed help.

        """

    static let validateHelp = """
        OVERVIEW: Check walkthrough definition files and list every problem.

        Each problem is printed as FILE: PATH: MESSAGE (line L, column C); warnings
        start with 'warning: '. Exit status: 0 when every file is valid, 65 when one is
        invalid, 66 when one is missing or unreadable.

        USAGE: walkthrough validate <file> ... [--strict] [--json]

        ARGUMENTS:
          <file>                  A definition file to check.

        OPTIONS:
          --strict                Count warnings as problems: a file with any is
                                  invalid.
          --json                  Print a JSON report on standard output instead of
                                  text.
          -h, --help              Show help information.

        """

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func rootHelpGoesToStandardOutput(arguments: [String]) {
        let result = walkthrough(arguments)
        #expect(result.code == .success)
        #expect(result.standardOutput == Self.rootHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test(arguments: [
        ["help", "validate"], ["validate", "--help"], ["validate", "-h"],
        ["validate", "x.json", "--help"],
    ])
    func validateHelpGoesToStandardOutput(arguments: [String]) {
        let result = walkthrough(arguments)
        #expect(result.code == .success)
        #expect(result.standardOutput == Self.validateHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test func printsTheVersion() {
        let result = walkthrough(["--version"])
        #expect(result.code == .success)
        #expect(result.standardOutput == "walkthrough 0.1.0\n")
    }

    @Test func everyRegisteredCommandIsListedOnce() {
        let help = walkthrough(["--help"]).standardOutput
        for command in WalkthroughCommand.commands {
            let rows = help.split(separator: "\n").filter {
                $0.hasPrefix("  " + command.configuration.name + " ")
            }
            #expect(rows.count == 1, "\(command.configuration.name)")
        }
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let result = walkthrough(["help", "valdate"])
        #expect(result.code == .usage)
        #expect(
            result.standardError == """
                Error: Unknown command 'valdate'. Did you mean 'validate'?
                Usage: walkthrough <subcommand>
                  See 'walkthrough --help' for more information.

                """)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpTakesOneCommand() {
        let result = walkthrough(["help", "validate", "more"])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unexpected argument 'more'\n"))
    }

    @Test func reportsAnUnknownCommandWithASuggestion() {
        let result = walkthrough(["valdate", "x.json"])
        #expect(result.code == .usage)
        #expect(
            result.standardError == """
                Error: Unknown command 'valdate'. Did you mean 'validate'?
                Usage: walkthrough <subcommand>
                  See 'walkthrough --help' for more information.

                """)
    }

    @Test func reportsAnUnknownCommandWithoutASuggestion() {
        let result = walkthrough(["frobnicate"])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unknown command 'frobnicate'.\nUsage:"))
    }

    @Test func reportsAnUnknownRootOption() {
        let result = walkthrough(["--verison"])
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: Unknown option '--verison'. Did you mean '--version'?\n"))
    }
}
