/// The size of a terminal in character cells.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// The number of columns (cells per line).
    public var columns: Int
    /// The number of rows (lines).
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size assumed when a terminal reports none (or a zero size): 80×24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
