import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// Who sees what, and when, as a user and an administrator meet it with the built binaries:
/// `next` and the gate choosing one of two definitions by priority, `maxPerDay` across two
/// tools sharing a store, the administrator's files (the system file in a mount namespace of
/// the test's own), CI services' variables and `ACCESSIBLE`.
struct PolicyEndToEndTests {
    static func define(
        _ sandbox: Sandbox, _ id: String, priority: Int = 0, pages: Int = 1,
        folder: String = "walkthroughs"
    ) throws {
        let list = (1...pages).map { "{\"heading\": \"\(id) \($0)\", \"content\": \"Text.\"}" }
        try sandbox.folder.write(
            """
            {"id": "\(id)", "title": "\(id)", "priority": \(priority),
             "pages": [\(list.joined(separator: ", "))]}
            """, to: "\(folder)/\(id).json")
    }

    /// A `TZ` whose local time is now about noon, so that a test's local day cannot end while
    /// it runs (POSIX `TZ` offsets count west of UTC).
    static var middayZone: String {
        let hour =
            Calendar(identifier: .gregorian).dateComponents(
                in: TimeZone(identifier: "UTC")!, from: Date()
            ).hour ?? 12
        let west = hour - 12
        return "ZZZ" + (west >= 0 ? "+" : "-") + String(abs(west))
    }

    static func json(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "\(text)")
    }

    // MARK: - next, and the gate given several definitions

    @Test func nextNamesTheHighestPriorityAndThenTheOther() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "welcome")
        try Self.define(sandbox, "tips", priority: 5)
        let first = try sandbox.execute(["next"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "tips\n")
        #expect(try sandbox.execute(["next", "-q"]).standardOutput.isEmpty)

        let listed = try sandbox.execute(["next", sandbox.definitions, "--json"])
        #expect(listed.status == 0)
        let json = try Self.json(listed.standardOutput)
        #expect(json["user"] as? String == "alice")
        #expect(json["next"] as? String == "tips")
        let candidates = try #require(json["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["walkthrough"] as? String } == ["tips", "welcome"])
        #expect(candidates.map { $0["priority"] as? Int } == [5, 0])
        #expect(candidates.map { $0["reason"] as? String } == ["due", "outranked"])
        #expect(candidates.map { $0["due"] as? Bool } == [true, false])
        #expect(candidates[1]["detail"] as? String == "tips is shown first: priority 5, above 0")

        // Once tips is finished, welcome comes next; once both are, none (exit 1).
        let played = try sandbox.execute(["play", "tips"], input: "next\n")
        #expect(played.status == 0, "\(played.standardError)")
        #expect(try sandbox.execute(["next"]).standardOutput == "welcome\n")
        #expect(try sandbox.execute(["mark", "welcome"]).status == 0)
        let none = try sandbox.execute(["next"])
        #expect(none.status == 1)
        #expect(none.standardOutput == "No walkthrough is due for alice (2 seen).\n")
        let noneJSON = try Self.json(try sandbox.execute(["next", "--json"]).standardOutput)
        #expect(noneJSON["next"] is NSNull)
    }

    @Test func nextLeavesOutWhatIsNotADefinitionAndRefusesAMissingFolder() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "welcome")
        try sandbox.define("broken.json", "{\"id\": ")
        let result = try sandbox.execute(["next"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "welcome\n")
        #expect(
            result.standardError.hasPrefix("warning: \(sandbox.definitions)/broken.json left out"))
        let missing = try sandbox.execute(["next", sandbox.folder.file("nowhere")])
        #expect(missing.status == 66)
        try FileManager.default.createDirectory(
            atPath: sandbox.folder.file("empty"), withIntermediateDirectories: true)
        let empty = try sandbox.execute(["next", sandbox.folder.file("empty")])
        #expect(empty.status == 1)
        #expect(empty.standardOutput == "No walkthrough is due for alice: no definitions found.\n")
    }

    /// The one-call gate given both definitions shows the one `next` names, then the other.
    @Test func theGateShowsTheOneNextNames() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "welcome")
        try Self.define(sandbox, "tips", priority: 5)
        let host = builtExecutable("OnboardingTestHost")
        let arguments = [
            host, sandbox.definitions + "/welcome.json", "--also",
            sandbox.definitions + "/tips.json", "--policy", "always", "--signals", "none",
        ]
        let first = try ChildProcess.run(
            arguments, input: "next\n", environment: sandbox.environment,
            directory: sandbox.folder.path)
        #expect(first.standardOutput.contains("tips · 1/1"), "\(first.standardOutput)")
        #expect(first.standardOutput.hasSuffix("result: completed\n"))
        let second = try ChildProcess.run(
            arguments, input: "next\n", environment: sandbox.environment,
            directory: sandbox.folder.path)
        #expect(second.standardOutput.contains("welcome · 1/1"), "\(second.standardOutput)")
        let third = try ChildProcess.run(
            arguments, environment: sandbox.environment, directory: sandbox.folder.path)
        #expect(third.standardOutput == "result: already seen (completed, version 1)\n")
    }

    // MARK: - maxPerDay across tools

    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres
        static var available: [Backend] {
            TestPostgres.unavailableReason == nil ? [.sqlite, .postgres] : [.sqlite]
        }
        var testDescription: String { rawValue }
    }

    /// Two tools, each with its own walkthrough, share one store: after the first shows its
    /// walkthrough, the second's is held back for the rest of the local day.
    @Test(arguments: Backend.available)
    func maxPerDayHoldsAcrossTwoToolsSharingAStore(backend: Backend) throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "editor", folder: "editor")
        try Self.define(sandbox, "deployer", folder: "deployer")
        var environment = sandbox.environment.merging([
            "WALKTHROUGH_MAX_PER_DAY": "1", "TZ": Self.middayZone,
        ]) { $1 }
        if backend == .postgres {
            environment["WALKTHROUGH_DB"] = try TestPostgres.shared().freshSchemaURL()
        }
        let host = builtExecutable("OnboardingTestHost")
        func tool(_ name: String) throws -> ProgramResult {
            try ChildProcess.run(
                [
                    host, sandbox.folder.file("\(name)/\(name).json"), "--policy", "always",
                    "--signals", "none",
                ],
                input: "next\n", environment: environment, directory: sandbox.folder.path)
        }
        #expect(try tool("editor").standardOutput.hasSuffix("result: completed\n"))
        let second = try tool("deployer")
        #expect(
            second.standardOutput.hasPrefix(
                "result: not shown: not due: budget (1 walkthrough was shown automatically "
                    + "today (maxPerDay 1 of WALKTHROUGH_MAX_PER_DAY); due at "),
            "\(second.standardOutput)")
        #expect(second.standardOutput.hasSuffix(", the next local midnight)\n"))

        // `due` says the same; a higher limit in the variable changes nothing once the policy
        // file sets a lower one, and forced plays are not counted.
        var due = environment
        due["WALKTHROUGH_PATH"] = sandbox.folder.file("deployer")
        let said = try ChildProcess.run(
            [walkthroughBinary, "due", "deployer", "--json"], environment: due,
            directory: sandbox.folder.path)
        #expect(said.status == 1)
        #expect(try Self.json(said.standardOutput)["reason"] as? String == "budget")
        due["WALKTHROUGH_MAX_PER_DAY"] = "2"
        let forced = try ChildProcess.run(
            [walkthroughBinary, "play", "deployer", "--force"], input: "quit\n",
            environment: due, directory: sandbox.folder.path)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(
            try ChildProcess.run(
                [walkthroughBinary, "due", "deployer", "-q"], environment: due,
                directory: sandbox.folder.path
            ).status == 0)
        try sandbox.folder.write(#"{"maxPerDay": 1}"#, to: "policy.json")
        due["WALKTHROUGH_POLICY"] = sandbox.folder.file("policy.json")
        let capped = try ChildProcess.run(
            [walkthroughBinary, "due", "deployer"], environment: due,
            directory: sandbox.folder.path)
        #expect(capped.status == 1)
        #expect(
            capped.standardOutput.contains("(maxPerDay 1 of \(sandbox.folder.file("policy.json")))")
        )
    }

    @Test func quietHoursSayWhenTheyEnd() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "tour")
        try sandbox.folder.write(#"{"quietHours": "11:00-13:00"}"#, to: "policy.json")
        let environment = [
            "WALKTHROUGH_POLICY": sandbox.folder.file("policy.json"), "TZ": Self.middayZone,
        ]
        let result = try sandbox.execute(["due", "tour"], extra: environment)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix(
                "tour is not due for alice: quietHours (within the quiet hours 11:00-13:00 "
                    + "(local time) of \(sandbox.folder.file("policy.json")); due at "),
            "\(result.standardOutput)")
        let json = try Self.json(
            try sandbox.execute(["due", "tour", "--json"], extra: environment).standardOutput)
        #expect(json["reason"] as? String == "quietHours")
    }

    // MARK: - The administrator's files

    /// A file `WALKTHROUGH_POLICY` names that cannot be parsed disables everything, naming
    /// the file and the problem.
    @Test func aBrokenPolicyFileDisablesEverything() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "tour")
        let path = try sandbox.folder.write(#"{"maxPerDay": 1,}"#, to: "policy.json")
        let extra = ["WALKTHROUGH_POLICY": path]
        let due = try sandbox.execute(["due", "tour"], extra: extra)
        #expect(due.status == 1)
        #expect(
            due.standardOutput
                == "tour is not due for alice: policy (\(path) cannot be used (not valid JSON: "
                + "JSON syntax error: expected a key in double quotes, found '}' (line 1, "
                + "column 17)): no walkthrough is shown).\n")
        #expect(try sandbox.execute(["next"], extra: extra).status == 1)
        let played = try sandbox.execute(["play", "tour"], input: "next\n", extra: extra)
        #expect(played.standardOutput.contains("policy"), "\(played.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database), "nothing recorded")
        let shown = try sandbox.execute(["policy"], extra: extra)
        #expect(shown.status == 0)
        #expect(shown.standardOutput.contains("\(path) (WALKTHROUGH_POLICY): cannot be used ("))
        #expect(shown.standardOutput.contains("disable      true   \(path)"))
    }

    /// The system file, as an administrator writes it, seen through a mount namespace of the
    /// test's own (as root; a user namespace otherwise): a folder of the test's is bind-mounted
    /// over `/etc/walkthrough` there and nowhere else. (Where `/etc/walkthrough` does not
    /// exist, the namespace first lays a throwaway overlay over `/etc` to make the mount point.)
    @Test(
        .enabled(
            if: Self.unshare != nil,
            "no unshare(1) on this machine: the mount namespace tests need util-linux"))
    func theSystemFileRulesAndTheEnvironmentCannotLoosenIt() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "tips")
        try Self.define(sandbox, "welcome")
        let system = sandbox.folder.file("etc-walkthrough")
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        try sandbox.folder.write(
            #"{"disable": ["tips"], "maxPerDay": 1, "minInterval": "24h"}"#,
            to: "etc-walkthrough/policy.json")
        let loosening = try sandbox.folder.write(
            #"{"disable": false, "maxPerDay": 100, "minInterval": "1m", "ciVariables": ["MY_CI"]}"#,
            to: "mine.json")
        let extra = ["WALKTHROUGH_POLICY": loosening]

        let held = try Self.inNamespace(sandbox, system: system, ["due", "tips"], extra: extra)
        #expect(held.status == 1, "\(held.standardError)")
        #expect(
            held.standardOutput
                == "tips is not due for alice: policy (/etc/walkthrough/policy.json disables "
                + "tips).\n")
        let welcome = try Self.inNamespace(
            sandbox, system: system, ["due", "welcome"], extra: extra)
        #expect(welcome.status == 0, "\(welcome.standardOutput)")
        // The environment's file added its ciVariables, and loosened nothing.
        let ci = try Self.inNamespace(
            sandbox, system: system, ["due", "welcome"], extra: extra.merging(["MY_CI": "1"]) { $1 }
        )
        #expect(ci.standardOutput.contains("ci (MY_CI is set (ciVariables of \(loosening))"))
        let policy = try Self.json(
            try Self.inNamespace(sandbox, system: system, ["policy", "--json"], extra: extra)
                .standardOutput)
        let maxPerDay = try #require(policy["maxPerDay"] as? [String: Any])
        #expect(maxPerDay["value"] as? Int == 1)
        #expect(maxPerDay["from"] as? String == "/etc/walkthrough/policy.json")
        let minInterval = try #require(policy["minInterval"] as? [String: Any])
        #expect(minInterval["value"] as? String == "1d")
        let files = try #require(policy["files"] as? [[String: Any]])
        #expect(files.map { $0["state"] as? String } == ["read", "read"])

        // A system file that cannot be parsed disables everything, naming itself.
        try sandbox.folder.write(#"{"disable": "#, to: "etc-walkthrough/policy.json")
        let broken = try Self.inNamespace(sandbox, system: system, ["due", "welcome"])
        #expect(broken.status == 1)
        #expect(
            broken.standardOutput.hasPrefix(
                "welcome is not due for alice: policy (/etc/walkthrough/policy.json cannot be "
                    + "used (not valid JSON: "),
            "\(broken.standardOutput)")

        // Outside the namespace, the machine's own /etc/walkthrough (none here) is untouched.
        if !FileManager.default.fileExists(atPath: "/etc/walkthrough/policy.json") {
            #expect(try sandbox.execute(["due", "tips", "-q"]).status == 0)
        }
    }

    /// `unshare(1)`, if this machine has it.
    static let unshare: String? = ["/usr/bin/unshare", "/bin/unshare"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs the built `walkthrough` with `arguments` in a new mount namespace where `system`
    /// is mounted over `/etc/walkthrough`.
    static func inNamespace(
        _ sandbox: Sandbox, system: String, _ arguments: [String], extra: [String: String] = [:]
    ) throws -> ProgramResult {
        let script = """
            set -e
            mount --make-rprivate /
            if [ ! -d /etc/walkthrough ]; then
                scratch=$(mktemp -d)
                mount -t tmpfs walkthrough-test "$scratch"
                mkdir "$scratch/upper" "$scratch/work"
                mount -t overlay walkthrough-test \
                    -o "lowerdir=/etc,upperdir=$scratch/upper,workdir=$scratch/work" /etc
                mkdir /etc/walkthrough
            fi
            mount --bind "$POLICY_FOLDER" /etc/walkthrough
            exec "$@"
            """
        let namespace =
            geteuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        var environment = sandbox.environment.merging(extra) { $1 }
        environment["POLICY_FOLDER"] = system
        environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
        return try ChildProcess.run(
            [try #require(unshare)] + namespace + [
                "/bin/sh", "-c", script, "sh", walkthroughBinary,
            ]
                + arguments,
            environment: environment, directory: sandbox.folder.path)
    }

    // MARK: - Every reason told

    /// Every reason the decision gives is explained in docs/rules.md and named in the manual
    /// (`due`'s reasons, `next`'s `outranked`).
    @Test(arguments: DueDecision.Reason.allCases.map(\.rawValue))
    func everyReasonIsExplained(reason: String) throws {
        let rules = try String(
            contentsOfFile: repositoryRoot() + "/docs/rules.md", encoding: .utf8)
        #expect(rules.contains("`\(reason)`"))
        let manual = walkthrough(["--generate-manual"]).standardOutput
        #expect(manual.contains(reason))
    }

    // MARK: - CI and ACCESSIBLE

    /// Every variable of the CI services' list, set as the service sets it, makes `due` say
    /// `ci`, naming it; `CI=false` says otherwise.
    @Test(arguments: CIVendor.all.map(\.name))
    func eachCIServiceIsCI(name: String) throws {
        let vendor = try #require(CIVendor.all.first { $0.name == name })
        let sandbox = try Sandbox()
        try Self.define(sandbox, "tour")
        var extra: [String: String] = [:]
        switch vendor.condition {
        case .set(let names): for variable in names { extra[variable] = "true" }
        case .anySet(let names): extra[names[0]] = "1"
        case .equals(let variable, let value): extra[variable] = value
        case .contains(let variable, let text): extra[variable] = text
        }
        let result = sandbox.run(["due", "tour", "--json"], extra: extra)
        #expect(result.code == .notSeen)
        let json = try Self.json(result.standardOutput)
        #expect(json["reason"] as? String == "ci")
        let detail = try #require(json["detail"] as? String)
        #expect(detail.hasSuffix("(\(vendor.name)): no walkthrough is shown on CI"), "\(detail)")
        #expect(vendor.variables.contains { detail.hasPrefix($0) }, "\(detail)")
        extra["CI"] = "false"
        #expect(sandbox.run(["due", "tour", "-q"], extra: extra).code == .success)
    }

    /// `ACCESSIBLE` on a real terminal (a tmux pane): `play` prints plain text and reads
    /// commands a line at a time, as with `--plain`; the screen never switches.
    @Test func accessiblePlaysAsPlainTextOnATerminal() throws {
        let sandbox = try Sandbox()
        try Self.define(sandbox, "tour", pages: 2)
        var environment = sandbox.environment
        environment["PATH"] = nil  // tmux's own PATH
        environment["ACCESSIBLE"] = "1"
        let command =
            "cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + [walkthroughBinary, "play", "tour"].map(TmuxSession.quoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: command, columns: 60, rows: 20, environment: environment)
        defer { tmux.kill() }
        #expect(tmux.waitFor("(commands: next or Enter"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("tour · 1/2 · tour 1"))
        #expect(try tmux.format("#{alternate_on}") == "0", "no full screen")
        try tmux.type("next")
        try tmux.sendKeys("Enter")
        #expect(tmux.waitFor("tour · 2/2 · tour 2"))
        try tmux.type("next")
        try tmux.sendKeys("Enter")
        #expect(tmux.waitForExit() == 0, "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitFor("Recorded: alice completed tour (version 1)."))
    }
}
