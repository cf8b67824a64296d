import Testing

@testable import WalkthroughCLI

/// The help of the fleet commands, pinned exactly, and the usage errors of the `db` group.
struct FleetHelpTests {
    static let exportHelp = """
        OVERVIEW: Print every record as JSON Lines, or write a walkthrough as a web
        page.

        Records: one JSON object a line, sorted by user then walkthrough: {user,
        walkthrough, version, outcome, lastPage, updatedAt}, as status --json writes
        them. Only reads. To move a machine's records into a shared store: walkthrough
        export --db OLD.sqlite3 | walkthrough import - --db postgresql://HOST/DB. A web
        page: walkthrough export foodpin --html DIR writes DIR/index.html, which plays
        the walkthrough in a browser straight from the folder, with no network, and
        copies its images (every locale's) into DIR/images; --locale picks the language
        it opens in. An image that cannot be copied is a warning, and the page shows its
        alt text. The web client: walkthrough export --client DIR writes DIR/client.js,
        the ES module walkthrough serve answers GET /v1/client.js with, for a web app to
        serve itself.

        USAGE: walkthrough export [--user <name>] [--db <path>]
               walkthrough export <walkthrough> --html <dir> [--locale <tag>]
               walkthrough export --client <dir>

        ARGUMENTS:
          <walkthrough>           With --html: a definition file, file name or id.

        OPTIONS:
          --user <name>           Only this user's records (default: everyone's).
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --html <dir>            Write the walkthrough as a web page: DIR/index.html
                                  and DIR/images.
          --locale <tag>          The language to show, a BCP 47 tag such as zh-Hant
                                  (default: from LC_ALL, LC_MESSAGES or LANG).
          --client <dir>          Write the web client, DIR/client.js (what serve
                                  answers GET /v1/client.js with).
          -h, --help              Show help information.

        """

    static let importHelp = """
        OVERVIEW: Merge records from walkthrough export into the store.

        Reads JSON Lines as walkthrough export writes them (- for standard input). A
        record replaces the stored one only if it wins: the higher version; at one
        version completed > skipped > inProgress; then the later updatedAt. All in one
        transaction: a malformed line imports nothing.

        USAGE: walkthrough import <file> [--db <path>] [--dry-run]

        ARGUMENTS:
          <file>                  The records to import, or - for standard input.

        OPTIONS:
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --dry-run               Say what would change, and change nothing.
          -h, --help              Show help information.

        """

    static let dbInfoHelp = """
        OVERVIEW: Show which seen store is used, and what it holds.

        Prints the backend (sqlite or postgresql), the location (a URL without its
        password), the schema version, how many records and users it holds, and the
        SQLite or server version. --json prints them as one object: {backend, location,
        schemaVersion, records, users, serverVersion}. Only reads: no store is created
        (a postgresql:// URL refreshes its local replica).

        USAGE: walkthrough db info [--db <path>] [--json]

        OPTIONS:
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --json                  Print a JSON object instead of lines.
          -h, --help              Show help information.

        """

    static let dbMigrateHelp = """
        OVERVIEW: Create or migrate the seen store's schema.

        Creates the database or the PostgreSQL tables when missing and brings an older
        schema up to date; exit 0 when it is up to date. --row-security (PostgreSQL)
        makes each role without BYPASSRLS see and change only the records of the user
        named like the role; the tables' owner and superusers still see everyone's.

        USAGE: walkthrough db migrate [--db <path>] [--row-security]

        OPTIONS:
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --row-security          Also let each PostgreSQL role reach only its own
                                  records.
          -h, --help              Show help information.

        """

    static let dbGrantHelp = """
        OVERVIEW: Print (or run) the grants a PostgreSQL role needs for the store.

        Prints one SQL statement a line: what an everyday role needs (every command, the
        gate and the replica's pushes: SELECT, INSERT, UPDATE and DELETE on the store's
        tables, SELECT on walkthrough_schema) for the schema this version writes.
        --admin adds BYPASSRLS, so that under row security the role sees and resets
        every user's records (stats, reset --all-users); that statement needs a
        superuser. --apply runs them in one transaction on the store (--db or
        WALKTHROUGH_DB, a postgresql:// URL), as a role that may grant (the tables'
        owner).

        USAGE: walkthrough db grant <role> [--db <path>] [--admin] [--apply]

        ARGUMENTS:
          <role>                  The PostgreSQL role to grant to.

        OPTIONS:
          --db <path>             The seen database: a file, or a postgresql:// URL
                                  (default: $WALKTHROUGH_DB, else under
                                  $XDG_STATE_HOME).
          --admin                 Grant what an administering role needs.
          --apply                 Run the statements on the store instead of printing
                                  them.
          -h, --help              Show help information.

        """

    @Test(arguments: [
        (["export"], exportHelp), (["import"], importHelp), (["db", "info"], dbInfoHelp),
        (["db", "migrate"], dbMigrateHelp), (["db", "grant"], dbGrantHelp),
    ])
    func everyFleetCommandHasItsHelpInEveryWayOfAsking(command: [String], help: String) {
        for arguments in [["help"] + command, command + ["--help"], command + ["-h"]] {
            let result = walkthrough(arguments)
            #expect(result.code == .success, "\(arguments)")
            #expect(result.standardOutput == help, "\(arguments)")
            #expect(result.standardError.isEmpty, "\(arguments)")
        }
    }

    @Test func dbWithoutASubcommandIsAUsageError() {
        let result = walkthrough(["db"])
        #expect(result.code == .usage)
        #expect(
            result.standardError
                == "Error: 'db' needs a subcommand: 'info', 'migrate' or 'grant'. Usage: "
                + "walkthrough "
                + "<subcommand>; see 'walkthrough --help'.\n")
    }

    @Test func aMisspelledDbSubcommandGetsASuggestion() {
        let result = walkthrough(["db", "inf"])
        #expect(result.code == .usage)
        #expect(
            result.standardError
                == "Error: Unknown subcommand 'db inf'. Did you mean 'db info'? Usage: "
                + "walkthrough <subcommand>; see 'walkthrough --help'.\n")
    }

    @Test func rowSecurityNeedsPostgreSQL() {
        let result = walkthrough([
            "db", "migrate", "--db", "/nonexistent/seen.sqlite3", "--row-security",
        ])
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: '--row-security' needs a PostgreSQL store"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
