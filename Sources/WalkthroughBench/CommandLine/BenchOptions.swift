import WalkthroughKit

/// What the command line asked for.
struct BenchOptions: Equatable, Sendable {
    /// The suites to run, in the order of ``SuiteName/allCases``; all of them when none is named.
    var suites: [SuiteName] = SuiteName.allCases
    /// Small sizes and few rounds, so that a run takes seconds (CI runs it on a debug build).
    var quick = false
    /// One JSON array on standard output instead of tables.
    var json = false
    /// The `walkthrough` binary the gate suite runs; `nil`: the one next to this binary.
    var walkthroughPath: String?
    /// The stores whose lines `store-lookup`, `store-write` and `gate` run; both by default.
    var backends: Set<SeenStoreBackend> = Set(SeenStoreBackend.allCases)

    /// The outcome of parsing: options to run with, or the help text to print.
    enum Parsed: Equatable {
        case run(BenchOptions)
        case help
    }

    /// A command line that cannot be run: exit 64 with this one-line message.
    struct UsageError: Error, Equatable {
        /// The message, without the `Error: ` prefix.
        var message: String
    }

    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``UsageError`` for an unknown suite or option, or an option missing its value.
    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var options = BenchOptions()
        var named: Set<SuiteName> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help", "help":
                return .help
            case "--quick":
                options.quick = true
            case "--json":
                options.json = true
            case "--walkthrough":
                guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                    throw UsageError(message: "Missing value for '--walkthrough <path>'")
                }
                options.walkthroughPath = arguments[index]
                index += 1
            case "--backend":
                guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                    throw UsageError(message: "Missing value for '--backend <backend>'")
                }
                options.backends = [try backend(arguments[index])]
                index += 1
            default:
                if argument.hasPrefix("--walkthrough=") {
                    options.walkthroughPath = String(argument.dropFirst("--walkthrough=".count))
                } else if argument.hasPrefix("--backend=") {
                    options.backends = [try backend(String(argument.dropFirst("--backend=".count)))]
                } else if argument.hasPrefix("-") {
                    throw UsageError(
                        message: "Unknown option '\(argument)'"
                            + hint(
                                argument,
                                in: ["--quick", "--json", "--walkthrough", "--backend", "--help"]))
                } else if let suite = SuiteName(rawValue: argument) {
                    named.insert(suite)
                } else {
                    throw UsageError(
                        message: "Unknown suite '\(argument)'"
                            + hint(argument, in: SuiteName.allCases.map(\.rawValue)))
                }
            }
        }
        if !named.isEmpty { options.suites = SuiteName.allCases.filter(named.contains) }
        return .run(options)
    }

    /// The backend `name` names: `sqlite` or `postgresql`.
    private static func backend(_ name: String) throws(UsageError) -> SeenStoreBackend {
        guard let backend = SeenStoreBackend(rawValue: name) else {
            throw UsageError(
                message: "Unknown backend '\(name)'"
                    + hint(name, in: SeenStoreBackend.allCases.map(\.rawValue)))
        }
        return backend
    }

    /// `. Did you mean 'x'?` when a candidate is close, else a pointer to the help.
    private static func hint(_ word: String, in candidates: [String]) -> String {
        if let close = Suggestion.closest(to: word, in: candidates) {
            return ". Did you mean '\(close)'? (see 'walkthrough-bench --help')"
        }
        return ". See 'walkthrough-bench --help'."
    }

    /// The text `--help` prints.
    static var help: String {
        let suites = SuiteName.allCases.map { suite in
            "    " + suite.rawValue.padding(to: 17) + suite.summary
        }
        return """
            OVERVIEW: Measures WalkthroughKit side by side with what you would otherwise use:
            the raw SQLite C API, Foundation's UserDefaults and JSONSerialization, a bare index
            and the sqlite3 command; on PostgreSQL, raw libpq and psql. Both sides run in the
            same run, alternating, for several rounds; each line gives the median, the min-max
            and the ratio ours / baseline.

            The PostgreSQL lines run on the server WALKTHROUGH_BENCH_POSTGRES_URL names (a
            superuser URL), else on a throwaway one that scripts/postgres-test-server.sh starts
            and stops; without PostgreSQL they are reported unavailable, with the reason.

            The serve suite needs a walkthrough built with the Server trait, and wrk and nginx
            (apt-get install wrk nginx); without them it is reported unavailable, with the
            reason.

            USAGE: walkthrough-bench [<suite> ...] [--quick] [--json] [--walkthrough <path>]
                                     [--backend sqlite|postgresql]

            ARGUMENTS:
              <suite>          One or more suites (default: all of them):
            \(suites.joined(separator: "\n"))

            OPTIONS:
              --quick          Small sizes and few rounds: seconds, even in a debug build.
              --json           One JSON array, an object per measurement: suite, metric, ours,
                               baseline, ratio (ours / baseline), n, min/max where measured.
              --walkthrough <path>
                               The walkthrough binary the gate, image, stats, experiment and
                               serve suites run (default for gate: .build/static/release/
                               walkthrough when there is one; else the one next to this
                               binary).
              --backend sqlite|postgresql
                               Only that store's lines of store-lookup, store-write and gate
                               (default: both).
              -h, --help       Show help information.

            For figures worth comparing:
              scripts/build-static.sh
              swift run -c release walkthrough-bench
            and for serve, a build with the trait:
              swift build -c release --traits default,Server
              .build/release/walkthrough-bench serve
            """
    }
}

extension String {
    /// The string padded with spaces on the right to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
