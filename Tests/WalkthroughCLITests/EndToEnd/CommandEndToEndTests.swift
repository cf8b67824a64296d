import Foundation
import Testing
import WalkthroughTestSupport

/// Every command run as the built binary, and each exit code docs/commands.md lists: 0, 1, 64,
/// 65, 66, 74.
struct CommandEndToEndTests {
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        return sandbox
    }

    private func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func seenAnswersWithItsExitStatus() throws {
        let sandbox = try sandbox()
        let before = try sandbox.execute(["seen", "foodpin"])
        #expect(before.status == 1)
        #expect(before.standardOutput == "alice has not seen FoodPin (version 1).\n")
        let mark = try sandbox.execute(["mark", "foodpin"])
        #expect(mark.status == 0)
        #expect(mark.standardOutput == "Recorded: alice completed FoodPin (version 1).\n")
        let after = try sandbox.execute(["seen", "foodpin", "-q"])
        #expect(after.status == 0)
        #expect(after.standardOutput.isEmpty && after.standardError.isEmpty)
    }

    @Test func readingCommandsCreateNothing() throws {
        let sandbox = try sandbox()
        let seen = try sandbox.execute(["seen", "foodpin", "-q"])
        #expect(seen.status == 1)
        #expect(seen.standardOutput.isEmpty && seen.standardError.isEmpty)
        let status = try sandbox.execute(["status", "--json"])
        #expect(status.status == 0)
        #expect(status.standardOutput == "[]\n")
        #expect(try sandbox.execute(["status"]).status == 0)
        #expect(try sandbox.execute(["list", "walkthroughs"]).status == 0)
        #expect(try sandbox.execute(["reset", "--user", "alice", "--dry-run"]).status == 0)
        #expect(sandbox.createdFiles.isEmpty, "\(sandbox.createdFiles)")
    }

    @Test func writingCommandsCreateAPrivateDatabase() throws {
        let sandbox = try sandbox()
        let database = sandbox.folder.path + "/new/deeper/seen.sqlite3"
        let result = try sandbox.execute(["mark", "foodpin", "--db", database])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try mode(sandbox.folder.path + "/new/deeper") == 0o700)
        #expect(try mode(sandbox.folder.path + "/new") == 0o700)
        #expect(try mode(database) == 0o600)
        #expect(try sandbox.execute(["seen", "foodpin", "--db", database]).status == 0)
    }

    @Test func resetAndListWork() throws {
        let sandbox = try sandbox()
        #expect(try sandbox.execute(["mark", "foodpin", "--user", "bob"]).status == 0)
        let list = try sandbox.execute(["list", "--user", "bob"])
        #expect(list.status == 0)
        #expect(
            list.standardOutput == """
                ID       TITLE    PAGES  VERSION  NAVIGATION  STATE FOR bob  DUE
                foodpin  FoodPin  3      1        linear      completed      no: seen

                """)
        let reset = try sandbox.execute(["reset", "--all-users", "walkthroughs/foodpin.json"])
        #expect(reset.status == 0)
        #expect(reset.standardOutput.hasPrefix("Removed 1 record:\n  bob  foodpin  completed"))
        #expect(try sandbox.execute(["seen", "foodpin", "--user", "bob", "-q"]).status == 1)
    }

    @Test func usageErrorsExit64() throws {
        let sandbox = try sandbox()
        let unknown = try sandbox.execute(["play", "foodpin", "--forse"])
        #expect(unknown.status == 64)
        #expect(
            unknown.standardError == """
                Error: Unknown option '--forse'. Did you mean '--force'? Usage: walkthrough play <walkthrough> [--user <name>] [--db <path>] [--force] [--restart] [--plain] [--all] [--locale <tag>] [--images <mode>] [--watch] [--variant <id>]; see 'walkthrough play --help'.

                """)
        let badUser = try sandbox.execute(["seen", "foodpin", "--user", ""])
        #expect(badUser.status == 64)
        #expect(
            badUser.standardError.hasPrefix(
                "Error: Invalid value for '--user <name>': the user name is empty; give 1 to 256 "
                    + "bytes. Usage: walkthrough seen "))
        #expect(badUser.standardError.split(separator: "\n").count == 1)
        #expect(try sandbox.execute(["reset", "--all-users"]).status == 64)
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func anInvalidDefinitionExits65() throws {
        let sandbox = try sandbox()
        try sandbox.define("broken.json", #"{"pages": [{"heading": 1}, {}]}"#)
        for command in ["play", "seen", "mark"] {
            let result = try sandbox.execute([command, "broken"])
            #expect(result.status == 65, "\(command)")
            #expect(
                result.standardError.split(separator: "\n").count == 4, "\(result.standardError)")
        }
        #expect(sandbox.createdFiles.isEmpty)
    }

    @Test func aMissingDefinitionExits66NamingThePlacesSearched() throws {
        let sandbox = try sandbox()
        for command in ["play", "seen", "mark"] {
            let result = try sandbox.execute(
                [command, "onboarding"], extra: ["WALKTHROUGH_PATH": "/opt/a:/opt/b"])
            #expect(result.status == 66)
            #expect(
                result.standardError
                    == "Error: onboarding: no such walkthrough file or id; looked in /opt/a, "
                    + "/opt/b, walkthroughs; give the path of a definition file, or add its folder "
                    + "to WALKTHROUGH_PATH\n")
        }
        #expect(try sandbox.execute(["list", "no-such-folder"]).status == 66)
    }

    @Test func aDatabaseOfRandomBytesExits74AndIsLeftAlone() throws {
        let sandbox = try sandbox()
        try sandbox.placeDatabase(randomBytes)
        for arguments in [
            ["seen", "foodpin"], ["mark", "foodpin"], ["play", "foodpin"], ["status"],
            ["reset", "--user", "alice"], ["list"],
        ] {
            let result = try sandbox.execute(arguments)
            #expect(result.status == 74, "\(arguments)")
            #expect(
                result.standardError
                    == "Error: \(sandbox.database) is not a walkthrough database (it is not an "
                    + "SQLite file); it was left untouched: move it away, or use another database; name "
                    + "it with --db or WALKTHROUGH_DB\n", "\(arguments)")
        }
        #expect(sandbox.databaseBytes() == randomBytes)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: (sandbox.database as NSString).deletingLastPathComponent)
        #expect(names == ["seen.sqlite3"], "no -wal, -shm or -journal left behind")
    }

    @Test func aFolderThatCannotBeCreatedExits74() throws {
        let sandbox = try sandbox()
        try sandbox.folder.write("a file where a folder should be", to: "blocker")
        let database = sandbox.folder.path + "/blocker/state/seen.sqlite3"
        for command in ["mark", "play"] {
            let result = try sandbox.execute([command, "foodpin", "--db", database])
            #expect(result.status == 74, "\(command)")
            #expect(result.standardError.hasPrefix("Error: cannot create the folder "))
            #expect(result.standardError.contains(database))
            #expect(result.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test func helpAndVersionExit0() throws {
        let sandbox = try sandbox()
        let help = try sandbox.execute(["--help"])
        #expect(help.status == 0)
        for command in ["play", "seen", "mark", "reset", "status", "list", "validate"] {
            #expect(help.standardOutput.contains("\n  \(command) "), "\(command)")
            #expect(try sandbox.execute(["help", command]).status == 0)
        }
        #expect(try sandbox.execute(["--version"]).standardOutput == "walkthrough 0.1.0\n")
    }
}
