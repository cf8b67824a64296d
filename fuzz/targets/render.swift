import WalkthroughKit
import WalkthroughTerminal

// Fuzz target: the interactive player's screen layout, a pure function of a state and a size.
//
// The input's first bytes choose the size (0-119 columns, 0-49 rows), the page, the help
// overlay, colour, a spread (the page's and the next, side by side) and the scroll offset; the rest, split at 0xFF bytes, gives the title, the
// pages' headings, contents, image paths and alt texts, the finish label and a status line,
// raw (any control character, escape sequence or bidi override included). Properties, as
// `Renderer.render` documents them:
// - exactly `rows` lines (none for a size without rows);
// - no line wider than the columns (1 when there are fewer), measured without the renderer's
//   own SGR styles;
// - no raw control character other than the ESC of those styles, and no ESC at all without
//   colour;
// - `maximumScroll` is never negative, and any scroll offset renders.

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let columns = input.integer(in: 0...119)
    let rows = input.integer(in: 0...49)
    let flags = input.byte()
    let pageCount = input.integer(in: 1...3)
    let pageIndex = input.integer(in: 0...(pageCount - 1))
    let scroll = input.integer(in: 0...15)
    func field() -> String { text(input.piece(until: 0xFF)) }

    let title = field()
    var pages: [Page] = []
    for index in 0..<pageCount {
        let heading = field()
        let content = field()
        let image = field()
        let alt = field()
        pages.append(
            Page(
                id: "page-\(index + 1)", heading: heading, content: content,
                image: image.isEmpty ? nil : image, imageAlt: alt.isEmpty ? nil : alt))
    }
    let finishLabel = field()
    let status = field()
    let walkthrough = Walkthrough(
        id: "fuzz", title: title.isEmpty ? nil : title,
        navigation: flags & 1 == 0 ? .free : .linear, skippable: flags & 2 == 0,
        finishLabel: finishLabel, pages: pages)
    var state = RenderState(
        walkthrough: walkthrough, pageIndex: pageIndex, showsHelp: flags & 4 != 0,
        status: status.isEmpty ? nil : status, scrollOffset: 0, colour: flags & 8 != 0,
        spread: flags & 32 == 0
            ? nil
            : ShownSpread(pages: Walkthrough.PageLayout.spread(holding: pageIndex, of: pageCount)))
    let screen = TerminalSize(columns: columns, rows: rows)

    let maximum = Renderer.maximumScroll(state, size: screen)
    require(maximum >= 0, "maximumScroll \(maximum)")
    state.scrollOffset = flags & 16 != 0 ? maximum : scroll
    let lines = Renderer.render(state, size: screen)
    require(lines.count == rows, "\(lines.count) lines for \(rows) rows")
    for line in lines {
        let plain = state.colour ? withoutStyles(line) : line
        require(
            !plain.unicodeScalars.contains { TextSanitizer.needsEscape($0) || $0 == "\n" },
            "a raw control character on the screen: \(visible(line))")
        let width = DisplayWidth.of(plain)
        require(
            width <= max(columns, 1), "a line of \(width) columns in \(columns): \(visible(line))")
    }
    return 0
}

/// `line` without SGR sequences (`ESC [` digits and `;` `m`); any other ESC is left in place.
private func withoutStyles(_ line: String) -> String {
    var result = ""
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.first {
        if scalar == "\u{1B}", scalars.dropFirst().first == "[" {
            let body = scalars.dropFirst(2).prefix { ("0"..."9").contains($0) || $0 == ";" }
            let end = scalars.index(scalars.startIndex, offsetBy: 2 + body.count)
            if end < scalars.endIndex, scalars[end] == "m" {
                scalars = scalars[(end + 1)...]
                continue
            }
        }
        result.unicodeScalars.append(scalar)
        scalars = scalars.dropFirst()
    }
    return result
}
