extension ValidationReport {
    /// Checks the walkthrough's `after` against the definitions of its folder: an id none of
    /// them has is a warning (``ValidationReport/Diagnostic/Kind/unknownAfter(_:)``: it may live in another
    /// folder); a ring of `after` through this walkthrough is an error
    /// (``ValidationReport/Diagnostic/Kind/afterCycle(_:)``), which makes the report invalid.
    ///
    /// - Parameter siblings: The reports of every definition in the folder (this one may be
    ///   among them).
    package mutating func checkAfter(among siblings: [ValidationReport]) {
        guard let walkthrough, !walkthrough.when.after.isEmpty else { return }
        var graph: [String: [String]] = [:]
        for sibling in siblings {
            if let other = sibling.walkthrough { graph[other.id] = other.when.after }
        }
        graph[walkthrough.id] = walkthrough.when.after
        var found: [Diagnostic] = []
        for (index, id) in walkthrough.when.after.enumerated() where graph[id] == nil {
            found.append(diagnostic(.unknownAfter(id), entry: index))
        }
        if let ring = Self.ring(from: walkthrough.id, in: graph),
            let entry = walkthrough.when.after.firstIndex(of: ring[1])
        {
            found.append(diagnostic(.afterCycle(ring), entry: entry))
        }
        guard !found.isEmpty else { return }
        diagnostics = (diagnostics + found).enumerated().sorted { lhs, rhs in
            (lhs.element.line ?? 0, lhs.element.column ?? 0, lhs.offset)
                < (rhs.element.line ?? 0, rhs.element.column ?? 0, rhs.offset)
        }.map(\.element)
        if found.contains(where: { $0.severity == .error }) { self.walkthrough = nil }
    }

    private func diagnostic(_ kind: ValidationReport.Diagnostic.Kind, entry: Int) -> Diagnostic {
        let position = entry < afterPositions.count ? afterPositions[entry] : nil
        return Diagnostic(
            kind: kind, path: "when.after[\(entry)]", line: position?.line,
            column: position?.column)
    }

    /// The shortest way back to `start` along `after`, as ids from `start` to `start`, if any.
    static func ring(from start: String, in graph: [String: [String]]) -> [String]? {
        // Breadth first, so the ring reported is a shortest one.
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let id = queue[head]
            head += 1
            for next in graph[id] ?? [] {
                if next == start {
                    // The ids back from `id` to the start's own entry, then in order.
                    var back: [String] = []
                    var step = id
                    while step != start {
                        back.append(step)
                        step = previous[step] ?? start
                    }
                    return [start] + Array(back.reversed()) + [start]
                }
                if previous[next] == nil, next != start {
                    previous[next] = id
                    queue.append(next)
                }
            }
        }
        return nil
    }
}
