@preconcurrency import Glibc
import WalkthroughKit

/// A program that runs beside the benchmark (a server under load, nginx) until ``stop()``, and
/// that is stopped however the benchmark ends.
///
/// Each one has a watchdog: `/bin/sh` blocked reading a pipe whose only writer is this process
/// (close-on-exec, so no other child holds it). When this process exits, normally, on a signal
/// or even on SIGKILL, the pipe closes, the read returns and the shell sends the program
/// SIGTERM. ``stop()`` closes the pipe itself, so a stop and a crash take the same way out; it
/// then waits for the program (SIGKILL after a bound) and for the watchdog.
final class BackgroundProcess {
    /// The program's process id.
    let pid: pid_t
    /// The program, for messages.
    let executable: String
    /// The watchdog's process id.
    private let watchdog: pid_t
    /// The pipe's writing end; -1 once closed.
    private var lifeline: Int32
    /// How the program ended: its exit status, or `128 + signal`; `nil` while it runs.
    private(set) var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`, its standard output and
    /// error appended to the file `log` (created), its standard input `/dev/null`.
    ///
    /// - Throws: ``BenchError`` when the program or its watchdog cannot be started.
    init(
        executable: String, arguments: [String], environment: [String: String], log: String
    ) throws {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let (code, pid) = Spawn.spawn(
            executable, arguments, environment, &actions, defaultSignals: true)
        guard code == 0 else {
            throw BenchError("cannot run \(executable): \(FileSystem.describe(errno: code))")
        }
        self.pid = pid

        var ends: [Int32] = [-1, -1]
        // Close-on-exec at once (the benchmark spawns from one thread: nothing runs between).
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0,
            fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            let reason = FileSystem.describe(errno: errno)
            Self.kill(pid)
            throw BenchError("cannot create the watchdog's pipe: \(reason)")
        }
        var watch = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&watch)
        defer { posix_spawn_file_actions_destroy(&watch) }
        posix_spawn_file_actions_adddup2(&watch, ends[0], 0)
        posix_spawn_file_actions_addopen(&watch, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&watch, 1, 2)
        // Ctrl-C reaches the whole process group; the watchdog outlives it to do its one job.
        let script = "trap '' INT HUP; read ignored; kill -TERM \(pid) 2>/dev/null"
        let (watchCode, watchdog) = Spawn.spawn(
            "/bin/sh", ["-c", script], ["PATH": "/usr/bin:/bin"], &watch, defaultSignals: true)
        close(ends[0])
        guard watchCode == 0 else {
            close(ends[1])
            Self.kill(pid)
            throw BenchError(
                "cannot start the watchdog (/bin/sh): \(FileSystem.describe(errno: watchCode))")
        }
        self.watchdog = watchdog
        lifeline = ends[1]
    }

    deinit {
        stop()
    }

    /// Whether the program is still running (reaping it when it has ended).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = Self.decode(status)
            return false
        }
        return true
    }

    /// Stops the program (SIGTERM through the watchdog; SIGKILL when it has not ended within
    /// `grace`) and waits for it. Safe to call more than once.
    func stop(grace: Duration = .seconds(20)) {
        if lifeline >= 0 {
            close(lifeline)
            lifeline = -1
            var status: Int32 = 0
            while waitpid(watchdog, &status, 0) < 0, errno == EINTR {}
        }
        guard exitStatus == nil else { return }
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        while isRunning, clock.now < deadline { usleep(5_000) }
        if exitStatus == nil {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            exitStatus = Self.decode(status)
        }
    }

    /// Waits up to `timeout` for `condition`, checking every few milliseconds; false when the
    /// program ended or the time ran out first.
    func wait(upTo timeout: Duration, until condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if condition() { return true }
            guard isRunning else { return condition() }
            usleep(10_000)
        }
        return condition()
    }

    private static func kill(_ pid: pid_t) {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// An exit status, or `128 + signal` (the macros are C's, which Swift cannot import).
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
