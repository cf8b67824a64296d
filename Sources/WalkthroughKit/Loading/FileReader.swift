@preconcurrency import Glibc

/// Reads a definition file without ever reading more than the size limit allows.
///
/// A regular file's size is checked with `fstat` before anything is read. A FIFO, a device or a
/// file that grows while being read is read in chunks and refused as soon as it passes the limit:
/// at most `limit + 1` bytes are ever read.
package enum FileReader {
    /// Calls `body` with the bytes of the file at `path`, or returns why they cannot be had.
    static func withContents<Result>(
        of path: String, limit: Int, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Swift.Result<Result, FileProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileProblem(openErrno: errno)) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(FileProblem(kind: .unreadable(reason: describe(errno: errno))))
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(FileProblem(kind: .isDirectory)) }
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
                if code == EISDIR { return .failure(FileProblem(kind: .isDirectory)) }
                return .failure(FileProblem(kind: .unreadable(reason: describe(errno: code))))
            }
            if count == 0 { break }
            total += count
        }
        if total > limit { return .failure(FileProblem(kind: .fileTooLarge(limit: limit))) }
        return .success(body(UnsafeRawBufferPointer(rebasing: buffer[0..<total])))
    }

    /// The system's description of an `errno` value.
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}

/// Why a file could not be read, as a diagnostic kind.
struct FileProblem: Error {
    var kind: DiagnosticKind

    init(kind: DiagnosticKind) {
        self.kind = kind
    }

    init(openErrno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: kind = .fileNotFound
        case EISDIR: kind = .isDirectory
        case EACCES, EPERM: kind = .unreadable(reason: "permission denied")
        default: kind = .unreadable(reason: FileReader.describe(errno: code))
        }
    }
}
