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
        let cells = ([header] + rows).map(Self.printable)
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells { Self.widen(&widths, toFit: row) }
        return cells.map { Self.line($0, widths: widths) }
    }

    // MARK: - One row at a time

    // A table too large to hold (`status` on a million records) is printed in two passes over
    // its rows: the first widens the columns (`widen`), the second prints each row (`line`).

    /// The cells of a row as they are printed: sanitised, each on one line.
    static func printable(_ row: [String]) -> [String] {
        row.map { oneLine(TextSanitizer.sanitize($0)) }
    }

    /// Widens `widths` so that every column fits the cell of `row` (``printable(_:)`` cells).
    static func widen(_ widths: inout [Int], toFit row: [String]) {
        for (column, cell) in row.enumerated() where column < widths.count {
            widths[column] = max(widths[column], DisplayWidth.of(cell))
        }
    }

    /// One row (``printable(_:)`` cells) laid out in columns of `widths`, trailing spaces trimmed.
    static func line(_ row: [String], widths: [Int]) -> String {
        var line = ""
        for (column, cell) in row.enumerated() {
            line += cell
            if column < row.count - 1 {
                let padding = max(widths[column] - DisplayWidth.of(cell), 0) + 2
                line += String(repeating: " ", count: padding)
            }
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// A cell on one line: a newline in a title or a user name would break the row.
    private static func oneLine(_ text: String) -> String {
        text.contains("\n")
            ? text.split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\\n") : text
    }
}
