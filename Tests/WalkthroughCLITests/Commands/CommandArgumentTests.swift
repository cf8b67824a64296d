import Testing

@testable import WalkthroughCLI

/// Every command's command line: what it accepts and each way it is refused (exit 64, the
/// message, the command's usage line). Nothing here reaches a definition or a database: every
/// refusal comes first.
struct CommandArgumentTests {
    /// A sandbox whose database may not be created: any test that reached the store would fail.
    static let environment = [
        "LOGNAME": "alice", "WALKTHROUGH_DB": "/nonexistent/walkthrough-tests/seen.sqlite3",
        "WALKTHROUGH_PATH": "/nonexistent/walkthrough-tests",
    ]

    static let usageLines: [String: String] = [
        "play":
            "Usage: walkthrough play <walkthrough> [--user <name>] [--db <path>] [--force] "
            + "[--restart] [--plain] [--all] [--locale <tag>] [--images <mode>] [--watch] [--variant <id>]",
        "seen": "Usage: walkthrough seen <walkthrough> [--user <name>] [--db <path>] [--quiet]",
        "mark":
            "Usage: walkthrough mark <walkthrough> [--user <name>] [--db <path>] [--skipped] [--snoozed] [--until <time>]",
        "reset":
            "Usage: walkthrough reset --user <name> [<id> ...] [--db <path>] [--dry-run] | "
            + "walkthrough reset --all-users <id> ... [--db <path>] [--dry-run]",
        "status": "Usage: walkthrough status [--user <name>] [--json] [--db <path>]",
        "list": "Usage: walkthrough list [<dir>] [--user <name>] [--db <path>] [--locale <tag>]",
    ]

    /// Runs `arguments` and checks that they are a usage error with exactly `message`, followed
    /// on the same line by the command's usage and the help hint, and nothing on standard
    /// output.
    private func expectUsageError(
        _ arguments: [String], _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = walkthrough(arguments, environment: Self.environment)
        let command = arguments[0]
        #expect(result.code == .usage, sourceLocation: sourceLocation)
        let stop = message.hasSuffix(".") || message.hasSuffix("?") ? "" : "."
        #expect(
            result.standardError
                == "Error: \(message)\(stop) \(Self.usageLines[command] ?? "?"); see "
                + "'walkthrough \(command) --help'.\n", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }

    // MARK: - Missing and extra words

    @Test(arguments: ["play", "seen", "mark"])
    func aWalkthroughIsRequired(command: String) {
        expectUsageError([command], "Missing expected argument '<walkthrough>'")
    }

    @Test(arguments: ["play", "seen", "mark"])
    func oneWalkthroughAtATime(command: String) {
        expectUsageError([command, "a", "b"], "Unexpected argument 'b'")
    }

    @Test func statusTakesNoArgument() {
        expectUsageError(["status", "alice"], "Unexpected argument 'alice'")
    }

    @Test func listTakesOneFolder() {
        expectUsageError(["list", "one", "two"], "Unexpected argument 'two'")
    }

    // MARK: - Unknown options, with a suggestion when one is close

    @Test(arguments: [
        (["play", "x", "--forse"], "Unknown option '--forse'. Did you mean '--force'?"),
        (["play", "x", "--restrat"], "Unknown option '--restrat'. Did you mean '--restart'?"),
        (["play", "x", "--plian"], "Unknown option '--plian'. Did you mean '--plain'?"),
        (["play", "x", "-f"], "Unknown option '-f'."),
        (["seen", "x", "--quite"], "Unknown option '--quite'. Did you mean '--quiet'?"),
        (["seen", "x", "-Q"], "Unknown option '-Q'."),
        (["mark", "x", "--skiped"], "Unknown option '--skiped'. Did you mean '--skipped'?"),
        (
            ["reset", "--user", "a", "--dry-rn"],
            "Unknown option '--dry-rn'. Did you mean '--dry-run'?"
        ),
        (["reset", "--all-user", "x"], "Unknown option '--all-user'. Did you mean '--all-users'?"),
        (["status", "--jsno"], "Unknown option '--jsno'. Did you mean '--json'?"),
        (["status", "--usr", "a"], "Unknown option '--usr'. Did you mean '--user'?"),
        (["list", "--bd", "x"], "Unknown option '--bd'. Did you mean '--db'?"),
        (["list", "--frobnicate"], "Unknown option '--frobnicate'."),
    ])
    func unknownOptionsAreRefused(arguments: [String], message: String) {
        expectUsageError(arguments, message)
    }

    // MARK: - Missing values

    @Test(arguments: ["play", "seen", "mark", "list"])
    func userAndDatabaseNeedValues(command: String) {
        let walkthrough = command == "list" ? [] : ["x"]
        expectUsageError([command] + walkthrough + ["--user"], "Missing value for '--user <name>'")
        expectUsageError([command] + walkthrough + ["--db"], "Missing value for '--db <path>'")
        expectUsageError(
            [command] + walkthrough + ["--user", "--db", "x.db"],
            "Missing value for '--user <name>'")
    }

    @Test func statusAndResetOptionsNeedValues() {
        expectUsageError(["status", "--user"], "Missing value for '--user <name>'")
        expectUsageError(["status", "--db"], "Missing value for '--db <path>'")
        expectUsageError(["reset", "--user"], "Missing value for '--user <name>'")
        expectUsageError(["reset", "--user", "a", "--db"], "Missing value for '--db <path>'")
    }

    @Test(arguments: ["play", "seen", "mark", "status", "list"])
    func anEmptyDatabasePathIsRefused(command: String) {
        let walkthrough = ["play", "seen", "mark"].contains(command) ? ["x"] : []
        expectUsageError(
            [command] + walkthrough + ["--db="],
            "Invalid value for '--db <path>': the path is empty")
    }

    @Test func flagsTakeNoValue() {
        expectUsageError(["play", "x", "--force=yes"], "The flag '--force' does not take a value.")
        expectUsageError(["seen", "x", "--quiet=1"], "The flag '--quiet' does not take a value.")
    }

    // MARK: - User names

    static let badNames: [(String, String)] = [
        ("", "the user name is empty; give 1 to 256 bytes"),
        (
            String(repeating: "a", count: 257),
            "the user name is 257 bytes long; use at most 256 bytes of UTF-8"
        ),
        (
            String(repeating: "é", count: 129),
            "the user name is 258 bytes long; use at most 256 bytes of UTF-8"
        ),
        ("ali\u{1B}ce", "the user name contains the control character U+001B; remove it"),
        ("alice\n", "the user name contains the control character U+000A; remove it"),
        ("a\u{7F}", "the user name contains the control character U+007F; remove it"),
        ("a\u{85}b", "the user name contains the control character U+0085; remove it"),
        (
            "alice\u{202E}nib",
            "the user name contains the bidirectional control U+202E, which would make it print "
                + "as another name; remove it"
        ),
    ]

    @Test(arguments: badNames)
    func aBadUserNameIsAUsageErrorInEveryCommand(name: String, problem: String) {
        let message = "Invalid value for '--user <name>': \(problem)"
        for command in ["play", "seen", "mark"] {
            expectUsageError([command, "x", "--user", name], message)
            expectUsageError([command, "x", "--user=" + name], message)
        }
        expectUsageError(["reset", "--user", name], message)
        expectUsageError(["status", "--user", name], message)
        expectUsageError(["list", "--user", name], message)
    }

    @Test func theLongestNameIsAccepted() {
        let name = String(repeating: "b", count: 256)
        let result = walkthrough(["status", "--user", name], environment: Self.environment)
        #expect(result.code == .success, "\(result.standardError)")
    }

    @Test func aBadLoginNameAsksForUser() {
        var environment = Self.environment
        environment["LOGNAME"] = "bad\u{7}name"
        let result = walkthrough(["seen", "x"], environment: environment)
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: Invalid login name: the user name contains the control character "
                    + "U+0007; remove it. Pass the user with --user <name>. Usage: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    // MARK: - reset's two forms

    @Test func resetNeedsUserOrAllUsers() {
        expectUsageError(
            ["reset"], "Say whose records to remove: '--user <name>', or '--all-users' with ids")
        expectUsageError(
            ["reset", "foodpin"],
            "Say whose records to remove: '--user <name>', or '--all-users' with ids")
    }

    @Test func resetRefusesUserAndAllUsersTogether() {
        expectUsageError(
            ["reset", "--user", "alice", "--all-users", "foodpin"],
            "Give either '--user <name>' or '--all-users', not both")
    }

    @Test func resetForAllUsersNeedsIds() {
        expectUsageError(
            ["reset", "--all-users"],
            "--all-users needs the ids of the walkthroughs to reset, for example "
                + "'walkthrough reset --all-users foodpin'")
        expectUsageError(
            ["reset", "--all-users", "--dry-run"],
            "--all-users needs the ids of the walkthroughs to reset, for example "
                + "'walkthrough reset --all-users foodpin'")
    }

    @Test(arguments: [
        ["reset", "--user", "alice"], ["reset", "--user", "alice", "a", "b"],
        ["reset", "--all-users", "a"], ["reset", "a", "--all-users", "b", "--dry-run"],
        ["reset", "--dry-run", "--user=alice"],
    ])
    func resetAcceptsBothForms(arguments: [String]) {
        // The database does not exist: a form that parses reports that nothing is removed.
        let result = walkthrough(arguments, environment: Self.environment)
        #expect(result.code == .success, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Nothing to remove: the database "))
    }

    @Test func optionsMayComeBeforeOrAfterTheWalkthrough() {
        for arguments in [
            ["seen", "-q", "missing"], ["seen", "missing", "-q"], ["seen", "--", "missing"],
        ] {
            let result = walkthrough(arguments, environment: Self.environment)
            #expect(result.code == .missingInput, "\(arguments)")
            #expect(
                result.standardError.hasPrefix("Error: missing: no such walkthrough file or id"))
        }
    }
}
