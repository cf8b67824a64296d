/// Why a definition file is not a JSON document the loader accepts, and where.
package struct JSONReadError: Error, Sendable, Hashable {
    /// What is wrong; always one of the JSON kinds of ``ValidationReport/Diagnostic/Kind``.
    package var kind: ValidationReport.Diagnostic.Kind
    /// Where it is.
    package var position: SourcePosition
    /// The JSON path of the value being read when it went wrong (`pages[1].heading`), or `""`.
    var path: String
}

extension JSONReadError: CustomStringConvertible {
    /// What is wrong and where, in a sentence: `unterminated string (line 1, column 31)`.
    package var description: String {
        "\(kind.message) (line \(position.line), column \(position.column))"
    }
}
