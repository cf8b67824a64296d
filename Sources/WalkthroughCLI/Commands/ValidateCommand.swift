import WalkthroughKit
import WalkthroughTerminal

/// `walkthrough validate FILE... [--strict] [--json]`: checks definition files and lists every
/// problem of each.
///
/// Diagnostics go to standard error, one per line (`file: path: message (line L, column C)`,
/// warnings prefixed `warning: `); each file that passes gets a summary line on standard output.
/// Exit 66 when any file is missing or unreadable, else 65 when any is invalid (with `--strict`,
/// warnings count), else 0.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check walkthrough definition files and list every problem.",
        discussion: """
            Each problem is printed as FILE: PATH: MESSAGE (line L, column C); warnings start \
            with 'warning: '. Exit status: 0 when every file is valid, 65 when one is invalid, \
            66 when one is missing or unreadable.
            """,
        arguments: [
            ArgumentSpec(name: "file", help: "A definition file to check.", isRepeating: true)
        ],
        options: [
            .flag("strict", help: "Count warnings as problems: a file with any is invalid."),
            .flag("json", help: "Print a JSON report on standard output instead of text."),
        ])

    /// The files to check, in order.
    var files: [String]
    /// Whether warnings make a file invalid.
    var strict: Bool
    /// Whether to print JSON.
    var json: Bool

    init(parsed: ParsedArguments) {
        files = parsed.argument("file")
        strict = parsed.flag("strict")
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) -> ExitCode {
        let reports = files.map {
            DefinitionLoader.validate(contentsOf: $0, images: PictureBuild.validation)
        }
        .map(Self.checkingAfter)
        if json {
            let objects = reports.map(jsonObject(for:))
            let value = objects.count == 1 ? objects[0] : JSONText.array(objects)
            context.print(value.rendered())
        } else {
            for report in reports { printText(report, context: context) }
        }
        if reports.contains(where: \.isUnreadable) { return .missingInput }
        if reports.contains(where: { !$0.passes(strict: strict) }) { return .invalidDefinition }
        return .success
    }

    /// The report with its `when.after` checked against the other definitions of its folder
    /// (read only when it has an `after`): unknown ids warned about, a ring an error.
    static func checkingAfter(_ report: ValidationReport) -> ValidationReport {
        guard let after = report.walkthrough?.when.after, !after.isEmpty else { return report }
        let folder = report.walkthrough?.baseDirectory ?? "."
        let names = (try? ListCommand.definitionFiles(in: folder)) ?? []
        let siblings = names.map {
            DefinitionLoader.validate(
                contentsOf: FileSystem.joined(folder, $0))
        }
        var checked = report
        checked.checkAfter(among: siblings)
        return checked
    }

    // MARK: - Text

    private func printText(_ report: ValidationReport, context: CommandContext) {
        for line in Self.lines(for: report) { context.printError(line) }
        let errors = report.errors.count
        let warnings = report.warnings.count
        if report.isJSONSchema {
            context.print("\(report.file): skipped, a JSON Schema rather than a definition")
        } else if report.passes(strict: strict) {
            let pages = report.walkthrough?.pages.count ?? 0
            var summary = "\(report.file): valid, \(Self.counted(pages, "page"))"
            if warnings > 0 { summary += ", " + Self.counted(warnings, "warning") }
            // A definition in one language does not say which: only translations name locales.
            if let locales = report.walkthrough?.locales, locales.count > 1 {
                summary += ", locales " + locales.joined(separator: ", ")
            }
            context.print(summary)
        } else if report.isValid {
            context.printError(
                "\(report.file): invalid under --strict: \(Self.counted(warnings, "warning"))")
        } else if !report.isUnreadable && errors + warnings > 1 {
            var summary = "\(report.file): invalid: \(Self.counted(errors, "error"))"
            if warnings > 0 { summary += ", " + Self.counted(warnings, "warning") }
            context.printError(summary)
        }
    }

    /// Each diagnostic of `report` as a line, `file: path: message (line L, column C)`, with
    /// `warning: ` in front of warnings (the form docs/commands.md shows under `validate`).
    static func lines(for report: ValidationReport) -> [String] {
        report.diagnostics.map { diagnostic in
            let line = diagnostic.formatted(file: report.file)
            return diagnostic.severity == .warning ? "warning: " + line : line
        }
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: - JSON

    /// `{"file", "valid", "errors": [...], "warnings": [...]}`; each problem is
    /// `{"path", "line", "column", "kind", "message"}`. Under `--strict`, `valid` is false when
    /// there are warnings. A JSON Schema (`schema.json`) passed over as the text form says
    /// "skipped" has `"skipped": true` as well.
    private func jsonObject(for report: ValidationReport) -> JSONText {
        var members: [(String, JSONText)] = [
            ("file", .string(report.file)),
            ("valid", .bool(report.passes(strict: strict))),
            ("errors", .array(report.errors.map(Self.jsonObject(for:)))),
            ("warnings", .array(report.warnings.map(Self.jsonObject(for:)))),
        ]
        if report.isJSONSchema { members.append(("skipped", .bool(true))) }
        return .object(members)
    }

    private static func jsonObject(for diagnostic: ValidationReport.Diagnostic) -> JSONText {
        .object([
            ("path", .string(diagnostic.path)),
            ("line", diagnostic.line.map(JSONText.integer) ?? .null),
            ("column", diagnostic.column.map(JSONText.integer) ?? .null),
            ("kind", .string(diagnostic.kind.name)),
            ("message", .string(diagnostic.message)),
        ])
    }
}
