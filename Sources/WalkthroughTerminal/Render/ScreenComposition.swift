/// Puts a page's image art over the blank rows the renderer left for it.
package enum ScreenComposition {
    /// The screen's lines with symbol art in the image's rows, and the escape sequence to write
    /// after them (a graphics protocol's image, positioned), if any.
    package static func compose(
        _ screen: RenderedScreen, art: ImageArt?
    ) -> (lines: [String], overlay: String?) {
        guard let placement = screen.imagePlacement, let art else { return (screen.lines, nil) }
        switch art {
        case .lines(let artLines):
            var lines = screen.lines
            let indent = String(repeating: " ", count: placement.column)
            for (offset, line) in artLines.prefix(placement.size.rows).enumerated()
            where placement.row + offset < lines.count {
                lines[placement.row + offset] = indent + line
            }
            return (lines, nil)
        case .sequence(let sequence):
            return (
                screen.lines,
                "\u{1B}[\(placement.row + 1);\(placement.column + 1)H" + sequence
            )
        }
    }
}
