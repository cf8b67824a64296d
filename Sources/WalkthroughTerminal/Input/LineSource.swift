@preconcurrency import Glibc

/// Where the plain-mode player reads its commands from, one per line.
package protocol LineSource: AnyObject {
    /// The next line without its line ending (`\n` or `\r\n`), or `nil` at the end of input.
    /// A last line without a newline still counts.
    ///
    /// - Throws: Whatever reading throws; ``TerminalError/readFailed(errno:)`` for a file
    ///   descriptor.
    func nextLine() throws -> String?
}

/// Lines from a string, for tests and for scripted use.
package final class StringLineSource: LineSource {
    private var lines: [String]

    /// Creates a source of the lines of `text` (split at newlines; a trailing newline does not
    /// make an extra empty line).
    package init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines.reversed()
    }

    /// The next line, or `nil` when none is left.
    package func nextLine() -> String? {
        guard var line = lines.popLast() else { return nil }
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}

/// Lines read from a file descriptor (standard input is 0), decoded as UTF-8 with invalid bytes
/// replaced by U+FFFD.
///
/// Reads with `read(2)` directly, one byte at a time, as a shell's `read` does: it never takes a
/// byte past the newline of the last line it returns, so a tool can go on reading the descriptor
/// afterwards and finds everything after the commands the player used. Commands are short, so
/// the system calls cost nothing a person notices. A line longer than ``maximumLineLength``
/// bytes is cut there.
package final class FileDescriptorLineSource: LineSource {
    /// The longest line kept, in bytes; the rest of a longer line is dropped.
    public static let maximumLineLength = 64 * 1024

    /// The descriptor read from. It is not closed by this object.
    public let fileDescriptor: Int32
    /// The bytes of the line being read, without its newline (at most `maximumLineLength`).
    private var line: [UInt8] = []
    /// Whether `line` is whole: its newline has been read.
    private var lineIsComplete = false
    private var ended = false

    /// Creates a source over `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard input.
    public static func standardInput() -> FileDescriptorLineSource {
        FileDescriptorLineSource(fileDescriptor: STDIN_FILENO)
    }

    /// The next line, or `nil` at the end of input.
    ///
    /// - Throws: ``TerminalError/readFailed(errno:)``.
    public func nextLine() throws -> String? {
        while !hasBufferedLine { try fill() }
        guard lineIsComplete || !line.isEmpty else { return nil }
        defer {
            line.removeAll(keepingCapacity: true)
            lineIsComplete = false
        }
        return decode(line)
    }

    /// Whether a whole line (or the end of input) is already read, so that ``nextLine()`` will
    /// not block.
    var hasBufferedLine: Bool { lineIsComplete || ended }

    /// Reads one more byte from the descriptor; waits when it would block.
    func fill() throws {
        switch try SystemCalls.read(fileDescriptor, limit: 1) {
        case .bytes(let bytes):
            for byte in bytes {
                if byte == 0x0A {
                    lineIsComplete = true
                } else if line.count < Self.maximumLineLength {
                    line.append(byte)
                }
            }
        case .end:
            ended = true
        case .wouldBlock:
            _ = SystemCalls.waitFor(fileDescriptor, events: Int16(POLLIN), timeout: -1)
        }
    }

    private func decode(_ bytes: [UInt8]) -> String {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
