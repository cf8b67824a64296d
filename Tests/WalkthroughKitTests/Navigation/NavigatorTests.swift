import Testing
import WalkthroughKit

/// Every move of the navigator at every boundary.
struct NavigatorTests {
    private func page(_ n: Int) -> Page { Page(id: "p\(n)", heading: "H\(n)", content: "") }

    // MARK: - State

    @Test func startsOnTheFirstPage() {
        let navigator = Navigator(count: 3)
        #expect(navigator.index == 0)
        #expect(navigator.count == 3)
        #expect(navigator.position == 1)
        #expect(navigator.isFirst)
        #expect(!navigator.isLast)
        #expect(navigator.furthest == 0)
        #expect(navigator.visited == [0])
        #expect(navigator.outcome == nil)
        #expect(!navigator.isFinished)
    }

    @Test func takesModeAndSkippabilityFromTheWalkthrough() {
        let walkthrough = Walkthrough(
            id: "w", navigation: .linear, skippable: false, pages: [page(1), page(2)])
        let navigator = Navigator(walkthrough: walkthrough)
        #expect(navigator.navigation == .linear)
        #expect(!navigator.skippable)
        #expect(navigator.count == 2)
    }

    @Test(arguments: [(-5, 0), (0, 0), (2, 2), (4, 4), (5, 4), (Int.max, 4)])
    func clampsTheStartIndex(start: Int, expected: Int) {
        let navigator = Navigator(count: 5, navigation: .linear, startingAt: start)
        #expect(navigator.index == expected)
        #expect(navigator.furthest == expected)
        #expect(navigator.visited == [expected])
    }

    @Test func aSinglePageIsFirstAndLast() {
        let navigator = Navigator(count: 1)
        #expect(navigator.isFirst && navigator.isLast)
    }

    // MARK: - next

    @Test func nextMovesForward() throws {
        var navigator = Navigator(count: 3)
        #expect(try navigator.next() == .moved(Navigator.Transition(from: 0, to: 1)))
        #expect(navigator.index == 1)
        #expect(navigator.furthest == 1)
        #expect(navigator.visited == [0, 1])
        #expect(try navigator.next() == .moved(Navigator.Transition(from: 1, to: 2)))
        #expect(navigator.isLast)
    }

    @Test func nextOnLastPageFinishes() throws {
        var navigator = Navigator(count: 2, startingAt: 1)
        #expect(try navigator.next() == .finished(.completed))
        #expect(navigator.outcome == .completed)
        #expect(navigator.isFinished)
        #expect(navigator.index == 1)
    }

    // MARK: - previous

    @Test func previousMovesBackInReverse() throws {
        var navigator = Navigator(count: 3, startingAt: 2)
        let transition = try navigator.previous()
        #expect(transition == Navigator.Transition(from: 2, to: 1))
        #expect(transition.direction == .reverse)
        #expect(navigator.index == 1)
        #expect(navigator.furthest == 2)
    }

    @Test func previousOnFirstPageIsRefusedAndChangesNothing() throws {
        var navigator = Navigator(count: 3)
        try navigator.next()
        try navigator.previous()
        let before = navigator
        #expect(throws: NavigationError.atFirstPage) { try navigator.previous() }
        #expect(navigator == before)
    }

    // MARK: - jump

    @Test func jumpComputesTheDirection() throws {
        var navigator = Navigator(count: 5)
        let forward = try #require(try navigator.jump(to: 3))
        #expect(forward == Navigator.Transition(from: 0, to: 3))
        #expect(forward.direction == .forward)
        let reverse = try #require(try navigator.jump(to: 1))
        #expect(reverse.direction == .reverse)
        #expect(navigator.visited == [0, 1, 3])
        #expect(navigator.visitedCount == 3)
        #expect(navigator.hasVisited(3) && !navigator.hasVisited(2))
        #expect(navigator.furthest == 3)
    }

    @Test func visitedPagesAreTrackedAcrossWordBoundaries() throws {
        var navigator = Navigator(count: 10_000)
        for target in [63, 64, 127, 128, 9_999, 0] { try navigator.jump(to: target) }
        #expect(navigator.visited == [0, 63, 64, 127, 128, 9_999])
        #expect(navigator.visitedCount == 6)
        #expect(!navigator.hasVisited(-1) && !navigator.hasVisited(10_000))
        #expect(!navigator.hasVisited(65))
    }

    @Test func jumpToTheCurrentPageIsANoOp() throws {
        var navigator = Navigator(count: 3, startingAt: 1)
        let before = navigator
        #expect(try navigator.jump(to: 1) == nil)
        #expect(navigator == before)
    }

    @Test(arguments: [-1, 3, 4, Int.min, Int.max])
    func jumpOutOfBoundsIsRefusedAndChangesNothing(target: Int) throws {
        var navigator = Navigator(count: 3, startingAt: 1)
        let before = navigator
        #expect(throws: NavigationError.outOfBounds(index: target, count: 3)) {
            try navigator.jump(to: target)
        }
        #expect(navigator == before)
    }

    @Test func freeNavigationJumpsAnywhere() throws {
        var navigator = Navigator(count: 10, navigation: .free)
        #expect(navigator.furthestReachable == 9)
        #expect(navigator.canJump(to: 9))
        try navigator.jump(to: 9)
        #expect(navigator.isLast)
    }

    @Test func linearNavigationRefusesJumpsPastTheFurthestPlusOne() throws {
        var navigator = Navigator(count: 5, navigation: .linear)
        #expect(navigator.furthestReachable == 1)
        #expect(!navigator.canJump(to: 2))
        let before = navigator
        #expect(throws: NavigationError.jumpAheadNotAllowed(index: 2, furthest: 0)) {
            try navigator.jump(to: 2)
        }
        #expect(navigator == before)
        try navigator.jump(to: 1)
        try navigator.jump(to: 2)
        try navigator.jump(to: 0)
        #expect(navigator.furthestReachable == 3)
        #expect(try navigator.jump(to: 3) == Navigator.Transition(from: 0, to: 3))
        try navigator.jump(to: 0)
        #expect(try navigator.jump(to: 4) == Navigator.Transition(from: 0, to: 4))
    }

    @Test func linearNavigationReachesTheLastPageOnlyFromTheOneBefore() throws {
        var navigator = Navigator(count: 3, navigation: .linear, startingAt: 1)
        #expect(navigator.furthestReachable == 2)
        try navigator.jump(to: 2)
        #expect(navigator.furthestReachable == 2)
    }

    // MARK: - skip

    @Test func skipFinishesWhenSkippable() throws {
        var navigator = Navigator(count: 3, skippable: true)
        #expect(try navigator.skip() == .skipped)
        #expect(navigator.outcome == .skipped)
        #expect(navigator.index == 0)
    }

    @Test func skipIsRefusedWhenNotSkippableAndChangesNothing() throws {
        var navigator = Navigator(count: 3, skippable: false)
        try navigator.next()
        let before = navigator
        #expect(throws: NavigationError.notSkippable) { try navigator.skip() }
        #expect(navigator == before)
    }

    // MARK: - After finishing

    @Test(arguments: [Navigator.FinishOutcome.completed, .skipped])
    func everyMoveAfterFinishingIsRefused(outcome: Navigator.FinishOutcome) throws {
        var navigator = Navigator(count: 2, startingAt: 1)
        if outcome == .completed { try navigator.next() } else { try navigator.skip() }
        let before = navigator
        #expect(throws: NavigationError.alreadyFinished(outcome)) { try navigator.next() }
        #expect(throws: NavigationError.alreadyFinished(outcome)) { try navigator.previous() }
        #expect(throws: NavigationError.alreadyFinished(outcome)) { try navigator.jump(to: 0) }
        #expect(throws: NavigationError.alreadyFinished(outcome)) { try navigator.jump(to: 1) }
        #expect(throws: NavigationError.alreadyFinished(outcome)) { try navigator.skip() }
        #expect(!navigator.canJump(to: 0))
        #expect(navigator == before)
    }

    // MARK: - Messages

    @Test func errorMessagesCountPagesFromOne() {
        #expect(
            NavigationError.outOfBounds(index: 5, count: 3).description
                == "there is no page 6; this walkthrough has pages 1-3")
        #expect(
            NavigationError.outOfBounds(index: 1, count: 1).description
                == "there is no page 2; this walkthrough has page 1")
        #expect(
            NavigationError.jumpAheadNotAllowed(index: 4, furthest: 1).description
                == "page 5 is not reachable yet: this walkthrough is linear, so the furthest you "
                + "can go is page 3")
        #expect(
            NavigationError.outOfBounds(index: Int.max, count: 3).description.contains(
                "\(Int.max)+1"))
    }

    @Test func directionOfAMove() {
        #expect(Navigator.Direction(from: 1, to: 2) == .forward)
        #expect(Navigator.Direction(from: 2, to: 1) == .reverse)
    }
}
