/// Horizontal bars drawn to a width: one row a value, a label on the left, the bar, and a note
/// on the right (`walkthrough stats` draws a bar a page).
///
/// A pure function of its rows and the width, like ``Renderer``, and pinned by golden files.
/// Labels and notes are sanitised, then measured by display width (a CJK id takes two columns
/// a character) and cut with `…` when the width is short; every line is at most `width`
/// columns. Bars are in eighths of a column (`█`, then one of `▏▎▍▌▋▊▉`), scaled so that
/// `maximum` fills the bar column; a value above 0 always shows at least `▏`. With colour on,
/// the filled part is bold and the rest of the track is a dim `·`; without, the track is
/// spaces.
package enum BarChart {
    /// One bar.
    package struct Row: Sendable, Hashable {
        /// What the bar is (`1 personalize`).
        package var label: String
        /// Its length, against the chart's maximum.
        package var value: Int
        /// What follows the bar (`12 reached, 3 dropped`).
        package var note: String

        /// Creates a row.
        package init(label: String, value: Int, note: String) {
            self.label = label
            self.value = value
            self.note = note
        }
    }

    /// The chart's lines, one a row, each at most `width` columns, trailing spaces trimmed.
    ///
    /// - Parameters:
    ///   - rows: The bars, in order.
    ///   - maximum: The value a full bar stands for; by default the largest value (at least 1).
    ///   - width: The columns available (a terminal's width).
    ///   - colour: Whether to style the bars with SGR sequences.
    package static func render(
        _ rows: [Row], maximum: Int? = nil, width: Int, colour: Bool
    ) -> [String] {
        let width = max(width, 1)
        let labels = rows.map { TextSanitizer.sanitize($0.label) }
        let notes = rows.map { TextSanitizer.sanitize($0.note) }
        let noteWidth = notes.map { DisplayWidth.of($0) }.max() ?? 0
        // Labels get at most a third of the width; bars need at least four columns.
        let labelWidth = min(labels.map { DisplayWidth.of($0) }.max() ?? 0, max(width / 3, 1))
        let barWidth = width - labelWidth - noteWidth - 2
        let top = max(maximum ?? rows.map(\.value).max() ?? 1, 1)
        return rows.indices.map { index in
            let label = pad(TextWrapper.truncate(labels[index], width: labelWidth), to: labelWidth)
            guard barWidth >= 4 else {
                // Too narrow for bars: the label and the note, cut to the width.
                return trimmed(TextWrapper.truncate(label + " " + notes[index], width: width))
            }
            let bar = self.bar(rows[index].value, of: top, width: barWidth, colour: colour)
            return trimmed(label + " " + bar + " " + notes[index])
        }
    }

    /// A bar of `value` against `maximum`, exactly `width` columns.
    static func bar(_ value: Int, of maximum: Int, width: Int, colour: Bool) -> String {
        let eighths = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let clamped = min(max(value, 0), maximum)
        var filled = (clamped * width * 8 + maximum / 2) / maximum
        if clamped > 0, filled == 0 { filled = 1 }
        let whole = filled / 8
        let part = filled % 8
        var bar = String(repeating: "█", count: whole)
        var used = whole
        if part > 0, used < width {
            bar += eighths[part]
            used += 1
        }
        let rest = width - used
        guard colour else { return bar + String(repeating: " ", count: rest) }
        let track = String(repeating: "·", count: rest)
        return TextStyle.bold.apply(to: bar, colour: true)
            + TextStyle.dim.apply(to: track, colour: true)
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0))
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
