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
          play                    Show a walkthrough to a user, in the terminal or as
                                  plain text.
          seen                    Tell whether a user has seen a walkthrough (exit 0) or
                                  not (exit 1).
          due                     Tell whether a walkthrough is due for a user (exit 0)
                                  or not (exit 1), and why.
          next                    Name the one walkthrough to show now among those due
                                  (exit 0), or none (1).
          mark                    Record a walkthrough as seen by a user without playing
                                  it.
          reset                   Forget that users have seen walkthroughs, so they show
                                  again.
          status                  List who has seen which walkthrough, and where
                                  unfinished ones stand.
          list                    List the walkthrough definitions in a folder and the
                                  user's state of each.
          policy                  Show the administrator's policy in force and where
                                  each key came from.
          validate                Check walkthrough definition files and list every
                                  problem.
          export                  Print every record as JSON Lines, or write a
                                  walkthrough as a web page.
          import                  Merge records from walkthrough export into the store.
          db info                 Show which seen store is used, and what it holds.
          db migrate              Create or migrate the seen store's schema.
          db grant                Print (or run) the grants a PostgreSQL role needs for
                                  the store.
          events                  Print the recorded events of sessions as JSON Lines,
                                  oldest first.
          events prune            Remove the events older than a date; the records stay.
          stats                   Show a walkthrough's funnel: who started, finished,
                                  and where they stopped.
          variant                 Print the variant of the walkthrough's experiment a
                                  user is in, or holdout.
          goal                    Record that a user reached a goal, for the
                                  walkthroughs' experiments.
          donate                  Record that a user did something, for the
                                  walkthroughs' when.events rules.
          sync                    Push this machine's writes to the fleet store and
                                  refresh its replica.
          serve                   Serve the walkthroughs over HTTP: OFREP evaluation,
                                  steps and records.
          translate export        Write a walkthrough's texts as XLIFF or PO for a
                                  translator.
          translate import        Write a translator's XLIFF or PO targets into a
                                  walkthrough definition.
          translate status        Count each locale's translated, missing and stale
                                  texts.
          help                    Show help for the tool or for one subcommand.

          See 'walkthrough help <subcommand>' for detailed help.

        """

    static let playHelp = """
        OVERVIEW: Show a walkthrough to a user, in the terminal or as plain text.

        Keys: right, l, n, space or Enter for the next page (on the last page: finish);
        left, h, p or b for the previous one; 1-9 to jump; s to skip; z for later
        (snoozed: not due until the definition's snooze, 24h by default, has passed; it
        then resumes on that page); q or Esc to quit; ? for help. A vertical walkthrough
        (layout.orientation) also moves on with down, j or Page Down and back with up, k
        or Page Up; with layout.spread a wide terminal shows two pages at a time and
        moves a spread at a time; WALKTHROUGH_REDUCED_MOTION=1 turns off the slide of
        layout.transition "scroll". Without a terminal, with --plain, or with ACCESSIBLE
        set (not empty, 0 or false), pages are printed as text and commands are read one
        a line (next, back, jump N, skip, later, quit, help); the end of input quits.
        Progress is saved on every move. A walkthrough that is not due (seen, or held
        back by its rules: see walkthrough due) is not played, and the reason is
        printed, unless --force; a user who finished an earlier version is shown only
        what's new, unless --all.

        USAGE: walkthrough play <walkthrough> [--user <name>] [--db <path>] [--force] [--restart] [--plain] [--all] [--locale <tag>] [--images <mode>] [--watch] [--variant <id>]

        ARGUMENTS:
          <walkthrough>           A definition file, file name or id.

        OPTIONS:
          --user <name>           The user to act for (default: the login name).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --force                 Play it even if the user has already seen it.
          --restart               Start on the first page instead of resuming.
          --plain                 Print plain text and read commands, even on a
                                  terminal.
          --all                   Show every page, not only what is new since the user's
                                  version.
          --locale <tag>          The language to show, a BCP 47 tag such as zh-Hant
                                  (default: from LC_ALL, LC_MESSAGES or LANG).
          --images <mode>         How to draw images: auto, kitty, sixel, iterm, symbols
                                  or none (default: WALKTHROUGH_IMAGES, else auto).
          --watch                 For authors: reload and redraw when the file is saved,
                                  show its problems on the screen, record nothing.
          --variant <id>          With --watch: show the pages this variant of the
                                  experiment shows.
          -h, --help              Show help information.

        """

    static let seenHelp = """
        OVERVIEW: Tell whether a user has seen a walkthrough (exit 0) or not (exit 1).

        Seen means completed or skipped at the definition's current version or a later
        one. Only reads: a database that does not exist yet means not seen, and no store
        is created (a postgresql:// URL refreshes its local replica). For scripts:
        walkthrough seen ID -q || walkthrough play ID

        USAGE: walkthrough seen <walkthrough> [--user <name>] [--db <path>] [--quiet]

        ARGUMENTS:
          <walkthrough>           A definition file, file name or id.

        OPTIONS:
          --user <name>           The user to act for (default: the login name).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          -q, --quiet             Print nothing; answer with the exit status only.
          -h, --help              Show help information.

        """

    static let dueHelp = """
        OVERVIEW: Tell whether a walkthrough is due for a user (exit 0) or not (exit 1),
        and why.

        Due means not seen at the current version, not snoozed, and every rule of the
        definition's "when" allows it (after, env, from/until, events, maxShows,
        minInterval); nothing is due when WALKTHROUGH_DISABLE is set (not empty, 0 or
        false) or on CI (CI is true or 1, or a CI service's variable is set), and a user
        in the holdout of the definition's experiment is shown nothing. The
        administrator's policy (/etc/walkthrough/policy.json, see 'walkthrough policy')
        may disable it, keep quiet hours, or cap the walkthroughs shown a day
        (maxPerDay, WALKTHROUGH_MAX_PER_DAY). Reasons: due, seen, notYet, expired,
        waitingFor, env, events (the donations of walkthrough donate do not meet
        when.events: names the event, its count and what was wanted), maxShows, snoozed
        (put off with z or mark --snoozed: says until when), quietPeriod, quietHours,
        budget, holdout, disabled, ci, policy. --json prints walkthrough, user, due,
        reason, detail and pages (the 1-based pages it would show). Only reads: no store
        is created (a postgresql:// URL refreshes its local replica). For scripts:
        walkthrough due ID -q && walkthrough play ID

        USAGE: walkthrough due <walkthrough> [--user <name>] [--db <path>] [--locale <tag>] [--quiet] [--json]

        ARGUMENTS:
          <walkthrough>           A definition file, file name or id.

        OPTIONS:
          --user <name>           The user to act for (default: the login name).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --locale <tag>          The language to show, a BCP 47 tag such as zh-Hant
                                  (default: from LC_ALL, LC_MESSAGES or LANG).
          -q, --quiet             Print nothing; answer with the exit status only.
          --json                  Print the decision as a JSON object.
          -h, --help              Show help information.

        """

    static let markHelp = """
        OVERVIEW: Record a walkthrough as seen by a user without playing it.

        Records the definition's current version as completed (or skipped with
        --skipped). --snoozed records it as put off instead: not seen, and not due until
        --until TIME (YYYY-MM-DD or RFC 3339), by default now plus the definition's
        snooze (24h unless it says otherwise). Creates the database and its folder when
        they do not exist.

        USAGE: walkthrough mark <walkthrough> [--user <name>] [--db <path>] [--skipped] [--snoozed] [--until <time>]

        ARGUMENTS:
          <walkthrough>           A definition file, file name or id.

        OPTIONS:
          --user <name>           The user to act for (default: the login name).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --skipped               Record it as skipped rather than completed.
          --snoozed               Record it as put off (later) rather than seen.
          --until <time>          With --snoozed: not due until TIME (default: now plus
                                  its snooze).
          -h, --help              Show help information.

        """

    static let resetHelp = """
        OVERVIEW: Forget that users have seen walkthroughs, so they show again.

        Give either --user NAME (all of that user's records, or only the ids given) or
        --all-users with one or more ids (those walkthroughs for everyone). An id may
        also be the path of a definition file. Prints each record removed.

        USAGE: walkthrough reset --user <name> [<id> ...] [--db <path>] [--dry-run]
               walkthrough reset --all-users <id> ... [--db <path>] [--dry-run]

        ARGUMENTS:
          <id>                    A walkthrough id, or the path of its definition file.

        OPTIONS:
          --user <name>           Remove this user's records.
          --all-users             Remove the records of every user for the ids given.
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --dry-run               List what would be removed, and remove nothing.
          -h, --help              Show help information.

        """

    static let statusHelp = """
        OVERVIEW: List who has seen which walkthrough, and where unfinished ones stand.

        Lists every record in the database, or only one user's with --user. --json
        prints an array of {user, walkthrough, version, outcome, lastPage, updatedAt}:
        outcome is completed, skipped, inProgress or snoozed (with snoozedUntil),
        lastPage counts from 1, updatedAt is ISO 8601 in UTC. Only reads: no store is
        created (a postgresql:// URL refreshes its local replica).

        USAGE: walkthrough status [--user <name>] [--json] [--db <path>]

        OPTIONS:
          --user <name>           Only this user's records (default: everyone's).
          --json                  Print a JSON array instead of a table.
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          -h, --help              Show help information.

        """

    static let listHelp = """
        OVERVIEW: List the walkthrough definitions in a folder and the user's state of
        each.

        The state is not seen, in progress at page N/M, completed or skipped; DUE is
        yes, or no and the reason (see 'walkthrough due'). A file that is not a valid
        definition is listed as invalid with its first problem; 'walkthrough validate
        FILE' lists them all.

        USAGE: walkthrough list [<dir>] [--user <name>] [--db <path>] [--locale <tag>]

        ARGUMENTS:
          <dir>                   The folder to list (default: ./walkthroughs).

        OPTIONS:
          --user <name>           The user to act for (default: the login name).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --locale <tag>          The language to show, a BCP 47 tag such as zh-Hant
                                  (default: from LC_ALL, LC_MESSAGES or LANG).
          -h, --help              Show help information.

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

    @Test(arguments: [
        ("play", playHelp), ("seen", seenHelp), ("due", dueHelp), ("mark", markHelp),
        ("reset", resetHelp),
        ("status", statusHelp), ("list", listHelp), ("validate", validateHelp),
    ])
    func everyCommandHasItsHelpInEveryWayOfAsking(command: String, help: String) {
        for arguments in [["help", command], [command, "--help"], [command, "-h"]] {
            let result = walkthrough(arguments)
            #expect(result.code == .success, "\(arguments)")
            #expect(result.standardOutput == help, "\(arguments)")
            #expect(result.standardError.isEmpty, "\(arguments)")
        }
    }

    @Test func helpWinsOverMissingArguments() {
        // `play --help` needs no walkthrough argument, and touches no database.
        let result = walkthrough(
            ["play", "--help"], environment: ["WALKTHROUGH_DB": "/nonexistent/x"])
        #expect(result.code == .success)
        #expect(result.standardOutput == Self.playHelp)
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
                // The name, then the padding before its abstract (`events` is not
                // `events prune`).
                $0.hasPrefix("  " + command.configuration.name + "  ")
            }
            #expect(rows.count == 1, "\(command.configuration.name)")
        }
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let result = walkthrough(["help", "valdate"])
        #expect(result.code == .usage)
        #expect(
            result.standardError == """
                Error: Unknown command 'valdate'. Did you mean 'validate'? Usage: walkthrough <subcommand>; see 'walkthrough --help'.

                """)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpTakesOneCommand() {
        let result = walkthrough(["help", "validate", "more"])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unexpected argument 'more'. Usage: "))
    }

    @Test func reportsAnUnknownCommandWithASuggestion() {
        let result = walkthrough(["valdate", "x.json"])
        #expect(result.code == .usage)
        #expect(
            result.standardError == """
                Error: Unknown command 'valdate'. Did you mean 'validate'? Usage: walkthrough <subcommand>; see 'walkthrough --help'.

                """)
    }

    @Test func reportsAnUnknownCommandWithoutASuggestion() {
        let result = walkthrough(["frobnicate"])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unknown command 'frobnicate'. Usage:"))
    }

    @Test func reportsAnUnknownRootOption() {
        let result = walkthrough(["--verison"])
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: Unknown option '--verison'. Did you mean '--version'? Usage: "))
    }

    @Test(arguments: ["help", "--help", "-h"])
    func helpOfHelpIsTheRootHelp(argument: String) {
        let result = walkthrough(["help", argument])
        #expect(result.code == .success)
        #expect(result.standardOutput == Self.rootHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test(arguments: [["--version", "extra"], ["--help", "extra"]])
    func rootFlagsTakeNoArguments(arguments: [String]) {
        let result = walkthrough(arguments)
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: Unexpected argument 'extra'. Usage: "))
        #expect(result.standardOutput.isEmpty)
    }
}
