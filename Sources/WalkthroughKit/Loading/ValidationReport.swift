/// Everything the loader found in one definition: the walkthrough when it is valid, and every
/// problem at once.
///
/// ```swift
/// let report = DefinitionLoader.validate(contentsOf: "walkthroughs/foodpin.json")
/// for diagnostic in report.diagnostics { print(diagnostic.formatted(file: report.file)) }
/// ```
public struct ValidationReport: Sendable, Hashable {
    /// The name the report uses for the input: the path as given, or the display name of data.
    public var file: String
    /// The loaded walkthrough, or `nil` when there is any error.
    public var walkthrough: Walkthrough?
    /// Every problem, errors and warnings, in the order they appear in the file.
    public var diagnostics: [Diagnostic]
    /// Whether the file is a JSON Schema (its `$schema` names a json-schema.org meta-schema),
    /// such as `walkthroughs/schema.json`, rather than a definition. Such a file has no
    /// walkthrough and no diagnostics; tools that go through a folder skip it.
    public var isJSONSchema: Bool
    /// Where each entry of the top-level `when.after` is, for ``checkAfter(among:)``.
    var afterPositions: [SourcePosition] = []

    /// Creates a report.
    public init(
        file: String, walkthrough: Walkthrough?, diagnostics: [Diagnostic],
        isJSONSchema: Bool = false
    ) {
        self.file = file
        self.walkthrough = walkthrough
        self.diagnostics = diagnostics
        self.isJSONSchema = isJSONSchema
    }

    /// The problems that make the definition invalid.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The problems that do not.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    /// Whether the definition can be used: no errors (warnings are allowed).
    public var isValid: Bool { walkthrough != nil }
    /// Whether the file could not be read at all (missing, a directory, no permission), as
    /// opposed to read and found wrong.
    public var isUnreadable: Bool { diagnostics.contains { $0.kind.isAccessProblem } }

    /// Whether the definition passes: valid, and under `strict` also free of warnings.
    /// A JSON Schema passes: it is not a definition to check.
    public func passes(strict: Bool) -> Bool {
        isJSONSchema || (isValid && (!strict || warnings.isEmpty))
    }
}
