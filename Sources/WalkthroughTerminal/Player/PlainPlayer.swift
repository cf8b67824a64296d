@preconcurrency import Glibc
package import WalkthroughKit

/// Plays a walkthrough as plain text: for pipes, scripts, `--plain`, and screen readers.
///
/// No cursor movement and no redraws: each page shown is printed once, as a header line with the
/// position and the heading (`FoodPin · 2/3 · Locate`), the image line with its alt text, and the
/// content, unwrapped. Commands are read one per line (`PlainCommand.parse`); an unknown or refused
/// command gets one line on the error output and the page stays, not printed again. The end of
/// input counts as `quit`. Everything written is sanitised.
///
/// ```swift
/// let session = try Session(walkthrough: walkthrough, user: "alice", store: store)
/// let player = PlainPlayer(
///     session: session, input: FileDescriptorLineSource.standardInput(),
///     output: FileDescriptorOutput.standardOutput(),
///     errorOutput: FileDescriptorOutput.standardError())
/// let result = try player.play()
/// ```
package final class PlainPlayer {
    /// The session played; it records progress and the outcome itself.
    public let session: Session
    private let input: any LineSource
    private let output: any TextOutput
    private let errorOutput: any TextOutput
    private let signals: SignalHandling
    /// The player's own words, in the locale the walkthrough was localized for.
    private let strings: PlayerStrings

    /// Creates a player.
    ///
    /// - Parameters:
    ///   - session: The session to play; the player calls its `start()` and moves.
    ///   - input: Where commands come from, one per line.
    ///   - output: Where pages and help go.
    ///   - errorOutput: Where the one-line explanations of refused or unknown commands go.
    ///   - signals: With ``SignalHandling/all``, SIGINT, SIGTERM and SIGHUP end playing with
    ///     `PlayResult.interrupted(_:)` instead of ending the process; by default
    ///     (``SignalHandling/none``) they keep the process's disposition.
    public init(
        session: Session, input: any LineSource, output: any TextOutput,
        errorOutput: any TextOutput, signals: SignalHandling = .none
    ) {
        self.session = session
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
        self.signals = signals
        self.strings = PlayerStrings(for: session.walkthrough.requestedLocale)
    }

    /// Plays until the walkthrough finishes, the user quits, the input ends or a handled signal
    /// arrives.
    ///
    /// - Returns: How playing ended.
    /// - Throws: The store's errors (progress could not be recorded), and errors reading the
    ///   input or writing the output.
    public func play() throws -> PlayResult {
        let pipe = signals == .none ? nil : try SignalPipe(signals: signals.signals)
        defer { pipe?.restore() }
        if let outcome = session.outcome { return Session.result(of: outcome) }
        try session.start()
        return try session.recordEnd(try playPages(pipe))
    }

    /// Shows pages and performs commands until playing ends.
    private func playPages(_ pipe: SignalPipe?) throws -> PlayResult {
        try write(commandsHint())
        try showPage()
        while true {
            if let signal = pipe.flatMap(terminationSignal(in:)) { return .interrupted(signal) }
            let next = try readLine(interruptedBy: pipe)
            guard case .line(let line) = next else {
                if case .signal(let signal) = next { return .interrupted(signal) }
                return .quit(atPage: session.navigator.index)
            }
            switch PlainCommand.parse(line) {
            case .failure(let error):
                try complain(error.description)
            case .success(.help):
                try write(helpText())
            case .success(.quit):
                return .quit(atPage: session.navigator.index)
            case .success(.snooze):
                return .snoozed(atPage: session.navigator.index, until: try session.snooze())
            case .success(let command):
                if let result = try perform(command) { return result }
            }
        }
    }

    // MARK: - Moves

    private func perform(_ command: PlayerCommand) throws -> PlayResult? {
        switch try session.perform(command) {
        case .moved:
            try showPage()
        case .unchanged:
            try complain("already on page \(session.navigator.position)")
        case .refused(let error):
            try complain(error.description)
        case .finished(let outcome):
            return Session.result(of: outcome)
        }
        return nil
    }

    // MARK: - Input

    private enum Input {
        case line(String)
        case end
        case signal(TerminationSignal)
    }

    /// The next line; while waiting on a descriptor, also watches the signal pipe.
    private func readLine(interruptedBy pipe: SignalPipe?) throws -> Input {
        if let pipe, let source = input as? FileDescriptorLineSource {
            while !source.hasBufferedLine {
                var descriptors = [
                    pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw TerminalError.readFailed(errno: errno)
                }
                if descriptors[1].revents != 0, let signal = terminationSignal(in: pipe) {
                    return .signal(signal)
                }
                if descriptors[0].revents != 0 { try source.fill() }
            }
        }
        return try input.nextLine().map(Input.line) ?? .end
    }

    private func terminationSignal(in pipe: SignalPipe) -> TerminationSignal? {
        pipe.drain().lazy.compactMap(TerminationSignal.init(number:)).first
    }

    // MARK: - Output

    private func showPage() throws {
        let walkthrough = session.walkthrough
        let index = session.navigator.index
        let page = walkthrough.pages[index]
        var header: [String] = []
        if let title = walkthrough.title, !title.isEmpty { header.append(title) }
        header += [PageText.position(index, of: walkthrough.pages.count), page.heading]
        var lines = [header.joined(separator: " · ")]
        if let image = PageText.imageLine(of: page, in: walkthrough, strings: strings) {
            lines.append(image)
        }
        if !page.content.isEmpty { lines.append(page.content) }
        if session.navigator.isLast {
            lines.append(
                strings.text(.plainLastPage, ["finish": strings.finishLabel(of: walkthrough)]))
        }
        try write(lines.joined(separator: "\n") + "\n\n")
    }

    private func commandsHint() -> String {
        strings.text(session.walkthrough.skippable ? .plainCommands : .plainCommandsNoSkip) + "\n"
    }

    private func helpText() -> String {
        let walkthrough = session.walkthrough
        // The pages a jump reaches now: a linear walkthrough refuses the ones further on.
        let last = session.navigator.furthestReachable + 1
        var lines = [
            strings.text(.plainHelpTitle),
            strings.text(.plainHelpNext, ["finish": strings.finishLabel(of: walkthrough)]),
            strings.text(.plainHelpBack),
            strings.text(.plainHelpJump, ["range": last == 1 ? "1" : "1-\(last)"]),
        ]
        if walkthrough.skippable { lines.append(strings.text(.plainHelpSkip)) }
        lines.append(
            strings.text(
                .plainHelpSnooze, ["duration": RuleDuration.format(session.definition.snooze)]))
        lines.append(strings.text(.plainHelpQuit))
        lines.append(strings.text(.plainHelpHelp))
        return lines.joined(separator: "\n") + "\n"
    }

    private func write(_ text: String) throws {
        try output.write(TerminalText(text))
    }

    private func complain(_ message: String) throws {
        let line = message.split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: " ")
        try errorOutput.write(TerminalText(line) + .newline)
    }
}
