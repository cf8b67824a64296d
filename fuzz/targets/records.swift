import FoundationEssentials
import WalkthroughKit

// Fuzz target (records): the lines `walkthrough import` reads.
//
// The input's first byte chooses a chunk size (1 to 256 bytes, or the whole input at once);
// the rest is fed to `SeenRecordReader` in chunks of that size, as the command feeds what it
// reads. Properties:
// - memory stays bounded: the reader never holds more than one line's limit, whatever the
//   input and however it is cut;
// - no crash, and the outcome does not depend on the cutting: the records, or the refused line
//   and its message, are those of the whole input read at once;
// - a refusal names a line the input has (1 up to one more than its line breaks);
// - every record read is valid (names checked, version and page from 1) and reads back the
//   same from a line written from it;
// - the merge rule (`SeenRecord.replaces`) agrees with a reference written from its definition
//   (higher version; at one version completed > skipped > inProgress; then the later time),
//   for every pair of records read and of records made from the input's bytes, and never lets
//   two records replace each other.

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let choice = input.integer(in: 0...256)
    let bytes = input.rest()
    let chunk = choice == 0 ? max(bytes.count, 1) : choice

    let cut = read(bytes, chunk: chunk)
    let whole = read(bytes, chunk: max(bytes.count, 1))
    require(cut.result == whole.result, "the outcome depends on the chunk size \(chunk)")
    require(
        cut.peak <= SeenRecordReader.maximumPending,
        "the reader held \(cut.peak) bytes, more than one line's limit")

    switch cut.result {
    case .failure(let problem):
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        require(
            (1...lines).contains(problem.line), "line \(problem.line) of \(lines) refused")
        require(!problem.message.isEmpty, "a refusal without a message")
    case .success(let records):
        for record in records {
            require(
                record.version >= 1 && record.lastPage >= 0 && !record.user.isEmpty
                    && !record.walkthrough.isEmpty, "an invalid record was read: \(record)")
            let line = Array(lineFor(record).utf8)
            let again = line.withUnsafeBytes { try? SeenRecordLine.record(in: $0) }
            require(again == record, "\(record) does not read back from \(text(line))")
        }
        checkMergeRule(records)
    }
    checkMergeRule(madeRecords(bytes))
    return 0
}

/// What reading `bytes` in chunks of `chunk` gives, and the most the reader held.
private func read(
    _ bytes: [UInt8], chunk: Int
) -> (result: Result<[SeenRecord], SeenRecordReader.Problem>, peak: Int) {
    var reader = SeenRecordReader()
    var peak = 0
    var start = 0
    while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        let failed = bytes[start..<end].withUnsafeBytes { piece in
            Result { () throws(SeenRecordReader.Problem) in try reader.consume(piece) }
        }
        peak = max(peak, reader.pendingCount)
        if case .failure(let problem) = failed { return (.failure(problem), peak) }
        start = end
    }
    return (Result { () throws(SeenRecordReader.Problem) in try reader.finish() }, peak)
}

/// A line as `export` writes one, written here independently of the command's writer.
private func lineFor(_ record: SeenRecord) -> String {
    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
    return "{\"user\":\(quoted(record.user)),\"walkthrough\":\(quoted(record.walkthrough)),"
        + "\"version\":\(record.version),\"outcome\":\"\(record.outcome.rawValue)\","
        + "\"lastPage\":\(record.lastPage + 1),"
        + "\"updatedAt\":\"\(Timestamp.json(record.updatedAt))\"}"
}

/// Records made from the input's bytes, three bytes each: a version from 1 to 4, an outcome,
/// a time in milliseconds from a small range (so that ties happen).
private func madeRecords(_ bytes: [UInt8]) -> [SeenRecord] {
    let outcomes: [SeenRecord.Outcome] = [.completed, .skipped, .inProgress, .snoozed]
    return stride(from: 0, to: bytes.count - 2, by: 3).prefix(64).map { index in
        SeenRecord(
            user: "u", walkthrough: "w", version: Int(bytes[index] % 4) + 1,
            outcome: outcomes[Int(bytes[index + 1]) % outcomes.count], lastPage: 0,
            updatedAt: Timestamp(millisecondsSince1970: Int64(bytes[index + 2] % 8) * 1000))
    }
}

/// The merge rule from its definition, step by step.
private func referenceReplaces(_ new: SeenRecord, _ old: SeenRecord) -> Bool {
    if new.version != old.version { return new.version > old.version }
    func rank(_ outcome: SeenRecord.Outcome) -> Int {
        switch outcome {
        case .completed: return 3
        case .skipped: return 2
        case .inProgress, .snoozed: return 1
        }
    }
    if rank(new.outcome) != rank(old.outcome) { return rank(new.outcome) > rank(old.outcome) }
    return new.updatedAt.millisecondsSince1970 > old.updatedAt.millisecondsSince1970
}

private func checkMergeRule(_ records: [SeenRecord]) {
    for new in records.prefix(32) {
        for old in records.prefix(32) {
            let replaces = new.replaces(old)
            require(
                replaces == referenceReplaces(new, old),
                "the merge rule differs from the reference for \(new) over \(old)")
            require(!(replaces && old.replaces(new)), "\(new) and \(old) replace each other")
        }
    }
}
