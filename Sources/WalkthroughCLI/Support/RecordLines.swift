import WalkthroughKit

/// The records of `walkthrough export`, one JSON object a line (JSON Lines), read back by
/// `walkthrough import`.
///
/// A line is `{"user","walkthrough","version","outcome","lastPage","updatedAt"}` exactly as
/// `export` and `status --json` write a record: `lastPage` counts from 1, `updatedAt` is ISO 8601
/// in UTC with milliseconds. Blank lines are passed over. Every line is checked before anything
/// is imported, so one bad line refuses the whole input (``SeenRecordLine`` holds the rules).
enum RecordLines {
    /// One line as `export` writes it: the JSON object of a record.
    static func line(for record: SeenRecord) -> String {
        record.jsonObject.renderedOnOneLine()
    }

    /// Every record of the file at `path`, or of standard input for `-`, read a chunk at a time
    /// so that memory holds at most one line (1 MiB) beside the records.
    ///
    /// - Throws: ``SeenRecordReader/Problem`` for the first line that is not a record (exit
    ///   65); a failure with exit 66 naming the file when it cannot be read (a pipe that brings
    ///   nothing within 1 s among them).
    static func read(_ path: String) throws -> [SeenRecord] {
        func unreadable(_ problem: FileProblem) -> CommandLineError {
            let reason: String
            switch problem.kind {
            case .fileNotFound: reason = "no such file"
            case .isDirectory: reason = "it is a folder"
            case .unreadable(let text): reason = text
            default: reason = ValidationReport.Diagnostic.Kind(problem.kind).message
            }
            // A reason that carries its own advice ("…; give a file") needs no more.
            let advice =
                reason.contains("; ")
                ? "" : "; name a file that walkthrough export wrote, or - for standard input"
            return .failure(
                "Error: cannot read \(path): \(reason)\(advice)", exitCode: .missingInput)
        }
        let source: FileSource
        do {
            source = path == "-" ? FileSource.standardInput() : try FileSource.open(path)
        } catch {
            throw unreadable(error)
        }
        var reader = SeenRecordReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do {
                count = try source.read(into: buffer)
            } catch {
                throw unreadable(error)
            }
            if count == 0 { return try reader.finish() }
            try reader.consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
