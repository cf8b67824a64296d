/// One entry of a walkthrough's `when.events`: how often the user must have done something the
/// host donated (`walkthrough donate NAME`, `FirstRunGate.donate(_:)`), within a window or
/// ever.
///
/// ```json
/// "when": {"events": {"deployed": {"min": 3, "within": "7d"}, "usedSearch": {"max": 0}}}
/// ```
///
/// `min` and `max` are inclusive. `min` defaults to 1 (done at least once), or to 0 when a
/// `max` is given (`{"max": 0}`: never done); `within` counts only the donations of that last
/// stretch of time, and without it every donation kept counts (the newest 1,000 of each name).
package struct EventCountRule: Sendable, Hashable, CustomStringConvertible {
    /// The donated name (the id rules).
    package var name: String
    /// The fewest donations it needs.
    package var min: Int
    /// The most donations it allows, if any.
    package var max: Int?
    /// How far back donations count; `nil`: all time.
    package var within: Duration?

    /// A rule; `min` defaults as the definition format says (1, or 0 with a `max`).
    package init(name: String, min: Int? = nil, max: Int? = nil, within: Duration? = nil) {
        self.name = name
        self.min = min ?? (max == nil ? 1 : 0)
        self.max = max
        self.within = within
    }

    /// Whether `count` donations meet the rule.
    package func holds(count: Int) -> Bool {
        count >= min && (max.map { count <= $0 } ?? true)
    }

    /// The earliest donation time that counts at `now`, or `nil` for all time.
    package func earliest(at now: Timestamp) -> Timestamp? {
        guard let within else { return nil }
        let (start, overflow) = now.millisecondsSince1970.subtractingReportingOverflow(
            within.wholeMilliseconds)
        return Timestamp(millisecondsSince1970: overflow ? .min : start)
    }

    /// What the rule wants, as a sentence part: `at least 3`, `at most 2`, `never`, `2 to 4`,
    /// `exactly 1`.
    package var wanted: String {
        switch (min, max) {
        case (_, nil): return "at least \(min)"
        case (0, 0?): return "never"
        case (0, let max?): return "at most \(max)"
        case (let min, let max?) where min == max: return "exactly \(min)"
        case (let min, let max?): return "\(min) to \(max)"
        }
    }

    /// The window as a sentence part: ` in the last 7d`, or nothing for all time.
    package var window: String {
        within.map { " in the last \(RuleDuration.format($0))" } ?? ""
    }

    /// `deployed: at least 3 in the last 7d`.
    package var description: String { "\(name): \(wanted)\(window)" }
}
