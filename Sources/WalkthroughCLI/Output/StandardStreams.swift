@preconcurrency import Glibc

/// Writes to file descriptors 1 and 2 with `write(2)`, buffered.
///
/// No Foundation `FileHandle`: the command must start fast. Text is buffered per stream and
/// written in large pieces; switching streams writes out the other one first, so stdout and
/// stderr keep their relative order on a shared terminal.
final class StandardStreams: CommandOutput {
    private var buffer: [UInt8] = []
    private var bufferedStream = OutputStream.standardOutput
    private let limit = 64 * 1024
    /// The `errno` of the first write to standard output that failed (a full disk, a closed
    /// descriptor), if any: the command's result did not all arrive, which `main` reports.
    private(set) var standardOutputError: Int32?

    init() {
        buffer.reserveCapacity(limit)
    }

    deinit {
        flush()
    }

    func write(_ text: String, to stream: OutputStream) {
        if stream != bufferedStream {
            flush()
            bufferedStream = stream
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        let descriptor: Int32 = bufferedStream == .standardOutput ? 1 : 2
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(
                    descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A full disk or a closed descriptor: the rest cannot be delivered. A failure
                    // on standard output is remembered for the exit status; one on standard
                    // error has nowhere left to be told.
                    if descriptor == 1, standardOutputError == nil { standardOutputError = errno }
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
