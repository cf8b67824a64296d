#if SERVER
import WalkthroughKit
import WalkthroughServer

/// What `walkthrough serve` sets up before it serves: the folders, the store, the keys, TLS,
/// and the application over them.
struct ServeLauncher {
    /// The command as parsed.
    var command: ServeCommand
    /// Where it prints and what environment it reads.
    var context: CommandContext

    /// Serves until SIGTERM or SIGINT.
    func run() throws -> ExitCode {
        // Before the first database is opened: see SQLiteProcessSettings.
        SQLiteProcessSettings.allocatePagesAsNeeded()
        let name = ServeCommand.configuration.name
        let environment = context.environment
        let folders =
            command.folders.isEmpty
            ? DefinitionResolver.searchPath(environment: environment)
                .filter { FileSystem.kind(of: $0) == .directory }
            : command.folders
        for folder in command.folders where FileSystem.kind(of: folder) != .directory {
            throw CommandLineError.failure(
                "Error: \(folder): no such folder; give folders of walkthrough definitions",
                exitCode: .missingInput)
        }
        let catalog = DefinitionCatalog(folders: folders)
        guard !catalog.snapshot.ids.isEmpty else {
            throw CommandLineError.failure(
                "Error: \(ServeError.noDefinitions(folders: folders.isEmpty ? ["./walkthroughs"] : folders)); "
                    + "give the folders that hold them (walkthrough serve DIR), or set WALKTHROUGH_PATH",
                exitCode: .missingInput)
        }
        // On a fleet URL the server talks to PostgreSQL directly: it is the one machine
        // every client reaches, and answers must not wait on a replica's refresh.
        var storeEnvironment = environment
        storeEnvironment["WALKTHROUGH_REPLICA"] = "off"
        let path = try command.store.databasePath(environment: environment, command: name)
        var settings = HTTPDaemon.Settings(address: command.listen)
        settings.maxConnections = command.maxConnections
        if let tls = command.tls {
            settings.tls = (
                try ServeKeysSetup.readPEM(tls.certificate), try ServeKeysSetup.readPEM(tls.key)
            )
        }
        // A connection of its own for the steps' commits, and one for each of the daemon's
        // threads to read from.
        var connections: [any EventRecordingStore] = []
        for _ in 0..<(1 + settings.threads) {
            let opened = try SeenStores.open(path, environment: storeEnvironment)
            guard let store = SeenStoreCapabilities.eventRecording(opened) else {
                throw CommandLineError.failure(
                    "Error: the store at \(path) keeps no events", exitCode: .ioError)
            }
            connections.append(store)
        }
        // Before the first thread (HeldReads makes one): every thread then leaves SIGHUP,
        // SIGTERM and SIGINT to the main thread's sigwait. Not earlier, so that Ctrl-C still
        // ends a start that waits on the store.
        ServeRuntime.takeSignals()
        // On SQLite, each connection keeps its read transaction for the requests that follow,
        // up to a millisecond (HeldReads, and its thread, made for SQLite only).
        var heldReads: HeldReads?
        defer { heldReads?.stop() }
        for case let sqlite as SQLiteSeenStore in connections {
            let reads = heldReads ?? HeldReads()
            heldReads = reads
            sqlite.holdReads(in: reads)
        }
        let log = RequestLog(json: command.jsonLog)
        let keys = try ServeKeysSetup.load(command.keys, environment: environment, log: log)
        for problem in catalog.snapshot.problems {
            log.note("\(problem.file): \(problem.message)")
        }
        let application = ServeApplication(
            catalog: catalog, stores: StorePool(Array(connections.dropFirst())),
            committing: connections[0],
            authenticate: keys.authenticate, rateLimit: keys.rateLimit,
            allowedOrigins: Set(command.origins),
            quiet: QuietSwitch.serverReason(environment: environment),
            recordsEvents: EventRecording.isEnabled(environment: environment))
        HTTPDaemon.mapConnectionBuffersApart(settings)
        do {
            try ServeRuntime.run(application, settings: settings, log: log) { url in
                log.note(
                    "listening on \(url): \(catalog.snapshot.ids.count) walkthroughs from "
                        + folders.joined(separator: ", ") + ", store \(FleetURL.displayed(path))")
            }
        } catch {
            throw CommandLineError.failure(
                "Error: \(error); choose another --listen address or port",
                exitCode: .unavailable)
        }
        return .success
    }
}
#endif
