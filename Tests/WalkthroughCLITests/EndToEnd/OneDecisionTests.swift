import Foundation
import Testing
import WalkthroughTestSupport

/// One front door: `seen`, `due`, `play`, `list` and a host's one-call gate give the same
/// answer for the same user, definition and store, the built binary and a real host process
/// each asking on its own; and once the gate's memo answers (the store has been still), the
/// answers do not change.
struct OneDecisionTests {
    /// A state of the user's world, and the answer every door must give in it.
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        /// The definition's fields beyond the pages.
        let version: Int
        let when: String?
        /// What was recorded before asking: `mark` arguments, if any.
        let mark: [String]?
        /// Extra variables.
        let extra: [String: String]
        /// `seen`'s exit status.
        let seen: Int32
        /// `due --json`'s reason.
        let reason: String
        /// The start of what the host's gate returned (it runs in a pipe: nothing is shown).
        let host: String
    }

    static let cases: [Case] = [
        Case(
            description: "nothing recorded", version: 1, when: nil, mark: nil, extra: [:],
            seen: 1, reason: "due", host: "not shown: not interactive"),
        Case(
            description: "completed", version: 1, when: nil, mark: ["mark", "tour"], extra: [:],
            seen: 0, reason: "seen", host: "already seen (completed, version 1)"),
        Case(
            description: "skipped", version: 1, when: nil, mark: ["mark", "tour", "--skipped"],
            extra: [:], seen: 0, reason: "seen", host: "already seen (skipped, version 1)"),
        Case(
            description: "completed an older version", version: 2, when: nil,
            mark: ["mark", "tour"], extra: [:], seen: 1, reason: "due",
            host: "not shown: not interactive"),
        Case(
            description: "on CI, seen", version: 1, when: nil, mark: ["mark", "tour"],
            extra: ["CI": "true"], seen: 0, reason: "ci", host: "not shown: not due: ci"),
        Case(
            description: "not yet", version: 1, when: #"{"from": "2999-01-01T00:00:00Z"}"#,
            mark: nil, extra: [:], seen: 1, reason: "notYet",
            host: "not shown: not due: notYet"),
    ]

    @Test(arguments: cases)
    func everyDoorGivesTheSameAnswer(_ state: Case) throws {
        let sandbox = try Sandbox()
        let file = try sandbox.define("tour.json", Self.tour(version: 1, when: state.when))
        if let mark = state.mark {
            let marked = try sandbox.execute(mark)
            #expect(marked.status == 0, "\(marked.standardError)")
        }
        if state.version != 1 {
            try sandbox.define("tour.json", Self.tour(version: state.version, when: state.when))
        }
        let first = try answers(sandbox, file: file, extra: state.extra)
        #expect(first.seen == state.seen, "seen: \(first)")
        #expect(first.reason == state.reason, "due: \(first)")
        #expect(first.host.hasPrefix(state.host), "host: \(first)")
        #expect(
            first.list.hasSuffix(state.reason == "due" ? "yes" : "no: " + state.reason)
                || first.list.contains(state.reason == "due" ? " yes" : state.reason),
            "list: \(first)")
        // Asked again once the store has been still long enough for the memo to answer (a
        // memo file appears only for a store that says "seen"): the same answers.
        let memo = sandbox.folder.path + "/home/.cache/walkthrough/seen-memo"
        if state.reason == "seen" {
            let remembered = waitUntil(timeout: 10, interval: 50) {
                _ = try? sandbox.execute(["seen", "tour", "-q"], extra: state.extra)
                return !((try? FileManager.default.contentsOfDirectory(atPath: memo)) ?? [])
                    .isEmpty
            }
            #expect(remembered, "no memo was written in 10 s")
        }
        let again = try answers(sandbox, file: file, extra: state.extra)
        #expect(again == first)
        // `play` last, since a walkthrough that is due starts playing: it says what `due` said.
        let play = try sandbox.execute(["play", "tour"], input: "q\n", extra: state.extra)
        #expect(play.status == 0, "\(play.standardError)")
        switch state.reason {
        case "due":
            // The whole walkthrough, or for an older version's reader what is new.
            let heading = state.version == 1 ? "Page 1" : "Page 2"
            #expect(play.standardOutput.contains(heading), "\(play.standardOutput)")
        case "seen":
            #expect(play.standardOutput.contains("has already seen"), "\(play.standardOutput)")
        default:
            #expect(
                play.standardOutput.contains("is not due for alice: \(state.reason)"),
                "\(play.standardOutput)")
        }
    }

    /// What each door says, asked in turn; none of them writes.
    struct Answers: Equatable, CustomStringConvertible {
        var seen: Int32
        var reason: String
        var host: String
        var list: String
        var description: String { "seen \(seen), due \(reason), host \(host), list \(list)" }
    }

    private func answers(
        _ sandbox: Sandbox, file: String, extra: [String: String]
    ) throws -> Answers {
        let seen = try sandbox.execute(["seen", "tour", "-q"], extra: extra)
        let due = try sandbox.execute(["due", "tour", "--json"], extra: extra)
        let object = try JSONSerialization.jsonObject(with: Data(due.standardOutput.utf8))
        let reason = (object as? [String: Any])?["reason"] as? String ?? "?"
        let host = try ChildProcess.run(
            [builtExecutable("OnboardingTestHost"), file],
            environment: sandbox.environment.merging(extra) { $1 },
            directory: sandbox.folder.path)
        let list = try sandbox.execute(["list", sandbox.definitions], extra: extra)
        let row = list.standardOutput.split(separator: "\n").first { $0.hasPrefix("tour ") }
        return Answers(
            seen: seen.status, reason: reason,
            host: host.standardOutput.replacingOccurrences(of: "result: ", with: "")
                .trimmingCharacters(in: .whitespacesAndNewlines),
            list: row.map(String.init) ?? "(no row: \(list.standardOutput))")
    }

    private static func tour(version: Int, when: String?) -> String {
        let rules = when.map { #", "when": \#($0)"# } ?? ""
        return """
            {"id": "tour", "version": \(version), "title": "Tour"\(rules),
             "pages": [{"heading": "Page 1", "content": "One."},
                       {"heading": "Page 2", "content": "Two.", "since": \(version)}]}
            """
    }
}
