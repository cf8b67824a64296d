/// Splits JSON Lines into records as the bytes arrive, holding at most one line
/// (``SeenRecordLine/maximumLength``) however long the input or its lines are.
///
/// Feed it chunks with ``consume(_:)``, then call ``finish()``. Blank lines are passed over; a
/// line ending `\r\n` is read as ending `\n`. The first line that is not a record, or is too
/// long, stops it: ``Problem`` names its number, counted from 1.
package struct SeenRecordReader {
    /// A line that is not a record: its number and what is wrong.
    package struct Problem: Error, Sendable, Hashable {
        /// The line's number, counted from 1.
        package var line: Int
        /// What is wrong, as a phrase.
        package var message: String
    }

    /// The records read so far, in order.
    package private(set) var records: [SeenRecord] = []
    /// The bytes of the line being read, never more than one line's limit and its `\r`.
    private var pending: [UInt8] = []
    /// The number of the line being read.
    private var number = 1

    package init() {}

    /// The bytes ``pending`` holds at most: the longest line and a `\r`.
    package static let maximumPending = SeenRecordLine.maximumLength + 1

    /// How many bytes of an unfinished line are held now.
    package var pendingCount: Int { pending.count }

    /// Reads the lines `chunk` completes.
    ///
    /// - Throws: ``Problem`` for the first line that is not a record or is too long.
    package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(Problem) {
        var start = 0
        while start < chunk.count {
            let rest = UnsafeRawBufferPointer(rebasing: chunk[start...])
            let newline = rest.firstIndex(of: 0x0A)
            let end = newline.map { start + $0 } ?? chunk.count
            guard pending.count + (end - start) <= Self.maximumPending else {
                throw Problem(
                    line: number,
                    message:
                        "it is longer than \(SeenRecordLine.maximumLength) bytes (1 MiB), the "
                        + "limit for a line")
            }
            pending += UnsafeRawBufferPointer(rebasing: chunk[start..<end])
            guard newline != nil else { return }
            try endLine()
            start = end + 1
        }
    }

    /// Reads the last line (one without a line break at the end) and returns every record.
    ///
    /// - Throws: ``Problem`` when that line is not a record.
    package mutating func finish() throws(Problem) -> [SeenRecord] {
        if !pending.isEmpty { try endLine() }
        return records
    }

    private mutating func endLine() throws(Problem) {
        if pending.last == 0x0D { pending.removeLast() }
        defer {
            pending.removeAll(keepingCapacity: pending.capacity <= 65_536)
            number += 1
        }
        guard !pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return }
        guard pending.count <= SeenRecordLine.maximumLength else {
            throw Problem(
                line: number,
                message:
                    "it is longer than \(SeenRecordLine.maximumLength) bytes (1 MiB), the limit "
                    + "for a line")
        }
        let read = pending.withUnsafeBytes { bytes in
            Result { () throws(SeenRecordLine.Problem) in try SeenRecordLine.record(in: bytes) }
        }
        switch read {
        case .success(let record): records.append(record)
        case .failure(let problem): throw Problem(line: number, message: problem.message)
        }
    }
}
