// MARK: - Definitions kept in a tool's source

extension DefinitionLoader {
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
        try load(bytes: Array(string.utf8), name: name, baseDirectory: baseDirectory)
    }
}
