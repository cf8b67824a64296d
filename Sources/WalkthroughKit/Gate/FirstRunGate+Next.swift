/// Several walkthroughs at once: the one to show now (``NextChoice``), as `walkthrough next`
/// names it and the gate shows it.
extension FirstRunGate {
    /// Each walkthrough's decision, with one read-only open, ranked; the first due one chosen.
    ///
    /// - Parameter localOnly: As for one walkthrough (``due(of:localOnly:)``).
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func next(
        of walkthroughs: [Walkthrough], localOnly: Bool = false
    ) throws(FirstRunGateError) -> (user: String, choice: NextChoice) {
        let (user, decisions) = try due(of: walkthroughs, localOnly: localOnly)
        return (user, NextChoice(walkthroughs, decisions: decisions))
    }

    /// The walkthroughs `sources` name, loaded and checked, in their order.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)`` for the first that cannot be loaded.
    package func load(_ sources: [DefinitionSource]) throws(FirstRunGateError) -> [Walkthrough] {
        var walkthroughs: [Walkthrough] = []
        for source in sources { walkthroughs.append(try load(source)) }
        return walkthroughs
    }

    /// Decides which of several walkthroughs to show now and, when one is due, hands back the
    /// session that records it: the one `walkthrough next` names (the highest `priority`, then
    /// the order of `after`, then the id), so that a tool with several walkthroughs shows one
    /// at a time.
    ///
    /// ```swift
    /// let gate = FirstRunGate()
    /// if case .show(let session) = try gate.decide(oneOf: ["welcome", "whats-new", "tips"]) {
    ///     // play session.walkthrough
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - sources: The walkthroughs, in any order.
    ///   - restart: Start on the first page even when an unfinished run is stored.
    ///   - recordsEvents: Whether the session writes events; by default as
    ///     `WALKTHROUGH_EVENTS` says.
    /// - Returns: ``FirstRunDecision/show(_:)`` for the one chosen; when none is due,
    ///   ``FirstRunDecision/notDue(_:)`` with the decision of the first (in rank order) that is
    ///   not seen, or ``FirstRunDecision/alreadySeen(_:)`` when the user has seen every one.
    /// - Throws: ``FirstRunGateError/definition(_:)``, ``FirstRunGateError/invalidUser(name:problem:)``
    ///   or ``FirstRunGateError/store(_:)``; never for "already seen".
    /// - Precondition: `sources` is not empty.
    public func decide(
        oneOf sources: [DefinitionSource], restart: Bool = false, recordsEvents: Bool? = nil
    ) throws(FirstRunGateError) -> FirstRunDecision {
        precondition(!sources.isEmpty, "decide(oneOf:) needs at least one walkthrough")
        let (_, choice) = try next(of: load(sources))
        guard let winner = choice.winner else { return Self.nothingDue(choice) }
        return try decide(
            winner.walkthrough, restart: restart, force: false, recordsEvents: recordsEvents,
            allPages: false
        ).decision
    }

    /// What a choice with none due answers: not due, with the decision of the first candidate
    /// not seen; else already seen, with the first one's record.
    package static func nothingDue(_ choice: NextChoice) -> FirstRunDecision {
        if let held = choice.candidates.first(where: { $0.decision.reason != .seen }) {
            return .notDue(held.decision)
        }
        guard let record = choice.candidates.first?.decision.record else {
            preconditionFailure("a seen decision always carries its record")
        }
        return .alreadySeen(record)
    }
}
