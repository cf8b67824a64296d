/// Which of the two output streams text goes to.
enum OutputStream: Sendable, Hashable {
    /// Standard output: results (help, summaries, JSON).
    case standardOutput
    /// Standard error: diagnostics and errors.
    case standardError
}

/// Where the commands write. The process uses ``StandardStreams``; tests use ``CapturedOutput``
/// to run commands in-process and read what they printed.
protocol TextOutput: AnyObject {
    /// Writes `text` to `stream`. It may be buffered until ``flush()``.
    func write(_ text: String, to stream: OutputStream)
    /// Writes out anything buffered.
    func flush()
}

/// Keeps everything written, per stream, for tests.
final class CapturedOutput: TextOutput {
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
