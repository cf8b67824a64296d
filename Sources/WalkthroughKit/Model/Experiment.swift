/// A definition's `experiment`: variants of the walkthrough tried on its users, a holdout shown
/// nothing, and the goals that say which variant works better.
///
/// ```json
/// "experiment": {
///   "id": "onboarding-2026-12",
///   "variants": [
///     {"id": "control", "weight": 50},
///     {"id": "short", "weight": 50, "pages": ["welcome", "finish"]}
///   ],
///   "holdout": 10,
///   "goals": ["first-pin"]
/// }
/// ```
///
/// Each user is assigned once and for all by ``assignment(of:)``, a function of the experiment's
/// id and the user's name that anyone can recompute (see ``bucket(of:)``).
package struct Experiment: Sendable, Hashable {
    /// One variant: a name, its share of the users who are not held out, and its pages.
    public struct Variant: Sendable, Hashable {
        /// The variant's id, recorded with every event of its users.
        public var id: String
        /// Its share: a positive whole number, relative to the other variants' weights.
        public var weight: Int
        /// The ids of the pages it shows, in definition order; `nil`: every page.
        public var pages: [String]?

        /// Creates a variant.
        public init(id: String, weight: Int, pages: [String]? = nil) {
            self.id = id
            self.weight = weight
            self.pages = pages
        }
    }

    /// The name of the holdout where a variant's id would be: in `walkthrough variant`, in the
    /// events' `variant` and in `stats --experiment`. No variant may take it.
    public static let holdoutName = "holdout"
    /// The highest `holdout`, in percent.
    public static let maximumHoldout = 50
    /// The number of buckets users are spread over.
    public static let bucketCount: UInt64 = 10_000

    /// The experiment's id: part of what each user's bucket is hashed from, so a new id
    /// assigns everyone afresh.
    public var id: String
    /// The variants, the first being the control the others are compared with. Never empty in
    /// a loaded definition.
    public var variants: [Variant]
    /// The percentage of users (0–50) shown nothing.
    public var holdout: Int
    /// The goals a host records (`walkthrough goal NAME`) that the experiment is judged by.
    public var goals: [String]

    /// Creates an experiment.
    public init(id: String, variants: [Variant], holdout: Int = 0, goals: [String] = []) {
        self.id = id
        self.variants = variants
        self.holdout = holdout
        self.goals = goals
    }
}
