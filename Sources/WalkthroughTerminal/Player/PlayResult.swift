@preconcurrency import Glibc

/// How playing ended, for the command line to map to a message and an exit status.
public enum PlayResult: Sendable, Hashable {
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

    /// The conventional exit status: 0, or 128 + the signal's number (130 for SIGINT or
    /// Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
    public var exitStatus: Int32 {
        switch self {
        case .completed, .skipped, .quit: return 0
        case .interrupted(let signal): return signal.exitStatus
        }
    }
}

/// A signal that ends playing.
public enum TerminationSignal: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SIGINT, or Ctrl-C pressed in raw mode.
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup

    /// The signal's number.
    public var number: Int32 {
        switch self {
        case .interrupt: return SIGINT
        case .terminate: return SIGTERM
        case .hangup: return SIGHUP
        }
    }

    /// 128 + the signal's number: 130, 143 or 129.
    public var exitStatus: Int32 { 128 + number }

    /// The signal for a number, when it is one of the three.
    public init?(number: Int32) {
        guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    /// `SIGINT`, `SIGTERM` or `SIGHUP`.
    public var description: String {
        switch self {
        case .interrupt: return "SIGINT"
        case .terminate: return "SIGTERM"
        case .hangup: return "SIGHUP"
        }
    }
}
