import Foundation
import WalkthroughKit

/// `embed`: what the one-call gate adds to a host tool's launch when nothing is due. The host
/// (`walkthrough-embed-host`, next to this binary) is launched as a whole process with
/// `Onboarding.presentIfNeeded` on a user who has seen the walkthrough, interleaved with the
/// same binary told to skip the call; wall time per process, medians.
enum EmbedSuite {
    static let label = "host tool launch, one-call gate (nothing due) vs none"

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let rounds = context.quick ? 21 : 101
        let host = FileSystem.folder(of: context.executable) + "/walkthrough-embed-host"
        guard access(host, X_OK) == 0 else {
            return [
                Measurement(
                    .embed, label, metric: .milliseconds, n: rounds,
                    unavailable: "no host tool at \(host); build it with swift build -c release "
                        + "--product walkthrough-embed-host")
            ]
        }
        let definition = context.folder.file("embed-tour.json")
        try Data(
            #"""
            {"id": "embed-tour", "version": 2, "title": "Tour",
             "when": {"maxShows": 3, "minInterval": "1d"},
             "pages": [{"heading": "One", "content": "First", "image": "one.png", "imageAlt": "A"},
                       {"heading": "Two", "content": "Second"},
                       {"heading": "Three", "content": "Third", "since": 2}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: definition))
        let database = context.folder.file("embed-seen.sqlite3")
        let store = try SQLiteSeenStore(path: database)
        try store.markSeen(
            user: "bench", walkthrough: "embed-tour", version: 2, outcome: .completed)
        var environment = context.environment
        environment["WALKTHROUGH_DB"] = database
        environment["LOGNAME"] = "bench"
        environment["HOME"] = context.folder.path
        for name in ["CI", "WALKTHROUGH_DISABLE", "WALKTHROUGH_PATH"] {
            environment.removeValue(forKey: name)
        }
        func launch(_ mode: String) -> Spawn {
            Spawn(executable: host, arguments: [mode, definition], environment: environment)
        }
        // The contract first: the gate shows nothing and the tool does its work.
        let checked = try launch("gate").run(capture: true)
        guard checked.status == 0, checked.standardOutput == "work done\n" else {
            return [
                Measurement(
                    .embed, label, metric: .milliseconds, n: rounds,
                    unavailable: "\(host) gate exited with \(checked.status): "
                        + "\(checked.standardOutput)\(checked.standardError)")
            ]
        }
        let wall = try Interleaved.run(rounds: rounds) { _ in
            Double(try launch("gate").run().wallNanoseconds) / 1e6
        } baseline: { _ in
            Double(try launch("none").run().wallNanoseconds) / 1e6
        }
        let ours = Summary(wall.ours)
        let baseline = Summary(wall.baseline)
        let added = ours.median - baseline.median
        return [
            Measurement(
                .embed, label, metric: .milliseconds, n: rounds, ours: ours, baseline: baseline,
                note: "added: " + Format.milliseconds(added) + " (target ≤ 1 ms)")
        ]
    }
}
