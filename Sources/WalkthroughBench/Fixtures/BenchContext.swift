import WalkthroughKit

/// What the suites of one run share: the options, the temporary folder and the databases built
/// in it (each size once per run).
final class BenchContext {
    /// The command line.
    let options: BenchOptions
    /// The run's temporary folder.
    let folder: BenchFolder
    /// This binary, re-run for the measurements that need a fresh process.
    let executable: String
    /// The environment of this process, for spawned ones.
    let environment: [String: String]
    private var databases: [Int: String] = [:]
    private var postgresServer: Result<BenchPostgres, BenchError>?

    init(options: BenchOptions, folder: BenchFolder, environment: [String: String]) {
        self.options = options
        self.folder = folder
        self.executable = Spawn.currentExecutable()
        self.environment = environment
    }

    /// Whether this is a `--quick` run.
    var quick: Bool { options.quick }

    /// Whether the run measures `backend`'s lines (`--backend`).
    func measures(_ backend: SeenStoreBackend) -> Bool { options.backends.contains(backend) }

    /// The path of a store holding `users` records, built on first use. Read-only use only:
    /// suites that write work on a copy (``copyOfDatabase(users:as:)``).
    func database(users: Int) throws -> String {
        if let path = databases[users] { return path }
        let path = folder.file("seen-\(users).sqlite3")
        progress("building a store of \(Format.count(users)) records")
        let elapsed = try Clock.measure {
            try SeenDatabase.build(path: path, users: users)
            try BenchFolder.flush(path)
        }
        progress("  built in \(Format.milliseconds(Double(elapsed) / 1e6))")
        databases[users] = path
        return path
    }

    /// A private copy of the store holding `users` records.
    func copyOfDatabase(users: Int, as name: String) throws -> String {
        try folder.copy(try database(users: users), to: name)
    }

    /// The PostgreSQL server of the run's PostgreSQL lines, started on first use (see
    /// ``BenchPostgres``), or why there is none: the lines are then reported unavailable with
    /// the reason.
    func postgres() -> Result<BenchPostgres, BenchError> {
        if let postgresServer { return postgresServer }
        let obtained = BenchPostgres.obtain(
            environment: environment, executable: executable, progress: progress)
        if case .failure(let reason) = obtained {
            progress("no PostgreSQL lines: \(reason)")
        }
        postgresServer = obtained
        return obtained
    }

    /// Ends the run: stops the PostgreSQL server it started (or drops its schemas on a given
    /// one). The runner calls it on every way out.
    func finish() {
        if case .success(let server) = postgresServer { server.stop() }
    }

    /// A line on standard error saying what the run is doing (the results go to standard
    /// output).
    func progress(_ message: String) {
        Console.error("walkthrough-bench: \(message)")
    }
}
