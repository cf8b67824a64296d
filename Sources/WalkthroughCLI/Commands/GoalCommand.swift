import WalkthroughKit

/// `walkthrough goal NAME [--user NAME] [--db DB]`: records that a user reached a goal, the
/// thing an onboarding is for, for the experiments judged by it (`stats --experiment`).
///
/// Creates the database when missing. `WALKTHROUGH_EVENTS=off` records nothing.
struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "goal",
        abstract: "Record that a user reached a goal, for the walkthroughs' experiments.",
        discussion: """
            A goal counts for an experiment when it is reached at or after the user's exposure \
            to it (walkthrough stats ID --experiment --goal NAME). NAME is 1 to 64 letters, \
            digits, '.', '_' or '-', starting with a letter or digit, as the definition's \
            experiment.goals lists it. Creates the database and its folder when they do not \
            exist; WALKTHROUGH_EVENTS=off records nothing.
            """,
        arguments: [
            ArgumentSpec(name: "name", help: "The goal's name.")
        ],
        options: StoreOptions.specs)

    /// The `NAME` argument.
    var goal: String
    /// `--user` and `--db`.
    var store: StoreOptions

    init(parsed: ParsedArguments) throws(CommandLineError) {
        goal = parsed.argument("name")[0]
        guard DefinitionFormat.isValidID(goal) else {
            throw .usage(
                "Invalid goal name \(CharacterSafety.quoted(goal)): use \(DefinitionFormat.idRule)",
                command: Self.configuration.name)
        }
        store = StoreOptions(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let name = Self.configuration.name
        var user = try store.user(environment: context.environment, command: name)
        guard EventRecording.isEnabled(environment: context.environment) else {
            context.print("Not recorded: WALKTHROUGH_EVENTS turns events off.")
            return .success
        }
        let path = try store.databasePath(environment: context.environment, command: name)
        let seenStore = try SeenStores.open(path, environment: context.environment)
        user = store.user(user, boundBy: seenStore)
        guard let recorder = SeenStoreCapabilities.experiments(seenStore) else {
            throw CommandLineError.failure(
                "this store keeps no goals", exitCode: .ioError)
        }
        try recorder.recordGoal(goal, user: user)
        context.print("Recorded: \(user) reached the goal \(goal).")
        return .success
    }
}
