@preconcurrency import Glibc

/// Where a player writes: standard output, standard error, a terminal, or a string in a test.
///
/// The one way out of the library: it accepts only `TerminalText`, which is either sanitised
/// or the library's own escape sequences. An embedding tool may pass its own conformance (to log,
/// or to route output through its own pipeline).
package protocol TextOutput: AnyObject {
    /// Writes `text` completely.
    ///
    /// - Throws: Whatever the destination throws; ``TerminalError/writeFailed(errno:)`` for a
    ///   file descriptor.
    func write(_ text: TerminalText) throws
}

/// Writes to a file descriptor (standard output is 1, standard error 2), unbuffered.
package final class FileDescriptorOutput: TextOutput {
    /// The descriptor written to. It is not closed by this object.
    public let fileDescriptor: Int32

    /// Creates an output over `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output.
    public static func standardOutput() -> FileDescriptorOutput {
        FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
    }

    /// Standard error.
    public static func standardError() -> FileDescriptorOutput {
        FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
    }

    /// Writes all of `text`.
    ///
    /// - Throws: ``TerminalError/writeFailed(errno:)``.
    public func write(_ text: TerminalText) throws {
        try SystemCalls.writeAll(fileDescriptor, text.string.utf8)
    }
}

/// Collects what is written, for tests and for tools that post-process the output.
package final class StringOutput: TextOutput {
    /// Everything written so far.
    package private(set) var text = ""

    /// Creates an empty output.
    package init() {}

    /// Appends `text`.
    package func write(_ text: TerminalText) {
        self.text += text.string
    }

    /// The lines written so far (the text split at newlines, without a last empty line).
    package var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
