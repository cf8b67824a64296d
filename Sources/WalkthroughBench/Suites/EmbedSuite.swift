import Foundation
import WalkthroughKit

/// `embed`: what embedding the one-call gate costs a host tool's launch when nothing is due.
///
/// Three builds of one host tool, each doing the same work (`print`): `walkthrough-embed-host
/// gate` links WalkthroughKit and WalkthroughTerminal and calls `Onboarding.presentIfNeeded` on a
/// user who has seen the walkthrough; `walkthrough-embed-host none` links them and skips the
/// call; `walkthrough-embed-bare-host` links neither. They are launched in turn, round after
/// round, as whole processes; wall time and peak resident memory per process, medians and
/// min–max. Three lines: library and call against no library (time and memory; targets ≤ 1 ms,
/// ≤ 2 MiB) and the call alone (against the same binary without it; ≤ 0.5 ms). The call answers
/// from the gate's memo (`SeenMemo`), as every launch after the first few does once the user has
/// seen the walkthrough; a fourth line is the same call with no cache folder, so that it opens
/// the store and parses the definition (the first launch, or a host without `HOME`).
enum EmbedSuite {
    static let label = "host launch: library + gate (nothing due) vs no library"
    static let memoryLabel = "host peak memory: library + gate vs no library"
    static let callLabel = "host launch: gate call vs the same binary without it"
    static let storeLabel = "host launch: gate call without its memo vs without the call"

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let rounds = context.quick ? 21 : 101
        let folder = FileSystem.folder(of: context.executable)
        let host = folder + "/walkthrough-embed-host"
        let bare = folder + "/walkthrough-embed-bare-host"
        for binary in [host, bare] where access(binary, X_OK) != 0 {
            let product = String(binary.split(separator: "/").last ?? "")
            return [label, memoryLabel, callLabel, storeLabel].map {
                Measurement(
                    .embed, $0, metric: $0 == memoryLabel ? .mebibytes : .milliseconds, n: rounds,
                    unavailable: "no host tool at \(binary); build it with swift build -c "
                        + "release --product \(product)")
            }
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
        for name in ["CI", "WALKTHROUGH_DISABLE", "WALKTHROUGH_PATH", "XDG_CACHE_HOME"] {
            environment.removeValue(forKey: name)
        }
        // Without HOME or XDG_CACHE_HOME the gate has no memo folder: it reads the store.
        var withoutMemo = environment
        for name in ["HOME", "XDG_CACHE_HOME"] { withoutMemo.removeValue(forKey: name) }
        let launches = [
            Spawn(executable: host, arguments: ["gate", definition], environment: environment),
            Spawn(executable: host, arguments: ["none", definition], environment: environment),
            Spawn(executable: bare, arguments: [], environment: environment),
            Spawn(executable: host, arguments: ["gate", definition], environment: withoutMemo),
        ]
        // The contract first: each shows nothing and does the tool's work.
        for launch in launches {
            let checked = try launch.run(capture: true)
            guard checked.status == 0, checked.standardOutput == "work done\n" else {
                return [label, memoryLabel, callLabel, storeLabel].map {
                    Measurement(
                        .embed, $0, metric: $0 == memoryLabel ? .mebibytes : .milliseconds,
                        n: rounds,
                        unavailable: "\(launch.executable) \(launch.arguments.first ?? "") exited "
                            + "with \(checked.status): \(checked.standardOutput)"
                            + "\(checked.standardError)")
                }
            }
        }
        // The memo first: it is written once the store has been still for a moment
        // (`SeenMemo.settled`), by a launch that read the store; launch until one has.
        // (No memo folder, no memo: never another folder's files taken for one.)
        let memoFolder = SeenMemo.folder(environment: environment)
        func memoWritten() -> Bool {
            memoFolder.map { !(FileSystem.names(in: $0) ?? []).isEmpty } ?? false
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while memoFolder != nil, !memoWritten(), ContinuousClock.now < deadline {
            _ = try launches[0].run()
        }
        let memo =
            memoWritten()
            ? "the call answers from its memo"
            : "no memo was written in 10 s: every call read the store"
        // Round after round, the four in turn (after one unrecorded launch of each).
        var wall: [[Double]] = [[], [], [], []]
        for round in -1..<rounds {
            for (index, launch) in launches.enumerated() {
                let result = try launch.run()
                guard round >= 0 else { continue }
                wall[index].append(Double(result.wallNanoseconds) / 1e6)
            }
        }
        let gate = Summary(wall[0])
        let linked = Summary(wall[1])
        let floor = Summary(wall[2])
        let storeLine = Measurement(
            .embed, storeLabel, metric: .milliseconds, n: rounds, ours: Summary(wall[3]),
            baseline: linked,
            note: "added: " + Format.milliseconds(Summary(wall[3]).median - linked.median)
                + " (the first launches, and hosts without HOME)")
        let memoryRounds = context.quick ? 5 : 21
        guard let gateMemory = try peakMemory(of: launches[0], rounds: memoryRounds),
            let floorMemory = try peakMemory(of: launches[2], rounds: memoryRounds)
        else {
            return [
                Measurement(
                    .embed, label, metric: .milliseconds, n: rounds, ours: gate,
                    baseline: floor,
                    note: "added: " + Format.milliseconds(gate.median - floor.median)
                        + " (target ≤ 1 ms); \(memo)"),
                Measurement(
                    .embed, memoryLabel, metric: .mebibytes, n: memoryRounds,
                    unavailable: "no GNU time at \(gnuTime) (apt-get install time)"),
                storeLine,
            ]
        }
        return [
            Measurement(
                .embed, label, metric: .milliseconds, n: rounds, ours: gate, baseline: floor,
                note: "added: " + Format.milliseconds(gate.median - floor.median)
                    + " (target ≤ 1 ms); linking alone: "
                    + Format.milliseconds(linked.median - floor.median) + "; \(memo)"),
            Measurement(
                .embed, memoryLabel, metric: .mebibytes, n: memoryRounds, ours: gateMemory,
                baseline: floorMemory,
                note: "added: "
                    + Format.fixed(gateMemory.median - floorMemory.median, decimals: 2) + " MiB"
                    + " (target ≤ 2 MiB)"),
            Measurement(
                .embed, callLabel, metric: .milliseconds, n: rounds, ours: gate,
                baseline: linked,
                note: "added: " + Format.milliseconds(gate.median - linked.median)
                    + " (target ≤ 0.5 ms)"),
            storeLine,
        ]
    }

    /// GNU time, which reports a child's peak resident set (`%M`, KiB).
    static let gnuTime = "/usr/bin/time"

    /// The peak resident set of `launch`, in MiB, over `rounds` runs under GNU time; `nil`
    /// without GNU time.
    ///
    /// Not `wait4`'s own figure: a child started from this process inherits its resident set at
    /// `posix_spawn` as its high-water mark, so every host would read as large as the benchmark.
    /// GNU time, a small process, starts the host itself.
    private static func peakMemory(of launch: Spawn, rounds: Int) throws -> Summary? {
        guard access(gnuTime, X_OK) == 0 else { return nil }
        let timed = Spawn(
            executable: gnuTime, arguments: ["-f", "%M", launch.executable] + launch.arguments,
            environment: launch.environment)
        var values: [Double] = []
        for _ in 0..<rounds {
            let result = try timed.run(capture: true)
            let last = result.standardError.split(separator: "\n").last.map(String.init) ?? ""
            guard result.status == 0, let kibibytes = Double(last) else {
                throw BenchError("\(gnuTime) \(launch.executable) gave \(result.standardError)")
            }
            values.append(kibibytes / 1024)
        }
        return Summary(values)
    }
}
