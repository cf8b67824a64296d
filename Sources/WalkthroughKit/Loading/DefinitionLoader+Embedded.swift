public import FoundationEssentials

// MARK: - Definitions shipped inside a tool

extension DefinitionLoader {
    /// Reads and checks the definition file a file URL points to, such as a SwiftPM resource.
    ///
    /// This is how a tool loads a walkthrough it ships inside itself: SwiftPM copies the
    /// definition and its images into the tool's resource bundle, and `Bundle.module` gives the
    /// file's URL. The walkthrough's ``Walkthrough/baseDirectory`` is the file's folder inside the
    /// bundle, so image paths resolve against the bundle, not against the current directory.
    ///
    /// ```swift
    /// import Foundation  // for Bundle, in the tool; WalkthroughKit itself does not need it
    ///
    /// let url = Bundle.module.url(
    ///     forResource: "foodpin", withExtension: "json", subdirectory: "walkthroughs")!
    /// let walkthrough = try DefinitionLoader.load(contentsOf: url)
    /// ```
    ///
    /// - Parameter url: A `file:` URL. Any other scheme gives a report whose only diagnostic is
    ///   ``DiagnosticKind/unreadable(reason:)``: nothing is fetched from a network.
    public static func validate(contentsOf url: URL) -> ValidationReport {
        validate(contentsOf: url, images: .headers)
    }

    /// ``validate(contentsOf:)-(URL)`` with image files checked as `images` says.
    package static func validate(contentsOf url: URL, images: ImageChecking) -> ValidationReport {
        guard url.isFileURL else {
            let reason = "only file URLs can be loaded; \(url.scheme ?? "this") URLs are not read"
            return ValidationReport(
                file: url.absoluteString, walkthrough: nil,
                diagnostics: [
                    Diagnostic(kind: .unreadable(reason: reason), path: "", line: nil, column: nil)
                ])
        }
        return validate(contentsOf: url.path(percentEncoded: false), images: images)
    }

    /// Reads the definition file a file URL points to and returns its walkthrough; see
    /// ``validate(contentsOf:)-(URL)`` for where image paths resolve.
    ///
    /// - Throws: ``DefinitionError``, as loading from a path does;
    ///   ``DefinitionError/unreadable(path:reason:)`` for a URL that is not a `file:` URL.
    public static func load(contentsOf url: URL) throws(DefinitionError) -> Walkthrough {
        try load(contentsOf: url, images: .headers)
    }

    /// ``load(contentsOf:)-(URL)`` with image files checked as `images` says.
    package static func load(
        contentsOf url: URL, images: ImageChecking
    ) throws(DefinitionError) -> Walkthrough {
        let report = validate(contentsOf: url, images: images)
        guard let walkthrough = report.walkthrough else { throw DefinitionError(report: report) }
        return walkthrough
    }

    /// Returns the walkthrough a definition written as a string describes, for a tool that
    /// keeps its walkthrough in its source code.
    ///
    /// ```swift
    /// let walkthrough = try DefinitionLoader.load(
    ///     string: #"{"id": "hello", "pages": [{"heading": "Hello", "content": "Hi!"}]}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - string: The definition's JSON text.
    ///   - name: The name used in diagnostics, whose last component without `.json` is the
    ///     default id; without one the definition must have an `"id"`.
    ///   - baseDirectory: The folder image paths are relative to, if the pages have images.
    /// - Throws: ``DefinitionError/invalid(_:)`` with every problem, or
    ///   ``DefinitionError/tooLarge(path:limit:)``.
    public static func load(
        string: String, name: String? = nil, baseDirectory: String? = nil
    ) throws(DefinitionError) -> Walkthrough {
        try load(data: Data(string.utf8), name: name, baseDirectory: baseDirectory)
    }
}
