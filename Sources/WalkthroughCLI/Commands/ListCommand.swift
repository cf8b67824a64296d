import FoundationEssentials
@preconcurrency import Glibc
import WalkthroughKit

/// `walkthrough list [DIR] [--user NAME] [--db PATH]`: the definitions in a folder and where the
/// user stands with each.
///
/// One row per `.json` file of DIR (default `./walkthroughs`), in file-name order: id, title,
/// pages, version, navigation, and the user's state: `not seen`, `in progress at page N/M`,
/// `completed` or `skipped` (a record of an older version shows as not seen, with what it was),
/// and whether it is due (`yes`, or `no: ` and the reason, as `walkthrough due` decides).
/// A file that is not a valid definition is listed by its file name as `invalid: ` and its first
/// problem; `walkthrough validate` lists them all. A JSON Schema (`schema.json`) is left out.
/// It only reads the database, and creates nothing.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list",
        abstract: "List the walkthrough definitions in a folder and the user's state of each.",
        discussion: """
            The state is not seen, in progress at page N/M, completed or skipped; DUE is yes, \
            or no and the reason (see 'walkthrough due'). A file that \
            is not a valid definition is listed as invalid with its first problem; 'walkthrough \
            validate FILE' lists them all.
            """,
        arguments: [
            ArgumentSpec(
                name: "dir", help: "The folder to list (default: ./walkthroughs).",
                isOptional: true)
        ],
        options: StoreOptions.specs + [LocaleOption.spec])

    /// The folder listed.
    var folder: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `--locale`: the language of the titles.
    var locale: LocaleOption

    init(parsed: ParsedArguments) {
        folder = parsed.argument("dir").first ?? DefinitionResolver.defaultFolder
        store = StoreOptions(parsed: parsed)
        locale = LocaleOption(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let gate = try store.gate(environment: context.environment, command: name)
        let shownLocale = try locale.tag(environment: context.environment, command: name)
        // Loaded as the gate loads them: the format's rules, no image read.
        let reports = try Self.definitionFiles(in: folder).map { file in
            (
                file,
                DefinitionLoader.validate(
                    contentsOf: FileSystem.joined(folder, file), images: .pathsOnly)
            )
        }.filter { !$0.1.isJSONSchema }
        guard !reports.isEmpty else {
            context.print("No walkthrough definitions (.json files) in \(folder).")
            return .success
        }
        // The gate's one decision for each, with one store open; localized to be told.
        let (user, decisions) = try gate.due(of: reports.compactMap { $0.1.walkthrough })
        let words = CommandWords(locale: shownLocale)
        var table = Table(header: words.listHeader(user: user))
        var answers = decisions.makeIterator()
        for (file, report) in reports {
            guard let loaded = report.walkthrough, let decision = answers.next() else {
                let problem = report.errors.first?.description ?? "not a walkthrough definition"
                table.rows.append([file, "-", "-", "-", "-", "invalid: " + problem, "-"])
                continue
            }
            let walkthrough = loaded.localized(for: shownLocale)
            let record = decision.record
            table.rows.append([
                walkthrough.id, walkthrough.title.flatMap { $0.isEmpty ? nil : $0 } ?? "-",
                String(walkthrough.pages.count),
                String(walkthrough.version), walkthrough.navigation.rawValue,
                Self.state(of: record, for: walkthrough),
                words.listDue(decision),
            ])
        }
        for line in table.lines() { context.print(line) }
        return .success
    }

    /// `not seen`, `in progress at page 2/3`, `snoozed at page 2/3`, `completed`, `skipped`, or
    /// for a record of another version `not seen (completed version 1)`.
    static func state(of record: SeenRecord?, for walkthrough: Walkthrough) -> String {
        guard let record else { return "not seen" }
        if record.isSeen(atLeast: walkthrough.version) {
            return Wording.outcome(record.outcome)
        }
        if record.outcome.isUnfinished, record.version == walkthrough.version {
            let count = walkthrough.pages.count
            return "\(Wording.outcome(record.outcome)) at page "
                + Wording.position(min(record.lastPage, count - 1), of: count)
        }
        let was = record.outcome == .inProgress ? "started" : Wording.outcome(record.outcome)
        return "not seen (\(was) version \(record.version))"
    }

    // MARK: - Folder

    /// The names of the `.json` files in `folder` (not hidden ones, and only regular files: a
    /// FIFO would block the listing), sorted by their bytes.
    ///
    /// - Throws: A failure with exit 66 when the folder is missing, not a folder, or unreadable.
    static func definitionFiles(in folder: String) throws(CommandLineError) -> [String] {
        switch FileSystem.kind(of: folder) {
        case .missing:
            throw .failure(
                "Error: \(folder): no such folder; give a folder of walkthrough definitions "
                    + "(default: ./walkthroughs)",
                exitCode: .missingInput)
        case .regularFile, .other:
            throw .failure(
                "Error: \(folder): not a folder; give the folder that holds the definitions, "
                    + "or use 'walkthrough validate \(folder)' for one file",
                exitCode: .missingInput)
        case .directory:
            break
        }
        guard let names = DefinitionResolver.definitionFiles(in: folder) else {
            let reason = FileSystem.describe(errno: errno)
            throw .failure(
                "Error: \(folder): cannot be read (\(reason)); check the folder's permissions",
                exitCode: .missingInput)
        }
        return names
    }
}
