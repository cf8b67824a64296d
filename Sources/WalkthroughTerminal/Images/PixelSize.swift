/// An image's size in pixels.
package struct PixelSize: Sendable, Hashable {
    /// Pixels a row.
    package var width: Int
    /// Rows of pixels.
    package var height: Int

    /// Creates a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest box of terminal cells, at most `columns` × `rows`, that shows the image with
    /// its aspect kept, taking a cell as twice as tall as it is wide; `nil` when not even one
    /// cell fits.
    package func fitted(columns: Int, rows: Int) -> CellSize? {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return nil }
        // rows = columns * height / (2 * width), rounded.
        var fittedColumns = columns
        var fittedRows = (columns * height + width) / (2 * width)
        if fittedRows > rows {
            fittedRows = rows
            fittedColumns = min(columns, (2 * rows * width + height / 2) / height)
        }
        guard fittedColumns > 0, fittedRows > 0 else { return nil }
        return CellSize(columns: fittedColumns, rows: fittedRows)
    }
}

/// A box of terminal cells.
package struct CellSize: Sendable, Hashable {
    /// Columns.
    package var columns: Int
    /// Rows.
    package var rows: Int

    /// Creates a size.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// Where the renderer left room for a page's image: 0-based row and column of its top-left
/// cell, and its size in cells.
package struct ImagePlacement: Sendable, Hashable {
    /// The first row, 0-based.
    package var row: Int
    /// The first column, 0-based.
    package var column: Int
    /// The image's size in cells.
    package var size: CellSize

    /// Creates a placement.
    package init(row: Int, column: Int, size: CellSize) {
        self.row = row
        self.column = column
        self.size = size
    }
}
