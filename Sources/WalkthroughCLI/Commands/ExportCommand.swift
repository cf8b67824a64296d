import WalkthroughKit

/// `walkthrough export [--db PATH] [--user NAME]`: every record as JSON Lines, sorted by user
/// then walkthrough; `walkthrough export FILE|ID --html DIR [--locale TAG]`: the walkthrough as
/// a web page; and `walkthrough export --client DIR`: the web client, `DIR/client.js`.
///
/// Records: one object a line, `{"user","walkthrough","version","outcome","lastPage",
/// "updatedAt"}`, the keys and values of `status --json` (`lastPage` from 1, `updatedAt` ISO
/// 8601 in UTC with milliseconds): what `walkthrough import` reads back, so that
/// `walkthrough export --db OLD.sqlite3 | walkthrough import - --db postgresql://…` moves a
/// machine's state into the fleet store. It only reads, a page of records at a time; on a
/// database that does not exist yet it prints nothing.
///
/// The web page: the positional `FILE|ID` with `--html` chooses it (`ExportCommand+HTML.swift`).
/// The web client: the same bytes `walkthrough serve` answers `GET /v1/client.js` with, for a
/// web app that serves it itself (`ExportCommand+Client.swift`).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Print every record as JSON Lines, or write a walkthrough as a web page.",
        discussion: """
            Records: one JSON object a line, sorted by user then walkthrough: {user, \
            walkthrough, version, outcome, lastPage, updatedAt}, as status --json writes them. \
            Only reads. To move a machine's records into a shared store: walkthrough export \
            --db OLD.sqlite3 | walkthrough import - --db postgresql://HOST/DB. A web page: \
            walkthrough export foodpin --html DIR writes DIR/index.html, which plays the \
            walkthrough in a browser straight from the folder, with no network, and copies its \
            images (every locale's) into DIR/images; --locale picks the language it opens in. \
            An image that cannot be copied is a warning, and the page shows its alt text. The \
            web client: walkthrough export --client DIR writes DIR/client.js, the ES module \
            walkthrough serve answers GET /v1/client.js with, for a web app to serve itself.
            """,
        arguments: [
            ArgumentSpec(
                name: "walkthrough",
                help: "With --html: a definition file, file name or id.", isOptional: true)
        ],
        options: [
            .option("user", value: "name", help: "Only this user's records (default: everyone's)."),
            StoreOptions.databaseSpec,
            .option(
                "html", value: "dir",
                help: "Write the walkthrough as a web page: DIR/index.html and DIR/images."),
            LocaleOption.spec,
            .option(
                "client", value: "dir",
                help:
                    "Write the web client, DIR/client.js (what serve answers GET /v1/client.js with)."
            ),
        ],
        usageForms: [
            "[--user <name>] [--db <path>]",
            "<walkthrough> --html <dir> [--locale <tag>]",
            "--client <dir>",
        ])

    /// What to export.
    enum Mode: Hashable {
        /// The store's records, one user's (`--user`) or everyone's.
        case records(user: String?, store: StoreOptions)
        /// The walkthrough `FILE|ID` as a web page in a folder.
        case html(walkthrough: String, folder: String, locale: LocaleOption)
        /// The web client, `client.js`, in a folder.
        case client(folder: String)
    }

    /// What to export.
    var mode: Mode

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        let walkthrough = parsed.argument("walkthrough").first
        let store = StoreOptions(parsed: parsed)
        let locale = LocaleOption(parsed: parsed)
        if let folder = parsed.value("client") {
            guard walkthrough == nil, parsed.value("html") == nil, locale.value == nil,
                store.user == nil, store.database == nil
            else {
                throw .usage(
                    "--client writes the web client alone: 'walkthrough export --client <dir>'",
                    command: name)
            }
            guard !folder.isEmpty else {
                throw .usage("--client needs a folder, for example '--client web'", command: name)
            }
            mode = .client(folder: folder)
            return
        }
        switch (walkthrough, parsed.value("html")) {
        case (nil, nil):
            guard locale.value == nil else {
                throw .usage(
                    "--locale applies to a web page: 'walkthrough export <walkthrough> --html "
                        + "<dir> --locale <tag>'", command: name)
            }
            let user = try store.user.map { (user) throws(CommandLineError) in
                try StoreOptions.validated(user, command: name)
            }
            mode = .records(user: user, store: store)
        case (let walkthrough?, nil):
            throw .usage(
                "Say where to write '\(walkthrough)' as a web page with '--html <dir>' (without "
                    + "a walkthrough, export prints the store's records)", command: name)
        case (nil, _?):
            throw .usage(
                "--html needs the walkthrough to write, for example 'walkthrough export "
                    + "foodpin --html out'", command: name)
        case (let walkthrough?, let folder?):
            guard store.user == nil, store.database == nil else {
                throw .usage(
                    "--user and --db choose records to print; a web page needs neither",
                    command: name)
            }
            guard !folder.isEmpty else {
                throw .usage("--html needs a folder, for example '--html out'", command: name)
            }
            mode = .html(walkthrough: walkthrough, folder: folder, locale: locale)
        }
    }

    func run(in context: CommandContext) throws -> ExitCode {
        switch mode {
        case .records(let user, let store):
            let path = try store.databasePath(
                environment: context.environment, command: Self.configuration.name)
            try SeenStores.openIfPresent(path, environment: context.environment)?.forEachRecord(
                user: user
            ) { record in
                context.print(RecordLines.line(for: record))
            }
            return .success
        case .html(let walkthrough, let folder, let locale):
            return try exportHTML(walkthrough, to: folder, locale: locale, context: context)
        case .client(let folder):
            return try exportClient(to: folder, context: context)
        }
    }
}
