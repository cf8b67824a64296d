import WalkthroughTerminal

/// A text table: a header row, then rows, columns separated by two spaces and aligned by display
/// width (a CJK title takes two columns a character), the last column not padded.
///
/// Cells are sanitised before they are measured, so a cell holding an escape sequence is
/// measured as the escaped text that is printed, and the columns still line up.
struct Table {
    /// The column titles.
    var header: [String]
    /// The rows; each has as many cells as ``header``.
    var rows: [[String]] = []

    /// The table's lines, without newlines; trailing spaces trimmed.
    func lines() -> [String] {
        let cells = ([header] + rows).map { $0.map(TextSanitizer.sanitize).map(Self.oneLine) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        return cells.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 {
                    let padding = widths[column] - DisplayWidth.of(cell) + 2
                    line += String(repeating: " ", count: padding)
                }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// A cell on one line: a newline in a title or a user name would break the row.
    private static func oneLine(_ text: String) -> String {
        text.contains("\n")
            ? text.split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\\n") : text
    }
}
