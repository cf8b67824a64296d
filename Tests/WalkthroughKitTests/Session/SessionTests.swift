import Testing
import WalkthroughKit

/// A session without a store: moves, events to closures and to the AsyncStream.
struct SessionTests {
    private func walkthrough(
        pages: Int = 3, navigation: Walkthrough.NavigationMode = .free, skippable: Bool = true
    ) -> Walkthrough {
        Walkthrough(
            id: "w", navigation: navigation, skippable: skippable,
            pages: (1...pages).map { Page(id: "p\($0)", heading: "H\($0)", content: "C\($0)") })
    }

    @Test func sendsPageChangesAndTheFinishInOrder() throws {
        let session = Session(walkthrough: walkthrough())
        var events: [Session.Event] = []
        session.observe { events.append($0) }
        try session.start()
        try session.next()
        try session.jump(to: 2)
        try session.previous()
        try session.jump(to: 2)
        try session.next()
        #expect(
            events == [
                .pageChanged(from: 0, to: 1, direction: .forward),
                .pageChanged(from: 1, to: 2, direction: .forward),
                .pageChanged(from: 2, to: 1, direction: .reverse),
                .pageChanged(from: 1, to: 2, direction: .forward),
                .finished(.completed),
            ])
        #expect(session.outcome == .completed)
    }

    @Test func callsObserversInRegistrationOrder() throws {
        let session = Session(walkthrough: walkthrough())
        var calls: [String] = []
        session.observe { _ in calls.append("first") }
        session.observe { _ in calls.append("second") }
        try session.next()
        #expect(calls == ["first", "second"])
    }

    @Test func aRefusedMoveSendsNothingAndChangesNothing() throws {
        let session = Session(walkthrough: walkthrough(navigation: .linear, skippable: false))
        var events: [Session.Event] = []
        session.observe { events.append($0) }
        let before = session.navigator
        #expect(throws: NavigationError.atFirstPage) { try session.previous() }
        #expect(throws: NavigationError.jumpAheadNotAllowed(index: 2, furthest: 0)) {
            try session.jump(to: 2)
        }
        #expect(throws: NavigationError.outOfBounds(index: 9, count: 3)) { try session.jump(to: 9) }
        #expect(throws: NavigationError.notSkippable) { try session.skip() }
        #expect(try session.jump(to: 0) == nil)
        #expect(events.isEmpty)
        #expect(session.navigator == before)
    }

    @Test func skipSendsFinishedSkippedAndNothingAfter() throws {
        let session = Session(walkthrough: walkthrough())
        var events: [Session.Event] = []
        session.observe { events.append($0) }
        #expect(try session.skip() == .skipped)
        #expect(throws: NavigationError.alreadyFinished(.skipped)) { try session.next() }
        #expect(events == [.finished(.skipped)])
    }

    @Test func aRemovedObserverGetsNothingMore() throws {
        let session = Session(walkthrough: walkthrough())
        var count = 0
        let token = session.observe { _ in count += 1 }
        try session.next()
        session.removeObserver(token)
        try session.next()
        #expect(count == 1)
    }

    @Test func currentPageFollowsTheNavigator() throws {
        let session = Session(walkthrough: walkthrough())
        #expect(session.currentPage.heading == "H1")
        try session.jump(to: 2)
        #expect(session.currentPage.heading == "H3")
        #expect(!session.alreadySeen)
        #expect(!session.isResuming)
        #expect(session.user == nil)
    }

    @Test func theEventStreamYieldsEveryEventAndEndsAfterFinishing() async throws {
        let session = Session(walkthrough: walkthrough(pages: 2))
        let stream = session.events()
        try session.next()
        try session.previous()
        try session.next()
        try session.next()
        var received: [Session.Event] = []
        for await event in stream { received.append(event) }
        #expect(
            received == [
                .pageChanged(from: 0, to: 1, direction: .forward),
                .pageChanged(from: 1, to: 0, direction: .reverse),
                .pageChanged(from: 0, to: 1, direction: .forward),
                .finished(.completed),
            ])
    }

    @Test func theEventStreamSeesNothingOfARefusedMove() async throws {
        let session = Session(walkthrough: walkthrough(pages: 1, skippable: false))
        let stream = session.events()
        #expect(throws: NavigationError.self) { try session.previous() }
        #expect(throws: NavigationError.self) { try session.skip() }
        try session.next()
        var received: [Session.Event] = []
        for await event in stream { received.append(event) }
        #expect(received == [.finished(.completed)])
    }
}
