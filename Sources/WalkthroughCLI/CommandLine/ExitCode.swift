/// How `walkthrough` ends, as docs/commands.md's table of exit codes fixes the numbers (sysexits
/// where they apply, 128 + the signal's number when a signal ended `play`).
enum ExitCode: Int32, Sendable, Hashable, CaseIterable {
    /// Everything went as asked.
    case success = 0
    /// `seen`: the user has not seen the walkthrough.
    case notSeen = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// A definition file is invalid (EX_DATAERR).
    case invalidDefinition = 65
    /// A definition file is missing or unreadable (EX_NOINPUT).
    case missingInput = 66
    /// A service this build or machine lacks: `serve` built without the `Server` trait
    /// (EX_UNAVAILABLE), or an address it cannot listen on.
    case unavailable = 69
    /// A bug: something that should not happen did (EX_SOFTWARE).
    case internalError = 70
    /// The seen store, the terminal or an output (an HTML export's folder) cannot be opened,
    /// read or written (EX_IOERR).
    case ioError = 74
    /// A configuration file is unsafe or invalid: `serve`'s keys file readable by others,
    /// owned by another user, or malformed (EX_CONFIG).
    case configuration = 78
    /// `play` ended by SIGHUP: the terminal went away (128 + 1).
    case hangup = 129
    /// `play` ended by Ctrl-C or SIGINT (128 + 2).
    case interrupted = 130
    /// `play` ended by SIGTERM (128 + 15).
    case terminated = 143
}
