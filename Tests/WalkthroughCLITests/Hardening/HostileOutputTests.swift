import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// What the commands print when the text comes from someone else: a definition's texts, user
/// names and walkthrough ids another tool wrote to the database, file names, typed arguments.
/// Run as the built binary; standard output and standard error hold no control character but
/// newline, no C1 control, no bidi override and only valid UTF-8, and the attacks show escaped.
@Suite(.serialized)
struct HostileOutputTests {
    private func expectClean(
        _ result: ProgramResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, text) in [("stdout", result.standardOutput), ("stderr", result.standardError)] {
            let problems = HostileText.problems(inPlainOutput: Array(text.utf8))
            #expect(
                problems.isEmpty, "\(what), \(name): \(problems.prefix(5))",
                sourceLocation: sourceLocation)
        }
    }

    // MARK: - Plain mode

    @Test(arguments: [
        ("finish", "n\nn\nn\n", 0), ("skip", "n\ns\n", 0), ("quit", "n\nq\n", 0),
        ("end of input", "n\n", 0), ("typed attacks", HostileText.text("typed") + "\nq\n", 0),
    ])
    func plainModeShowsEveryAttackEscaped(ending: String, input: String, status: Int32) throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", HostileText.definition)
        let result = try sandbox.execute(["play", "evil"], input: input)
        #expect(result.status == status, "\(result.standardError)")
        expectClean(result, ending)
        for attack in HostileText.attacks {
            #expect(
                result.standardOutput.contains(attack.escaped + attack.marker), "\(attack.name)")
        }
        if ending == "typed attacks" {
            // The unknown command is quoted back, escaped and cut to a readable length.
            #expect(result.standardError.contains("unknown command \"typed\""))
        }
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func plainModeEndedByASignalStaysClean(signal: Int32, status: Int32) throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", HostileText.definition)
        let child = try sandbox.start(["play", "evil"])
        child.send("n\n")
        #expect(child.waitForOutput("2/3"), "\(child.standardOutput)")
        child.signal(signal)
        #expect(child.wait() == status)
        expectClean(
            ProgramResult(
                status: status, standardOutput: child.standardOutput,
                standardError: child.standardError), "signal \(signal)")
        #expect(child.standardError.contains("Interrupted by"))
    }

    // MARK: - Records written by another tool

    @Test func statusAndListEscapeNamesFromTheDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", HostileText.definition)
        let store = try sandbox.store()
        for attack in HostileText.attacks {
            try store.markSeen(
                user: "u" + attack.text + attack.marker, walkthrough: "w" + attack.text,
                version: 1, outcome: .completed)
            try store.saveProgress(
                user: sandbox.user, walkthrough: "w" + attack.text + attack.marker, version: 1,
                page: 0)
        }
        try store.markSeen(user: sandbox.user, walkthrough: "evil", version: 1, outcome: .skipped)
        for arguments in [["status"], ["status", "--json"], ["status", "--user", sandbox.user]] {
            let result = try sandbox.execute(arguments)
            #expect(result.status == 0)
            expectClean(result, "\(arguments)")
            #expect(result.standardOutput.contains("Mcsiclear"))
        }
        // The JSON escapes, and loses nothing.
        let json = try sandbox.execute(["status", "--json"])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
                as? [[String: Any]])
        let users = Set(records.compactMap { $0["user"] as? String })
        for attack in HostileText.attacks {
            #expect(users.contains("u" + attack.text + attack.marker), "\(attack.name)")
        }
        let list = try sandbox.execute(["list", sandbox.definitions])
        #expect(list.status == 0)
        expectClean(list, "list")
        #expect(list.standardOutput.contains("skipped"))
    }

    // MARK: - Files and definitions

    @Test func listAndValidateEscapeFileNamesTitlesKeysAndIDs() throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", HostileText.definition)
        // A file name, an id, a key and a navigation value holding the attacks: invalid, and
        // every problem quotes one of them.
        let name = "bad\u{1B}[2Jname\u{202E}.json"
        try sandbox.define(
            name,
            """
            {"id": "\(HostileText.json("id"))", "navigation": "\(HostileText.json("nav"))",
             "\(HostileText.json("key"))": 1,
             "pages": [{"id": "\(HostileText.json("page"))", "heading": "h", "content": "c",
                        "image": "/\(HostileText.json("abs"))"}]}
            """)
        let list = try sandbox.execute(["list", sandbox.definitions])
        #expect(list.status == 0)
        expectClean(list, "list")
        #expect(list.standardOutput.contains("bad^[[2Jname\\u{202E}.json"))
        #expect(list.standardOutput.contains("invalid: "))

        let files = [sandbox.definitions + "/evil.json", sandbox.definitions + "/" + name]
        for options in [[], ["--json"], ["--strict"]] {
            let result = try sandbox.execute(["validate"] + files + options)
            #expect(result.status == 65)
            expectClean(result, "validate \(options)")
        }
        let text = try sandbox.execute(["validate"] + files)
        // Warnings for every control character in the valid file, errors quoting the rest.
        #expect(text.standardError.contains("warning: "))
        #expect(text.standardError.contains("is not a valid id"))
        #expect(text.standardError.contains("unknown navigation"))
    }

    // MARK: - Typed arguments

    @Test func usageErrorsAndPathsInMessagesAreEscaped() throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let attack = HostileText.text("arg")
        let damaged = sandbox.folder.path + "/\u{1B}]0;owned\u{7}.sqlite3"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: damaged))
        let runs: [([String], Int32)] = [
            ([attack], 64),
            (["status", attack], 64),
            (["status", "--\(attack)"], 64),
            (["seen", "tour", "--user", attack], 64),
            (["play", attack], 66),
            (["validate", attack], 66),
            (["list", attack], 66),
            (["status", "--db", sandbox.folder.path + "/" + attack], 0),
            (["status", "--db", damaged], 74),
            (["mark", "tour", "--db", damaged], 74),
        ]
        for (arguments, status) in runs {
            let result = try sandbox.execute(arguments)
            #expect(result.status == status, "\(arguments.count) words: \(result.standardError)")
            expectClean(result, "a run with \(arguments.count) words")
        }
    }
}
