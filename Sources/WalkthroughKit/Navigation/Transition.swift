extension Navigator {
    /// A move from one page to another. Indices are 0-based.
    public struct Transition: Sendable, Hashable {
        /// The page index before the move.
        public var from: Int
        /// The page index after the move.
        public var to: Int
        /// Whether the move went forward or back.
        public var direction: Direction

        /// Creates a transition; the direction follows from the two indices.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
            self.direction = Direction(from: from, to: to)
        }
    }
}
