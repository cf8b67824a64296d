/// Everything that ends a command other than success, before the root command sorts it
/// into a stream and an exit code (the one place that does).
enum CommandLineError: Error, Sendable, Hashable {
    /// Show help for the command named (nil: the root) on standard output, exit 0.
    case helpRequested(command: String?)
    /// Show the version on standard output, exit 0.
    case versionRequested
    /// The command line is wrong: message and usage on standard error, exit 64.
    case usage(String, command: String?)
    /// The command ran and failed: `message` (one or more lines) on standard error.
    case failure(String, exitCode: ExitCode)
}
