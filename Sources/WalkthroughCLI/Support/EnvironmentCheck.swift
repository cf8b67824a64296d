import WalkthroughKit

/// The environment variables every command reads, checked before it runs: a value that means
/// nothing is refused (exit 64) rather than silently read as something else.
enum EnvironmentCheck {
    /// Refuses a `WALKTHROUGH_EVENTS` that is not on or off.
    ///
    /// - Throws: ``CommandLineError/failure(_:exitCode:)`` with exit 64 naming the value.
    static func check(_ environment: [String: String]) throws(CommandLineError) {
        if let value = environment["WALKTHROUGH_EVENTS"], EventRecording.value(of: value) == nil {
            throw .failure(
                "Error: WALKTHROUGH_EVENTS is \(CharacterSafety.quoted(value)), which is neither "
                    + "on nor off; set it to 1, 0, true, false, yes, no, on or off, or unset it",
                exitCode: .usage)
        }
    }
}
