package import WalkthroughKit

/// How playing ended, for the command line to map to a message and an exit status.
package enum PlayResult: Sendable, Hashable {
    /// The user finished on the last page; the session recorded `completed`.
    case completed
    /// The user skipped; the session recorded `skipped`.
    case skipped
    /// The user quit (`q`, Esc, `quit`, or the end of plain-mode input) on the page at this
    /// 0-based index; progress is kept and the walkthrough is not marked seen.
    case quit(atPage: Int)
    /// A signal (or Ctrl-C, which counts as SIGINT) ended playing; the terminal was restored
    /// first, progress is kept.
    case interrupted(TerminationSignal)
    /// The user put it off (`z`, `later`) on the page at this 0-based index; the store recorded
    /// `snoozed` until the time given, when it resumes there.
    case snoozed(atPage: Int, until: Timestamp)

    /// The conventional exit status: 0, or 128 + the signal's number (130 for SIGINT or
    /// Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
    public var exitStatus: Int32 {
        switch self {
        case .completed, .skipped, .quit, .snoozed: return 0
        case .interrupted(let signal): return signal.exitStatus
        }
    }
}
