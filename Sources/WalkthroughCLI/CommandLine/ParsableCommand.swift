/// A `walkthrough` subcommand: its own type, with its own options, built from parsed arguments.
///
/// Adding a command is one new file with a type conforming to this protocol and one line in
/// the root command's list (`WalkthroughCommand.commands`).
protocol ParsableCommand {
    /// The command's name, help and accepted arguments.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from what the parser read.
    ///
    /// - Throws: ``CommandLineError/usage(_:command:)`` for values that parse but make no sense.
    init(parsed: ParsedArguments) throws(CommandLineError)

    /// Runs the command.
    ///
    /// - Returns: The exit code for an outcome that is not an error (`seen` answering "no").
    /// - Throws: Any error; the root command turns it into a message and an exit code.
    func run(in context: CommandContext) throws -> ExitCode
}
