@preconcurrency import Glibc
import WalkthroughKit

/// Starts a program with `posix_spawn` and waits for it with `wait4`, so that the wall time and
/// the child's own peak memory (`ru_maxrss`) are measured with nothing in between.
struct Spawn {
    /// How a spawned process ended.
    struct Outcome {
        /// The exit status, or `128 + signal` when a signal ended it.
        var status: Int32
        /// Nanoseconds from just before `posix_spawn` to just after `wait4` returned.
        var wallNanoseconds: UInt64
        /// The child's peak resident set, in KiB (`ru_maxrss`).
        var maxRSSKiB: Int
        /// What it wrote to standard output, when captured.
        var standardOutput: String
        /// What it wrote to standard error, when captured.
        var standardError: String
    }

    /// A failure to start the program at all.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The program to run: an absolute path.
    var executable: String
    /// The arguments after the program name.
    var arguments: [String]
    /// The whole environment of the child.
    var environment: [String: String]

    /// Runs the program once.
    ///
    /// - Parameter capture: Whether to collect standard output and error (through pipes);
    ///   otherwise both go to `/dev/null`, so that timed runs pay nothing for output.
    /// - Throws: ``Failure`` when the program cannot be started.
    func run(capture: Bool = false) throws(Failure) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        if capture {
            guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
                let reason = FileSystem.describe(errno: errno)
                for descriptor in outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
                throw Failure(description: "cannot create a pipe: \(reason)")
            }
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
            // The child keeps only its copies on 1 and 2, so that end of file arrives.
            for descriptor in outputPipe + errorPipe {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        let start = Clock.now()
        let (code, pid) = Self.spawn(executable, arguments, environment, &actions)
        guard code == 0 else {
            for descriptor in outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
            throw Failure(
                description: "cannot run \(executable): \(FileSystem.describe(errno: code))")
        }
        var output = ""
        var error = ""
        if capture {
            close(outputPipe[1])
            close(errorPipe[1])
            (output, error) = Self.readAll(outputPipe[0], errorPipe[0])
            close(outputPipe[0])
            close(errorPipe[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw Failure(description: "wait4 failed: \(FileSystem.describe(errno: errno))")
            }
        }
        let elapsed = Clock.now() &- start
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Outcome(
            status: exitStatus, wallNanoseconds: elapsed, maxRSSKiB: Int(usage.ru_maxrss),
            standardOutput: output, standardError: error)
    }

    /// Everything readable from both descriptors until end of file on each, read as it comes
    /// (with `poll`), so that a child filling one pipe while the other is being read cannot
    /// block both sides.
    private static func readAll(_ first: Int32, _ second: Int32) -> (String, String) {
        var descriptors = [
            pollfd(fd: first, events: Int16(POLLIN), revents: 0),
            pollfd(fd: second, events: Int16(POLLIN), revents: 0),
        ]
        var collected: [[UInt8]] = [[], []]
        var chunk = [UInt8](repeating: 0, count: 4096)
        var open = descriptors.count
        while open > 0 {
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices
            where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes {
                    read(descriptors[index].fd, $0.baseAddress, $0.count)
                }
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    descriptors[index].fd = -1  // poll passes over negative descriptors
                    open -= 1
                } else {
                    collected[index].append(contentsOf: chunk[0..<count])
                }
            }
        }
        return (
            String(decoding: collected[0], as: UTF8.self),
            String(decoding: collected[1], as: UTF8.self)
        )
    }

    /// `posix_spawn` of `executable` with `arguments` and exactly `environment`, with the file
    /// `actions` given: the error code (0 when it started) and the child's pid.
    ///
    /// - Parameter defaultSignals: Whether the child starts with no signal blocked and the
    ///   stopping signals (SIGTERM, SIGINT, SIGHUP, SIGQUIT) at their defaults, whatever the
    ///   spawning thread blocks or ignores (a test runner's threads may block some): for a
    ///   program that must stop when it is told to.
    static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String],
        _ actions: inout posix_spawn_file_actions_t, defaultSignals: Bool = false
    ) -> (code: Int32, pid: pid_t) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard defaultSignals else {
            let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
            return (code, pid)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&stopping, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stopping)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return (code, pid)
    }

    /// The full path of `name` found on `PATH`, or `nil`.
    static func find(_ name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The path of the running executable (`/proc/self/exe`), else the name it was run by.
    static func currentExecutable() -> String {
        FileSystem.currentExecutable() ?? CommandLine.arguments[0]
    }
}
