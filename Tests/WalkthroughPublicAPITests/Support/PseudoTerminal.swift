import Foundation
import Synchronization
import Testing

/// A real pseudo-terminal: the code under test gets the slave side as its terminal; the test
/// types on the master side and reads everything written to it.
final class PseudoTerminal: Sendable {
    /// The side a terminal emulator holds.
    let master: Int32
    /// The side a program sees as its terminal.
    let slave: Int32
    private let output = SharedBytes()
    private let stopping = Flag()
    private let reader = Shared<BackgroundThread>()
    /// `TIOCSPTLCK` and `TIOCGPTN` (asm-generic ioctl numbers, the same on x86_64 and arm64):
    /// Swift's Glibc module does not declare `openpty`, `grantpt` or `unlockpt`.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    /// Opens an 80 × 24 pseudo-terminal and starts draining what is written to it.
    init() throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "cannot open /dev/ptmx: errno \(errno)")
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, Self.setLock, &unlock) == 0, "TIOCSPTLCK failed")
        try #require(ioctl(master, Self.getNumber, &number) == 0, "TIOCGPTN failed")
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0, "cannot open /dev/pts/\(number)")
        self.master = master
        self.slave = slave
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let output = self.output
        let stopping = self.stopping
        let thread = BackgroundThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                // A short poll, so that the reader can be stopped; once stopping it still
                // drains what was written before.
                let stop = stopping.isSet
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, stop ? 0 : 20) > 0 else {
                    if stop { return }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 {
                    output.append(buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    return
                }
            }
        }
        reader.set(thread)
    }

    /// Types text as a user's keyboard would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything written to the terminal so far.
    var written: String {
        String(decoding: output.bytes, as: UTF8.self)
    }

    /// Waits (polling, up to 20 seconds) until the terminal shows `text`.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        repeat {
            if written.contains(text) { return true }
            usleep(5000)
        } while ContinuousClock.now < deadline
        Issue.record(
            "the terminal never showed \(text.debugDescription)", sourceLocation: sourceLocation)
        return false
    }

    /// The slave side's settings, to check that they are restored.
    func settings() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Stops the reader and closes both sides.
    func close() {
        stopping.set()
        reader.value?.join()
        _ = Glibc.close(master)
        _ = Glibc.close(slave)
    }
}

/// Whether two terminal settings are byte for byte the same.
func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { left.elementsEqual($0) } }
}

/// A flag set once, read from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() {
        value.store(true, ordering: .releasing)
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
