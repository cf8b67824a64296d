import WalkthroughKit
import WalkthroughTerminal

/// `walkthrough play FILE|ID [--user NAME] [--db PATH] [--force] [--restart] [--plain]
/// [--locale TAG]`: shows a
/// walkthrough to a user and records how it ended.
///
/// Checks the store first: a user who has seen the current version is told so (how and when)
/// and nothing plays, unless `--force`. An unfinished run resumes at its page unless
/// `--restart`. Full-screen when standard input and output are terminals and `TERM` is usable;
/// otherwise, or with `--plain`, page by page as plain text with commands read one a line.
/// Every move is saved as it happens. Exit 0 when the walkthrough is completed, skipped or the
/// user quits; 130, 143 or 129 when SIGINT (Ctrl-C), SIGTERM or SIGHUP ends it, after the
/// terminal is restored, with the progress kept.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "play",
        abstract: "Show a walkthrough to a user, in the terminal or as plain text.",
        discussion: """
            Keys: right, l, n, space or Enter for the next page (on the last page: finish); \
            left, h, p or b for the previous one; 1-9 to jump; s to skip; q or Esc to quit; ? \
            for help. Without a terminal, or with --plain, pages are printed as text and \
            commands are read one a line (next, back, jump N, skip, quit, help); the end of \
            input quits. Progress is saved on every move. A walkthrough that is not due (seen, \
            or held back by its rules: see walkthrough due) is not played, and the reason is \
            printed, unless --force; a user who finished an earlier version is shown only \
            what's new, unless --all.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: StoreOptions.specs + [
            .flag("force", help: "Play it even if the user has already seen it."),
            .flag("restart", help: "Start on the first page instead of resuming."),
            .flag("plain", help: "Print plain text and read commands, even on a terminal."),
            .flag("all", help: "Show every page, not only what is new since the user's version."),
            LocaleOption.spec,
            ImagesOption.spec,
            .flag(
                "watch",
                help: "For authors: reload and redraw when the file is saved, show its problems "
                    + "on the screen, record nothing."),
            .option(
                "variant", value: "id",
                help: "With --watch: show the pages this variant of the experiment shows."),
        ])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user` and `--db`.
    var store: StoreOptions
    /// `--force`: play even when already seen.
    var force: Bool
    /// `--restart`: do not resume.
    var restart: Bool
    /// `--plain`: the plain player even on a terminal.
    var plain: Bool
    /// `--all`: every page rather than only what's new.
    var all: Bool
    /// `--locale`: the language to show.
    var locale: LocaleOption
    /// `--images`: how to draw the pages' images.
    var images: ImagesOption
    /// `--watch`: reload on save, record nothing.
    var watch: Bool
    /// `--variant`, with `--watch`: the experiment's variant to show.
    var variant: String?

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
        force = parsed.flag("force")
        restart = parsed.flag("restart")
        plain = parsed.flag("plain")
        all = parsed.flag("all")
        locale = LocaleOption(parsed: parsed)
        images = ImagesOption(parsed: parsed)
        watch = parsed.flag("watch")
        variant = parsed.value("variant")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        let environment = context.environment
        let imageMode = try images.mode(environment: environment, command: name)
        if watch { return try runWatching(in: context, images: imageMode) }
        if variant != nil {
            throw CommandLineError.usage(
                "'--variant <id>' is for authors, with '--watch'; a user's variant is their "
                    + "assignment (walkthrough variant)", command: name)
        }
        var user = try store.user(environment: environment, command: name)
        let path = try store.databasePath(environment: environment, command: name)
        let definition = try Definitions.load(walkthrough, environment: environment)
            .localized(for: try locale.tag(environment: environment, command: name))
        let title = Wording.name(of: definition)
        var pages: [Int]?
        var due: DueDecision?
        if !force {
            // The one decision `due` and the library follow; reading it creates nothing.
            let (decision, bound) = try DueCheck.decide(
                definition, user: user, store: store, path: path, environment: environment)
            due = decision
            guard decision.isDue else {
                if decision.reason == .holdout {
                    try recordHoldout(of: definition, user: bound, path: path, in: context)
                }
                context.print(Self.notDue(decision, user: bound, title: title))
                return .success
            }
            pages = all ? Self.allPages(of: definition, environment: environment) : decision.pages
            if let since = decision.whatsNewSince, !all {
                context.print(
                    "What's new in \(title) since version \(since): "
                        + "\(Wording.counted(decision.pages.count, "page")) (--all shows every page)."
                )
            }
        }
        let seenStore = try SeenStores.open(path, environment: context.environment)
        user = store.user(user, boundBy: seenStore)
        let session = try Session(
            walkthrough: definition, user: user, store: seenStore, restart: restart,
            locale: definition.locale, forced: force,
            recordsEvents: EventRecording.isEnabled(environment: environment), pages: pages,
            experiment: ExperimentExposure.sessionExperiment(
                for: definition, decision: due, user: user, store: seenStore))
        if session.isResuming {
            context.print(
                "Resuming \(title) at page \(position(session.resumedAt, session.walkthrough)), where "
                    + "\(user) left off (--restart starts over).")
        }
        context.output.flush()
        let result = try play(
            session, images: imageMode, environment: environment, output: context.output)
        return finish(result, session: session, context: context)
    }

    // MARK: - Playing

    private func play(
        _ session: Session, images: ImageMode, environment: [String: String],
        output: any CommandOutput
    ) throws -> PlayResult {
        let interactive = !plain && TerminalDetection.isInteractive(term: environment["TERM"])
        if interactive {
            let colour = TerminalDetection.colourEnabled(noColor: environment["NO_COLOR"])
            let options = TerminalPlayerOptions(signals: .all, colour: colour, images: images)
            return try TerminalPlayer(session: session, options: options).play()
        }
        let player = PlainPlayer(
            session: session, input: FileDescriptorLineSource.standardInput(),
            output: PlayerOutput(output, stream: .standardOutput),
            errorOutput: PlayerOutput(output, stream: .standardError), signals: .all)
        return try player.play()
    }

    /// The closing line and the exit code for how playing ended.
    private func finish(
        _ result: PlayResult, session: Session, context: CommandContext
    ) -> ExitCode {
        let definition = session.walkthrough
        let user = session.user ?? ""
        let title = Wording.name(of: definition)
        let page = position(session.navigator.index, definition)
        // A replay never downgrades a seen record: stopping part-way leaves it as it was.
        let kept =
            session.alreadySeen
            ? session.priorRecord.map {
                "\(user) still counts as having seen \(title) (\(Wording.outcome($0.outcome)), "
                    + "version \($0.version))."
            } : nil
        switch result {
        case .completed, .skipped:
            let outcome: SeenOutcome = result == .completed ? .completed : .skipped
            // What the store kept: a replay never replaces a newer version, nor `completed`
            // with `skipped`, so say so rather than claim what was not recorded.
            if let record = try? session.store?.record(user: user, walkthrough: definition.id),
                record.version != definition.version || record.outcome != outcome
            {
                context.print(
                    "Kept: \(user) had already \(Wording.outcome(record.outcome)) \(title) "
                        + "(version \(record.version)); this \(outcome.rawValue) replay changes "
                        + "nothing.")
            } else {
                context.print(
                    "Recorded: \(user) \(outcome.rawValue) \(title) (version "
                        + "\(definition.version)).")
            }
            return .success
        case .quit:
            context.print(
                kept.map { "Stopped at page \(page); " + $0 }
                    ?? "Progress kept at page \(page); run the same command to resume.")
            return .success
        case .interrupted(let signal):
            context.printError(
                "Interrupted by \(signal) at page \(page); "
                    + (kept ?? "progress kept: run the same command to resume."))
            switch signal {
            case .interrupt: return .interrupted
            case .terminate: return .terminated
            case .hangup: return .hangup
            }
        }
    }

    /// Why nothing plays: the record for `seen`, the rule otherwise.
    static func notDue(_ decision: DueDecision, user: String, title: String) -> String {
        if decision.reason == .seen, let record = decision.record {
            return "\(user) has already seen \(title) (version \(record.version)): "
                + "\(Wording.outcome(record.outcome)) on \(Timestamp.human(record.updatedAt))."
                + " Nothing to play; add --force to see it again."
        }
        return "\(title) is not due for \(user): \(decision.reason) (\(decision.detail)). "
            + "Nothing to play; add --force to play it anyway."
    }

    /// `--all`: every page whose own `when.env` holds.
    static func allPages(of walkthrough: Walkthrough, environment: [String: String]) -> [Int] {
        walkthrough.pages.indices.filter {
            walkthrough.pages[$0].when.failedCondition(in: environment) == nil
        }
    }

    private func position(_ index: Int, _ walkthrough: Walkthrough) -> String {
        Wording.position(index, of: walkthrough.pages.count)
    }
}
