extension ValidationReport {
    /// One problem found in a definition: how serious it is, where it is and what it is.
    ///
    /// Diagnostics are values so that tools can sort, filter and switch on them (``kind``); the
    /// ``description`` is the line a person reads:
    ///
    /// ```
    /// pages[2].heading: required field is missing (line 12, column 5)
    /// ```
    ///
    /// JSON paths count from 0 (`pages[0]` is the first page); lines and columns count from 1.
    public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
        /// Whether a problem makes the definition invalid.
        public enum Severity: String, Sendable, Hashable {
            /// The definition cannot be used.
            case error
            /// The definition can be used, but something deserves attention.
            case warning
        }

        /// Error or warning.
        public var severity: Severity
        /// The JSON path of the value concerned (`pages[2].heading`), or `""` for the whole file.
        public var path: String
        /// The line, 1-based, or `nil` when the problem has no place in the file (a missing file).
        public var line: Int?
        /// The column, 1-based, counted in Unicode scalars, or `nil` with ``line``.
        public var column: Int?
        /// What the problem is.
        public var kind: ValidationReport.Diagnostic.Kind

        /// Creates a diagnostic; the severity follows from the kind.
        public init(kind: ValidationReport.Diagnostic.Kind, path: String, line: Int?, column: Int?)
        {
            self.severity = kind.severity
            self.kind = kind
            self.path = path
            self.line = line
            self.column = column
        }

        init(_ kind: ValidationReport.Diagnostic.Kind, path: String, at position: SourcePosition) {
            self.init(kind: kind, path: path, line: position.line, column: position.column)
        }

        /// What is wrong and what to do, without the location.
        public var message: String { kind.message }

        /// `path: message (line L, column C)`, leaving out what is unknown.
        public var description: String {
            var text = path.isEmpty ? message : path + ": " + message
            if let line {
                text += column.map { " (line \(line), column \($0))" } ?? " (line \(line))"
            }
            return text
        }

        /// The diagnostic as the command line prints it: `file: path: message (line L, column C)`.
        public func formatted(file: String) -> String {
            file + ": " + description
        }
    }
}
