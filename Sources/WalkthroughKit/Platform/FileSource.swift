@preconcurrency import Glibc

/// An open file read chunk by chunk, that never waits forever: the one place the package reads
/// an input whose size or writer it does not control.
///
/// The file is opened non-blocking, since opening a FIFO that no program writes to blocks
/// forever: a pipe must bring its first bytes within ``firstDataTimeout`` and then never pause
/// longer than ``stallTimeout``. A folder, a device or a socket is refused, saying which it is.
/// Standard input is taken as it is (a terminal or a device included: the user chose it) and
/// waited for without a timeout, as a program reading its input does.
package final class FileSource {
    /// How long a pipe may take to bring its first bytes: a FIFO with no writer brings none.
    static let firstDataTimeout: Int32 = 1_000
    /// How long a pipe that has started may pause between chunks.
    static let stallTimeout: Int32 = 10_000

    /// The size of a regular file when it was opened, or `nil` for a pipe or standard input.
    package let size: Int?
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let isFIFO: Bool
    /// Whether pauses are bounded (not for standard input).
    private let timesOut: Bool
    /// Whether any byte has arrived yet.
    private var started = false
    private var waitedForWriter = false

    private init(descriptor: Int32, owns: Bool, isFIFO: Bool, size: Int?, timesOut: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        self.isFIFO = isFIFO
        self.size = size
        self.timesOut = timesOut
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Opens the file at `path` to read it.
    ///
    /// - Throws: ``FileProblem`` when it cannot be opened or is not a file or a pipe.
    package static func open(_ path: String) throws(FileProblem) -> FileSource {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileProblem(openErrno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileProblem(kind: .unreadable(reason: FileSystem.describe(errno: code)))
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else {
            close(descriptor)
            if type == S_IFDIR { throw FileProblem(kind: .isDirectory) }
            let what =
                type == S_IFCHR
                ? "a character device" : type == S_IFBLK ? "a block device" : "a socket"
            throw FileProblem(
                kind: .unreadable(reason: "it is \(what), not a regular file; give a file"))
        }
        return FileSource(
            descriptor: descriptor, owns: true, isFIFO: type == S_IFIFO,
            size: type == S_IFREG ? Int(info.st_size) : nil, timesOut: true)
    }

    /// Standard input, read as it comes.
    package static func standardInput() -> FileSource {
        FileSource(descriptor: STDIN_FILENO, owns: false, isFIFO: false, size: nil, timesOut: false)
    }

    /// Reads the next bytes into `buffer`: how many, and 0 at the end.
    ///
    /// - Throws: ``FileProblem`` when reading fails or a pipe brings nothing in time.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileProblem) -> Int {
        precondition(!buffer.isEmpty, "read into an empty buffer")
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 {
                started = true
                return count
            }
            if count == 0 {
                // A FIFO that no program has opened for writing reads as at its end at once;
                // that is "nothing arrived" (unless a writer turns up), not an empty input.
                if isFIFO, !started, !waitedForWriter {
                    waitedForWriter = true
                    switch awaitWriter() {
                    case .data: continue
                    case .hungUp: return 0
                    case .none: throw Self.noWriter
                    }
                }
                return 0
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                try waitForData()
                continue
            }
            if code == EISDIR { throw FileProblem(kind: .isDirectory) }
            throw FileProblem(kind: .unreadable(reason: FileSystem.describe(errno: code)))
        }
    }

    /// The refusal of a pipe that brought nothing.
    private static let noWriter = FileProblem(
        kind: .unreadable(
            reason: "it is a pipe (FIFO) that no program is writing to: nothing arrived within "
                + "\(firstDataTimeout / 1000) s; give a regular file, or start the writer first"))

    /// Waits for more bytes, or throws why they will not come.
    private func waitForData() throws(FileProblem) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let timeout = !timesOut ? -1 : started ? Self.stallTimeout : Self.firstDataTimeout
        while true {
            let ready = poll(&entry, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            if ready > 0 { return }
            guard started else { throw Self.noWriter }
            throw FileProblem(
                kind: .unreadable(
                    reason:
                        "it is a pipe that stopped sending data for \(Self.stallTimeout / 1000) s"))
        }
    }

    /// What a pipe that read as ended at once does within ``firstDataTimeout``: a writer
    /// brings data, or has come and gone (`POLLHUP`: the content is empty), or none turns up.
    private func awaitWriter() -> WriterState {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, Self.firstDataTimeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return .none }
            return entry.revents & Int16(POLLIN) != 0 ? .data : .hungUp
        }
    }

    /// What ``awaitWriter()`` saw.
    private enum WriterState {
        case data, hungUp, none
    }
}
