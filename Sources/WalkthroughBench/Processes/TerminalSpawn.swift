@preconcurrency import Glibc

/// Runs a program on a fresh pseudo-terminal of 80 × 24 (standard input, output and error all
/// the terminal), with `typed` already waiting on its input, draining what it writes until it
/// exits: for the `image` suite, which times whole processes drawing a first frame.
struct TerminalSpawn {
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var typed: String = ""

    /// What one run measured.
    struct Outcome {
        var status: Int32
        var wallNanoseconds: UInt64
        var maxRSSKiB: Int
        var output: [UInt8]
    }

    /// `TIOCSPTLCK` and `TIOCGPTN`, as the tests' pseudo-terminal uses them.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    func run() throws -> Outcome {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw BenchError("cannot open /dev/ptmx: errno \(errno)") }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0,
            ioctl(master, Self.getNumber, &number) == 0
        else { throw BenchError("cannot unlock a pseudo-terminal: errno \(errno)") }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw BenchError("cannot open /dev/pts/\(number)") }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        if !typed.isEmpty {
            _ = Array(typed.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, Int32(target)) }
        let start = Clock.now()
        let (code, pid) = Spawn.spawn(executable, arguments, environment, &actions)
        close(slave)
        guard code == 0 else { throw BenchError("cannot start \(executable): errno \(code)") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var status: Int32 = 0
        var usage = rusage()
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 5) > 0 {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { output += buffer[0..<count] }
            }
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw BenchError("wait4 failed: errno \(errno)") }
        }
        let elapsed = Clock.now() &- start
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(
            status: exitStatus, wallNanoseconds: elapsed, maxRSSKiB: usage.ru_maxrss,
            output: output)
    }
}
