import Foundation
import WalkthroughKit

/// `serve`: `walkthrough serve` under load from wrk (64 keep-alive connections, users drawn at
/// random from a 100,000-user store), side by side with what it is judged against:
///
/// - a single evaluation (`POST /ofrep/v1/evaluate/flags/bench`) against nginx serving the same
///   body as a static file (2 workers, loopback), requests per second and p99 latency;
/// - a bulk evaluation of 10 walkthroughs (`POST /ofrep/v1/evaluate/flags`) against nginx
///   serving that body;
/// - durable steps (`POST /v1/users/U/walkthroughs/bench/steps`, a new UUID each) on SQLite
///   against the raw C API's one-at-a-time durable write in the same journal mode
///   (`StoreWriteSuite`'s ``RawUpserts``);
/// - the resident memory of 1,000 idle keep-alive connections (each sent one request), against
///   nginx holding as many (`ServeSuite+Idle.swift`), on the server as started and again after
///   the load.
///
/// The binary is `--walkthrough`'s, else the `walkthrough` next to this benchmark; one built
/// without the `Server` trait makes the suite one unavailable line saying how to build it.
enum ServeSuite {
    /// What every line of a run shares: the tools, the fixture, both servers.
    struct Setup {
        var context: BenchContext
        var fixture: ServeFixture
        var wrk: Wrk
        var server: ServeProcess
        var nginx: NginxProcess
        /// Seconds of load per round, and for the warm-up.
        var seconds: Int
        var warmUpSeconds: Int
        var rounds: Int
        /// The binary measured, for the notes.
        var binary: String
    }

    /// The paths nginx serves the bodies at.
    static let singleFile = "single.json"
    static let bulkFile = "bulk.json"

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let users = context.quick ? 10_000 : 100_000
        let path = context.environment["PATH"] ?? "/usr/bin:/bin"
        guard let wrk = Spawn.find("wrk", path: path) else {
            return [unavailable("wrk is not installed (apt-get install wrk)")]
        }
        guard let nginx = Spawn.find("nginx", path: path + ":/usr/sbin:/sbin") else {
            return [unavailable("nginx is not installed (apt-get install nginx)")]
        }
        let binary =
            context.options.walkthroughPath
            ?? (FileSystem.folder(of: context.executable) + "/walkthrough")
        raiseDescriptorLimit()
        let fixture = try ServeFixture(context, users: users)

        let database = fixture.folder + "/served.sqlite3"
        try FileManager.default.copyItem(atPath: fixture.store, toPath: database)
        try BenchFolder.flush(database)
        let server: ServeProcess
        do {
            server = try ServeProcess(
                binary: binary, folder: fixture.definitions, database: database,
                keys: fixture.keys, log: fixture.folder + "/serve.log",
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": fixture.folder,
                    "XDG_STATE_HOME": fixture.folder + "/state", "LANG": "C.UTF-8",
                ])
        } catch let failure as ServeProcess.Unavailable {
            return [unavailable(failure.reason)]
        }
        defer { server.stop() }
        context.progress("walkthrough serve (\(binary)) on 127.0.0.1:\(server.port)")

        // The bodies nginx serves are the server's own answers, byte for byte (a user with no
        // record of `bench`: due).
        let probe = try LoopbackHTTP(port: server.port)
        let user = SeenDatabase.user(1)
        let single = try probe.exchange(
            "POST", "/ofrep/v1/evaluate/flags/\(ServeFixture.walkthrough)",
            headers: fixture.headers, body: ServeFixture.context(user: user))
        let bulk = try probe.exchange(
            "POST", "/ofrep/v1/evaluate/flags", headers: fixture.headers,
            body: ServeFixture.context(user: user))
        probe.close()
        for (name, response) in [("single", single), ("bulk", bulk)] where response.status != 200 {
            throw BenchError(
                "walkthrough serve answered the \(name) evaluation with \(response.status): "
                    + response.text.prefix(300))
        }
        let baseline = try NginxProcess(
            executable: nginx, folder: try context.folder.folder("serve/nginx"),
            files: [singleFile: single.body, bulkFile: bulk.body])
        defer { baseline.stop() }
        context.progress("nginx (\(nginx), 2 workers) on 127.0.0.1:\(baseline.port)")

        let setup = Setup(
            context: context, fixture: fixture, wrk: Wrk(executable: wrk), server: server,
            nginx: baseline, seconds: context.quick ? 1 : 10,
            warmUpSeconds: context.quick ? 1 : 3, rounds: context.quick ? 1 : 5, binary: binary)
        // Idle connections on the server as started, before any load; again after it.
        let idleFresh = try idleLine(setup, stage: "the server as started")
        var measurements: [Measurement] = []
        measurements += try evaluationLines(
            setup, name: "single evaluation",
            path: "/ofrep/v1/evaluate/flags/\(ServeFixture.walkthrough)", file: singleFile,
            bytes: single.body.count, target: "≥ 0.5× nginx's requests/s, p99 ≤ 10 ms",
            latencyNote: environmentNote(setup))
        measurements += try evaluationLines(
            setup, name: "bulk evaluation (\(ServeFixture.ids.count) walkthroughs)",
            path: "/ofrep/v1/evaluate/flags", file: bulkFile, bytes: bulk.body.count,
            target: "≥ 0.3× nginx's requests/s")
        measurements.append(try stepsLine(setup))
        measurements.append(idleFresh)
        measurements.append(try idleLine(setup, stage: "after the load above"))
        return measurements
    }

    /// Requests per second and p99 latency of an evaluation against nginx serving its body.
    private static func evaluationLines(
        _ setup: Setup, name: String, path: String, file: String, bytes: Int, target: String,
        latencyNote: String? = nil
    ) throws -> [Measurement] {
        let ours = try script(setup, "\(file).ours.lua", .evaluation(path: path))
        let theirs = try script(setup, "\(file).nginx.lua", .staticFile(path: "/" + file))
        var latency = (ours: [Double](), baseline: [Double]())
        // Processor time per request, all threads or processes, in microseconds.
        var cost = (ours: [Double](), baseline: [Double]())
        let serverPID = setup.server.process.pid
        setup.context.progress("\(name): \(setup.rounds) rounds of \(setup.seconds) s each side")
        let result = try Interleaved.run(rounds: setup.rounds) { round in
            let before = PeakMemory.processorSeconds(process: serverPID) ?? 0
            let run = try load(setup, ours, port: setup.server.port, round: round, what: name)
            let used = (PeakMemory.processorSeconds(process: serverPID) ?? 0) - before
            if round >= 0 {
                latency.ours.append(run.p99Milliseconds)
                cost.ours.append(used * 1e6 / Double(run.requests))
            }
            return run.requestsPerSecond
        } baseline: { round in
            let before = setup.nginx.processorSeconds()
            let run = try load(
                setup, theirs, port: setup.nginx.port, round: round, what: "nginx's \(file)")
            let used = setup.nginx.processorSeconds() - before
            if round >= 0 {
                latency.baseline.append(run.p99Milliseconds)
                cost.baseline.append(used * 1e6 / Double(run.requests))
            }
            return run.requestsPerSecond
        }
        let perRequest = (ours: Summary(cost.ours), baseline: Summary(cost.baseline))
        let users = Format.count(setup.fixture.users)
        return [
            Measurement(
                .serve,
                "\(name), \(setup.wrk.connections) connections: serve vs nginx static file",
                metric: .requestsPerSecond, n: setup.fixture.users,
                ours: Summary(result.ours), baseline: Summary(result.baseline),
                note:
                    "\(name): POST \(path) for users drawn from \(users), a \(bytes)-byte "
                    + "answer; nginx: GET of the same bytes as a static file, the same headers; "
                    + "processor time per request (user + system, every thread): serve "
                    + "\(Format.value(perRequest.ours.median)) µs, nginx "
                    + "\(Format.value(perRequest.baseline.median)) µs; target \(target)"),
            Measurement(
                .serve, "\(name) p99 latency: serve vs nginx static file",
                metric: .milliseconds, n: setup.fixture.users,
                ours: Summary(latency.ours), baseline: Summary(latency.baseline),
                note: latencyNote),
        ]
    }

    /// Runs one round of wrk with `script` against the port: its result, checked.
    ///
    /// - Throws: ``BenchError`` when a request failed (a benchmark of errors says nothing).
    static func load(
        _ setup: Setup, _ script: String, port: UInt16, round: Int, what: String
    ) throws -> Wrk.Result {
        let result = try setup.wrk.run(
            url: "http://127.0.0.1:\(port)", script: script,
            seconds: round < 0 ? setup.warmUpSeconds : setup.seconds, round: round + 1)
        guard result.allAnswered, result.requests > 0 else {
            let log =
                FileManager.default.contents(atPath: setup.server.log).map {
                    String(decoding: $0.suffix(600), as: UTF8.self)
                } ?? ""
            throw BenchError(
                "\(what): \(result.requests) requests with errors (\(result.errorSummary)); "
                    + "the server's log ends: \(log)")
        }
        return result
    }

    /// Writes the Lua script for `load` into the suite's folder and returns its path.
    static func script(_ setup: Setup, _ name: String, _ load: WrkScript.Load) throws -> String {
        let path = setup.fixture.folder + "/" + name
        try Data(
            WrkScript.text(load, secret: setup.fixture.secret, users: setup.fixture.users).utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The note every line shares: the binary, the load, where it runs.
    static func environmentNote(_ setup: Setup) -> String {
        "serve: \(setup.binary), its request log to a file; nginx: 2 workers, its access log "
            + "to a file; wrk -t\(setup.wrk.threads) -c\(setup.wrk.connections) "
            + "-d\(setup.seconds)s, \(setup.rounds) rounds, on the same "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores as the servers (loopback)"
    }

    /// The suite as one line that could not be measured.
    static func unavailable(_ reason: String) -> Measurement {
        Measurement(
            .serve, "walkthrough serve vs nginx and raw C", metric: .requestsPerSecond, n: 0,
            unavailable: reason)
    }

    /// Raises this process's limit of open files to its hard limit: 1,000 connections and
    /// the servers' (which inherit it) need more than the usual 1,024.
    private static func raiseDescriptorLimit() {
        // Glibc imports `RLIMIT_NOFILE` as an enum case.
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(resource, &limit)
    }
}
