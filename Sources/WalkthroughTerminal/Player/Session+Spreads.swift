import WalkthroughKit

extension Session {
    /// The spread (``Walkthrough/PageLayout/spread(holding:of:)``) that holds the current page.
    var currentSpread: ClosedRange<Int> {
        Walkthrough.PageLayout.spread(holding: navigator.index, of: walkthrough.pages.count)
    }

    /// Performs `command` a spread at a time: next shows the next spread (or finishes on the
    /// last one), back the previous one, a jump the spread holding that page (nothing when it
    /// is the one shown). A spread is shown page by page, left then right, so each gets its
    /// `page` event and the session ends on its last page (what `lastPage` keeps).
    ///
    /// - Throws: The store's error when a move could not be recorded.
    func performBySpread(_ command: PlayerCommand) throws -> MoveOutcome {
        let count = walkthrough.pages.count
        let shown = currentSpread
        switch command {
        case .next:
            guard shown.upperBound + 1 < count else {
                // The last spread: finish from its last page.
                while navigator.index < count - 1, try perform(.next) == .moved {}
                return try perform(.next)
            }
            return try show(Walkthrough.PageLayout.spread(holding: shown.upperBound + 1, of: count))
        case .back:
            guard shown.lowerBound > 0 else { return .refused(.atFirstPage) }
            return try show(Walkthrough.PageLayout.spread(holding: shown.lowerBound - 1, of: count))
        case .jump(let page):
            let index = page == Int.min ? Int.min : page - 1
            // Out of range: the navigator's own refusal.
            guard (0..<count).contains(index) else { return try perform(command) }
            let target = Walkthrough.PageLayout.spread(holding: index, of: count)
            return target == shown ? .unchanged : try show(target)
        case .skip, .quit, .snooze, .help, .interrupt, .scrollUp, .scrollDown:
            return try perform(command)
        }
    }

    /// Brings the session onto the whole spread holding its current page, recording the pages
    /// not yet shown: from its left page on to its right one, or, on its right page, the left
    /// one beside it (``recordShown(_:)``). For the first screen and a switch from single pages.
    ///
    /// - Throws: The store's error.
    func settleOnSpread() throws {
        let spread = currentSpread
        if navigator.index < spread.upperBound {
            while navigator.index < spread.upperBound, try perform(.next) == .moved {}
        } else if spread.lowerBound < navigator.index {
            try recordShown(spread.lowerBound)
        }
    }

    /// Shows `target`: its left page (the next page, or a jump), then its right one.
    private func show(_ target: ClosedRange<Int>) throws -> MoveOutcome {
        let first: MoveOutcome =
            navigator.index + 1 == target.lowerBound
            ? try perform(.next) : try perform(.jump(page: target.lowerBound + 1))
        guard first == .moved else { return first }
        while navigator.index < target.upperBound, try perform(.next) == .moved {}
        return .moved
    }
}
