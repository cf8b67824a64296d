import WalkthroughKit
import WalkthroughTranslation

/// `walkthrough translate import FILE.xlf|FILE.po FILE|ID [--dry-run] [--accept-stale]`:
/// writes a translator's targets into the definition, in the file's locale, changing nothing
/// else in the file, and records the fingerprint of the source each was made from.
struct TranslateImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "translate import",
        abstract: "Write a translator's XLIFF or PO targets into a walkthrough definition.",
        discussion: """
            The locale is the file's (XLIFF trgLang, PO Language). Only that locale's texts \
            and the definition's translations fingerprints change: every other byte of the \
            file stays where it was; the file is replaced whole. A unit translated from an \
            earlier source text (its source-hash is not the current source's) is refused with \
            exit 65 unless --accept-stale, which writes it and keeps it marked stale. An empty \
            target, or one still marked fuzzy (XLIFF state="initial"), leaves the text as it \
            was. Prints what changed; --dry-run writes nothing.
            """,
        arguments: [
            ArgumentSpec(name: "translations", help: "The translator's file, .xlf or .po."),
            ArgumentSpec(name: "walkthrough", help: "A definition file, file name or id."),
        ],
        options: [
            .flag("dry-run", help: "Print what would change; write nothing."),
            .flag(
                "accept-stale",
                help: "Import units translated from an earlier source text too (they stay stale)."),
        ])

    /// The translator's file.
    var translations: String
    /// The definition argument.
    var walkthrough: String
    /// `--dry-run`.
    var dryRun: Bool
    /// `--accept-stale`.
    var acceptStale: Bool

    init(parsed: ParsedArguments) {
        translations = parsed.argument("translations").first ?? ""
        walkthrough = parsed.argument("walkthrough").first ?? ""
        dryRun = parsed.flag("dry-run")
        acceptStale = parsed.flag("accept-stale")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let fileBytes = try TranslationFiles.read(
            translations, limit: TranslationLimits.maximumFileSize)
        let name = CharacterSafety.escapedInLine(translations)
        let format =
            TranslationFormat(fileName: translations)
            ?? (fileBytes.drop {
                $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF
                    || $0 == 0xBB || $0 == 0xBF
            }.first == UInt8(ascii: "<") ? .xliff : .po)
        let file =
            switch format {
            case .po: try POReader.read(fileBytes, file: name)
            case .xliff: try XLIFFReader.read(fileBytes, file: name)
            }
        let path = try DefinitionResolver(environment: context.environment).resolve(walkthrough)
        let bytes = try TranslationFiles.read(path, limit: DefinitionFormat.maximumFileSize)
        let folder = FileSystem.folder(of: path)
        let definition = try DefinitionLoader.load(bytes: bytes, name: path, baseDirectory: folder)
        // gettext's tools (Poedit, Weblate) may write the POSIX form, zh_TW or pt_BR.
        guard let written = file.locale,
            let tag = LanguageTag(written) ?? LanguageTag(posixLocale: written)
        else {
            throw TranslationError.wrongLocale(
                "\(name) names no target locale (XLIFF trgLang, PO Language:)"
                    + (file.locale.map { ": \(CharacterSafety.quoted($0)) is not a BCP 47 tag" }
                        ?? ""))
        }
        let locale = tag.description
        guard locale != definition.defaultLocale else {
            throw TranslationError.wrongLocale(
                "\(name) is for \(locale), the definition's default locale, which translations "
                    + "are made from")
        }
        let texts = TranslationCatalog.texts(of: definition, locale: locale)
        let plan = try TranslationImport.plan(file, texts: texts, acceptStale: acceptStale)
        let shownPath = CharacterSafety.escapedInLine(path)
        for unit in plan.needingReview {
            context.print(
                "kept \(CharacterSafety.escapedInLine(unit)): still marked as needing review "
                    + "(PO fuzzy, XLIFF state=\"initial\"); clear the mark, or import it with "
                    + "--accept-stale")
        }
        guard plan.changesDefinition else {
            context.print("\(shownPath): \(locale): nothing to change")
            return .success
        }
        let editor = DefinitionEditor(
            bytes: bytes, locale: locale, defaultLocale: Self.defaultLocaleKey(definition))
        let result = try editor.applying(
            texts: plan.changes.map { ($0.path, $0.new) }, fingerprints: plan.fingerprints)
        let report = DefinitionLoader.validate(bytes: result, name: path, baseDirectory: folder)
        guard report.errors.isEmpty else {
            throw TranslationError.invalidResult(
                report.errors.map { $0.formatted(file: shownPath) })
        }
        for change in plan.changes {
            let verb = change.old == nil ? "added" : "changed"
            let old = change.old.map { CharacterSafety.quoted($0) + " -> " } ?? ""
            context.print("\(verb) \(change.path): \(old)\(CharacterSafety.quoted(change.new))")
        }
        let changed = plan.changes.count
        let fingerprints = plan.fingerprints.count
        var summary =
            "\(shownPath): \(locale): \(changed) text\(changed == 1 ? "" : "s") changed, "
            + "\(fingerprints) fingerprint\(fingerprints == 1 ? "" : "s") recorded"
        if dryRun {
            summary += " (dry run: nothing written)"
        } else {
            try TranslationFiles.write(result, to: path)
        }
        context.print(summary)
        return .success
    }

    /// The key the default locale's text goes under when a plain string becomes an object: the
    /// definition's `defaultLocale` as canonical.
    private static func defaultLocaleKey(_ definition: Walkthrough) -> String {
        definition.defaultLocale
    }
}
