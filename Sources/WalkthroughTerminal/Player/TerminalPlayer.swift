@preconcurrency import Glibc
package import WalkthroughKit

/// Plays a walkthrough full-screen in a terminal.
///
/// On entry it installs its signal handlers (per `TerminalPlayerOptions.signals`), switches the
/// terminal to raw mode, enters the alternate screen and hides the cursor; on every way out
/// (finishing, `q`, Esc, Ctrl-C, SIGINT, SIGTERM, SIGHUP, a store error) it undoes exactly that,
/// once, before returning or throwing. It never exits the process: the result says how playing
/// ended, and `PlayResult.exitStatus` gives the conventional status.
///
/// One `poll(2)` loop waits on the terminal and on a self-pipe the signal handlers write to.
/// Keys are decoded by `KeyDecoder`; a resize (SIGWINCH, coalesced) re-reads the size and
/// redraws everything. Each frame comes from `Renderer` and is written in one `write(2)`,
/// every line positioned absolutely and erased first, so one line of the wrong width cannot shift
/// the rest, and inside synchronized output (`CSI ? 2026 h` … `CSI ? 2026 l`), so a terminal
/// that knows it never shows a half-drawn frame (one that does not ignores it). With a `scroll`
/// transition a move draws a few frames of the new page sliding in, within
/// 150 ms, unless `TerminalPlayerOptions.reducedMotion`; a key pressed meanwhile ends the slide
/// at once.
///
/// Use it only when `TerminalDetection.isInteractive(input:output:term:)` says so; otherwise
/// use `PlainPlayer`.
package final class TerminalPlayer {
    /// The session played; it records progress and the outcome itself.
    public let session: Session
    /// The options in force.
    public let options: TerminalPlayerOptions
    private let screen: FileDescriptorOutput
    /// `play --watch`: reload and redraw when the definition is saved.
    private let watch: PlayerWatch?
    /// The first page's picture, already decoding (``prefetchImages(of:in:options:)``).
    private let prefetched: PageImages?

    /// Creates a player.
    public init(session: Session, options: TerminalPlayerOptions = TerminalPlayerOptions()) {
        self.session = session
        self.options = options
        self.screen = FileDescriptorOutput(fileDescriptor: options.output)
        self.watch = nil
        self.prefetched = nil
    }

    /// Creates a player that draws with `images`, made by ``prefetchImages(of:in:options:)``
    /// with the same `options` before the session was (`nil`: the player decides how to draw,
    /// asking the terminal when that decides it).
    package init(session: Session, options: TerminalPlayerOptions, images: PageImages?) {
        self.session = session
        self.options = options
        self.screen = FileDescriptorOutput(fileDescriptor: options.output)
        self.watch = nil
        self.prefetched = images
    }

    /// Starts decoding `page`'s picture for a player with `options`, when how pictures are drawn
    /// is known without asking the terminal (an answer to its device attributes); `nil` when it
    /// is not, or pictures are not drawn. The gate calls it once the walkthrough is to be shown,
    /// so that the decode runs beside the store's durable writes.
    package static func prefetchImages(
        of page: Page, in walkthrough: Walkthrough, options: TerminalPlayerOptions
    ) -> PageImages? {
        let environment = ImageModeDetection.environment()
        let sixel = ImageModeDetection.sixelAvailable
        guard
            !ImageModeDetection.needsDeviceAttributes(
                options.images, environment: environment, sixelAvailable: sixel)
        else { return nil }
        let mode = resolvedMode(
            options, environment: environment, deviceAttributes: nil, sixelAvailable: sixel)
        guard mode != .none else { return nil }
        let images = PageImages(mode: mode)
        images.prefetch(page, in: walkthrough)
        return images
    }

    /// Creates a player that reloads the definition when `watch` sees it saved; `session`
    /// should have no store, so that nothing is recorded.
    package init(session: Session, options: TerminalPlayerOptions, watch: PlayerWatch) {
        self.session = session
        self.options = options
        self.screen = FileDescriptorOutput(fileDescriptor: options.output)
        self.watch = watch
        self.prefetched = nil
    }

    /// Plays until the walkthrough finishes, the user quits, or a signal ends it.
    ///
    /// - Returns: How playing ended.
    /// - Throws: ``TerminalError`` when the terminal cannot be set up or written; the store's
    ///   errors when progress cannot be recorded. The terminal is restored before any throw.
    public func play() throws -> PlayResult {
        if let outcome = session.outcome { return Session.result(of: outcome) }
        let terminal = TerminalGuard(input: options.input, output: options.output)
        defer { terminal.restore() }
        try terminal.enter(signals: options.signals)
        let size = TerminalDetection.size(of: options.output) ?? .fallback
        let images: PageImages?
        var typed: [UInt8] = []
        if let prefetched {
            // Its mode was decided without asking the terminal, as imageMode() would decide it.
            images = prefetched
        } else {
            let mode: ResolvedImageMode
            (mode, typed) = imageMode()
            images = mode == .none ? nil : PageImages(mode: mode)
            // The first page's picture decodes while the start is made durable.
            images?.prefetch(
                session.walkthrough.pages[session.navigator.index], in: session.walkthrough)
        }
        try session.start()
        let controller = InteractiveController(
            session: session, size: size, colour: options.colour, images: images)
        try controller.start()
        let result: PlayResult
        do {
            result = try run(controller, signalPipe: terminal.signalPipe, pending: typed)
        } catch TerminalError.readFailed(errno: EIO), TerminalError.writeFailed(errno: EIO) {
            // The terminal went away (its window closed): as SIGHUP.
            result = .interrupted(.hangup)
        }
        // The terminal is the user's again before the end is recorded: after a signal that
        // write may wait (a second at most) for another process's lock.
        terminal.restore()
        return try session.recordEnd(result)
    }

    // MARK: - Loop

    /// Decides how to draw images (asking the terminal's device attributes only when that
    /// decides it), and returns any keys typed while waiting for the answer.
    private func imageMode() -> (ResolvedImageMode, [UInt8]) {
        let environment = ImageModeDetection.environment()
        let sixel = ImageModeDetection.sixelAvailable
        var attributes: [Int]?
        var typed: [UInt8] = []
        if ImageModeDetection.needsDeviceAttributes(
            options.images, environment: environment, sixelAvailable: sixel)
        {
            (attributes, typed) = DeviceAttributes.ask(
                input: options.input, output: options.output)
        }
        let mode = Self.resolvedMode(
            options, environment: environment, deviceAttributes: attributes, sixelAvailable: sixel)
        return (mode, typed)
    }

    /// How `options` draw images given what is known of the terminal.
    private static func resolvedMode(
        _ options: TerminalPlayerOptions, environment: [String: String],
        deviceAttributes: [Int]?, sixelAvailable: Bool
    ) -> ResolvedImageMode {
        // A build without the `Pictures` trait shows every image's alt text.
        guard PictureBuild.drawsImages else { return .none }
        let mode = ImageModeDetection.decide(
            options.images, environment: environment, deviceAttributes: deviceAttributes,
            sixelAvailable: sixelAvailable)
        if !options.colour, case .symbols = mode { return .symbols(.monochrome) }
        return mode
    }

    private func run(
        _ controller: InteractiveController, signalPipe: SignalPipe?, pending typed: [UInt8]
    ) throws
        -> PlayResult
    {
        var pending = typed
        var escapeDeadline: ContinuousClock.Instant?
        // Keys typed while the terminal was asked its attributes are acted on at once, not
        // after the next key.
        var waitsForInput = typed.isEmpty
        try draw(controller, clear: true)
        while true {
            var descriptors = [pollfd(fd: options.input, events: Int16(POLLIN), revents: 0)]
            if let signalPipe {
                descriptors.append(
                    pollfd(fd: signalPipe.readEnd, events: Int16(POLLIN), revents: 0))
            }
            if let watch {
                descriptors.append(
                    pollfd(fd: watch.watcher.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(
                &descriptors, nfds_t(descriptors.count),
                waitsForInput ? timeout(until: escapeDeadline) : 0)
            waitsForInput = true
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError.readFailed(errno: errno)
            }

            var resized = false
            if let watch, descriptors.last?.revents ?? 0 != 0, watch.watcher.drain() {
                let (walkthrough, folders) = watch.reload()
                watch.watcher.watch(folders)
                controller.reload(walkthrough)
                resized = true
            }
            if let signalPipe, descriptors[1].revents != 0 {
                for signal in signalPipe.drain() {
                    if let termination = TerminationSignal(number: signal) {
                        return .interrupted(termination)
                    }
                    if signal == windowChangeSignal { resized = true }
                }
            }

            if descriptors[0].revents != 0 {
                switch try SystemCalls.read(options.input) {
                case .bytes(let bytes): pending += bytes
                case .end: return .interrupted(.hangup)
                case .wouldBlock: break
                }
            }

            var keys = decode(&pending, moreAvailable: true)
            if pending.first == 0x1B {
                let now = ContinuousClock.now
                if let deadline = escapeDeadline, now >= deadline {
                    keys += decode(&pending, moreAvailable: false)
                    escapeDeadline = nil
                } else if escapeDeadline == nil {
                    escapeDeadline = now + .milliseconds(options.escapeTimeoutMilliseconds)
                }
            } else {
                escapeDeadline = nil
            }

            var needsDraw = false
            for key in keys {
                switch try controller.handle(key) {
                case .finished(let result): return result
                case .redraw: needsDraw = true
                case .unchanged: break
                }
            }
            if resized {
                try controller.resized(
                    to: TerminalDetection.size(of: options.output) ?? controller.size)
                _ = controller.takeMove()
                try draw(controller, clear: true)
            } else if needsDraw {
                try slide(controller, signalPipe: signalPipe)
                try draw(controller, clear: false)
            }
        }
    }

    private func decode(_ pending: inout [UInt8], moreAvailable: Bool) -> [Key] {
        guard !pending.isEmpty else { return [] }
        let decoding = KeyDecoder.decode(pending, moreAvailable: moreAvailable)
        pending.removeFirst(decoding.consumed)
        return decoding.keys
    }

    /// Milliseconds for `poll(2)` until `deadline`, or -1 (forever) without one.
    private func timeout(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let (seconds, attoseconds) = remaining.components
        let milliseconds =
            seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 0))
    }

    // MARK: - Drawing

    /// The lines last drawn, where a slide starts from.
    private var shownLines: [String] = []

    /// Writes one frame in one write: each row positioned, erased, then written; then the
    /// pages' images, when a graphics protocol draws them.
    private func draw(_ controller: InteractiveController, clear: Bool) throws {
        let rendered = Renderer.screen(controller.state, size: controller.size)
        let (lines, overlay) = ScreenComposition.compose(
            rendered, arts: controller.imageArts(for: rendered))
        try write(lines, overlay: overlay, clear: clear, kitty: controller.images?.mode == .kitty)
        shownLines = lines
    }

    /// Slides the new page in when the controller moved, the walkthrough's transition is
    /// `scroll` and motion is welcome: the frames before the last, one write each, apart by
    /// ``SlideFrames/interval``; a key or a signal ends the slide (the caller draws the last).
    private func slide(_ controller: InteractiveController, signalPipe: SignalPipe?) throws {
        guard let direction = controller.takeMove(),
            controller.state.walkthrough.layout.transition == .scroll, !options.reducedMotion,
            !controller.state.showsHelp
        else { return }
        let size = controller.size
        // Only the text slides: a graphics protocol's image appears with the last frame.
        let new = Renderer.screen(controller.state, size: size)
        let (lines, _) = ScreenComposition.compose(new, arts: controller.imageArts(for: new))
        let frames = SlideFrames.frames(
            from: shownLines, to: lines, direction: direction,
            orientation: controller.state.walkthrough.layout.orientation, size: size)
        for frame in frames {
            try write(frame, overlay: nil, clear: false, kitty: controller.images?.mode == .kitty)
            if waitForInput(for: SlideFrames.interval, signalPipe: signalPipe) { return }
        }
    }

    /// Waits up to `duration` for a key or a signal; whether one came.
    private func waitForInput(for duration: Duration, signalPipe: SignalPipe?) -> Bool {
        var descriptors = [pollfd(fd: options.input, events: Int16(POLLIN), revents: 0)]
        if let signalPipe {
            descriptors.append(pollfd(fd: signalPipe.readEnd, events: Int16(POLLIN), revents: 0))
        }
        let deadline = ContinuousClock.now + duration
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(until: deadline))
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR || ContinuousClock.now >= deadline { return false }
        }
    }

    /// Writes `lines` as one frame, in one write, inside synchronized output.
    private func write(_ lines: [String], overlay: String?, clear: Bool, kitty: Bool) throws {
        var frame = Self.beginSynchronized + (clear ? "\u{1B}[H\u{1B}[2J" : "")
        #if PICTURES
        if kitty {
            // Kitty's images stay when text is erased: remove the last page's first.
            frame += GraphicsProtocols.kittyDeleteAll
        }
        #endif
        for (row, line) in lines.enumerated() {
            frame += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
        }
        if let overlay { frame += overlay }
        frame += Self.endSynchronized
        // The renderer's lines are sanitised; the rest are the player's own sequences.
        try screen.write(TerminalText(trusted: frame))
    }

    /// Synchronized output (mode 2026): the terminal holds the screen until the end.
    static let beginSynchronized = "\u{1B}[?2026h"
    /// The end of synchronized output: the terminal shows the frame.
    static let endSynchronized = "\u{1B}[?2026l"
}
