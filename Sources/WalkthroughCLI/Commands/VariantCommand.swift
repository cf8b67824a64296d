import WalkthroughKit

/// `walkthrough variant FILE|ID [--user NAME]`: the group a user is in for the walkthrough's
/// experiment, a variant's id or `holdout`.
///
/// The assignment is a function of the experiment's id and the user's name alone (SHA-256 of
/// `experimentId/user`), so this reads no store and writes nothing; exposure is recorded when
/// the walkthrough is shown or the user held out.
struct VariantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "variant",
        abstract: "Print the variant of the walkthrough's experiment a user is in, or holdout.",
        discussion: """
            The bucket is the first 8 bytes, big-endian, of SHA-256 of the UTF-8 of \
            "experimentId/user", modulo 10000; buckets below holdout x 100 are the holdout, \
            the rest are shared by the variants in order, in proportion to their weights. \
            Reads no store and records nothing.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: [StoreOptions.userSpec])

    /// The `FILE|ID` argument.
    var walkthrough: String
    /// `--user`, through the shared options.
    var store: StoreOptions

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough")[0]
        store = StoreOptions(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let user = try store.user(
            environment: context.environment, command: Self.configuration.name)
        let definition = try Definitions.load(walkthrough, environment: context.environment)
        let experiment = try Self.experiment(of: definition)
        context.print(experiment.name(of: experiment.assignment(of: user)))
        return .success
    }

    /// The walkthrough's experiment, or a failure (exit 65) saying it has none.
    static func experiment(of definition: Walkthrough) throws(CommandLineError) -> Experiment {
        guard let experiment = definition.experiment else {
            throw .failure(
                "Error: \(definition.id) has no experiment; add an \"experiment\" with its "
                    + "variants to the definition (see docs/experiments.md)",
                exitCode: .invalidDefinition)
        }
        return experiment
    }
}
