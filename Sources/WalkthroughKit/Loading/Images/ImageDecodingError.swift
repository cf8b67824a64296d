/// Why an image cannot be drawn. The player shows the alt text instead; `validate` warns.
package enum ImageDecodingError: Error, Sendable, Hashable {
    /// The file is not a PNG or JPEG, or is damaged (truncated, corrupt), or cannot be read.
    case unreadable(reason: String)
    /// The header gives a size beyond ``ImageLimits``.
    case tooLarge(width: Int, height: Int, limit: String)

    /// One line saying what is wrong.
    package var message: String {
        switch self {
        case .unreadable(let reason): return reason
        case .tooLarge(let width, let height, let limit):
            return "\(width)×\(height) pixels is more than the \(limit) an image may have"
        }
    }
}

extension ImageDecodingError {
    /// Why an image file that could not be read (``FileReader``) cannot be drawn.
    package init(_ problem: FileProblem, limits: ImageLimits) {
        switch problem.kind {
        case .fileNotFound: self = .unreadable(reason: "the file is not there")
        case .fileTooLarge:
            self = .unreadable(
                reason: "the file is larger than \(limits.maximumFileSize >> 20) MiB")
        default: self = .unreadable(reason: ValidationReport.Diagnostic.Kind(problem.kind).message)
        }
    }
}
