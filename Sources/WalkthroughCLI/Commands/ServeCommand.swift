import WalkthroughKit

#if SERVER
import WalkthroughServer
#endif

/// `walkthrough serve [DIR...]`: the engine over HTTP. OpenFeature's remote evaluation
/// protocol (OFREP) answers whether a walkthrough is due for a user; the `/v1` routes give a
/// walkthrough as a user would be shown it and record their steps, as `play` records them.
///
/// Built with the `Server` package trait (libmicrohttpd); without it the command keeps its
/// help, links none of the server, and exits 69 saying how to build it.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve the walkthroughs over HTTP: OFREP evaluation, steps and records.",
        discussion: """
            Listens on 127.0.0.1:8080 by default; another address needs --tls-cert and \
            --tls-key, or --insecure-http behind a TLS proxy. Requests carry \
            'Authorization: Bearer' with a key of the keys file or a user token (an HS256 JSON \
            Web Token signed with the file's userTokens secret). Without --keys the file is \
            $XDG_STATE_HOME/walkthrough/serve-keys.json, made with fresh secrets on the first \
            start. Definitions are read again on SIGHUP and when a file of their folders \
            changes; SIGTERM or SIGINT stops the server once what is in flight is answered. \
            Needs a build with the Server trait (swift build --traits default,Server).
            """,
        arguments: [
            ArgumentSpec(
                name: "dir",
                help:
                    "Folders of definitions (default: each folder of $WALKTHROUGH_PATH, then ./walkthroughs).",
                isRepeating: true, isOptional: true)
        ],
        options: [
            .option(
                "listen", value: "host:port",
                help: "The address to listen on (default: 127.0.0.1:8080; port 0: any free one)."),
            StoreOptions.databaseSpec,
            .option(
                "keys", value: "file", help: "The keys file (default: made under $XDG_STATE_HOME)."),
            .option(
                "allow-origin", value: "origin",
                help:
                    "A web origin browsers may call from (exact, e.g. https://app.example); repeatable."
            ),
            .option("tls-cert", value: "file", help: "The TLS certificate chain (PEM)."),
            .option("tls-key", value: "file", help: "The TLS private key (PEM)."),
            .flag(
                "insecure-http",
                help: "Plain HTTP on an address other machines reach (behind a TLS proxy)."),
            .option(
                "max-connections", value: "n",
                help: "Connections served at once; more get 503 (default: 1024)."),
            .flag("json-log", help: "Log a JSON object a line."),
        ])

    #if SERVER
    /// The folders given.
    var folders: [String]
    /// `--listen`.
    var listen: ListenAddress
    /// `--db`.
    var store: StoreOptions
    /// `--keys`.
    var keys: String?
    /// `--allow-origin`, each.
    var origins: [String]
    /// `--tls-cert` and `--tls-key`.
    var tls: (certificate: String, key: String)?
    /// `--insecure-http`.
    var insecureHTTP: Bool
    /// `--max-connections`.
    var maxConnections: Int
    /// `--json-log`.
    var jsonLog: Bool

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        folders = parsed.argument("dir")
        let text = parsed.value("listen") ?? ListenAddress.loopback.description
        guard let address = ListenAddress(parsing: text) else {
            throw .usage(
                "Invalid value for '--listen <host:port>': \(ServeError.invalidAddress(text)); "
                    + "give an IP address and a port, as 127.0.0.1:8080 or [::1]:8080",
                command: name)
        }
        listen = address
        store = StoreOptions(parsed: parsed)
        keys = parsed.value("keys")
        origins = parsed.allValues("allow-origin")
        for origin in origins where !Self.isOrigin(origin) {
            throw .usage(
                "Invalid value for '--allow-origin <origin>': \(CharacterSafety.quoted(origin)) "
                    + "is not an origin; give scheme, host and port only, as https://app.example",
                command: name)
        }
        switch (parsed.value("tls-cert"), parsed.value("tls-key")) {
        case (let certificate?, let key?): tls = (certificate, key)
        case (nil, nil): tls = nil
        default:
            throw .usage(
                "\(ServeError.incompleteTLS): give both --tls-cert and --tls-key", command: name)
        }
        insecureHTTP = parsed.flag("insecure-http")
        if let limit = parsed.value("max-connections") {
            guard let number = Int(limit), (1...100_000).contains(number) else {
                throw .usage(
                    "Invalid value for '--max-connections <n>': use a whole number from 1 to 100000",
                    command: name)
            }
            maxConnections = number
        } else {
            maxConnections = 1024
        }
        jsonLog = parsed.flag("json-log")
        if !listen.isLoopback, tls == nil, !insecureHTTP {
            throw .usage(
                "\(ServeError.plainHTTPOffLoopback(address: listen.description)); give "
                    + "--tls-cert and --tls-key, or --insecure-http when a TLS proxy is in front",
                command: name)
        }
    }

    /// Whether `text` is a web origin: `http` or `https`, a host, maybe a port, nothing more.
    static func isOrigin(_ text: String) -> Bool {
        guard
            let rest = text.hasPrefix("https://")
                ? text.dropFirst(8)
                : text.hasPrefix("http://") ? text.dropFirst(7) : nil
        else { return false }
        return !rest.isEmpty && !rest.contains("/") && !rest.contains("@")
            && rest.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        try ServeLauncher(command: self, context: context).run()
    }
    #else
    /// Without the trait nothing is parsed beyond the options' names: the command cannot run.
    init(parsed: ParsedArguments) throws(CommandLineError) {}

    func run(in context: CommandContext) throws -> ExitCode {
        throw CommandLineError.failure(
            "Error: this walkthrough was built without its server; build it with "
                + "'swift build --traits default,Server' (needs libmicrohttpd: apt-get install "
                + "libmicrohttpd-dev), or run scripts/install.sh with libmicrohttpd-dev installed",
            exitCode: .unavailable)
    }
    #endif
}
