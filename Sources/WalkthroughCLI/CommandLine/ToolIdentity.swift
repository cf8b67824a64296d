/// The tool's own facts, which help, usage, errors, `--version` and the manual show: kept here, in
/// the command-line layer, so that formatting help needs nothing from the commands.
enum ToolIdentity {
    /// The program's name, as help and errors show it.
    static let name = "walkthrough"
    /// What `--version` prints after the name.
    static let version = "0.1.0"
    /// The root help's overview.
    static let abstract =
        "Play onboarding walkthroughs in the terminal, check their definitions and remember "
        + "who has seen them."
    /// The root usage line.
    static let usage = "\(name) <subcommand>"
}
