/// Moves through the pages of a walkthrough and enforces their bounds.
///
/// The navigator is a value: copy it to try a move without committing to it. Every move either
/// succeeds and returns what happened, or throws a ``NavigationError`` and leaves the navigator
/// exactly as it was. This is the `viewControllerBefore`/`viewControllerAfter` data source of the
/// iOS original, which returned `nil` past either end, made explicit.
///
/// ```swift
/// var navigator = Navigator(walkthrough: walkthrough)
/// try navigator.next()          // .moved(Transition(from: 0, to: 1))
/// try navigator.jump(to: 0)     // Transition(from: 1, to: 0), direction .reverse
/// try navigator.previous()      // throws NavigationError.atFirstPage; nothing changes
/// ```
public struct Navigator: Sendable, Hashable {
    /// The current page, `0 ..< count`.
    public private(set) var index: Int
    /// The number of pages, at least 1.
    public let count: Int
    /// The highest page index reached so far.
    public private(set) var furthest: Int
    /// The page indices shown so far.
    public var visited: Set<Int> { visitedPages.asSet }
    /// How many different pages have been shown so far.
    public var visitedCount: Int { visitedPages.count }
    /// How the walkthrough finished, once it has; every move is refused after that.
    public private(set) var outcome: FinishOutcome?
    /// Whether jumps may go anywhere or only up to `furthest + 1`.
    public let navigation: Walkthrough.NavigationMode
    /// Whether ``skip()`` is allowed.
    public let skippable: Bool

    /// The visited pages, one bit each: a move costs a shift and a mask, not a hash.
    private var visitedPages: VisitedPages

    /// Creates a navigator over `count` pages.
    ///
    /// - Parameters:
    ///   - count: The number of pages; must be at least 1.
    ///   - navigation: Free or linear jumps.
    ///   - skippable: Whether ``skip()`` is allowed.
    ///   - startIndex: The page to start on (to resume a run), clamped into `0 ..< count`. Under
    ///     linear navigation every page up to it counts as reached.
    public init(
        count: Int, navigation: Walkthrough.NavigationMode = .free, skippable: Bool = true,
        startingAt startIndex: Int = 0
    ) {
        precondition(count >= 1, "a navigator needs at least one page")
        let start = min(max(startIndex, 0), count - 1)
        self.count = count
        self.navigation = navigation
        self.skippable = skippable
        self.index = start
        self.furthest = start
        self.visitedPages = VisitedPages(count: count)
        self.visitedPages.insert(start)
        self.outcome = nil
    }

    /// Creates a navigator over a walkthrough's pages, with its navigation mode and skippability.
    public init(walkthrough: Walkthrough, startingAt startIndex: Int = 0) {
        self.init(
            count: walkthrough.pages.count, navigation: walkthrough.navigation,
            skippable: walkthrough.skippable, startingAt: startIndex)
    }

    // MARK: - State

    /// Whether the current page is the first.
    public var isFirst: Bool { index == 0 }
    /// Whether the current page is the last.
    public var isLast: Bool { index == count - 1 }
    /// Whether the walkthrough has finished (completed or skipped).
    public var isFinished: Bool { outcome != nil }
    /// The current page counted from 1, as a page indicator shows it (`2/3`).
    public var position: Int { index + 1 }

    /// The highest index a jump may reach now: the last page under free navigation, the
    /// furthest page reached + 1 under linear navigation.
    public var furthestReachable: Int {
        switch navigation {
        case .free: return count - 1
        case .linear: return min(furthest + 1, count - 1)
        }
    }

    /// Whether the page at `index` has been shown.
    public func hasVisited(_ index: Int) -> Bool {
        visitedPages.contains(index)
    }

    /// Whether a jump to `target` would be allowed now.
    public func canJump(to target: Int) -> Bool {
        outcome == nil && target >= 0 && target < count && target <= furthestReachable
    }

    // MARK: - Moves

    /// Moves to the next page, or finishes the walkthrough as ``Navigator/FinishOutcome/completed`` when on
    /// the last page.
    ///
    /// - Throws: ``NavigationError/alreadyFinished(_:)`` once the walkthrough has finished.
    @discardableResult
    public mutating func next() throws(NavigationError) -> Move {
        try ensureNotFinished()
        if isLast {
            outcome = .completed
            return .finished(.completed)
        }
        return .moved(moveUnchecked(to: index + 1))
    }

    /// Moves to the previous page.
    ///
    /// - Throws: ``NavigationError/atFirstPage`` on the first page.
    @discardableResult
    public mutating func previous() throws(NavigationError) -> Transition {
        try ensureNotFinished()
        guard index > 0 else { throw .atFirstPage }
        return moveUnchecked(to: index - 1)
    }

    /// Jumps to the page at `target` (0-based).
    ///
    /// - Returns: The transition, or `nil` when `target` is the current page (a no-op).
    /// - Throws: ``NavigationError/outOfBounds(index:count:)`` outside `0 ..< count`;
    ///   ``NavigationError/jumpAheadNotAllowed(index:furthest:)`` under linear navigation past
    ///   `furthest + 1`.
    @discardableResult
    public mutating func jump(to target: Int) throws(NavigationError) -> Transition? {
        try ensureNotFinished()
        guard target >= 0, target < count else {
            throw .outOfBounds(index: target, count: count)
        }
        guard target != index else { return nil }
        guard target <= furthestReachable else {
            throw .jumpAheadNotAllowed(index: target, furthest: furthest)
        }
        return moveUnchecked(to: target)
    }

    /// Finishes the walkthrough as ``Navigator/FinishOutcome/skipped``.
    ///
    /// - Throws: ``NavigationError/notSkippable`` when the walkthrough does not allow it.
    @discardableResult
    public mutating func skip() throws(NavigationError) -> FinishOutcome {
        try ensureNotFinished()
        guard skippable else { throw .notSkippable }
        outcome = .skipped
        return .skipped
    }

    // MARK: - Private

    private func ensureNotFinished() throws(NavigationError) {
        if let outcome { throw .alreadyFinished(outcome) }
    }

    private mutating func moveUnchecked(to target: Int) -> Transition {
        let transition = Transition(from: index, to: target)
        index = target
        if target > furthest { furthest = target }
        visitedPages.insert(target)
        return transition
    }
}
