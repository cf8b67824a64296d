import WalkthroughKit
import WalkthroughTerminal

/// `play FILE --watch`: for authors. The definition is played with no store (no record, no
/// events) and loaded again whenever its folder changes (inotify); a definition that is not
/// valid shows its problems on the screen, as a page, until it is saved valid again.
extension PlayCommand {
    func runWatching(in context: CommandContext, images: ImageMode) throws -> ExitCode {
        let name = Self.configuration.name
        let environment = context.environment
        guard TerminalDetection.isInteractive(term: environment["TERM"]), !plain else {
            throw CommandLineError.usage(
                "--watch needs a terminal (standard input and output, and TERM not dumb); "
                    + "run it in a terminal, without --plain", command: name)
        }
        let path = try DefinitionResolver(environment: environment).resolve(walkthrough)
        let tag = try locale.tag(environment: environment, command: name)
        if variant == Experiment.holdoutName {
            throw CommandLineError.usage(
                "the holdout is shown nothing; name one of the variants with '--variant <id>'",
                command: name)
        }
        let variant = variant
        let load = { Self.watchedDefinition(at: path, locale: tag, variant: variant) }
        let first = load()
        let watcher = try DefinitionWatcher(folders: first.folders)
        let session = Session(walkthrough: first.walkthrough)
        let colour = TerminalDetection.colourEnabled(noColor: environment["NO_COLOR"])
        let options = TerminalPlayerOptions(signals: .all, colour: colour, images: images)
        let player = TerminalPlayer(
            session: session, options: options,
            watch: PlayerWatch(watcher: watcher, reload: load))
        switch try player.play() {
        case .completed, .skipped, .quit, .snoozed:
            context.print("Stopped watching \(path); nothing was recorded.")
            return .success
        case .interrupted(let signal):
            context.printError("Interrupted by \(signal); nothing was recorded.")
            switch signal {
            case .interrupt: return .interrupted
            case .terminate: return .terminated
            case .hangup: return .hangup
            }
        }
    }

    /// The definition at `path` (only the pages of `variant`, when named), or a one-page
    /// walkthrough listing why it is not valid; and the folders to watch (the definition's,
    /// and its images').
    static func watchedDefinition(
        at path: String, locale: LanguageTag?, variant: String? = nil
    ) -> (walkthrough: Walkthrough, folders: [String]) {
        let folder = Self.folder(of: path)
        let report = DefinitionLoader.validate(contentsOf: path)
        guard let walkthrough = report.walkthrough else {
            let problems = report.errors.map { $0.formatted(file: report.file) }
            let page = Page(
                id: "problems",
                heading: "\(report.file) is not valid (\(problems.count) "
                    + (problems.count == 1 ? "problem" : "problems") + ")",
                content: problems.joined(separator: "\n")
                    + "\n\nSave the file to try again; q quits.")
            return (Walkthrough(id: "invalid", title: "--watch", pages: [page]), [folder])
        }
        var localized = walkthrough.localized(for: locale)
        if let variant {
            guard let shown = Self.pages(of: variant, in: localized) else {
                let known = localized.experiment?.variants.map(\.id) ?? []
                let page = Page(
                    id: "problems", heading: "\(report.file) has no variant \(variant)",
                    content: (known.isEmpty
                        ? "It has no experiment."
                        : "Its variants: \(known.joined(separator: ", ")).")
                        + "\n\nSave the file to try again; q quits.")
                return (Walkthrough(id: "invalid", title: "--watch", pages: [page]), [folder])
            }
            localized.pages = shown
        }
        let imageFolders = localized.pages.compactMap { localized.imagePath(of: $0) }.map(
            Self.folder(of:))
        var folders = [folder]
        for imageFolder in imageFolders where !folders.contains(imageFolder) {
            folders.append(imageFolder)
        }
        return (localized, folders)
    }

    /// The pages `variant` of the walkthrough's experiment shows, or `nil` when it has no
    /// such variant.
    private static func pages(of variant: String, in walkthrough: Walkthrough) -> [Page]? {
        guard let index = walkthrough.experiment?.variants.firstIndex(where: { $0.id == variant })
        else { return nil }
        return walkthrough.pagePositions(for: .variant(index)).map { walkthrough.pages[$0] }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
