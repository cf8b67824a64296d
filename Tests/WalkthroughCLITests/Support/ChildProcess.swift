@preconcurrency import Glibc

/// A program started with `posix_spawn`, as a user's shell would start it: its own environment
/// and folder, standard input from a pipe the test writes to, standard output and standard error
/// into files the test reads while it runs.
///
/// Not Foundation's `Process`: the test runner's threads block most signals and a child inherits
/// the mask, so a child that should be stopped by SIGTERM or SIGINT would never see it. Children
/// start here with no blocked and no ignored signal.
final class ChildProcess {
    /// The child's process id.
    let pid: pid_t
    private var input: Int32
    private let outputPath: String
    private let errorPath: String
    private var status: Int32?

    /// Starts `arguments[0]` (a path, or a name looked up in the `PATH` of `environment`) in
    /// `directory`.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment (nothing is inherited).
    ///   - directory: The child's working folder.
    init(
        _ arguments: [String], environment: [String: String], directory: String
    ) throws {
        ChildProcess.ignoreBrokenPipes
        outputPath = try Self.temporaryFile("out")
        errorPath = try Self.temporaryFile("err")
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw ChildProcessError("pipe failed: errno \(errno)")
        }
        // The child gets the read end as its standard input and nothing else.
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        input = pipeEnds[1]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_TRUNC, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // `env -C` changes folder and then executes the program in the same process, so `pid`
        // is the program's (`posix_spawn_file_actions_addchdir_np` is not visible to Swift).
        let command = ["/usr/bin/env", "-C", directory] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] =
            environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let program = arguments[0]
        let spawned = posix_spawn(&child, command[0], &actions, &attributes, &argv, &envp)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(input)
            throw ChildProcessError("cannot run \(program): errno \(spawned)")
        }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 10)
        }
        if input >= 0 { close(input) }
        unlink(outputPath)
        unlink(errorPath)
    }

    // MARK: - Input

    /// Writes `text` to the child's standard input.
    func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty, input >= 0 {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // The child closed its input, or exited.
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Closes the child's standard input: it reads the end of input.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    // MARK: - Output

    /// Everything the child wrote to standard output so far.
    var standardOutput: String { Self.read(outputPath) }
    /// Everything the child wrote to standard error so far.
    var standardError: String { Self.read(errorPath) }

    /// Polls standard output until it contains `text`, or `timeout` seconds pass.
    func waitForOutput(_ text: String, timeout: Double = 30) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        repeat {
            if standardOutput.contains(text) { return true }
            usleep(10_000)
        } while ContinuousClock.now < deadline
        return false
    }

    // MARK: - Ending

    /// Sends `signal` to the child.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to exit and returns its status (128 + n when signal n killed it), or
    /// `nil` when it is still running after `timeout` seconds; it is then killed.
    func wait(timeout: Double = 60) -> Int32? {
        if let status { return status }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return nil }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
                status = -1
                return nil
            }
            usleep(5_000)
        }
        let exitStatus = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = exitStatus
        return exitStatus
    }

    // MARK: - Private

    /// A child that exits before reading all its input must not kill the test runner.
    private static let ignoreBrokenPipes: Void = {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
    }()

    private static func temporaryFile(_ name: String) throws -> String {
        var template = Array("/tmp/walkthrough-cli-\(name)-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ChildProcessError("mkstemp failed: errno \(errno)") }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, $0.count)
            }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A program that could not be started or run.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
