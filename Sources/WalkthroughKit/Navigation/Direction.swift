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

/// How a walkthrough ended.
public enum FinishOutcome: String, Sendable, Hashable, CaseIterable {
    /// The user reached the end and took the finish action ("Get Started").
    case completed
    /// The user skipped the rest.
    case skipped
}

/// What ``Navigator/next()`` did: moved to the following page, or finished the walkthrough.
public enum Move: Sendable, Hashable {
    /// The navigator moved to another page.
    case moved(Transition)
    /// The walkthrough finished; the navigator stays on its last page.
    case finished(FinishOutcome)
}
