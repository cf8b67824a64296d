import FoundationEssentials
@preconcurrency import Glibc
import WalkthroughKit

/// The records of `walkthrough export`, one JSON object a line (JSON Lines), read back by
/// `walkthrough import`.
///
/// A line is `{"user","walkthrough","version","outcome","lastPage","updatedAt"}` exactly as
/// `export` and `status --json` write a record: `lastPage` counts from 1, `updatedAt` is ISO 8601
/// in UTC with milliseconds. Blank lines are passed over. Every line is checked before anything
/// is imported, so one bad line refuses the whole input.
enum RecordLines {
    /// A line that is not a record: its 1-based number and what is wrong with it.
    struct Problem: Error, Sendable, Hashable {
        /// The line's number, counted from 1.
        var line: Int
        /// What is wrong, as a phrase (`"version" must be a whole number from 1`).
        var message: String
    }

    /// One line as `export` writes it: the JSON object of a record.
    static func line(for record: SeenRecord) -> String {
        jsonObject(for: record).renderedOnOneLine()
    }

    /// Every record in `bytes`, in order.
    ///
    /// - Throws: ``Problem`` for the first line that is not a record.
    static func parse(_ bytes: [UInt8]) throws(Problem) -> [SeenRecord] {
        var records: [SeenRecord] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = line
            if line.last == 0x0D { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            records.append(try record(in: line, number: number))
        }
        return records
    }

    /// The fields of a line, as JSON holds them.
    private struct Fields: Decodable {
        var user: String
        var walkthrough: String
        var version: Int
        var outcome: String
        var lastPage: Int
        var updatedAt: String
    }

    private static func record(
        in line: ArraySlice<UInt8>, number: Int
    ) throws(Problem) -> SeenRecord {
        func problem(_ message: String) -> Problem { Problem(line: number, message: message) }
        guard String(validating: line, as: UTF8.self) != nil else {
            throw problem("it is not UTF-8 text")
        }
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(line))
        } catch DecodingError.keyNotFound(let key, _) {
            throw problem("the key \"\(key.stringValue)\" is missing")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(
            _, let context)
        {
            let key = context.codingPath.last?.stringValue ?? "value"
            let expected = ["version", "lastPage"].contains(key) ? "a whole number" : "a string"
            throw problem("\"\(key)\" must be \(expected)")
        } catch {
            throw problem("it is not a JSON object")
        }
        do {
            try UserName.validate(fields.user)
        } catch {
            throw problem("\"user\": \(error.description)")
        }
        let walkthrough = fields.walkthrough
        guard !walkthrough.isEmpty, walkthrough.utf8.count <= 256,
            walkthrough.unicodeScalars.allSatisfy({ CharacterSafety.isAllowedInName($0.value) })
        else {
            throw problem(
                "\"walkthrough\" must be an id of 1 to 256 bytes with no control or bidirectional characters"
            )
        }
        guard (1...DefinitionFormat.maximumVersion).contains(fields.version) else {
            throw problem(
                "\"version\" must be a whole number from 1 to \(DefinitionFormat.maximumVersion)")
        }
        guard let outcome = SeenOutcome(rawValue: fields.outcome) else {
            throw problem("\"outcome\" must be \"completed\", \"skipped\" or \"inProgress\"")
        }
        guard (1...Int(Int32.max)).contains(fields.lastPage) else {
            throw problem("\"lastPage\" must be a whole number from 1 (pages count from 1)")
        }
        guard let updatedAt = Timestamp.parseJSON(fields.updatedAt),
            SQLiteSeenStore.updatedAtRange.contains(updatedAt.millisecondsSince1970)
        else {
            throw problem(
                "\"updatedAt\" must be an ISO 8601 time in UTC such as 2026-11-29T22:47:03.123Z")
        }
        return SeenRecord(
            user: fields.user, walkthrough: walkthrough, version: fields.version,
            outcome: outcome, lastPage: fields.lastPage - 1, updatedAt: updatedAt)
    }

    // MARK: - Reading the input

    /// Every byte of the file at `path`, or of standard input for `-`.
    ///
    /// - Throws: A failure with exit 66 naming the file and the system's reason.
    static func contents(of path: String) throws(CommandLineError) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .failure(
                "Error: cannot read \(path): \(FileSystem.describe(errno: errno)); name a file "
                    + "that walkthrough export wrote, or - for standard input",
                exitCode: .missingInput)
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw .failure(
                    "Error: cannot read \(path): \(FileSystem.describe(errno: errno))",
                    exitCode: .missingInput)
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// One record as docs/commands.md fixes the keys (`status --json`); `lastPage` 1-based.
    static func jsonObject(for record: SeenRecord) -> JSONText {
        .object([
            ("user", .string(record.user)),
            ("walkthrough", .string(record.walkthrough)),
            ("version", .integer(record.version)),
            ("outcome", .string(record.outcome.rawValue)),
            ("lastPage", .integer(record.lastPage + 1)),
            ("updatedAt", .string(Timestamp.json(record.updatedAt))),
        ])
    }
}
