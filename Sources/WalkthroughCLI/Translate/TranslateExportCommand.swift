import WalkthroughKit
import WalkthroughTranslation

/// `walkthrough translate export FILE|ID --locale TAG [--format xliff|po] [-o FILE]`: the
/// walkthrough's texts as a file for a translator, one unit per text with its path, the
/// default locale's text, the current translation and the source's fingerprint.
struct TranslateExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "translate export",
        abstract: "Write a walkthrough's texts as XLIFF or PO for a translator.",
        discussion: """
            One unit per text (the title, each page's heading, content and image alt text), \
            keyed by its path (title, pages.ID.heading): the source is the default locale's \
            text, the target the translation into --locale, if any. Each unit carries the \
            fingerprint of its source (XLIFF <note category="source-hash">, PO '#. \
            source-hash:'); a translation made from an earlier source is marked (XLIFF \
            state="initial", PO '#, fuzzy'). The format is --format, else the extension of \
            -o (.po, .xlf), else XLIFF 2.1. Written to standard output, or whole to -o FILE.
            """,
        arguments: [
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id.")
        ],
        options: [
            .option(
                "locale", value: "tag",
                help: "The language to translate into, a BCP 47 tag such as zh-Hant."),
            .option("format", value: "format", help: "xliff (XLIFF 2.1) or po (GNU gettext)."),
            .option("output", short: "o", value: "file", help: "Write to this file."),
        ])

    /// The definition argument.
    var walkthrough: String
    /// The target locale, canonical.
    var locale: String
    /// The format.
    var format: TranslationFormat
    /// `-o`, if given.
    var output: String?

    init(parsed: ParsedArguments) throws(CommandLineError) {
        let name = Self.configuration.name
        walkthrough = parsed.argument("walkthrough").first ?? ""
        locale = try Self.locale(parsed.value("locale"), command: name)
        output = parsed.value("output")
        if let value = parsed.value("format") {
            guard let format = TranslationFormat(rawValue: value) else {
                throw .usage(
                    "Invalid value for '--format <format>': '\(value)'; use xliff or po",
                    command: name)
            }
            self.format = format
        } else {
            format = output.flatMap(TranslationFormat.init(fileName:)) ?? .xliff
        }
    }

    /// The canonical tag of a `--locale` the translate commands require.
    static func locale(_ value: String?, command: String) throws(CommandLineError) -> String {
        guard let value else {
            throw .usage(
                "Say which language with '--locale <tag>', for example --locale zh-Hant",
                command: command)
        }
        guard let tag = LanguageTag(value) else {
            throw .usage(
                "Invalid value for '--locale <tag>': '\(value)' is not a BCP 47 language tag; "
                    + "for example en, zh-Hant or pt-BR", command: command)
        }
        return tag.description
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let path = try DefinitionResolver(environment: context.environment).resolve(walkthrough)
        let definition = try DefinitionLoader.load(contentsOf: path)
        guard locale != definition.defaultLocale else {
            throw CommandLineError.usage(
                "\(locale) is the definition's default locale, the language translations are "
                    + "made from; choose another with --locale", command: Self.configuration.name)
        }
        let texts = TranslationCatalog.texts(of: definition, locale: locale)
        let text: String
        switch format {
        case .po:
            text = POWriter.catalog(
                of: texts, walkthrough: definition.id, version: definition.version,
                sourceLocale: definition.defaultLocale, locale: locale)
        case .xliff:
            text = XLIFFWriter.document(
                of: texts, walkthrough: definition.id,
                original: String(path.split(separator: "/").last ?? Substring(path)),
                sourceLocale: definition.defaultLocale, locale: locale)
        }
        if let output {
            try TranslationFiles.write(Array(text.utf8), to: output)
        } else {
            context.output.write(text, to: .standardOutput)
        }
        return .success
    }
}
