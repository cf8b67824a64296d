import WalkthroughKit

/// `walkthrough translate status FILE|ID [--json]`: for each locale of the walkthrough but the
/// default, how many texts are translated, missing, and stale (translated from a source that
/// has changed since).
struct TranslateStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "translate status",
        abstract: "Count each locale's translated, missing and stale texts.",
        discussion: """
            A text is stale when the definition's translations record that its translation was \
            made from another source text than the current one. --json prints {walkthrough, \
            defaultLocale, texts, locales: [{locale, translated, missing, stale}]}.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: [.flag("json", help: "Print JSON instead of text.")])

    /// The definition argument.
    var walkthrough: String
    /// `--json`.
    var json: Bool

    init(parsed: ParsedArguments) {
        walkthrough = parsed.argument("walkthrough").first ?? ""
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let definition = try Definitions.load(walkthrough, environment: context.environment)
        let counts = TranslationCatalog.counts(of: definition)
        let total = TranslationCatalog.texts(of: definition, locale: definition.defaultLocale)
            .count
        if json {
            let locales = counts.map { count in
                JSONText.object([
                    ("locale", .string(count.locale)),
                    ("translated", .integer(count.translated)),
                    ("missing", .integer(count.missing)),
                    ("stale", .integer(count.stale)),
                ])
            }
            context.print(
                JSONText.object([
                    ("walkthrough", .string(definition.id)),
                    ("defaultLocale", .string(definition.defaultLocale)),
                    ("texts", .integer(total)),
                    ("locales", .array(locales)),
                ]).rendered())
            return .success
        }
        let id = CharacterSafety.escapedInLine(definition.id)
        guard !counts.isEmpty else {
            context.print(
                "\(id): \(total) texts in \(definition.defaultLocale), no translations yet")
            return .success
        }
        context.print("\(id): \(total) texts in \(definition.defaultLocale)")
        for count in counts {
            context.print(
                "\(count.locale): \(count.translated) translated, \(count.missing) missing, "
                    + "\(count.stale) stale")
        }
        return .success
    }
}
