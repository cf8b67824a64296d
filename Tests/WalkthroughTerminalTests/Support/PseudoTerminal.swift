@preconcurrency import Glibc
import Synchronization
import Testing

/// A real pseudo-terminal: the player gets the slave side as its terminal; the test types on the
/// master side and reads everything the player wrote, raw bytes included.
final class PseudoTerminal: Sendable {
    /// The side a terminal emulator would hold.
    let master: Int32
    /// The side a program sees as its terminal.
    let slave: Int32
    private let output = SharedBytes()
    private let stopReading = Flag()
    private let masterClosed = Flag()
    private let slaveClosed = Flag()
    private let reader = Outcome<BackgroundThread>()
    /// `TIOCSPTLCK` and `TIOCGPTN` (asm-generic ioctl numbers, the same on x86_64 and arm64).
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    /// Opens a pseudo-terminal of the given size and starts draining its output.
    init(columns: Int = 80, rows: Int = 24) throws {
        // posix_openpt/grantpt/unlockpt/ptsname need _XOPEN_SOURCE, which Swift's Glibc module
        // does not define; their Linux equivalents are /dev/ptmx and two ioctls.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "cannot open /dev/ptmx: errno \(errno)")
        var unlock: Int32 = 0
        try #require(ioctl(master, Self.setLock, &unlock) == 0, "TIOCSPTLCK failed")
        var number: UInt32 = 0
        try #require(ioctl(master, Self.getNumber, &number) == 0, "TIOCGPTN failed")
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0, "cannot open \(name)")
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

    /// Sets the size the slave side reports (`TIOCSWINSZ`).
    func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types bytes as a user's keyboard would.
    func type(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes {
                write(master, $0.baseAddress, $0.count)
            }
            if result > 0 { written += result } else if errno != EINTR { return }
        }
    }

    /// Types text.
    func type(_ text: String) {
        type(Array(text.utf8))
    }

    /// Everything written to the terminal so far, decoded as UTF-8.
    var written: String {
        String(decoding: output.bytes, as: UTF8.self)
    }

    /// The number of bytes written so far, to wait for output after a point.
    var writtenCount: Int { output.bytes.count }

    /// Waits (polling, up to `timeout` seconds) until the output after byte `start` contains
    /// `text`.
    func waitFor(_ text: String, after start: Int = 0, timeout: Double = 15) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        repeat {
            let bytes = output.bytes.dropFirst(start)
            if String(decoding: bytes, as: UTF8.self).contains(text) { return true }
            usleep(5000)
        } while ContinuousClock.now < deadline
        return false
    }

    /// The slave side's current settings.
    func settings() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Closes the master side, as a terminal window closing: the program sees a hangup.
    func hangUp() {
        stopReading.set()
        reader.value?.join()
        if masterClosed.setOnce() { _ = Glibc.close(master) }
    }

    /// Closes both sides and stops the reader. Safe to call more than once.
    func close() {
        hangUp()
        if slaveClosed.setOnce() { _ = Glibc.close(slave) }
    }
}

/// A flag set once, read from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() {
        value.store(true, ordering: .releasing)
    }

    /// Sets the flag; `true` only for the call that set it.
    func setOnce() -> Bool {
        value.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
            .exchanged
    }
}

/// Bytes appended by one thread and read by another.
final class SharedBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])

    func append(_ bytes: ArraySlice<UInt8>) {
        storage.withLock { $0 += bytes }
    }

    var bytes: [UInt8] { storage.withLock { $0 } }
}

/// Whether two terminal settings are byte-for-byte the same.
func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) }
    }
}
