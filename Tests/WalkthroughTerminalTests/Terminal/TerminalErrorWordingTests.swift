import Testing
import WalkthroughTerminal

/// The terminal library's errors state facts; `--plain` is the `walkthrough` command's advice to
/// add, since a tool that embeds the library may have no such flag.
struct TerminalErrorWordingTests {
    @Test(arguments: [
        TerminalError.notATerminal(fileDescriptor: 0), .rawModeFailed(errno: 5),
        .signalSetupFailed(errno: 5), .alreadyPlaying, .writeFailed(errno: 5),
        .readFailed(errno: 5),
    ])
    func terminalErrorsNameNoCommandLineFlag(error: TerminalError) {
        for word in ["--plain", "--db", "walkthrough play", "walkthrough mark"] {
            #expect(!error.description.contains(word), "\(word) in: \(error.description)")
        }
    }
}
