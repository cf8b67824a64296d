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
/// In a spread (``RenderState/spread``) the two pages share the screen, the left one in the
/// left half and the right one in the right half, a gutter between them: each has its heading,
/// image and content in its own half, the rows of the two aligned (headings with headings,
/// images with images); the title, status, indicator (`1–2/5`, both dots marked) and key help
/// span the screen, and the two pages' content scrolls together.
///
/// All definition text is sanitised (`TextSanitizer`) before it is measured; with colour on,
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
        let (lines, placed) = layout.lines()
        return RenderedScreen(lines: lines, placedImages: placed)
    }

    /// The largest useful ``RenderState/scrollOffset`` for this state and size: 0 when the
    /// image line and content fit.
    package static func maximumScroll(_ state: RenderState, size: TerminalSize) -> Int {
        Layout(state: state, size: size).maximumScroll
    }
}

// MARK: - Layout

/// One line of a block, and its style when colour is on; in a spread, a row of two halves.
private struct StyledLine {
    var text: String
    var style: TextStyle?
    /// In a spread: the left and right pages' parts of the row (then `text` is empty).
    var halves: [StyledLine] = []
    /// The width of each half.
    var halfWidth = 0

    init(text: String, style: TextStyle? = nil) {
        self.text = text
        self.style = style
    }

    /// A spread's row: `left` padded to `halfWidth`, the gutter, then `right`.
    init(left: StyledLine, right: StyledLine, halfWidth: Int) {
        self.text = ""
        self.halves = [left, right]
        self.halfWidth = halfWidth
    }

    func rendered(colour: Bool) -> String {
        guard halves.count == 2 else { return style?.apply(to: text, colour: colour) ?? text }
        let right = halves[1].rendered(colour: colour)
        guard !halves[1].text.isEmpty else { return halves[0].rendered(colour: colour) }
        let padding = max(halfWidth - DisplayWidth.of(halves[0].text), 0) + ShownSpread.gutter
        return halves[0].rendered(colour: colour) + String(repeating: " ", count: padding) + right
    }

    /// The line cut with ` …` at its end (each non-empty half of a spread's row at its own).
    func ellipsized(width: Int) -> StyledLine {
        var line = self
        if halves.count == 2 {
            line.halves = halves.map { half in
                half.text.isEmpty ? half : half.ellipsized(width: halfWidth)
            }
        } else {
            line.text = TextWrapper.truncate(text + " …", width: width)
        }
        return line
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
    /// The images' sizes in cells where they are drawn: one for a page, one per page of a
    /// spread (`nil` where a page has none).
    var imageCells: [CellSize?] = []
    /// The pages shown, 0-based: one, or the spread's.
    let shownPages: [Int]
    /// The width of each page: the screen's, or a spread's half.
    let pageWidth: Int

    /// The fewest rows an image is drawn in.
    static let minimumImageRows = 2

    init(state: RenderState, size: TerminalSize) {
        self.state = state
        self.width = max(size.columns, 1)
        self.rows = max(size.rows, 0)
        self.strings = PlayerStrings(for: state.walkthrough.requestedLocale)
        let count = state.walkthrough.pages.count
        let sizes: [PixelSize?]
        // A spread needs a column on each side of the gutter; narrower, the page alone.
        if let spread = state.spread, width >= ShownSpread.gutter + 2 {
            let pages = spread.pages.clamped(to: 0...(count - 1))
            shownPages = Array(pages)
            pageWidth = ShownSpread.pageColumns(width: width)
            sizes = shownPages.indices.map {
                spread.imageSizes.indices.contains($0) ? spread.imageSizes[$0] : nil
            }
        } else {
            shownPages = [min(max(state.pageIndex, 0), count - 1)]
            pageWidth = width
            sizes = [state.imageSize]
        }
        let rows = rows
        let pageWidth = pageWidth
        let wanted: [CellSize?] = sizes.map { size in
            guard !state.showsHelp, let fitted = size?.fitted(columns: pageWidth, rows: rows / 2),
                fitted.rows >= Self.minimumImageRows
            else { return nil }
            return fitted
        }
        layOut(images: wanted)
        if wanted.contains(where: { $0 != nil }) {
            let granted = blocks.first { $0.kind == .image }?.granted ?? 0
            let fitted = zip(sizes, wanted).map { size, cells in
                cells.flatMap { size?.fitted(columns: $0.columns, rows: granted) }
            }
            let lost = zip(wanted, fitted).contains { $0 != nil && $1 == nil }
            if granted < Self.minimumImageRows || lost {
                // No room: the image lines instead.
                layOut(images: wanted.map { _ in nil })
            } else {
                imageCells = fitted
            }
        }
        maximumScroll = computeMaximumScroll()
    }

    private mutating func layOut(images: [CellSize?]) {
        blocks = []
        build(scrollHint: false, images: images)
        allocate()
        if computeMaximumScroll() > 0 && !state.showsHelp {
            // The key help gains "↑/↓ scroll"; lay out again with it.
            blocks = []
            build(scrollHint: true, images: images)
            allocate()
        }
    }

    // MARK: Blocks

    private mutating func build(scrollHint: Bool, images: [CellSize?]) {
        let walkthrough = state.walkthrough
        let pages = shownPages.map { walkthrough.pages[$0] }
        let sanitize = TextSanitizer.sanitize
        let pageWidth = pageWidth
        if let title = walkthrough.title, !title.isEmpty {
            add(.title, [TextWrapper.truncate(sanitize(title), width: width)], .bold)
            add(.spacer, [""])
        }
        add(
            .heading,
            sideBySide(
                pages.map { page in
                    TextWrapper.wrap(sanitize(page.heading), width: pageWidth).map {
                        StyledLine(text: $0, style: .bold)
                    }
                }))
        add(.spacer, [""])
        let imageRows = images.map { $0?.rows ?? 0 }.max() ?? 0
        if imageRows > 0 {
            add(.image, Array(repeating: "", count: imageRows))
        }
        if state.showsHelp {
            add(.body, helpOverlay())
        } else {
            add(
                .body,
                sideBySide(
                    pages.indices.map { index in
                        body(of: pages[index], imageShown: images[index] != nil)
                    }))
        }
        add(.spacer, [""])
        if let status = state.status, !status.isEmpty {
            add(.status, [TextWrapper.truncate(sanitize(status), width: width)], .warning)
        }
        add(.indicator, [indicator()])
        add(.help, helpLines(scrollHint: scrollHint), .dim)
    }

    /// The help overlay, across the screen: it takes the place of the pages' bodies.
    private func helpOverlay() -> [StyledLine] {
        HelpText.overlay(
            for: state.walkthrough, onLastPage: state.isLastPage, jumpLimit: state.jumpLimit,
            strings: strings
        )
        .flatMap { TextWrapper.wrap($0, width: width) }
        .map { StyledLine(text: $0) }
    }

    /// The scrollable part of a page: the image line and the content.
    private func body(of page: Page, imageShown: Bool) -> [StyledLine] {
        var lines: [StyledLine] = []
        if !imageShown,
            let image = PageText.imageLine(of: page, in: state.walkthrough, strings: strings)
        {
            lines += TextWrapper.wrap(TextSanitizer.sanitize(image), width: pageWidth)
                .map { StyledLine(text: $0, style: .dim) }
        }
        let content = page.content
        if !content.isEmpty {
            if !lines.isEmpty { lines.append(StyledLine(text: "")) }
            lines += TextWrapper.wrap(TextSanitizer.sanitize(content), width: pageWidth)
                .map { StyledLine(text: $0) }
        }
        return lines
    }

    /// One page's lines as they are, or in a spread the pages' lines row by row, each in its
    /// half (a page with fewer lines leaves its half blank below them).
    private func sideBySide(_ columns: [[StyledLine]]) -> [StyledLine] {
        guard columns.count > 1 || pageWidth < width else { return columns.first ?? [] }
        let blank = StyledLine(text: "")
        let rows = columns.map(\.count).max() ?? 0
        return (0..<rows).map { row in
            let halves = columns.map { $0.indices.contains(row) ? $0[row] : blank }
            return StyledLine(
                left: halves[0], right: halves.count > 1 ? halves[1] : blank,
                halfWidth: pageWidth)
        }
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
        let shown = (shownPages.first ?? 0)...(shownPages.last ?? 0)
        let position = PageText.position(of: shown, count: count)
        let dotsWidth = 2 * count - 1
        if dotsWidth + 2 + position.count <= width {
            let dots = (0..<count).map { shown.contains($0) ? "●" : "○" }.joined(separator: " ")
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
                for: state.walkthrough, onLastPage: state.isLastPage, jumpLimit: state.jumpLimit,
                strings: strings
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

    func lines() -> (lines: [String], images: [PlacedImage]) {
        guard rows > 0 else { return ([], []) }
        var placed: [PlacedImage] = []
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
            if block.kind == .image {
                for (index, cells) in imageCells.enumerated() {
                    guard let cells, shownPages.indices.contains(index) else { continue }
                    let column = index == 0 ? 0 : pageWidth + ShownSpread.gutter
                    placed.append(
                        PlacedImage(
                            page: shownPages[index],
                            placement: ImagePlacement(row: top.count, column: column, size: cells)
                        ))
                }
            }
            let shown = visibleLines(of: block)
            if seenFooter { bottom += shown } else { top += shown }
        }
        let fill = max(rows - top.count - bottom.count, 0)
        return (top + Array(repeating: "", count: fill) + bottom, placed)
    }

    private func visibleLines(of block: Block) -> [String] {
        switch block.kind {
        case .body:
            return scrolledBody(block)
        case .heading where block.granted < block.lines.count:
            var cut = Array(block.lines.prefix(block.granted))
            cut[cut.count - 1] = cut[cut.count - 1].ellipsized(width: width)
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
                window[rows - 1] = window[rows - 1].ellipsized(width: width)
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
