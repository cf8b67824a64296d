import WalkthroughKit

/// `--locale TAG`, shared by the commands that show a walkthrough's text (`play`, `list`,
/// `export --html`): the language to show, else the one the environment names (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`).
struct LocaleOption: Sendable, Hashable {
    /// `--locale <tag>`.
    static let spec = OptionSpec.option(
        "locale", value: "tag",
        help: "The language to show, a BCP 47 tag such as zh-Hant (default: from LC_ALL, "
            + "LC_MESSAGES or LANG).")

    /// `--locale`, if given.
    var value: String?

    /// Reads the option back from parsed arguments.
    init(parsed: ParsedArguments) {
        value = parsed.value("locale")
    }

    /// The locale to show: `--locale`, else the environment's; `nil` for none (the `C` locale),
    /// which shows each definition's default locale.
    ///
    /// - Throws: A usage error (exit 64) for a `--locale` that is not a well-formed tag.
    func tag(
        environment: [String: String], command: String
    ) throws(CommandLineError)
        -> LanguageTag?
    {
        guard let value else { return LanguageTag.preferred(environment: environment) }
        guard let tag = LanguageTag(value) else {
            let hint =
                value.contains("_")
                ? "; BCP 47 separates subtags with '-', as in "
                    + String(value.map { $0 == "_" ? "-" : $0 })
                : ""
            throw .usage(
                "Invalid value for '\(Self.spec.display)': '\(value)' is not a BCP 47 language "
                    + "tag\(hint); for example en, zh-Hant or pt-BR",
                command: command)
        }
        return tag
    }
}
