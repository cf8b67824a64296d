@preconcurrency import Glibc

// A copy of Tests/WalkthroughTerminalTests/Support/Subprocess.swift: test targets cannot share
// support files.

/// Runs a program to completion and collects what it printed, without Foundation's `Process`.
enum Subprocess {
    /// What a finished program left.
    struct Outcome {
        /// The exit status (128 + n when killed by signal n).
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String
    }

    /// Runs `arguments[0]` (looked up in `PATH`) with the rest as its arguments.
    ///
    /// Output goes to a temporary file rather than a pipe: a program that leaves a daemon behind
    /// (`tmux new-session` starts a server) would keep a pipe open forever.
    static func run(_ arguments: [String]) throws -> Outcome {
        var template = Array("/tmp/walkthrough-subprocess-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw SubprocessError(message: "mkstemp failed: errno \(errno)") }
        // Only the copies on 1 and 2 go to the child: a tmux server it starts would otherwise
        // keep this descriptor open for its whole life.
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        let path = String(
            decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            close(file)
            unlink(path)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, file, 1)
        posix_spawn_file_actions_adddup2(&actions, file, 2)

        // The test runner's threads block most signals, and a child inherits the mask: a tmux
        // server that cannot receive SIGCHLD never notices its pane exit, and one that cannot
        // receive SIGTERM never stops. Start children with no blocked and no ignored signal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw SubprocessError(message: "cannot run \(arguments[0]): errno \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes {
                pread(file, $0.baseAddress, $0.count, offset)
            }
            guard count > 0 else { break }
            output += buffer[0..<count]
            offset += off_t(count)
        }
        return Outcome(status: exitStatus, output: String(decoding: output, as: UTF8.self))
    }
}

/// A program that could not be started.
struct SubprocessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
