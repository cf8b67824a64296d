extension Walkthrough {
    /// A definition's `layout`: how its pages are laid out and how one gives way to the next, as
    /// `UIPageViewController`'s spine, navigation orientation and transition style say it.
    ///
    /// ```json
    /// "layout": {"spread": "auto", "orientation": "vertical", "transition": "scroll"}
    /// ```
    ///
    /// Every field is optional; a definition without `layout` gets
    /// ``Walkthrough/PageLayout/init(spread:orientation:transition:)``: one page at a time, horizontal, no
    /// motion.
    public struct PageLayout: Sendable, Hashable {
        /// When two consecutive pages are shown side by side.
        public enum Spread: String, Sendable, Hashable, CaseIterable {
            /// One page at a time (the default).
            case never
            /// Two pages where they fit at a readable width: a terminal of at least
            /// ``Walkthrough/PageLayout/autoSpreadColumns`` columns, a browser at least
            /// ``Walkthrough/PageLayout/autoSpreadPixels`` pixels wide.
            case auto
            /// Two pages wherever two fit at all.
            case always
        }

        /// Which way the pages follow each other.
        public enum Orientation: String, Sendable, Hashable, CaseIterable {
            /// Side by side: → moves on, ← back (the default).
            case horizontal
            /// One above the next: ↓ moves on, ↑ back (← and → keep working).
            case vertical
        }

        /// How one page gives way to the next.
        public enum TransitionStyle: String, Sendable, Hashable, CaseIterable {
            /// The new page appears at once (the default).
            case none
            /// The new page slides in from the side it comes from (from below when vertical).
            case scroll
        }

        /// The narrowest terminal, in columns, that `auto` shows spreads on.
        public static let autoSpreadColumns = 120
        /// The narrowest browser window, in CSS pixels, that `auto` shows spreads in.
        public static let autoSpreadPixels = 1024

        /// When pages are shown in spreads of two.
        public var spread: Spread
        /// Which way the pages follow each other.
        public var orientation: Orientation
        /// How one page gives way to the next.
        public var transition: TransitionStyle

        /// Creates a layout; the defaults are one page at a time, horizontal, no motion.
        public init(
            spread: Spread = .never, orientation: Orientation = .horizontal,
            transition: TransitionStyle = .none
        ) {
            self.spread = spread
            self.orientation = orientation
            self.transition = transition
        }

        /// The pages of the spread that holds page `index` of `count` (0-based): pages 0–1, 2–3, …,
        /// an odd last page alone.
        ///
        /// - Precondition: `count >= 1`; `index` is clamped into `0 ..< count`.
        public static func spread(holding index: Int, of count: Int) -> ClosedRange<Int> {
            precondition(count >= 1, "a walkthrough has at least one page")
            let page = min(max(index, 0), count - 1)
            let first = page - page % 2
            return first...min(first + 1, count - 1)
        }
    }
}
