@preconcurrency import Glibc

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
