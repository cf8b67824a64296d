import WalkthroughKit

/// `walkthrough donate NAME [--user NAME] [--db DB]`: tells the engine that a user did
/// something (deployed, searched), for the walkthroughs whose `when.events` count it.
///
/// Kept per user and name with its time, the newest 1,000 of each; creates the database when
/// missing. Through a `postgresql://` store the donation goes through this machine's replica,
/// queued while the server is out of reach. Not `events`, which lists what happened.
struct DonateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "donate",
        abstract: "Record that a user did something, for the walkthroughs' when.events rules.",
        discussion: """
            Kept per user and name with its time (the newest 1,000 of each name): a walkthrough \
            whose when.events names NAME is due only while the user's count of it (within the \
            rule's window) is between its min and max. NAME is 1 to 64 letters, digits, '.', \
            '_' or '-', starting with a letter or digit. Creates the database and its folder \
            when they do not exist. walkthrough events lists what happened.
            """,
        arguments: [
            ArgumentSpec(name: "name", help: "What the user did.")
        ],
        options: StoreOptions.specs)

    /// The `NAME` argument.
    var name: String
    /// `--user` and `--db`.
    var store: StoreOptions

    init(parsed: ParsedArguments) throws(CommandLineError) {
        name = parsed.argument("name")[0]
        guard DefinitionFormat.isValidID(name) else {
            throw .usage(
                "Invalid event name \(CharacterSafety.quoted(name)): use \(DefinitionFormat.idRule)",
                command: Self.configuration.name)
        }
        store = StoreOptions(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        // The library's own donation, as an embedding tool makes it: the same store, the
        // same user a row-secured store binds this role to.
        let gate = try store.gate(
            environment: context.environment, command: Self.configuration.name)
        let result = gate.donate(name)
        switch result {
        case .recorded(let user, _):
            context.print("Recorded: \(user) did \(name).")
            return .success
        case .failed(let error):
            throw error
        case .notKept:
            throw CommandLineError.failure("this store keeps no donations", exitCode: .ioError)
        case .invalidName:
            // Checked as the arguments were read; said all the same should that ever change.
            throw CommandLineError.failure("Error: \(result)", exitCode: .usage)
        }
    }
}
