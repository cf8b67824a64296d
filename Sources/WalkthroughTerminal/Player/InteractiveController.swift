import WalkthroughKit

/// The interactive player's logic without the terminal: keys in, session moves and screen state
/// out. The driver (``TerminalPlayer``) feeds it keys and draws ``state``.
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
    /// The screen size, for scrolling limits.
    var size: TerminalSize
    /// The pages' images, decoded once; `nil` draws none.
    let images: PageImages?

    init(session: Session, size: TerminalSize, colour: Bool, images: PageImages? = nil) {
        self.session = session
        self.size = size
        self.images = images
        self.state = RenderState(
            walkthrough: session.walkthrough, pageIndex: session.navigator.index, colour: colour)
        updateImage()
    }

    /// The art for the page shown at the size the screen gives it.
    func imageArt(for screen: RenderedScreen) -> ImageArt? {
        guard let placement = screen.imagePlacement else { return nil }
        return images?.art(of: state.page, in: state.walkthrough, size: placement.size)
    }

    /// Looks up the size of the page's image (decoding it the first time).
    private func updateImage() {
        state.imageSize = images?.pixelSize(of: state.page, in: state.walkthrough)
    }

    /// Handles one key.
    ///
    /// - Throws: The store's error when a move could not be recorded.
    func handle(_ key: Key) throws -> Step {
        if state.showsHelp, key.code == .escape {
            state.showsHelp = false
            return .redraw
        }
        guard let command = KeyBindings.action(for: key) else { return .unchanged }
        switch command {
        case .next, .back, .jump, .skip: return try move(command)
        case .quit: return .finished(.quit(atPage: session.navigator.index))
        case .interrupt: return .finished(.interrupted(.interrupt))
        case .help:
            state.showsHelp.toggle()
            state.status = nil
            return .redraw
        case .scrollUp: return scroll(by: -1)
        case .scrollDown: return scroll(by: 1)
        }
    }

    private func move(_ move: PlayerCommand) throws -> Step {
        let outcome = try session.perform(move)
        state.showsHelp = false
        switch outcome {
        case .moved:
            state.pageIndex = session.navigator.index
            state.scrollOffset = 0
            state.status = nil
            updateImage()
        case .unchanged:
            state.status = nil
        case .refused(let error):
            state.status = PlayerStrings(for: session.walkthrough.requestedLocale).describe(error)
        case .finished(let outcome):
            return .finished(Session.result(of: outcome))
        }
        return .redraw
    }

    private func scroll(by lines: Int) -> Step {
        let limit = Renderer.maximumScroll(state, size: size)
        let offset = min(max(state.scrollOffset + lines, 0), limit)
        guard offset != state.scrollOffset else { return .unchanged }
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
        updateImage()
    }

    /// Keeps the scroll position within what a new size allows.
    func resized(to size: TerminalSize) {
        self.size = size
        state.scrollOffset = min(state.scrollOffset, Renderer.maximumScroll(state, size: size))
    }
}
