import Foundation
import Testing
import WalkthroughKit

/// Validates `json` as a definition named `name`.
func validate(
    _ json: String, name: String? = "test.json", baseDirectory: String? = nil
) -> ValidationReport {
    DefinitionLoader.validate(bytes: Array(json.utf8), name: name, baseDirectory: baseDirectory)
}

/// The one diagnostic of `report`; records an issue when there is not exactly one.
func onlyDiagnostic(
    _ report: ValidationReport, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ValidationReport.Diagnostic {
    #expect(
        report.diagnostics.count == 1, "\(report.diagnostics.map(\.description))",
        sourceLocation: sourceLocation)
    return try #require(report.diagnostics.first, sourceLocation: sourceLocation)
}

/// A definition with one good page and `root` spliced into the top-level object.
func definition(
    root: String = "", page: String = "\"heading\": \"H\", \"content\": \"C\""
) -> String {
    "{\(root.isEmpty ? "" : root + ",")\n\"pages\": [\n  {\(page)}\n]}"
}
