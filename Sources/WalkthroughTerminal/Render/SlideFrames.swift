import WalkthroughKit

/// The frames of a `scroll` transition (`layout.transition`): the new screen slides in from the
/// side it comes from, pushing the old one out — from the right going forward and from the left
/// going back; from below and from above in a vertical walkthrough.
///
/// A pure function of the two screens' lines: each frame has exactly as many rows as the screen
/// and no row wider than it (rows are cut by columns with ``ColumnSlice``), so the driver writes
/// each frame whole, as it writes any other.
enum SlideFrames {
    /// How many frames a slide takes, the last being the new screen itself.
    static let count = 5
    /// The time between two frames: the whole slide stays within 150 ms.
    static let interval = Duration.milliseconds(28)

    /// The frames between `old` and `new` (not counting `new` itself), for a move going
    /// `direction` on a screen of `size`.
    static func frames(
        from old: [String], to new: [String], direction: Navigator.Direction,
        orientation: Walkthrough.PageLayout.Orientation, size: TerminalSize
    ) -> [[String]] {
        let rows = new.count
        guard rows > 0, old.count == rows, size.columns > 0 else { return [] }
        return (1..<count).map { step in
            switch orientation {
            case .vertical:
                let shift = rows * step / count
                return direction == .forward
                    ? Array(old[shift...] + new[..<shift])
                    : Array(new[(rows - shift)...] + old[..<(rows - shift)])
            case .horizontal:
                let width = size.columns
                let shift = width * step / count
                return (0..<rows).map { row in
                    direction == .forward
                        ? ColumnSlice.slice(old[row], from: shift, width: width - shift)
                            + ColumnSlice.slice(new[row], from: 0, width: shift)
                        : ColumnSlice.slice(new[row], from: width - shift, width: shift)
                            + ColumnSlice.slice(old[row], from: 0, width: width - shift)
                }
            }
        }
    }
}
