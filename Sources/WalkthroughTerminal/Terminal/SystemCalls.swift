@preconcurrency import Glibc
import WalkthroughKit

/// The text of an `errno` value, such as `input/output error (errno 5)`.
func errorName(_ code: Int32) -> String {
    "\(FileSystem.describe(errno: code)) (errno \(code))"
}

/// Thin, retrying wrappers over `read(2)`, `write(2)` and `poll(2)`.
enum SystemCalls {
    /// Writes all of `bytes`, retrying on `EINTR` and waiting out `EAGAIN` on a non-blocking
    /// descriptor.
    ///
    /// - Throws: ``TerminalError/writeFailed(errno:)``.
    static func writeAll(_ fileDescriptor: Int32, _ bytes: some Collection<UInt8>) throws {
        let buffer = Array(bytes)
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { raw in
                write(fileDescriptor, raw.baseAddress! + written, raw.count - written)
            }
            if result >= 0 {
                written += result
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                _ = waitFor(fileDescriptor, events: Int16(POLLOUT), timeout: -1)
                continue
            }
            throw TerminalError.writeFailed(errno: code)
        }
    }

    /// What one `read(2)` returned.
    enum ReadResult {
        /// Some bytes.
        case bytes([UInt8])
        /// End of input.
        case end
        /// Nothing to read now (non-blocking descriptor).
        case wouldBlock
    }

    /// Reads what is there, up to `limit` bytes, retrying on `EINTR`.
    ///
    /// - Throws: ``TerminalError/readFailed(errno:)``.
    static func read(_ fileDescriptor: Int32, limit: Int = 4096) throws -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(fileDescriptor, raw.baseAddress, raw.count)
            }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .end }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw TerminalError.readFailed(errno: code)
        }
    }

    /// Waits until `fileDescriptor` is ready for `events`, or `timeout` milliseconds (-1:
    /// forever) pass. Returns the events that happened (0 on timeout or interruption).
    static func waitFor(_ fileDescriptor: Int32, events: Int16, timeout: Int32) -> Int16 {
        var descriptor = pollfd(fd: fileDescriptor, events: events, revents: 0)
        let result = poll(&descriptor, 1, timeout)
        return result > 0 ? descriptor.revents : 0
    }
}
