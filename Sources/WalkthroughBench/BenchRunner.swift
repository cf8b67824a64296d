import Foundation

/// Runs the suites the options name and prints their results.
enum BenchRunner {
    /// Runs everything and returns the exit status: 0, or 70 when a suite failed (its error is
    /// on standard error; the suites before it are printed).
    ///
    /// The first call re-executes the process with a private `XDG_CONFIG_HOME`
    /// (``PrivateEnvironment``) and does not return; the re-executed process does the work.
    static func run(_ options: BenchOptions) -> Int32 {
        guard let path = PrivateEnvironment.adoptedFolder() else {
            Console.error("walkthrough-bench: \(PrivateEnvironment.reexecute())")
            return 70
        }
        let folder = BenchFolder(adopting: path)
        let environment = ProcessInfo.processInfo.environment

        let context = BenchContext(options: options, folder: folder, environment: environment)
        // A server the PostgreSQL lines started is stopped however the run ends (a kill: the
        // server's watchdog).
        defer { context.finish() }
        var all: [Measurement] = []
        for suite in options.suites {
            context.progress("running \(suite.rawValue)\(options.quick ? " (quick)" : "")")
            do {
                let measurements = try run(suite, context)
                all += measurements
                if !options.json {
                    print(TextReport.table(suite, measurements))
                    Console.flushOutput()
                }
            } catch {
                if options.json { print(JSONReport.render(all)) }
                Console.error("walkthrough-bench: \(suite.rawValue) failed: \(error)")
                return 70
            }
        }
        if options.json { print(JSONReport.render(all), terminator: "") }
        return 0
    }

    private static func run(_ suite: SuiteName, _ context: BenchContext) throws -> [Measurement] {
        switch suite {
        case .storeLookup: return try StoreLookupSuite.run(context)
        case .storeWrite: return try StoreWriteSuite.run(context)
        case .userDefaults: return try UserDefaultsSuite.run(context)
        case .definitionLoad: return try DefinitionLoadSuite.run(context)
        case .navigator: return try NavigatorSuite.run(context)
        case .gate: return try GateSuite.run(context)
        case .stats: return try StatsSuite.run(context)
        case .embed: return try EmbedSuite.run(context)
        case .image: return try ImageSuite.run(context)
        case .experiment: return try ExperimentSuite.run(context)
        case .serve: return try ServeSuite.run(context)
        }
    }
}
