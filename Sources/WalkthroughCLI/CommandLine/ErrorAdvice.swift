import WalkthroughKit
import WalkthroughTerminal

/// The command's own advice, added to the facts a library error states: which of its flags and
/// commands help. The libraries' messages cannot name them (an embedding tool has no `--db` nor
/// `--plain`), so the one place that turns errors into messages (the root command) adds
/// these.
enum ErrorAdvice {
    /// What the command line can do about a store error, or `nil` when the message says it all.
    static func advice(for error: SeenStoreError) -> String? {
        switch error {
        case .notADatabase, .newerSchema, .unrecognizedSchema, .readOnlyFile, .readOnlyFolder,
            .cannotCreateFolder, .unsafeFolder:
            // Each of their messages ends "…, or use another database" (or "… in another folder").
            return "name it with --db or WALKTHROUGH_DB"
        case .interruptedWrite:
            return "walkthrough mark, or play, writes to it; then try again"
        case .noHomeDirectory:
            return "or pass --db"
        case .locked:
            return "to wait longer, set WALKTHROUGH_BUSY_TIMEOUT (milliseconds)"
        case .server(let failure)
        where failure.kind == .permissionDenied && !failure.message.contains("row-level security"):
            return "'walkthrough db grant ROLE' prints the grants the schema needs"
        case .databaseMissing, .corrupt, .cannotOpen, .diskFull, .ioError, .failed, .companionFile,
            .untrustedLink, .invalidBusyTimeout, .server:
            return nil
        }
    }

    /// What the command line can do about a terminal error, or `nil`.
    static func advice(for error: TerminalError) -> String? {
        switch error {
        case .notATerminal: return "use plain mode (--plain) when input or output is redirected"
        case .rawModeFailed: return "try --plain"
        case .signalSetupFailed, .alreadyPlaying, .writeFailed, .readFailed: return nil
        }
    }

    /// `message`, then `advice` after a semicolon when there is some.
    static func joined(_ message: String, _ advice: String?) -> String {
        guard let advice else { return message }
        return message + "; " + advice
    }
}
