@preconcurrency package import Glibc
import WalkthroughKit

/// A real pseudo-terminal: the code under test gets the slave side as its terminal; the test
/// types on the master side and reads everything written to it, raw bytes included.
///
/// A thread drains the master side from the start, so a program writing a large screen never
/// blocks on a full terminal buffer. Both sides are close-on-exec. ``close()`` (or releasing the
/// value) stops the reader and closes both sides.
package final class PseudoTerminal: Sendable {
    /// The side a terminal emulator holds.
    package let master: Int32
    /// The side a program sees as its terminal.
    package let slave: Int32
    private let output = SharedBytes()
    private let stopReading = Flag()
    private let readerJoined = Flag()
    private let masterClosed = Flag()
    private let slaveClosed = Flag()
    private let reader = Shared<BackgroundThread>()
    /// `TIOCSPTLCK` and `TIOCGPTN` (asm-generic ioctl numbers, the same on x86_64 and arm64):
    /// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` need `_XOPEN_SOURCE`, which Swift's
    /// Glibc module does not define.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    /// Opens a pseudo-terminal of `columns`×`rows` and starts draining its output.
    ///
    /// - Throws: ``TestSupportError`` when no pseudo-terminal can be opened.
    package init(columns: Int = 80, rows: Int = 24) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TestSupportError("cannot open /dev/ptmx: errno \(errno)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0,
            ioctl(master, Self.getNumber, &number) == 0
        else {
            let error = errno
            _ = Glibc.close(master)
            throw TestSupportError("cannot unlock the pseudo-terminal: errno \(error)")
        }
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let error = errno
            _ = Glibc.close(master)
            throw TestSupportError("cannot open \(name): errno \(error)")
        }
        self.master = master
        self.slave = slave
        resize(columns: columns, rows: rows)
        let output = self.output
        let stop = self.stopReading
        reader.set(
            BackgroundThread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    // Poll with a short timeout so that the reader can be stopped: a thread
                    // blocked in read(2) would keep the master open after close(2). Once asked
                    // to stop, it still drains what the program wrote before.
                    let stopping = stop.isSet
                    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, stopping ? 0 : 20) > 0 else {
                        if stopping { return }
                        continue
                    }
                    let count = buffer.withUnsafeMutableBytes {
                        read(master, $0.baseAddress, $0.count)
                    }
                    if count > 0 {
                        output.append(buffer[0..<count])
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        return
                    }
                }
            })
    }

    deinit {
        close()
    }

    /// Sets the size the slave side reports (`TIOCSWINSZ`).
    package func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types bytes as a user's keyboard would.
    package func type(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes {
                write(master, $0.baseAddress, $0.count)
            }
            if result > 0 { written += result } else if errno != EINTR { return }
        }
    }

    /// Types text.
    package func type(_ text: String) {
        type(Array(text.utf8))
    }

    /// Everything written to the terminal so far, decoded as UTF-8.
    package var written: String {
        String(decoding: output.bytes, as: UTF8.self)
    }

    /// The number of bytes written so far, to wait for output after a point.
    package var writtenCount: Int { output.bytes.count }

    /// Waits (polling, up to `timeout` seconds) until the output after byte `start` contains
    /// `text`.
    package func waitFor(_ text: String, after start: Int = 0, timeout: Double = 20) -> Bool {
        waitUntil(timeout: timeout) {
            String(decoding: output.bytes.dropFirst(start), as: UTF8.self).contains(text)
        }
    }

    /// Waits (polling, up to `timeout` seconds) until the output so far ends with `text`: the
    /// last bytes a player wrote before returning may still be on their way through the pty.
    package func waitForEnding(_ text: String, timeout: Double = 20) -> Bool {
        waitUntil(timeout: timeout) { written.hasSuffix(text) }
    }

    /// The slave side's current settings.
    package func settings() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Closes the master side, as a terminal window closing: the program sees a hangup.
    package func hangUp() {
        stopReading.set()
        if readerJoined.setOnce() { reader.value?.join() }
        if masterClosed.setOnce() { _ = Glibc.close(master) }
    }

    /// Closes both sides and stops the reader. Safe to call more than once.
    package func close() {
        hangUp()
        if slaveClosed.setOnce() { _ = Glibc.close(slave) }
    }
}

/// Whether two terminal settings are byte for byte the same.
package func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) }
    }
}
