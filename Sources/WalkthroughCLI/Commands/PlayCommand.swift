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
            left, h, p or b for the previous one; 1-9 to jump; s to skip; z for later (snoozed: \
            not due until the definition's snooze, 24h by default, has passed; it then resumes \
            on that page); q or Esc to quit; ? for help. A vertical walkthrough (layout.orientation) also moves on with down, j or \
            Page Down and back with up, k or Page Up; with layout.spread a wide terminal shows \
            two pages at a time and moves a spread at a time; WALKTHROUGH_REDUCED_MOTION=1 \
            turns off the slide of layout.transition "scroll". Without a terminal, with --plain, or \
            with ACCESSIBLE set (not empty, 0 or false), pages are printed as text and \
            commands are read one a line (next, back, jump N, skip, later, quit, help); the end of \
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
        let gate = try store.gate(environment: environment, command: name)
        let tag = try locale.tag(environment: environment, command: name)
        let source = DefinitionSource.named(walkthrough)
        let words = CommandWords(locale: tag)
        // ACCESSIBLE plays as --plain: what a screen reader reads best, with no motion.
        let interactive =
            !plain && !TerminalDetection.accessible(environment["ACCESSIBLE"])
            && TerminalDetection.isInteractive(term: environment["TERM"])
        let options = TerminalPlayerOptions(
            signals: .all,
            colour: TerminalDetection.colourEnabled(noColor: environment["NO_COLOR"]),
            images: imageMode)
        var images: PageImages?
        // The one decision `due` and the library take: the memo, then one store open and one
        // record read; localized once something is to be shown or told. The first page's
        // picture decodes beside the store's writes.
        let decided = try gate.decide(
            source, restart: restart, force: force, recordsEvents: nil, allPages: all,
            shown: { $0.localized(for: tag) },
            willShow: { walkthrough, page in
                guard interactive else { return }
                images = TerminalPlayer.prefetchImages(of: page, in: walkthrough, options: options)
            })
        let due = decided.due
        let definition: Walkthrough
        if case .show(let session) = decided.decision {
            definition = session.walkthrough
        } else {
            definition = try (decided.walkthrough ?? gate.load(source)).localized(for: tag)
        }
        let title = words.title(definition)
        let session: Session
        switch decided.decision {
        case .alreadySeen(let record):
            context.print(words.alreadySeen(record, user: due?.user ?? gate.user, title: title))
            return .success
        case .notDue(let decision):
            context.print(
                words.notDueForPlay(decision, walkthrough: definition, environment: environment))
            return .success
        case .show(let shown):
            session = shown
        }
        let user = session.user ?? gate.user
        if let due, let since = due.whatsNewSince, !all {
            context.print(words.whatsNew(title: title, since: since, pages: due.pages.count))
        }
        if session.isResuming {
            context.print(
                words.resuming(
                    title: title, page: position(session.resumedAt, session.walkthrough),
                    user: user))
        }
        context.output.flush()
        let result = try play(
            session, options: interactive ? options : nil, images: images,
            output: context.output)
        return finish(result, session: session, words: words, context: context)
    }

    // MARK: - Playing

    /// Plays `session` full-screen with `options` (`nil`: line by line), drawing with `images`
    /// when the gate started them.
    private func play(
        _ session: Session, options: TerminalPlayerOptions?, images: PageImages?,
        output: any CommandOutput
    ) throws -> PlayResult {
        if let options {
            return try TerminalPlayer(session: session, options: options, images: images).play()
        }
        let player = PlainPlayer(
            session: session, input: FileDescriptorLineSource.standardInput(),
            output: PlayerOutput(output, stream: .standardOutput),
            errorOutput: PlayerOutput(output, stream: .standardError), signals: .all)
        return try player.play()
    }

    /// The closing line and the exit code for how playing ended, in the chosen locale.
    private func finish(
        _ result: PlayResult, session: Session, words: CommandWords, context: CommandContext
    ) -> ExitCode {
        let definition = session.walkthrough
        let user = session.user ?? ""
        let title = words.title(definition)
        let page = position(session.navigator.index, definition)
        // A replay never downgrades a seen record: stopping part-way leaves it as it was.
        let kept = session.alreadySeen ? session.priorRecord : nil
        switch result {
        case .completed, .skipped:
            let outcome: SeenRecord.Outcome = result == .completed ? .completed : .skipped
            // What the store kept, by its one rule: a replay never replaces a newer version,
            // nor `completed` with `skipped`, so say so rather than claim what was not recorded.
            if SeenWriteRule.seen.keeps(
                session.priorRecord, version: definition.version, outcome: outcome),
                let record = session.priorRecord
            {
                context.print(
                    words.keptReplay(user: user, record: record, attempt: outcome, title: title))
            } else {
                context.print(
                    words.recorded(
                        user: user, outcome: outcome, title: title, version: definition.version))
            }
            return .success
        case .quit:
            context.print(words.stopped(at: page, user: user, kept: kept, title: title))
            return .success
        case .snoozed(_, let until):
            // A replay put off leaves the seen record as it was, as quitting one does.
            context.print(
                kept == nil
                    ? words.snoozed(at: page, until: until, title: title)
                    : words.stopped(at: page, user: user, kept: kept, title: title))
            return .success
        case .interrupted(let signal):
            context.printError(
                words.stopped(at: page, user: user, kept: kept, title: title, signal: "\(signal)"))
            switch signal {
            case .interrupt: return .interrupted
            case .terminate: return .terminated
            case .hangup: return .hangup
            }
        }
    }

    private func position(_ index: Int, _ walkthrough: Walkthrough) -> String {
        Wording.position(index, of: walkthrough.pages.count)
    }
}
