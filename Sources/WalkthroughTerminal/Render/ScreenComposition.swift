/// Puts the pages' image art over the blank rows the renderer left for it.
package enum ScreenComposition {
    /// The screen's lines with symbol art in the image's rows, and the escape sequence to write
    /// after them (a graphics protocol's image, positioned), if any.
    package static func compose(
        _ screen: RenderedScreen, art: ImageArt?
    ) -> (lines: [String], overlay: String?) {
        compose(screen, arts: [art])
    }

    /// The screen's lines with each placed image's art (`arts[i]` for
    /// ``RenderedScreen/placedImages```[i]`, `nil` where none is drawn) over its blank cells —
    /// a spread's second image after the first, at its own column — and the escape sequences
    /// of the images a graphics protocol draws, positioned, if any.
    package static func compose(
        _ screen: RenderedScreen, arts: [ImageArt?]
    ) -> (lines: [String], overlay: String?) {
        var lines = screen.lines
        var overlay = ""
        // How far each row is filled, in columns, by art already put on it.
        var filled: [Int: Int] = [:]
        for (placed, art) in zip(screen.placedImages, arts) {
            guard let art else { continue }
            let placement = placed.placement
            switch art {
            case .lines(let artLines):
                for (offset, line) in artLines.prefix(placement.size.rows).enumerated() {
                    let row = placement.row + offset
                    guard row < lines.count else { continue }
                    let used = filled[row] ?? 0
                    let base = used == 0 ? "" : lines[row]
                    let indent = String(repeating: " ", count: max(placement.column - used, 0))
                    lines[row] = base + indent + line
                    filled[row] = placement.column + placement.size.columns
                }
            case .sequence(let sequence):
                overlay += "\u{1B}[\(placement.row + 1);\(placement.column + 1)H" + sequence
            }
        }
        return (lines, overlay.isEmpty ? nil : overlay)
    }
}
