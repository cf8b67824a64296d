import WalkthroughKit

/// The interactive player's logic without the terminal: keys in, session moves and screen state
/// out. The driver (`TerminalPlayer`) feeds it keys and draws ``state``.
///
/// With `layout.spread` it shows spreads where the screen is wide enough
/// (``ShownSpread/isShown(_:columns:)``) and moves a spread at a time; a resize that switches
/// between spreads and single pages keeps the session's page on the screen.
final class InteractiveController {
    /// What the driver should do after a key.
    enum Step: Equatable {
        /// Nothing changed on screen.
        case unchanged
        /// Draw ``InteractiveController/state`` again.
        case redraw
        /// Stop playing with this result.
        case finished(PlayResult)
    }

    private(set) var session: Session
    private(set) var state: RenderState
    /// The screen size, for scrolling limits and whether spreads are shown.
    private(set) var size: TerminalSize
    /// The pages' images, decoded once; `nil` draws none.
    let images: PageImages?
    /// Which way the last move went, until the driver takes it (``takeMove()``) to slide the
    /// new page in from that side.
    private var pendingMove: Navigator.Direction?

    init(session: Session, size: TerminalSize, colour: Bool, images: PageImages? = nil) {
        self.session = session
        self.size = size
        self.images = images
        self.state = RenderState(
            walkthrough: session.walkthrough, pageIndex: session.navigator.index, colour: colour)
        refreshPage()
    }

    /// Whether the screen shows spreads now.
    var showsSpreads: Bool {
        ShownSpread.isShown(session.walkthrough.layout.spread, columns: size.columns)
    }

    /// Brings the session onto the whole first spread, when spreads are shown: call it once the
    /// session has started.
    ///
    /// - Throws: The store's error.
    func start() throws {
        if showsSpreads { try session.settleOnSpread() }
        refreshPage()
    }

    /// The art for each image the screen places, at the size the screen gives it.
    func imageArts(for screen: RenderedScreen) -> [ImageArt?] {
        screen.placedImages.map { placed in
            guard let images else { return nil }
            let page = state.walkthrough.pages[placed.page]
            return images.art(of: page, in: state.walkthrough, size: placed.placement.size)
        }
    }

    /// The direction of the move since the last call, if the screen changed page by one.
    func takeMove() -> Navigator.Direction? {
        defer { pendingMove = nil }
        return pendingMove
    }

    /// Puts the session's page (or its spread) in ``state``, with its images' sizes (decoding
    /// them the first time).
    private func refreshPage() {
        let walkthrough = state.walkthrough
        state.pageIndex = session.navigator.index
        state.furthestReachable = session.navigator.furthestReachable
        state.imageSize = images?.pixelSize(of: state.page, in: walkthrough)
        if showsSpreads {
            let pages = session.currentSpread
            state.spread = ShownSpread(
                pages: pages,
                imageSizes: pages.map {
                    images?.pixelSize(of: walkthrough.pages[$0], in: walkthrough)
                })
        } else {
            state.spread = nil
        }
    }

    /// Handles one key.
    ///
    /// - Throws: The store's error when a move could not be recorded.
    func handle(_ key: Key) throws -> Step {
        if state.showsHelp, key.code == .escape {
            state.showsHelp = false
            return .redraw
        }
        let orientation = session.walkthrough.layout.orientation
        guard let command = KeyBindings.action(for: key, orientation: orientation) else {
            return .unchanged
        }
        switch command {
        case .next, .back, .jump, .skip: return try move(command)
        case .quit: return .finished(.quit(atPage: session.navigator.index))
        case .snooze:
            // Recorded here, as a move is: the result says until when.
            let until = try session.snooze()
            return .finished(.snoozed(atPage: session.navigator.index, until: until))
        case .interrupt: return .finished(.interrupted(.interrupt))
        case .help:
            state.showsHelp.toggle()
            state.status = nil
            return .redraw
        case .scrollUp: return try scroll(by: -1, orientation: orientation)
        case .scrollDown: return try scroll(by: 1, orientation: orientation)
        }
    }

    private func move(_ move: PlayerCommand) throws -> Step {
        let before = session.navigator.index
        let outcome =
            showsSpreads ? try session.performBySpread(move) : try session.perform(move)
        state.showsHelp = false
        switch outcome {
        case .moved:
            pendingMove = Navigator.Direction(from: before, to: session.navigator.index)
            state.scrollOffset = 0
            state.status = nil
            refreshPage()
        case .unchanged:
            state.status = nil
        case .refused(let error):
            state.status = PlayerStrings(for: session.walkthrough.requestedLocale).describe(error)
        case .finished(let outcome):
            return .finished(Session.result(of: outcome))
        }
        return .redraw
    }

    /// Scrolls the content; in a vertical walkthrough, scrolling past either end of it moves to
    /// the next or previous page (↓ `j` Page Down on, ↑ `k` Page Up back).
    private func scroll(
        by lines: Int, orientation: Walkthrough.PageLayout.Orientation
    ) throws -> Step {
        let limit = Renderer.maximumScroll(state, size: size)
        let offset = min(max(state.scrollOffset + lines, 0), limit)
        guard offset != state.scrollOffset else {
            guard orientation == .vertical, !state.showsHelp else { return .unchanged }
            return try move(lines > 0 ? .next : .back)
        }
        state.scrollOffset = offset
        return .redraw
    }

    /// Shows `walkthrough` (the definition saved again) on the page shown before, or its last
    /// page; a session with no store, so nothing is recorded.
    func reload(_ walkthrough: Walkthrough) {
        let page = min(state.pageIndex, walkthrough.pages.count - 1)
        let session = Session(walkthrough: walkthrough)
        try? session.start()
        while session.navigator.index < page, (try? session.perform(.next)) != nil {}
        self.session = session
        images?.reload()
        state = RenderState(
            walkthrough: walkthrough, pageIndex: session.navigator.index, colour: state.colour)
        if showsSpreads { try? session.settleOnSpread() }
        refreshPage()
    }

    /// Takes the new size: keeps the scroll position within what it allows, and when it
    /// switches between spreads and single pages, keeps the session's page on the screen (a
    /// switch to spreads shows the spread holding it).
    ///
    /// - Throws: The store's error when the spread's other page could not be recorded.
    func resized(to size: TerminalSize) throws {
        let spreadsBefore = showsSpreads
        self.size = size
        if showsSpreads != spreadsBefore {
            if showsSpreads { try session.settleOnSpread() }
            state.scrollOffset = 0
            refreshPage()
        }
        state.scrollOffset = min(state.scrollOffset, Renderer.maximumScroll(state, size: size))
    }
}
