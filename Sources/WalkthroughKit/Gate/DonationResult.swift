/// What ``FirstRunGate/donate(_:)`` did: the donation recorded, or why not. Never thrown: a
/// host tells the engine what the user did and goes on with its work, whatever happened.
///
/// ```swift
/// if case .failed(let error) = FirstRunGate().donate("deployed") {
///     log("walkthrough: \(error)")
/// }
/// ```
public enum DonationResult: Sendable, CustomStringConvertible {
    /// Recorded for the user (the one acted for), at this time.
    case recorded(user: String, time: Timestamp)
    /// Not recorded: the name is not 1 to 64 letters, digits, `.`, `_` or `-` starting with a
    /// letter or digit (the id rules).
    case invalidName(String)
    /// Not recorded: the store is one of the host's own, which keeps no donations.
    case notKept
    /// Not recorded: the user name is not one the store accepts, or the store could not be
    /// opened or written.
    case failed(FirstRunGateError)

    /// Whether the donation was recorded.
    public var isRecorded: Bool {
        if case .recorded = self { return true }
        return false
    }

    /// A short phrase for logs: `recorded for alice at 2026-…`, `not recorded: …`.
    public var description: String {
        switch self {
        case .recorded(let user, let time):
            return "recorded for \(user) at \(Timestamp.json(time))"
        case .invalidName(let name):
            return "not recorded: \(CharacterSafety.quoted(name)) is not a valid name (use "
                + "\(DefinitionFormat.idRule))"
        case .notKept:
            return "not recorded: this store keeps no donations"
        case .failed(let error):
            return "not recorded: \(error)"
        }
    }
}
