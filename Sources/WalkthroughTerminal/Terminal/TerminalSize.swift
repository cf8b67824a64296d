/// The size of a terminal in character cells.
package struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// The number of columns (cells per line).
    package var columns: Int
    /// The number of rows (lines).
    package var rows: Int

    /// Creates a size.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size assumed when a terminal reports none (or a zero size): 80×24.
    package static let fallback = TerminalSize(columns: 80, rows: 24)

    /// `80x24`.
    package var description: String { "\(columns)x\(rows)" }
}
