import Foundation
import Testing

/// A program run as a user would: its standard input a pipe the test writes to, its standard
/// output and error files the test reads, in a folder and an environment of the test's choosing.
///
/// Started with `posix_spawn`, with no blocked and no ignored signal: the test runner's threads
/// block most signals, and a child would inherit that mask and never see the SIGINT or SIGTERM a
/// test sends it.
final class ChildProcess {
    let pid: pid_t
    private let input: Int32
    private let outputPath: String
    private let errorPath: String
    private var status: Int32?

    /// Starts `executable` with `arguments` in `directory`, with exactly `environment`.
    init(
        _ executable: String, _ arguments: [String] = [], in directory: String,
        environment: [String: String], scratch: TemporaryFolder
    ) throws {
        outputPath = scratch.path + "/stdout-\(UUID().uuidString)"
        errorPath = scratch.path + "/stderr-\(UUID().uuidString)"
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        input = ends[1]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addopen(
            &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(
            &actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

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

        // posix_spawn cannot change the folder portably: `env -C` does, then execs the program.
        let argv = ["/usr/bin/env", "-C", directory, executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = envp.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            throw ChildProcessError(description: "cannot run \(executable): errno \(spawned)")
        }
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        closeInput()
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Types `text` on the program's standard input, unless the program has closed it (writing
    /// then would raise SIGPIPE in the test process).
    func send(_ text: String) {
        var descriptor = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0, descriptor.revents & Int16(POLLERR) == 0 else {
            Issue.record("the program closed its standard input")
            return
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count > 0 { written += count } else if errno != EINTR { return }
        }
    }

    private var inputClosed = false

    /// Closes standard input: the program reads its end.
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        close(input)
    }

    /// Sends `signal` to the program.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the program to end and returns its exit status (128 + n when killed by signal
    /// n). Gives up after `timeout` seconds, killing it, so that a hang fails the test.
    ///
    /// Standard input stays open: a program waiting for input after a signal must end because
    /// of the signal, not because its input ended at the same moment.
    @discardableResult
    func wait(timeout: Duration = .seconds(30)) -> Int32 {
        if let status { return status }
        let deadline = ContinuousClock.now + timeout
        var raw: Int32 = 0
        while true {
            let done = waitpid(pid, &raw, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { return -1 }
            if ContinuousClock.now > deadline {
                Issue.record("the program did not end within \(timeout); killed")
                kill(pid, SIGKILL)
            }
            usleep(5000)
        }
        let exitStatus = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = exitStatus
        return exitStatus
    }

    /// Everything the program wrote on standard output so far.
    var standardOutput: String { Self.contents(of: outputPath) }

    /// Everything the program wrote on standard error so far.
    var standardError: String { Self.contents(of: errorPath) }

    /// Waits (polling, up to 20 seconds) until standard output contains `text`.
    func waitForOutput(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        repeat {
            if standardOutput.contains(text) { return true }
            usleep(5000)
        } while ContinuousClock.now < deadline
        Issue.record(
            "the program never printed \(text.debugDescription); it printed:\n\(standardOutput)",
            sourceLocation: sourceLocation)
        return false
    }

    private static func contents(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A program that could not be started.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
}
