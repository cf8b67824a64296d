/// Why the terminal could not be set up, read or written.
///
/// Each case carries the `errno` of the failing call; ``description`` says what to do.
public enum TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file descriptor is not a terminal, so raw mode cannot be entered.
    case notATerminal(fileDescriptor: Int32)
    /// `tcgetattr` or `tcsetattr` failed.
    case rawModeFailed(errno: Int32)
    /// The self-pipe or a signal handler could not be installed.
    case signalSetupFailed(errno: Int32)
    /// Another player in this process is already handling signals.
    case alreadyPlaying
    /// Writing to the output failed.
    case writeFailed(errno: Int32)
    /// Reading the input failed.
    case readFailed(errno: Int32)

    /// What went wrong, in a sentence (the embedding tool says how to play without a terminal).
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            return
                "file descriptor \(descriptor) is not a terminal (input or output is redirected)"
        case .rawModeFailed(let code):
            return "cannot switch the terminal to raw mode (\(errorName(code)))"
        case .signalSetupFailed(let code):
            return "cannot install the signal handlers (\(errorName(code)))"
        case .alreadyPlaying:
            return "another walkthrough is already playing in this process; finish it first"
        case .writeFailed(let code):
            return "cannot write to the output (\(errorName(code)))"
        case .readFailed(let code):
            return "cannot read the input (\(errorName(code)))"
        }
    }
}
