/// An administrator's policy for every walkthrough on a machine: `/etc/walkthrough/policy.json`,
/// and the file `WALKTHROUGH_POLICY` names on top of it.
///
/// ```json
/// {"disable": ["tips"], "maxPerDay": 1, "minInterval": "24h", "quietHours": "18:00-09:00",
///  "db": "postgresql://onboarding@db.example/fleet", "ciVariables": ["MY_CI"]}
/// ```
///
/// Where both files set a key, the stricter wins: both `disable`s hold, the smaller
/// `maxPerDay`, the longer `minInterval`, both `quietHours`, both lists of `ciVariables`; `db` is
/// the system file's when it names one. So the environment's file can add restrictions but
/// never lift one. A file that cannot be read or used disables every walkthrough (reason
/// `policy`, naming the file and the problem). `WALKTHROUGH_MAX_PER_DAY` is one more
/// `maxPerDay`, which can only lower the policy's.
///
/// The system file's path is fixed (``systemFile``): no variable moves it, so a user's
/// environment cannot hide it; the package's tests read another file through
/// ``inForce(environment:systemFile:)``, and the end-to-end tests mount a folder over
/// `/etc/walkthrough` in a mount namespace of their own.
package struct AdministratorPolicy: Sendable, Hashable {
    /// The system file: the one an administrator writes.
    package static let systemFile = "/etc/walkthrough/policy.json"
    /// The variable naming a second file, read on top of the system file.
    package static let fileVariable = "WALKTHROUGH_POLICY"
    /// The variable that lowers `maxPerDay`.
    package static let maxPerDayVariable = "WALKTHROUGH_MAX_PER_DAY"
    /// The largest policy file read, in bytes.
    package static let maximumFileSize = 64 * 1024
    /// The largest `maxPerDay`.
    package static let maximumPerDay = 10_000

    /// A value in force, and where it came from: a file's path or ``maxPerDayVariable``.
    package struct Setting<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The value.
        package var value: Value
        /// The policy file that set it, or the variable.
        package var source: String

        /// A value from `source`.
        package init(_ value: Value, from source: String) {
            self.value = value
            self.source = source
        }
    }

    /// What a `disable` holds back.
    package enum Disable: Sendable, Hashable {
        /// `true`: every walkthrough.
        case all
        /// These ids.
        case ids([String])
        /// Every walkthrough, because the file cannot be read or used, for this reason.
        case unusable(problem: String)
    }

    /// A policy file looked for, and what became of it.
    package struct File: Sendable, Hashable {
        /// The system file, or the one `WALKTHROUGH_POLICY` names.
        package enum Role: String, Sendable, Hashable {
            /// ``AdministratorPolicy/systemFile``.
            case system
            /// The file `WALKTHROUGH_POLICY` names.
            case environment
        }

        /// Its path.
        package var path: String
        /// Which of the two it is.
        package var role: Role
        /// What became of it.
        package var state: State

        /// What became of a file.
        package enum State: Sendable, Hashable {
            /// Read, and in force.
            case read
            /// Not there (the system file only: a missing `WALKTHROUGH_POLICY` file is
            /// ``unusable(_:)``).
            case missing
            /// Read or parsed in vain: every walkthrough is disabled.
            case unusable(String)
        }
    }

    /// The files looked for, the system file first.
    package var files: [File] = []
    /// Each `disable` in force (a file that cannot be used among them).
    package var disable: [Setting<Disable>] = []
    /// The smallest `maxPerDay` (policy or ``maxPerDayVariable``): automatic shows per user
    /// per local day across every walkthrough of the store.
    package var maxPerDay: Setting<Int>?
    /// The longest `minInterval`: a floor under every definition's.
    package var minInterval: Setting<Duration>?
    /// Each `quietHours`: local times when nothing is shown automatically.
    package var quietHours: [Setting<QuietHours>] = []
    /// `db`: the store when neither `--db` nor `WALKTHROUGH_DB` names one.
    package var db: Setting<String>?
    /// `ciVariables`: more names that mean CI when set and not empty.
    package var ciVariables: [Setting<String>] = []
    /// Values of the environment left out, each a sentence
    /// (`WALKTHROUGH_MAX_PER_DAY is "many", not a whole number from 0 to 10000: ignored`).
    package var ignored: [String] = []
    /// The time zone `quietHours` and the day of `maxPerDay` are read in.
    package var timeZone: LocalTimeZone = .system

    /// No policy: nothing held back.
    package init() {}

    /// Whether the policy holds nothing back and names no store.
    package var isEmpty: Bool {
        disable.isEmpty && maxPerDay == nil && minInterval == nil && quietHours.isEmpty
            && db == nil && ciVariables.isEmpty
    }

    /// The `disable` that holds back the walkthrough `id`, if any: a file that cannot be used
    /// first, then `true`, then a list naming it.
    package func disabling(_ id: String) -> Setting<Disable>? {
        disable.first { if case .unusable = $0.value { true } else { false } }
            ?? disable.first { $0.value == .all }
            ?? disable.first {
                if case .ids(let ids) = $0.value { ids.contains(id) } else { false }
            }
    }

    /// Whether some `disable` holds back every walkthrough.
    package var disablesAll: Bool {
        disable.contains { if case .ids = $0.value { false } else { true } }
    }
}
