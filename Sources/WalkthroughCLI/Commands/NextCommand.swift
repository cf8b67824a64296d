import WalkthroughKit

/// `walkthrough next [DIR...] [--user NAME] [--db DB] [-q] [--json]`: the one walkthrough to
/// show now among those due.
///
/// The definitions are the `.json` files of each DIR (default: each folder of
/// `$WALKTHROUGH_PATH`, then `./walkthroughs`); an id found twice is the first folder's. Among
/// those due, the one with the highest `priority` is named, then the first in the order of
/// `after`, then by id: exit 0 printing its id, 1 when none is due. `--json` lists every
/// candidate with its reason (`outranked`, naming the one shown first, for the others that are
/// due). It only reads, as `due` does. The shell gate for a tool with several walkthroughs:
///
/// ```sh
/// id=$(walkthrough next) && walkthrough play "$id"
/// ```
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "next",
        abstract: "Name the one walkthrough to show now among those due (exit 0), or none (1).",
        discussion: """
            Candidates are the definitions in each DIR (default: each folder of \
            WALKTHROUGH_PATH, then ./walkthroughs). Among those due (see 'walkthrough due'), \
            the highest priority comes first, then the order of when.after, then the id; the \
            others that are due are outranked. Prints the id (nothing with -q); --json lists \
            every candidate with its walkthrough, user, due, reason, detail, pages, source and \
            priority. Only reads. For scripts: id=$(walkthrough next) && walkthrough play "$id"
            """,
        arguments: [
            ArgumentSpec(
                name: "dir",
                help: "A folder of definitions (default: $WALKTHROUGH_PATH, then ./walkthroughs).",
                isRepeating: true, isOptional: true)
        ],
        options: StoreOptions.specs + [
            .flag("quiet", short: "q", help: "Print nothing; answer with the exit status only."),
            .flag("json", help: "Print every candidate and its decision as JSON."),
        ])

    /// The folders given, if any.
    var folders: [String]
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `-q`: print nothing.
    var quiet: Bool
    /// `--json`: every candidate as JSON.
    var json: Bool

    init(parsed: ParsedArguments) {
        folders = parsed.argument("dir")
        store = StoreOptions(parsed: parsed)
        quiet = parsed.flag("quiet")
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let environment = context.environment
        let gate = try store.gate(environment: environment, command: name)
        let walkthroughs = try candidates(in: context)
        let (user, choice) = try gate.next(of: walkthroughs)
        if json {
            context.print(Self.json(user: user, choice: choice).rendered())
        } else if !quiet {
            if let winner = choice.winner {
                context.print(winner.walkthrough.id)
            } else {
                context.print(Self.noneSentence(user: user, choice: choice))
            }
        }
        return choice.winner == nil ? .notSeen : .success
    }

    /// `No walkthrough is due for alice (of 3); ID: REASON (DETAIL).`, naming the first candidate
    /// that is not seen; `(2 seen)` when every one is, and a word when there are none.
    static func noneSentence(user: String, choice: NextChoice) -> String {
        let count = choice.candidates.count
        guard count > 0 else { return "No walkthrough is due for \(user): no definitions found." }
        guard let first = choice.candidates.first(where: { $0.decision.reason != .seen })
        else {
            return "No walkthrough is due for \(user) (\(count) seen)."
        }
        return "No walkthrough is due for \(user) (of \(count)); \(first.walkthrough.id): "
            + "\(first.decision.reason) (\(first.decision.detail))."
    }

    /// `{"user", "next", "candidates": [due --json's object and "priority", in rank order]}`.
    static func json(user: String, choice: NextChoice) -> JSONText {
        .object([
            ("user", .string(user)),
            ("next", choice.winner.map { .string($0.walkthrough.id) } ?? .null),
            (
                "candidates",
                .array(
                    choice.candidates.map { candidate in
                        .object(
                            DueCommand.members(of: candidate.decision)
                                + [("priority", .integer(candidate.walkthrough.priority))])
                    })
            ),
        ])
    }

    /// The valid definitions of the folders, the first of each id; each invalid file is told
    /// on standard error (unless `-q`) and left out.
    ///
    /// - Throws: A failure with exit 66 for a folder given that is missing or unreadable.
    func candidates(in context: CommandContext) throws -> [Walkthrough] {
        let given = !folders.isEmpty
        let searched =
            given ? folders : DefinitionResolver.searchPath(environment: context.environment)
        var seen = Set<String>()
        var walkthroughs: [Walkthrough] = []
        for folder in searched {
            guard given || FileSystem.kind(of: folder) == .directory else { continue }
            for file in try ListCommand.definitionFiles(in: folder) {
                let path = FileSystem.joined(folder, file)
                let report = DefinitionLoader.validate(contentsOf: path, images: .pathsOnly)
                if report.isJSONSchema { continue }
                guard let walkthrough = report.walkthrough else {
                    if !quiet {
                        let problem = report.errors.first?.description ?? "not a definition"
                        context.printError("warning: \(path) left out: \(problem)")
                    }
                    continue
                }
                if seen.insert(walkthrough.id).inserted { walkthroughs.append(walkthrough) }
            }
        }
        return walkthroughs
    }
}
