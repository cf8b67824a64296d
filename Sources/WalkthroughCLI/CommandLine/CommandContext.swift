import WalkthroughTerminal

/// What a running command may use: the environment and the output streams.
///
/// ``print(_:)`` and ``printError(_:)`` are the commands' one way out, and both pass the text
/// through the terminal library's sanitiser: titles, headings, user names and ids come from
/// definition files and the database, which anyone may have written, so an escape sequence or a
/// bidirectional override in them is shown escaped (`^[`, `\u{202E}`), never sent raw to the
/// terminal. Text the command itself builds is plain and passes through unchanged.
struct CommandContext {
    /// The process environment (`WALKTHROUGH_DB`, `NO_COLOR`, …).
    var environment: [String: String]
    /// Standard output and standard error.
    var output: any CommandOutput

    /// Writes `text`, sanitised, and a newline to standard output.
    func print(_ text: String) {
        output.write(TextSanitizer.sanitize(text) + "\n", to: .standardOutput)
    }

    /// Writes `text`, sanitised, and a newline to standard error.
    func printError(_ text: String) {
        output.write(TextSanitizer.sanitize(text) + "\n", to: .standardError)
    }
}
