import Glibc

/// Writes to standard error with `write(2)`, without C's `stderr` global (which Swift 6 does not
/// let code touch without `@preconcurrency`) and without buffering, so lines appear in order
/// with the tables on standard output.
enum Console {
    /// Writes `line` and a newline to standard error.
    static func error(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Flushes everything `print` has buffered.
    static func flushOutput() {
        fflush(nil)
    }
}
