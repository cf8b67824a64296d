import Testing
import WalkthroughKit

@testable import WalkthroughCLI

/// A command that uses every kind of option, to test the shared parser the later commands use.
private struct EchoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "echo", abstract: "Print what was parsed.",
        arguments: [
            ArgumentSpec(name: "first", help: "The first word."),
            ArgumentSpec(name: "rest", help: "More words.", isRepeating: true, isOptional: true),
        ],
        options: StoreOptions.specs + [
            .flag("quiet", short: "q", help: "Say less."),
            .flag("verbose", short: "v", help: "Say more."),
            .option("tag", short: "t", value: "tag", help: "A tag; may be repeated."),
        ])

    var parsed: ParsedArguments
    var store: StoreOptions

    init(parsed: ParsedArguments) {
        self.parsed = parsed
        store = StoreOptions(parsed: parsed)
    }

    func run(in context: CommandContext) -> ExitCode {
        context.print("first=\(parsed.argument("first")) rest=\(parsed.argument("rest"))")
        context.print("user=\(store.user ?? "-") db=\(store.database ?? "-")")
        context.print("flags=\(parsed.flags.sorted()) tags=\(parsed.allValues("tag"))")
        return .success
    }
}

private func echo(_ arguments: [String]) -> RunResult {
    walkthrough(["echo"] + arguments, commands: [EchoCommand.self])
}

struct ArgumentParsingTests {
    @Test func readsOptionValuesInBothSpellings() {
        let result = echo(["--user", "alice", "--db=/tmp/seen.db", "a"])
        #expect(result.code == .success)
        #expect(result.standardOutput.contains("user=alice db=/tmp/seen.db"))
    }

    @Test func aLaterValueOverridesAnEarlierOne() {
        #expect(echo(["--user", "a", "--user=b", "x"]).standardOutput.contains("user=b"))
    }

    @Test func anEmptyValueAfterTheEqualsSignIsAValue() {
        #expect(echo(["--user=", "x"]).standardOutput.contains("user= db"))
    }

    @Test func readsShortFlagsAloneAndGrouped() {
        #expect(echo(["-q", "x"]).standardOutput.contains("flags=[\"quiet\"]"))
        #expect(echo(["-qv", "x"]).standardOutput.contains("flags=[\"quiet\", \"verbose\"]"))
        #expect(
            echo(["-qt", "red", "x", "-tblue"]).standardOutput.contains("tags=[\"red\", \"blue\"]"))
    }

    @Test func collectsRepeatedPositionalsAroundOptions() {
        let result = echo(["one", "-q", "two", "--user", "u", "three"])
        #expect(result.standardOutput.hasPrefix("first=[\"one\"] rest=[\"two\", \"three\"]\n"))
    }

    @Test func doubleDashEndsOptions() {
        let result = echo(["--", "-q", "--user", "-"])
        #expect(result.code == .success)
        #expect(result.standardOutput.hasPrefix("first=[\"-q\"] rest=[\"--user\", \"-\"]\n"))
        #expect(result.standardOutput.contains("flags=[]"))
    }

    @Test func aLoneDashIsAPositional() {
        #expect(echo(["-"]).standardOutput.hasPrefix("first=[\"-\"]"))
    }

    @Test func reportsAMissingValue() {
        let result = echo(["x", "--user"])
        #expect(result.code == .usage)
        #expect(
            result.standardError == """
                Error: Missing value for '--user <name>'. Usage: walkthrough echo <first> [<rest> ...] [--user <name>] [--db <path>] [--quiet] [--verbose] [--tag <tag>]; see 'walkthrough echo --help'.

                """)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anOptionIsNotAValue() {
        let result = echo(["x", "--user", "--db", "y"])
        #expect(result.standardError.hasPrefix("Error: Missing value for '--user <name>'. Usage: "))
        #expect(
            echo(["x", "-t"]).standardError.hasPrefix(
                "Error: Missing value for '--tag <tag>'. Usage: "))
    }

    @Test func reportsAnUnknownLongOptionWithASuggestion() {
        let result = echo(["x", "--usr", "a"])
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: Unknown option '--usr'. Did you mean '--user'? Usage: "))
    }

    @Test func reportsAnUnknownShortOption() {
        let result = echo(["x", "-z"])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unknown option '-z'. Usage: "))
    }

    @Test func refusesAValueForAFlag() {
        let result = echo(["x", "--quiet=yes"])
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: The flag '--quiet' does not take a value. Usage: "))
    }

    @Test func reportsAMissingArgument() {
        let result = echo([])
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix("Error: Missing expected argument '<first>'. Usage: "))
    }

    @Test func wordsAreReadInOrderSoAnErrorBeforeHelpIsReported() {
        let result = echo(["--bogus", "--help"])
        #expect(result.code == .usage)
        let help = echo(["--user", "u", "-h"])
        #expect(help.code == .success)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Print what was parsed.\n"))
    }

    @Test func helpListsEveryOptionOfTheCommand() {
        #expect(
            echo(["--help"]).standardOutput == """
                OVERVIEW: Print what was parsed.

                USAGE: walkthrough echo <first> [<rest> ...] [--user <name>] [--db <path>] [--quiet] [--verbose] [--tag <tag>]

                ARGUMENTS:
                  <first>                 The first word.
                  <rest>                  More words.

                OPTIONS:
                  --user <name>           The user to act for (default: the login name).
                  --db <path>             The seen database: a file, or a postgresql:// URL
                                          (default: $WALKTHROUGH_DB, else under
                                          $XDG_STATE_HOME).
                  -q, --quiet             Say less.
                  -v, --verbose           Say more.
                  -t, --tag <tag>         A tag; may be repeated.
                  -h, --help              Show help information.

                """)
    }

    @Test(
        arguments: [
            ("strcit", ["strict", "json"], "strict"),
            ("--strcit", ["--strict", "--json"], "--strict"),
            ("valdate", ["validate", "help"], "validate"), ("jsno", ["json"], "json"),
            ("xyz", ["validate"], nil), ("VALIDATE", ["validate"], "validate"),
        ] as [(String, [String], String?)])
    func suggestsCloseWords(word: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: word, in: candidates) == expected)
    }
}
