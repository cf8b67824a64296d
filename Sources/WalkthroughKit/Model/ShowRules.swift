/// A definition's `when`: the conditions that must all hold for a walkthrough to be due.
///
/// On a walkthrough every field applies; on a page only ``environment`` does (a page whose
/// conditions do not hold is left out). ``DueDecision/evaluate(_:user:history:environment:now:)``
/// applies them:
///
/// ```json
/// "when": {
///   "after": ["welcome"], "env": {"TERM_PROGRAM": "vscode", "SSH_TTY": false},
///   "from": "2026-12-01", "until": "2027-01-01T00:00:00Z",
///   "maxShows": 3, "minInterval": "24h",
///   "events": {"deployed": {"min": 3, "within": "7d"}, "usedSearch": {"max": 0}}
/// }
/// ```
package struct ShowRules: Sendable, Hashable {
    /// `after`: ids of walkthroughs the user must have completed or skipped first.
    public var after: [String]
    /// `env`: conditions on environment variables, in the order the definition gives them.
    public var environment: [EnvironmentCondition]
    /// `from`: the walkthrough is not due before this instant.
    public var from: Timestamp?
    /// `until`: the walkthrough is not due at or after this instant (a date without a time
    /// means the end of that day, UTC).
    public var until: Timestamp?
    /// `maxShows`: not due once it has been shown automatically this many times at its current
    /// version without being finished.
    public var maxShows: Int?
    /// `minInterval`: not due while any walkthrough was shown automatically to the user within
    /// this time.
    public var minInterval: Duration?
    /// `events`: how often the user must have done what the host donated, in the order the
    /// definition gives them.
    package var events: [EventCountRule] = []

    /// Rules that always hold.
    public init(
        after: [String] = [], environment: [EnvironmentCondition] = [], from: Timestamp? = nil,
        until: Timestamp? = nil, maxShows: Int? = nil, minInterval: Duration? = nil
    ) {
        self.after = after
        self.environment = environment
        self.from = from
        self.until = until
        self.maxShows = maxShows
        self.minInterval = minInterval
    }

    /// Whether there is no rule at all.
    public var isEmpty: Bool {
        after.isEmpty && environment.isEmpty && from == nil && until == nil && maxShows == nil
            && minInterval == nil && events.isEmpty
    }

    /// The first environment condition `environment` does not meet, if any.
    package func failedCondition(in environment: some EnvironmentVariables) -> EnvironmentCondition?
    {
        self.environment.first { !$0.holds(in: environment) }
    }
}

/// One entry of `when.env`: a variable and what it must be.
package struct EnvironmentCondition: Sendable, Hashable, CustomStringConvertible {
    /// What the variable must be.
    public enum Expectation: Sendable, Hashable {
        /// `true`: set and not empty.
        case set
        /// `false`: unset or empty.
        case unset
        /// A string: exactly this value.
        case equals(String)
    }

    /// The variable's name.
    public var name: String
    /// What it must be.
    public var expectation: Expectation

    /// Creates a condition.
    public init(name: String, expectation: Expectation) {
        self.name = name
        self.expectation = expectation
    }

    /// Whether `environment` meets the condition.
    package func holds(in environment: some EnvironmentVariables) -> Bool {
        let value = environment[name]
        switch expectation {
        case .set: return !(value ?? "").isEmpty
        case .unset: return (value ?? "").isEmpty
        case .equals(let expected):
            return value.map { $0.utf8.elementsEqual(expected.utf8) } ?? false
        }
    }

    /// What the condition asks, as a sentence part: `NAME is set`, `NAME is unset or empty`,
    /// `NAME is "value"`.
    public var description: String {
        switch expectation {
        case .set: return "\(name) is set"
        case .unset: return "\(name) is unset or empty"
        case .equals(let value): return "\(name) is \(CharacterSafety.quoted(value))"
        }
    }
}

/// The durations `minInterval`, `when.events`' `within` and `snooze` accept: a whole number
/// followed by `s`, `m`, `h` or `d`.
package enum RuleDuration {
    /// The accepted forms, for messages.
    package static let forms = "\"90s\", \"30m\", \"24h\" or \"7d\""
    /// The longest duration accepted, in seconds: 100 years of days.
    package static let maximumSeconds: Int64 = 36_500 * 86_400

    /// The duration `text` names, or `nil`.
    package static func parse(_ text: String) -> Duration? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.count <= 12, let unit = bytes.last else { return nil }
        let digits = bytes.dropLast()
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let number = Int64(String(decoding: digits, as: UTF8.self)), number > 0
        else { return nil }
        let scale: Int64
        switch unit {
        case UInt8(ascii: "s"): scale = 1
        case UInt8(ascii: "m"): scale = 60
        case UInt8(ascii: "h"): scale = 3600
        case UInt8(ascii: "d"): scale = 86_400
        default: return nil
        }
        guard number <= maximumSeconds / scale else { return nil }
        return .seconds(number * scale)
    }

    /// `90s`, `30m`, `24h`, `7d`: the largest unit that divides it.
    package static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, scale) in [("d", Int64(86_400)), ("h", 3600), ("m", 60)]
        where seconds % scale == 0 {
            return "\(seconds / scale)\(unit)"
        }
        return "\(seconds)s"
    }
}
