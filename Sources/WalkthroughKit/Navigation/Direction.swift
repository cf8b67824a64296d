extension Navigator {
    /// Which way a move went, as `UIPageViewController.NavigationDirection` has it.
    public enum Direction: String, Sendable, Hashable {
        /// Towards later pages.
        case forward
        /// Towards earlier pages.
        case reverse

        /// The direction of a move from page index `from` to page index `to`.
        ///
        /// A move to the same page counts as forward; the navigator never reports one.
        public init(from: Int, to: Int) {
            self = to >= from ? .forward : .reverse
        }
    }
}
