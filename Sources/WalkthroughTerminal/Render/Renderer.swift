import WalkthroughKit

/// Lays out one screen of the interactive player, as a pure function of the state and the size.
///
/// From top to bottom: the walkthrough's title, the page heading, the image (room left for it,
/// see ``RenderState/imageSize``) or else the image line (alt text and file name), the content
/// wrapped to the width, then at the bottom a status line (why a move was
/// refused), the page indicator `● ○ ○  2/3` and the key help. With `?` a help overlay takes the
/// place of the image line and the content.
///
/// Every line is at most `size.columns` wide, and there are exactly `size.rows` lines, so the
/// driver can position each one absolutely. When the screen is too small for everything, parts
/// get rows in order of importance: the indicator, the heading's first line, the status, one
/// line of the body (image line and content), one line of key help, the title, the rest of the
/// heading (cut with `…` if need be), the rest of the key help, the rest of the body, then blank
/// spacing. The image gets what is left after the text, at most half the screen's height,
/// scaled with its aspect kept; with less than 2 rows left it gives way to the image line. A
/// body that still does not fit shows `↓ more` / `↑ more`
/// markers (from 3 rows; a trailing `…` below that) and scrolls with ↑/↓, which the key help
/// then mentions. When the dots do not fit on one line only the position is shown (`12/400`).
///
/// All definition text is sanitised (``TextSanitizer``) before it is measured; with colour on,
/// the only escape sequences in the lines are the renderer's own SGR styles.
package enum Renderer {
    /// The lines of the screen: exactly `size.rows` of them (none for a size without rows), each
    /// at most `size.columns` wide (1 when the size has fewer columns).
    package static func render(_ state: RenderState, size: TerminalSize) -> [String] {
        let layout = Layout(state: state, size: size)
        return layout.lines().lines
    }

    /// The lines of the screen (as ``render(_:size:)``) and where the page's image goes, if it
    /// is drawn: its rows are blank in the lines.
    package static func screen(_ state: RenderState, size: TerminalSize) -> RenderedScreen {
        let layout = Layout(state: state, size: size)
        let (lines, placement) = layout.lines()
        return RenderedScreen(lines: lines, imagePlacement: placement)
    }

    /// The largest useful ``RenderState/scrollOffset`` for this state and size: 0 when the
    /// image line and content fit.
    package static func maximumScroll(_ state: RenderState, size: TerminalSize) -> Int {
        Layout(state: state, size: size).maximumScroll
    }
}

// MARK: - Layout

/// One line of a block, and its style when colour is on.
private struct StyledLine {
    var text: String
    var style: TextStyle?

    func rendered(colour: Bool) -> String {
        style?.apply(to: text, colour: colour) ?? text
    }
}

/// One block of lines of the screen.
private struct Block {
    enum Kind {
        case title
        case heading
        /// Blank rows where the page's image is drawn.
        case image
        /// The image line and the content (or the help overlay): the part that scrolls.
        case body
        case status
        case indicator
        case help
        case spacer
    }

    var kind: Kind
    var lines: [StyledLine]
    /// Rows granted by the allocation.
    var granted = 0
}

/// The layout of one screen: what each block holds and how many rows it gets.
private struct Layout {
    let state: RenderState
    let width: Int
    let rows: Int
    /// The player's own words, in the locale the walkthrough was localized for.
    let strings: PlayerStrings
    var blocks: [Block] = []
    var maximumScroll = 0
    /// The image's size in cells when it is drawn.
    var imageCells: CellSize?

    /// The fewest rows an image is drawn in.
    static let minimumImageRows = 2

    init(state: RenderState, size: TerminalSize) {
        self.state = state
        self.width = max(size.columns, 1)
        self.rows = max(size.rows, 0)
        self.strings = PlayerStrings(for: state.walkthrough.requestedLocale)
        var image =
            state.showsHelp
            ? nil : state.imageSize?.fitted(columns: width, rows: rows / 2)
        if let wanted = image, wanted.rows < Self.minimumImageRows { image = nil }
        layOut(image: image)
        if let wanted = image {
            let granted = blocks.first { $0.kind == .image }?.granted ?? 0
            let fitted = state.imageSize?.fitted(columns: wanted.columns, rows: granted)
            if granted < Self.minimumImageRows || fitted == nil {
                // No room: the image line instead.
                layOut(image: nil)
            } else {
                imageCells = fitted
            }
        }
        maximumScroll = computeMaximumScroll()
    }

    private mutating func layOut(image: CellSize?) {
        blocks = []
        build(scrollHint: false, image: image)
        allocate()
        if computeMaximumScroll() > 0 && !state.showsHelp {
            // The key help gains "↑/↓ scroll"; lay out again with it.
            blocks = []
            build(scrollHint: true, image: image)
            allocate()
        }
    }

    // MARK: Blocks

    private mutating func build(scrollHint: Bool, image: CellSize?) {
        let walkthrough = state.walkthrough
        let page = state.page
        let sanitize = TextSanitizer.sanitize
        if let title = walkthrough.title, !title.isEmpty {
            add(.title, [TextWrapper.truncate(sanitize(title), width: width)], .bold)
            add(.spacer, [""])
        }
        add(.heading, TextWrapper.wrap(sanitize(page.heading), width: width), .bold)
        add(.spacer, [""])
        if let image {
            add(.image, Array(repeating: "", count: image.rows))
        }
        add(.body, body(imageShown: image != nil))
        add(.spacer, [""])
        if let status = state.status, !status.isEmpty {
            add(.status, [TextWrapper.truncate(sanitize(status), width: width)], .warning)
        }
        add(.indicator, [indicator()])
        add(.help, helpLines(scrollHint: scrollHint), .dim)
    }

    /// The scrollable part: the image line and the content, or the help overlay.
    private func body(imageShown: Bool) -> [StyledLine] {
        if state.showsHelp {
            return HelpText.overlay(
                for: state.walkthrough, onLastPage: state.isLastPage, strings: strings
            )
            .flatMap { TextWrapper.wrap($0, width: width) }
            .map { StyledLine(text: $0) }
        }
        var lines: [StyledLine] = []
        if !imageShown,
            let image = PageText.imageLine(
                of: state.page, in: state.walkthrough, strings: strings)
        {
            lines += TextWrapper.wrap(TextSanitizer.sanitize(image), width: width)
                .map { StyledLine(text: $0, style: .dim) }
        }
        let content = state.page.content
        if !content.isEmpty {
            if !lines.isEmpty { lines.append(StyledLine(text: "")) }
            lines += TextWrapper.wrap(TextSanitizer.sanitize(content), width: width)
                .map { StyledLine(text: $0) }
        }
        return lines
    }

    private mutating func add(_ kind: Block.Kind, _ lines: [String], _ style: TextStyle? = nil) {
        add(kind, lines.map { StyledLine(text: $0, style: style) })
    }

    private mutating func add(_ kind: Block.Kind, _ lines: [StyledLine]) {
        guard !lines.isEmpty else { return }
        blocks.append(Block(kind: kind, lines: lines))
    }

    private func indicator() -> String {
        let count = state.walkthrough.pages.count
        let index = min(max(state.pageIndex, 0), count - 1)
        let position = PageText.position(index, of: count)
        let dotsWidth = 2 * count - 1
        if dotsWidth + 2 + position.count <= width {
            let dots = (0..<count).map { $0 == index ? "●" : "○" }.joined(separator: " ")
            return dots + "  " + position
        }
        return TextWrapper.truncate(position, width: width)
    }

    private func helpLines(scrollHint: Bool) -> [String] {
        var items: [String]
        if state.showsHelp {
            items = [strings.text(.hintCloseHelp)]
        } else {
            items = HelpText.keyHints(
                for: state.walkthrough, onLastPage: state.isLastPage, strings: strings
            )
            .map(TextSanitizer.sanitize)
            if scrollHint { items.insert(strings.text(.hintScroll), at: min(1, items.count)) }
        }
        return HelpText.pack(items, width: width)
    }

    // MARK: Allocation

    /// Grants rows to blocks in order of importance.
    private mutating func allocate() {
        var remaining = rows
        func grant(_ kind: Block.Kind, upTo limit: Int? = nil, spacerNumber: Int? = nil) {
            var spacerSeen = 0
            for index in blocks.indices {
                guard blocks[index].kind == kind else { continue }
                if kind == .spacer {
                    spacerSeen += 1
                    guard spacerSeen == spacerNumber else { continue }
                }
                let wanted = min(blocks[index].lines.count, limit ?? Int.max)
                let extra = max(min(wanted - blocks[index].granted, remaining), 0)
                blocks[index].granted += extra
                remaining -= extra
            }
        }
        grant(.indicator)
        grant(.heading, upTo: 1)
        grant(.status)
        grant(.body, upTo: 1)
        grant(.help, upTo: 1)
        grant(.title)
        grant(.heading)
        grant(.help)
        grant(.body)
        grant(.image)
        for number in 1...3 { grant(.spacer, spacerNumber: number) }
    }

    private func computeMaximumScroll() -> Int {
        guard let block = blocks.first(where: { $0.kind == .body }) else { return 0 }
        return Self.maximumScroll(total: block.lines.count, rows: block.granted)
    }

    /// With `rows` rows for `total` lines: from 3 rows on, the last window shows an `↑ more`
    /// marker and `rows - 1` lines; with fewer rows there are no markers.
    static func maximumScroll(total: Int, rows: Int) -> Int {
        guard total > rows, rows > 0 else { return 0 }
        return rows >= 3 ? total - (rows - 1) : total - rows
    }

    // MARK: Output

    func lines() -> (lines: [String], image: ImagePlacement?) {
        guard rows > 0 else { return ([], nil) }
        var placement: ImagePlacement?
        let footerKinds: Set<Block.Kind> = [.status, .indicator, .help]
        var top: [String] = []
        var bottom: [String] = []
        var seenFooter = false
        for (index, block) in blocks.enumerated() where block.granted > 0 {
            let isFooter =
                footerKinds.contains(block.kind)
                || (block.kind == .spacer && index + 1 < blocks.count
                    && footerKinds.contains(blocks[index + 1].kind))
            if isFooter { seenFooter = true }
            if block.kind == .image, let imageCells {
                placement = ImagePlacement(row: top.count, column: 0, size: imageCells)
            }
            let shown = visibleLines(of: block)
            if seenFooter { bottom += shown } else { top += shown }
        }
        let fill = max(rows - top.count - bottom.count, 0)
        return (top + Array(repeating: "", count: fill) + bottom, placement)
    }

    private func visibleLines(of block: Block) -> [String] {
        switch block.kind {
        case .body:
            return scrolledBody(block)
        case .heading where block.granted < block.lines.count:
            var cut = Array(block.lines.prefix(block.granted))
            cut[cut.count - 1].text = TextWrapper.truncate(
                cut[cut.count - 1].text + " …", width: width)
            return cut.map { $0.rendered(colour: state.colour) }
        default:
            return block.lines.prefix(block.granted).map { $0.rendered(colour: state.colour) }
        }
    }

    private func scrolledBody(_ block: Block) -> [String] {
        let total = block.lines.count
        let rows = block.granted
        let colour = state.colour
        if total <= rows { return block.lines.map { $0.rendered(colour: colour) } }
        let offset = min(max(state.scrollOffset, 0), Self.maximumScroll(total: total, rows: rows))
        if rows < 3 {
            var window = Array(block.lines[offset..<(offset + rows)])
            if offset + rows < total {
                window[rows - 1].text = TextWrapper.truncate(
                    window[rows - 1].text + " …", width: width)
            }
            return window.map { $0.rendered(colour: colour) }
        }
        let above = offset > 0
        let textRows = rows - (above ? 1 : 0)
        let below = offset + textRows < total
        let shownRows = textRows - (below ? 1 : 0)
        let marker = { (text: String) in
            StyledLine(text: TextWrapper.truncate(text, width: width), style: .dim)
        }
        var window: [StyledLine] = []
        if above { window.append(marker(strings.text(.moreAbove))) }
        window += block.lines[offset..<(offset + shownRows)]
        if below { window.append(marker(strings.text(.moreBelow))) }
        return window.map { $0.rendered(colour: colour) }
    }
}
