import Glibc

/// Reads a whole file without ever reading more than the size limit allows, and without ever
/// waiting forever (``FileSource`` reads it).
///
/// A regular file's size is checked with `fstat` before anything is read. A pipe (a FIFO, or
/// the `/dev/fd/N` of a shell's process substitution) is read in chunks and refused as soon as
/// it passes the limit: at most `limit + 1` bytes are ever read.
package enum FileReader {
    /// Calls `body` with the bytes of the file at `path`, or returns why they cannot be had.
    package static func withContents<Result>(
        of path: String, limit: Int, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Swift.Result<Result, FileProblem> {
        let source: FileSource
        do {
            source = try FileSource.open(path)
        } catch {
            return .failure(error)
        }
        var capacity = 64 * 1024
        if let size = source.size {
            if size > limit { return .failure(FileProblem(kind: .fileTooLarge(limit: limit))) }
            // One byte more than the size so that a file that grew is noticed with no regrowth.
            capacity = size + 1
        }
        capacity = min(capacity, limit + 1)

        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            if total == buffer.count {
                if buffer.count > limit { break }
                let grown = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: min(buffer.count * 2, limit + 1), alignment: 16)
                grown.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = grown
            }
            let count: Int
            do {
                count = try source.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            } catch {
                return .failure(error)
            }
            if count == 0 { break }
            total += count
        }
        if total > limit { return .failure(FileProblem(kind: .fileTooLarge(limit: limit))) }
        return .success(body(UnsafeRawBufferPointer(rebasing: buffer[0..<total])))
    }
}

/// Why a file could not be read.
package struct FileProblem: Error {
    /// What is wrong.
    package enum Kind: Sendable, Hashable {
        /// Nothing is at the path.
        case fileNotFound
        /// The path is a folder.
        case isDirectory
        /// It could not be read, for this reason (permission denied, an I/O error, a pipe with
        /// no writer).
        case unreadable(reason: String)
        /// It holds more than `limit` bytes.
        case fileTooLarge(limit: Int)
    }

    /// What is wrong.
    package var kind: Kind

    init(kind: Kind) {
        self.kind = kind
    }

    init(openErrno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: kind = .fileNotFound
        case EISDIR: kind = .isDirectory
        case EACCES, EPERM: kind = .unreadable(reason: "permission denied")
        default: kind = .unreadable(reason: FileSystem.describe(errno: code))
        }
    }
}
