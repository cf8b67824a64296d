@preconcurrency import Glibc

/// Reads a definition file without ever reading more than the size limit allows, and without
/// ever waiting forever.
///
/// A regular file's size is checked with `fstat` before anything is read. A pipe (a FIFO, or
/// the `/dev/fd/N` of a shell's process substitution) is read in chunks and refused as soon as
/// it passes the limit: at most `limit + 1` bytes are ever read. The file is opened
/// non-blocking, since opening a FIFO that no program writes to blocks forever: a pipe must
/// bring its first bytes within ``firstDataTimeout`` and then never pause longer than
/// ``stallTimeout``. A device or a socket is refused, saying which it is.
package enum FileReader {
    /// How long a pipe may take to bring its first bytes: a FIFO with no writer brings none.
    static let firstDataTimeout: Int32 = 1_000
    /// How long a pipe that has started may pause between chunks.
    static let stallTimeout: Int32 = 10_000

    /// Calls `body` with the bytes of the file at `path`, or returns why they cannot be had.
    package static func withContents<Result>(
        of path: String, limit: Int, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Swift.Result<Result, FileProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(FileProblem(openErrno: errno)) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(
                FileProblem(kind: .unreadable(reason: FileSystem.describe(errno: errno))))
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(FileProblem(kind: .isDirectory)) }
        if type != S_IFREG, type != S_IFIFO {
            let what =
                type == S_IFCHR
                ? "a character device" : type == S_IFBLK ? "a block device" : "a socket"
            return .failure(
                FileProblem(
                    kind: .unreadable(reason: "it is \(what), not a regular file; give a file")))
        }
        var capacity = 64 * 1024
        if type == S_IFREG {
            if info.st_size > limit {
                return .failure(FileProblem(kind: .fileTooLarge(limit: limit)))
            }
            // One byte more than the size so that a file that grew is noticed with no regrowth.
            capacity = Int(info.st_size) + 1
        }
        capacity = min(capacity, limit + 1)

        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        var waitedForWriter = false
        while true {
            if total == buffer.count {
                if buffer.count > limit { break }
                let grown = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: min(buffer.count * 2, limit + 1), alignment: 16)
                grown.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = grown
            }
            let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    if let problem = waitForData(descriptor, started: total > 0) {
                        return .failure(problem)
                    }
                    continue
                }
                if code == EISDIR { return .failure(FileProblem(kind: .isDirectory)) }
                return .failure(
                    FileProblem(kind: .unreadable(reason: FileSystem.describe(errno: code))))
            }
            if count == 0 {
                // A FIFO that no program has opened for writing reads as at its end at once;
                // that is "nothing arrived" (unless a writer turns up), not an empty definition.
                if type == S_IFIFO, total == 0, !waitedForWriter {
                    waitedForWriter = true
                    switch awaitWriter(descriptor) {
                    case .data: continue
                    case .hungUp: break
                    case .none: return .failure(noWriter)
                    }
                }
                break
            }
            total += count
        }
        if total > limit { return .failure(FileProblem(kind: .fileTooLarge(limit: limit))) }
        return .success(body(UnsafeRawBufferPointer(rebasing: buffer[0..<total])))
    }

    /// The refusal of a pipe that brought nothing.
    private static let noWriter = FileProblem(
        kind: .unreadable(
            reason: "it is a pipe (FIFO) that no program is writing to: nothing arrived within "
                + "\(firstDataTimeout / 1000) s; give a regular file, or start the writer first"))

    /// Waits for a pipe to bring more bytes, or returns why it will not.
    private static func waitForData(_ descriptor: Int32, started: Bool) -> FileProblem? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let timeout = started ? stallTimeout : firstDataTimeout
        while true {
            let ready = poll(&entry, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            if ready > 0 { return nil }
            guard started else { return noWriter }
            return FileProblem(
                kind: .unreadable(
                    reason: "it is a pipe that stopped sending data for \(stallTimeout / 1000) s"))
        }
    }

    /// What a pipe that read as ended at once does within ``firstDataTimeout``: a writer
    /// brings data, or has come and gone (`POLLHUP`: the content is empty), or none turns up.
    private static func awaitWriter(_ descriptor: Int32) -> WriterState {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, firstDataTimeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return .none }
            return entry.revents & Int16(POLLIN) != 0 ? .data : .hungUp
        }
    }

    /// What ``awaitWriter(_:)`` saw.
    private enum WriterState {
        case data, hungUp, none
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
