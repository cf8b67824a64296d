/// Which of the two output streams text goes to.
enum OutputStream: Sendable, Hashable {
    /// Standard output: results (help, summaries, JSON).
    case standardOutput
    /// Standard error: diagnostics and errors.
    case standardError
}

/// Where the commands write: their two streams (a player writes to a
/// `WalkthroughTerminal.TextOutput`, which ``PlayerOutput`` hands to one of them). The process
/// uses ``StandardStreams``; tests use ``CapturedOutput`` to run commands in-process and read
/// what they printed.
protocol CommandOutput: AnyObject {
    /// Writes `text` to `stream`. It may be buffered until ``flush()``.
    func write(_ text: String, to stream: OutputStream)
    /// Writes out anything buffered.
    func flush()
}

/// Keeps everything written, per stream, for tests.
final class CapturedOutput: CommandOutput {
    /// Everything written to standard output.
    private(set) var standardOutput = ""
    /// Everything written to standard error.
    private(set) var standardError = ""

    init() {}

    func write(_ text: String, to stream: OutputStream) {
        switch stream {
        case .standardOutput: standardOutput += text
        case .standardError: standardError += text
        }
    }

    func flush() {}
}
