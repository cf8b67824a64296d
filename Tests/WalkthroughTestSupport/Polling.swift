@preconcurrency import Glibc

/// Checks `condition` every `interval` milliseconds until it holds or `timeout` seconds have
/// passed, and says whether it held.
///
/// Tests poll rather than sleep a fixed time: quick when the machine is idle, patient when it is
/// loaded. The condition is checked once more at the deadline, so a slow last step still counts.
package func waitUntil(
    timeout: Double, interval milliseconds: Int = 5, _ condition: () -> Bool
) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while true {
        if condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        usleep(UInt32(milliseconds * 1000))
    }
}

/// The whole content of the file at `path` as it is now; empty when it cannot be opened.
///
/// Opened close-on-exec, so that a program another thread starts meanwhile does not inherit it.
func contentsOfFile(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    return bytesUntilEnd(of: descriptor)
}

/// Every byte left in `descriptor`, read until its end (or an error); the descriptor stays open.
package func bytesUntilEnd(of descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += buffer[0..<count]
    }
    return bytes
}
