/// The one walkthrough to show now among several: `walkthrough next`'s answer, and what the
/// gate shows when it is given several definitions.
///
/// The candidates are ranked by `priority` (higher first), then by `after` (a walkthrough
/// comes before those that name it in their `after`, directly or through others), then by id;
/// the first in that order whose decision is due is chosen, and every other due one is
/// ``DueDecision/Reason/outranked``, naming it.
package struct NextChoice: Sendable {
    /// One candidate: the definition and its decision.
    package struct Candidate: Sendable {
        /// The definition.
        package var walkthrough: Walkthrough
        /// Its decision: its own reason, or ``DueDecision/Reason/outranked``.
        package var decision: DueDecision
    }

    /// Every candidate, in rank order.
    package var candidates: [Candidate]
    /// The position in ``candidates`` of the one to show now, or `nil` when none is due.
    package var chosen: Int?

    /// The chosen candidate, if any.
    package var winner: Candidate? { chosen.map { candidates[$0] } }

    /// Ranks `walkthroughs` (each with its decision, in the same order) and chooses.
    package init(_ walkthroughs: [Walkthrough], decisions: [DueDecision]) {
        precondition(walkthroughs.count == decisions.count, "one decision per walkthrough")
        let depths = Self.afterDepths(walkthroughs)
        let order = walkthroughs.indices.sorted { left, right in
            let (a, b) = (walkthroughs[left], walkthroughs[right])
            if a.priority != b.priority { return a.priority > b.priority }
            if depths[left] != depths[right] { return depths[left] < depths[right] }
            if a.id != b.id { return a.id < b.id }
            return left < right
        }
        candidates = order.map { Candidate(walkthrough: walkthroughs[$0], decision: decisions[$0]) }
        chosen = candidates.firstIndex { $0.decision.isDue }
        guard let chosen else { return }
        let winner = candidates[chosen].walkthrough
        let winnerDepth = depths[order[chosen]]
        for index in candidates.indices where index != chosen && candidates[index].decision.isDue {
            let loser = candidates[index].walkthrough
            var decision = candidates[index].decision
            decision.reason = .outranked
            decision.setBy = winner.id
            decision.pages = []
            let why: String
            if winner.priority != loser.priority {
                why = "priority \(winner.priority), above \(loser.priority)"
            } else if winnerDepth != depths[order[index]] {
                why =
                    "it comes before \(loser.id) in the order of when.after (same priority "
                    + "\(loser.priority))"
            } else {
                why = "same priority \(loser.priority), and its id comes first"
            }
            decision.detail = "\(winner.id) is shown first: \(why)"
            candidates[index].decision = decision
        }
    }

    /// For each walkthrough, how many of the others stand before it through `after`: 0 for one
    /// whose `after` names none of them, else one more than the deepest it names (a ring of
    /// `after`, which validation refuses within a folder, counts as nothing).
    private static func afterDepths(_ walkthroughs: [Walkthrough]) -> [Int] {
        var positions: [String: Int] = [:]
        for (index, walkthrough) in walkthroughs.enumerated() where positions[walkthrough.id] == nil
        {
            positions[walkthrough.id] = index
        }
        var depths = [Int?](repeating: nil, count: walkthroughs.count)
        var visiting = Set<Int>()
        func depth(_ index: Int) -> Int {
            if let known = depths[index] { return known }
            guard visiting.insert(index).inserted else { return 0 }
            let before = walkthroughs[index].when.after.compactMap { positions[$0] }
            let value = before.map { depth($0) + 1 }.max() ?? 0
            visiting.remove(index)
            depths[index] = value
            return value
        }
        return walkthroughs.indices.map(depth)
    }
}
