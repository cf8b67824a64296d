import Foundation
import WalkthroughKit

/// `embed`: what embedding the one-call gate costs a host tool's launch when nothing is due.
///
/// Three host tools (``hosts``), each built twice, doing the same work (`print`): the README's
/// recipe, the definition in the host's SwiftPM resources (whose generated accessor loads
/// Foundation in both builds); a host that imports FoundationEssentials and uses it, as
/// swift-argument-parser tools do; and a host that loads no Foundation, the definition named by
/// path. Each host's library build is launched with `gate` (`Onboarding.presentIfNeeded` on a
/// user who has seen the walkthrough) and `none` (the same binary, without the call); its bare
/// build links no library. All of them are launched in turn, round after round (in an order
/// shuffled each round), as whole processes; wall time and peak resident memory per process,
/// medians and min–max.
///
/// Per host, library and call against the same host without the library, in time and memory
/// (targets ≤ 1 ms, ≤ 2 MiB); then, on the README's recipe, the call alone against the same
/// binary without it (≤ 0.5 ms). The call answers from the gate's memo (`SeenMemo`), as every
/// launch after the first few does once the user has seen the walkthrough; the last line is the
/// recipe's call with no cache folder, so that it opens the store and parses the definition
/// (the first launch, or a host without `HOME`).
enum EmbedSuite {
    /// The call alone, on the README's recipe.
    static let callLabel =
        "host launch, README recipe: gate call vs the same binary without it"
    /// The call without its memo, on the README's recipe.
    static let storeLabel =
        "host launch, README recipe: gate call without its memo vs without the call"

    /// The definition every host asks about: the resource hosts carry the same bytes
    /// (`Sources/EmbedResourceHost/walkthroughs/embed-tour.json`). It has a `when`, a `since` and
    /// an image, so its rules are loaded and checked.
    static let definition = #"""
        {"id": "embed-tour", "version": 2, "title": "Tour",
         "when": {"maxShows": 3, "minInterval": "1d"},
         "pages": [{"heading": "One", "content": "First", "image": "one.png", "imageAlt": "A"},
                   {"heading": "Two", "content": "Second"},
                   {"heading": "Three", "content": "Third", "since": 2}]}

        """#

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let rounds = context.quick ? 21 : 101
        let memoryRounds = context.quick ? 5 : 21
        let definition = context.folder.file("embed-tour.json")
        try Data(Self.definition.utf8).write(to: URL(fileURLWithPath: definition))
        let database = context.folder.file("embed-seen.sqlite3")
        let store = try SQLiteSeenStore(path: database)
        try store.markSeen(
            user: "bench", walkthrough: "embed-tour", version: 2, outcome: .completed)
        var environment = context.environment
        environment["WALKTHROUGH_DB"] = database
        environment["LOGNAME"] = "bench"
        for name in ["CI", "WALKTHROUGH_DISABLE", "WALKTHROUGH_PATH", "XDG_CACHE_HOME"] {
            environment.removeValue(forKey: name)
        }
        // Each host its own HOME, so its own memo folder: its note says whether its calls
        // answered from a memo.
        let binaries = FileSystem.folder(of: context.executable)
        var setups: [Setup] = []
        for (index, host) in hosts.enumerated() {
            var hostEnvironment = environment
            hostEnvironment["HOME"] = try context.folder.folder("embed-home-\(index)")
            setups.append(
                try prepare(
                    host, in: binaries, definition: definition, environment: hostEnvironment))
        }
        let ready = setups.compactMap(\.prepared)
        // Without HOME or XDG_CACHE_HOME the gate has no memo folder: it reads the store.
        let withoutMemo = ready.first { $0.host.product == recipe.product }.map { recipe in
            var launch = recipe.gate
            launch.environment.removeValue(forKey: "HOME")
            return launch
        }
        let launches =
            ready.flatMap { [$0.gate, $0.none, $0.bare] } + [withoutMemo].compactMap { $0 }
        let wall = try wallTimes(of: launches, rounds: rounds)
        let memory = try peakMemory(of: ready.flatMap { [$0.gate, $0.bare] }, rounds: memoryRounds)

        var lines: [Measurement] = []
        var readyIndex = 0
        for (host, setup) in zip(hosts, setups) {
            guard let prepared = setup.prepared else {
                let reason = setup.reason ?? ""
                lines += [
                    Measurement(
                        .embed, host.timeLabel, metric: .milliseconds, n: rounds,
                        unavailable: reason),
                    Measurement(
                        .embed, host.memoryLabel, metric: .mebibytes, n: memoryRounds,
                        unavailable: reason),
                ]
                continue
            }
            let gate = Summary(wall[3 * readyIndex])
            let linked = Summary(wall[3 * readyIndex + 1])
            let floor = Summary(wall[3 * readyIndex + 2])
            lines.append(
                Measurement(
                    .embed, host.timeLabel, metric: .milliseconds, n: rounds, ours: gate,
                    baseline: floor,
                    note: "\(host.title): added "
                        + Format.milliseconds(gate.median - floor.median)
                        + " (target ≤ 1 ms); linking alone: "
                        + Format.milliseconds(linked.median - floor.median)
                        + "; \(prepared.memo)"))
            if let memory {
                let ours = memory[2 * readyIndex]
                let baseline = memory[2 * readyIndex + 1]
                lines.append(
                    Measurement(
                        .embed, host.memoryLabel, metric: .mebibytes, n: memoryRounds,
                        ours: ours, baseline: baseline,
                        note: "\(host.title): added "
                            + Format.fixed(ours.median - baseline.median, decimals: 2)
                            + " MiB (target ≤ 2 MiB)"))
            } else {
                lines.append(
                    Measurement(
                        .embed, host.memoryLabel, metric: .mebibytes, n: memoryRounds,
                        unavailable: "no GNU time at \(gnuTime) (apt-get install time)"))
            }
            readyIndex += 1
        }
        lines += recipeCallLines(setups[0], wall: wall, rounds: rounds)
        return lines
    }

    /// The call alone and the call without its memo, on the README's recipe (the first host,
    /// whose launches come first).
    private static func recipeCallLines(
        _ setup: Setup, wall: [[Double]], rounds: Int
    ) -> [Measurement] {
        guard setup.prepared != nil else {
            return [callLabel, storeLabel].map {
                Measurement(
                    .embed, $0, metric: .milliseconds, n: rounds, unavailable: setup.reason ?? "")
            }
        }
        let gate = Summary(wall[0])
        let linked = Summary(wall[1])
        let store = Summary(wall[wall.count - 1])
        return [
            Measurement(
                .embed, callLabel, metric: .milliseconds, n: rounds, ours: gate, baseline: linked,
                note: "the call alone: added " + Format.milliseconds(gate.median - linked.median)
                    + " (target ≤ 0.5 ms)"),
            Measurement(
                .embed, storeLabel, metric: .milliseconds, n: rounds, ours: store,
                baseline: linked,
                note: "without its memo: added "
                    + Format.milliseconds(store.median - linked.median)
                    + " (the first launches, and hosts without HOME)"),
        ]
    }

    /// Each launch's wall times in milliseconds, `rounds` of them: every round launches each
    /// once, in an order shuffled each round (seeded), so that no launch always follows the
    /// same one, after one unrecorded launch of each.
    private static func wallTimes(of launches: [Spawn], rounds: Int) throws -> [[Double]] {
        var wall = [[Double]](repeating: [], count: launches.count)
        var random = SplitMix64(seed: 0xE3BE_D000)
        for round in -1..<rounds {
            for index in launches.indices.shuffled(using: &random) {
                let result = try launches[index].run()
                guard round >= 0 else { continue }
                wall[index].append(Double(result.wallNanoseconds) / 1e6)
            }
        }
        return wall
    }

    /// GNU time, which reports a child's peak resident set (`%M`, KiB).
    static let gnuTime = "/usr/bin/time"

    /// The peak resident set of each launch, in MiB, over `rounds` rounds under GNU time, each
    /// round launching each once; `nil` without GNU time.
    ///
    /// Not `wait4`'s own figure: a child started from this process inherits its resident set at
    /// `posix_spawn` as its high-water mark, so every host would read as large as the benchmark.
    /// GNU time, a small process, starts the host itself.
    private static func peakMemory(of launches: [Spawn], rounds: Int) throws -> [Summary]? {
        guard access(gnuTime, X_OK) == 0 else { return nil }
        guard !launches.isEmpty else { return [] }
        var values = [[Double]](repeating: [], count: launches.count)
        for _ in 0..<rounds {
            for (index, launch) in launches.enumerated() {
                let timed = Spawn(
                    executable: gnuTime,
                    arguments: ["-f", "%M", launch.executable] + launch.arguments,
                    environment: launch.environment)
                let result = try timed.run(capture: true)
                let last = result.standardError.split(separator: "\n").last.map(String.init) ?? ""
                guard result.status == 0, let kibibytes = Double(last) else {
                    throw BenchError("\(gnuTime) \(launch.executable) gave \(result.standardError)")
                }
                values[index].append(kibibytes / 1024)
            }
        }
        return values.map(Summary.init)
    }
}
