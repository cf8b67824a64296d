/// Where something is in a definition file's bytes.
///
/// Lines and columns count from 1, as editors show them; a column counts Unicode scalars, so a
/// Chinese character before a value moves it by one column, not three. The byte offset counts
/// from 0.
package struct SourcePosition: Sendable, Hashable {
    /// The byte offset from the start of the input, 0-based.
    var offset: Int
    /// The line, 1-based.
    package var line: Int
    /// The column, 1-based, in Unicode scalars.
    package var column: Int

    /// The start of the input.
    static let start = SourcePosition(offset: 0, line: 1, column: 1)
}
