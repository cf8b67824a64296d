/// Loads walkthrough definitions and checks every rule of the format.
///
/// `validate` never throws: it returns a ``ValidationReport`` with the walkthrough (when valid)
/// and every problem at once, each with its JSON path, line and column. `load` is the short form
/// for code that only wants the walkthrough or a ``DefinitionError``.
///
/// ```swift
/// let walkthrough = try DefinitionLoader.load(contentsOf: "walkthroughs/foodpin.json")
/// ```
public enum DefinitionLoader {
    // MARK: - Validate

    /// Reads and checks the definition file at `path`.
    ///
    /// The file is refused unread when it is larger than `DefinitionFormat.maximumFileSize`.
    /// The walkthrough's default id is the file name without `.json`, and its
    /// ``Walkthrough/baseDirectory`` is the file's folder, where image paths are checked.
    ///
    /// - Parameter path: The file's path, absolute or relative to the current directory. The
    ///   report names the file exactly so.
    public static func validate(contentsOf path: String) -> ValidationReport {
        validate(contentsOf: path, images: .headers)
    }

    /// ``validate(contentsOf:)``, with image files checked as `images` says (decoded in full, so that
    /// a damaged one is found (`walkthrough validate`); otherwise only its header is read (a
    /// player falls back to the alt text on its own).
    package static func validate(contentsOf path: String, images: ImageChecking) -> ValidationReport
    {
        let result = FileReader.withContents(of: path, limit: DefinitionFormat.maximumFileSize) {
            bytes in
            validate(
                bytes: bytes, name: path, baseDirectory: directory(of: path),
                images: images)
        }
        switch result {
        case .success(let report): return report
        case .failure(let problem):
            return ValidationReport(
                file: path, walkthrough: nil,
                diagnostics: [
                    ValidationReport.Diagnostic(
                        kind: ValidationReport.Diagnostic.Kind(problem.kind), path: "", line: nil,
                        column: nil)
                ])
        }
    }

    /// Checks a definition held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The definition's bytes.
    ///   - name: The name the report uses, and whose last component without `.json` is the
    ///     default id; without one the definition must have an `"id"`.
    ///   - baseDirectory: The folder image paths are relative to; missing images are reported
    ///     only when it is given.
    public static func validate(
        bytes: [UInt8], name: String? = nil, baseDirectory: String? = nil
    ) -> ValidationReport {
        bytes.withUnsafeBytes { validate(bytes: $0, name: name, baseDirectory: baseDirectory) }
    }

    /// Checks a definition held in memory as raw bytes, as the `[UInt8]` form of
    /// `validate(bytes:name:baseDirectory:)` does.
    public static func validate(
        bytes: UnsafeRawBufferPointer, name: String? = nil, baseDirectory: String? = nil
    ) -> ValidationReport {
        validate(bytes: bytes, name: name, baseDirectory: baseDirectory, images: .headers)
    }

    /// Checks a definition held in memory, with image files checked as `images` says: what
    /// ``validate(contentsOf:images:)`` does with a file's bytes, for a caller that read them.
    package static func validate(
        bytes: UnsafeRawBufferPointer, name: String?, baseDirectory: String?, images: ImageChecking
    ) -> ValidationReport {
        let file = name ?? "<data>"
        guard bytes.count <= DefinitionFormat.maximumFileSize else {
            let kind = ValidationReport.Diagnostic.Kind.fileTooLarge(
                limit: DefinitionFormat.maximumFileSize)
            return ValidationReport(
                file: file, walkthrough: nil,
                diagnostics: [
                    ValidationReport.Diagnostic(kind: kind, path: "", line: nil, column: nil)
                ])
        }
        let report: ValidationReport
        do {
            report = try JSONReader.withDocument(bytes) { document in
                validate(
                    document, file: file, name: name, baseDirectory: baseDirectory,
                    images: images)
            }
        } catch {
            return ValidationReport(
                file: file, walkthrough: nil,
                diagnostics: [
                    ValidationReport.Diagnostic(error.kind, path: error.path, at: error.position)
                ])
        }
        return report
    }

    /// Checks a parsed definition: a JSON Schema is recognised and skipped (a document with
    /// `pages` never is, whatever its `$schema`), anything else is validated against every rule
    /// of the format.
    private static func validate(
        _ document: JSONDocument, file: String, name: String?, baseDirectory: String?,
        images: ImageChecking
    ) -> ValidationReport {
        let members = document.members(of: 0)
        if let schema = members.first(where: { document.key($0.key, equals: "$schema") }),
            let uri = document.string(at: schema.value), DefinitionFormat.isMetaSchema(uri),
            !members.contains(where: { document.key($0.key, equals: "pages") })
        {
            return ValidationReport(
                file: file, walkthrough: nil, diagnostics: [], isJSONSchema: true)
        }
        var validator = DefinitionValidator(
            fileName: name.map(lastComponent(of:)), baseDirectory: baseDirectory,
            images: images)
        let walkthrough = validator.walkthrough(in: document)
        var report = ValidationReport(
            file: file, walkthrough: walkthrough, diagnostics: validator.sortedDiagnostics)
        report.afterPositions = validator.afterPositions
        return report
    }

    // MARK: - Load

    /// Reads the definition file at `path` and returns its walkthrough.
    ///
    /// - Throws: ``DefinitionError/notFound(path:)``, ``DefinitionError/isDirectory(path:)``,
    ///   ``DefinitionError/unreadable(path:reason:)`` or ``DefinitionError/tooLarge(path:limit:)``
    ///   when the file cannot be had; ``DefinitionError/invalid(_:)`` with every problem when it
    ///   breaks a rule of the format. Warnings do not make it throw.
    public static func load(contentsOf path: String) throws(DefinitionError) -> Walkthrough {
        try load(contentsOf: path, images: .headers)
    }

    /// ``load(contentsOf:)`` with image files checked as `images` says: the gate, which only
    /// decides, opens none of them.
    package static func load(
        contentsOf path: String, images: ImageChecking
    ) throws(DefinitionError) -> Walkthrough {
        let report = validate(contentsOf: path, images: images)
        guard let walkthrough = report.walkthrough else { throw DefinitionError(report: report) }
        return walkthrough
    }

    /// Returns the walkthrough a definition held in memory describes.
    ///
    /// - Throws: ``DefinitionError/invalid(_:)`` or ``DefinitionError/tooLarge(path:limit:)``.
    public static func load(
        bytes: [UInt8], name: String? = nil, baseDirectory: String? = nil
    ) throws(DefinitionError) -> Walkthrough {
        let report = validate(bytes: bytes, name: name, baseDirectory: baseDirectory)
        guard let walkthrough = report.walkthrough else { throw DefinitionError(report: report) }
        return walkthrough
    }

    // MARK: - Paths

    /// The folder of `path`: everything before its last `/`, `/` for a file at the root, `.`
    /// for a bare file name.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
