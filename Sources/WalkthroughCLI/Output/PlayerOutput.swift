import WalkthroughTerminal

/// Hands a player's output (already sanitised ``TerminalText``) to the command's output, and
/// flushes it at once: in plain mode a page must be on the screen before the player waits for
/// the next command, and standard output and standard error keep their order.
final class PlayerOutput: WalkthroughTerminal.TextOutput {
    private let output: any CommandOutput
    private let stream: OutputStream

    /// An output writing to `stream` of `output`.
    init(_ output: any CommandOutput, stream: OutputStream) {
        self.output = output
        self.stream = stream
    }

    func write(_ text: TerminalText) {
        output.write(text.string, to: stream)
        output.flush()
    }
}
