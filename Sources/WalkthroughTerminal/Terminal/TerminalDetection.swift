@preconcurrency import Glibc

/// What the environment says about the terminal: whether to play interactively, whether to use
/// colour, and its size.
package enum TerminalDetection {
    /// Whether the interactive player can run: standard input and output are both terminals, and
    /// `TERM` is set, not empty and not `dumb`. Otherwise use the plain player.
    ///
    /// - Parameters:
    ///   - input: The input descriptor, standard input by default.
    ///   - output: The output descriptor, standard output by default.
    ///   - term: The value of `TERM`, read from the environment by default.
    public static func isInteractive(
        input: Int32 = 0, output: Int32 = 1,
        term: String? = environment("TERM")
    ) -> Bool {
        guard let term, !term.isEmpty, term != "dumb" else { return false }
        return isatty(input) == 1 && isatty(output) == 1
    }

    /// Whether `output` is a terminal that can take escape sequences: a terminal, and `TERM`
    /// set, not empty and not `dumb`. For output-only drawing (a chart) where input does not
    /// matter.
    public static func isTerminal(output: Int32 = 1, term: String? = environment("TERM")) -> Bool {
        guard let term, !term.isEmpty, term != "dumb" else { return false }
        return isatty(output) == 1
    }

    /// Whether to use colour: yes unless `NO_COLOR` is set to a non-empty value
    /// (https://no-color.org).
    ///
    /// - Parameter noColor: The value of `NO_COLOR`, read from the environment by default.
    public static func colourEnabled(noColor: String? = environment("NO_COLOR")) -> Bool {
        noColor?.isEmpty ?? true
    }

    /// Whether to leave motion out (a `scroll` transition draws the new page at once): yes when
    /// `WALKTHROUGH_REDUCED_MOTION` is set to anything but empty, `0` or `false`.
    ///
    /// - Parameter value: The value of `WALKTHROUGH_REDUCED_MOTION`, read from the environment
    ///   by default.
    public static func reducedMotion(
        _ value: String? = environment("WALKTHROUGH_REDUCED_MOTION")
    ) -> Bool {
        guard let value else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// Whether the user asked for what a screen reader reads best: `ACCESSIBLE` set to anything
    /// but empty, `0` or `false` (any case). The player then runs as `--plain` (text a line at
    /// a time, commands read a line at a time), without motion, even on a terminal.
    ///
    /// - Parameter value: The value of `ACCESSIBLE`, read from the environment by default.
    package static func accessible(_ value: String? = environment("ACCESSIBLE")) -> Bool {
        guard let value else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// The size of the terminal on `fileDescriptor` (`TIOCGWINSZ`), or `nil` when it is not a
    /// terminal or reports a zero size.
    package static func size(of fileDescriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0,
            window.ws_col > 0, window.ws_row > 0
        else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// An environment variable's value, or `nil` when it is not set.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
