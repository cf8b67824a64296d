/// Which signals a player handles itself.
///
/// An embedding tool may already own SIGINT (to cancel its own work, or to print its own
/// message): it can leave the termination signals to itself. Whatever the choice, in raw mode
/// Ctrl-C arrives as a key, not as SIGINT, and ends the player with
/// `PlayResult.interrupted(_:)`.
public enum SignalHandling: Sendable, Hashable {
    /// Handle SIGINT, SIGTERM and SIGHUP (the player restores the terminal and returns
    /// `PlayResult.interrupted(_:)`) and SIGWINCH (redraw). The host's earlier handlers are put
    /// back when the player returns.
    case all
    /// Handle only SIGWINCH; SIGINT, SIGTERM and SIGHUP keep whatever disposition the host gave
    /// them.
    case resizeOnly
    /// Install no handler at all; the player does not notice a resize.
    case none

    /// The signals installed under this choice.
    var signals: [Int32] {
        switch self {
        case .all: return TerminationSignal.allCases.map(\.number) + [windowChangeSignal]
        case .resizeOnly: return [windowChangeSignal]
        case .none: return []
        }
    }
}
