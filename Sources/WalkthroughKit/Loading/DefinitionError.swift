/// Why `DefinitionLoader.load(contentsOf:)-(String)` returned no walkthrough.
public enum DefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at `path`.
    case notFound(path: String)
    /// `name` is neither a file nor a definition file name or id in any folder searched.
    case notFoundOnSearchPath(name: String, searched: [String])
    /// `path` is a directory.
    case isDirectory(path: String)
    /// The file exists but cannot be read; `reason` says why (permission denied, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file is larger than `limit` bytes; it was not read.
    case tooLarge(path: String, limit: Int)
    /// The file was read and has problems; the report lists all of them.
    case invalid(ValidationReport)

    /// Turns a report without a walkthrough into the matching error.
    init(report: ValidationReport) {
        for diagnostic in report.errors {
            switch diagnostic.kind {
            case .fileNotFound: self = .notFound(path: report.file)
            case .isDirectory: self = .isDirectory(path: report.file)
            case .unreadable(let reason): self = .unreadable(path: report.file, reason: reason)
            case .fileTooLarge(let limit): self = .tooLarge(path: report.file, limit: limit)
            default: continue
            }
            return
        }
        self = .invalid(report)
    }

    /// One line per problem, each naming the file.
    public var description: String {
        switch self {
        case .notFound(let path):
            return path + ": " + ValidationReport.Diagnostic.Kind.fileNotFound.message
        case .notFoundOnSearchPath(let name, let searched):
            let places =
                searched.isEmpty
                ? "nowhere"
                : searched.map { $0 == "." ? "the current folder" : $0 }.joined(separator: ", ")
            return
                "\(name): no such walkthrough file or id; looked in \(places); give the path of a "
                + "definition file, or add its folder to WALKTHROUGH_PATH"
        case .isDirectory(let path):
            return path + ": " + ValidationReport.Diagnostic.Kind.isDirectory.message
        case .unreadable(let path, let reason):
            return path + ": " + ValidationReport.Diagnostic.Kind.unreadable(reason: reason).message
        case .tooLarge(let path, let limit):
            return path + ": " + ValidationReport.Diagnostic.Kind.fileTooLarge(limit: limit).message
        case .invalid(let report) where report.isJSONSchema:
            return
                "\(report.file): is a JSON Schema (its \"$schema\" names json-schema.org), not a "
                + "walkthrough definition; give a definition file"
        case .invalid(let report):
            return report.errors.map { $0.formatted(file: report.file) }.joined(separator: "\n")
        }
    }
}
