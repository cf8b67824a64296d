@preconcurrency package import Glibc

/// A program started as a user's shell would start it, left running while the test talks to it:
/// its standard input a pipe the test writes to, its standard output and standard error files
/// the test reads at any time.
///
/// Not Foundation's `Process`: the test runner's threads block most signals and a child inherits
/// the mask, so a child a test stops with SIGINT or SIGTERM would never see it, and a tmux server
/// would never notice its pane exit. Children start here with no blocked and no ignored signal,
/// and with no descriptor but their three standard streams.
///
/// ```swift
/// let child = try ChildProcess([walkthrough, "play", "foodpin"], environment: env, directory: dir)
/// #expect(child.waitForOutput("1/3"))
/// child.signal(SIGINT)
/// #expect(child.wait() == 130)
/// ```
package final class ChildProcess {
    /// The child's process id.
    package let pid: pid_t
    /// The write end of the child's standard input; -1 once closed.
    private var input: Int32
    /// Holds the files standard output and standard error go to.
    private let folder: TemporaryFolder
    private var state = State.running
    /// Whether the child leads a process group of its own (and its group is killed with it).
    private let leadsGroup: Bool

    private enum State {
        case running
        case exited(Int32)
        /// Killed after a timeout, or reaped by someone else: no status to give.
        case gone
    }

    /// Starts `arguments[0]` (a path, or a name looked up in the `PATH` the child gets) with the
    /// rest as its arguments.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment (nothing is inherited); `nil` for this
    ///     process's environment.
    ///   - directory: The child's working folder; `nil` for this process's.
    ///   - descriptors: More descriptors for the child: the number it sees → this process's
    ///     descriptor (`[3: pipeEnd]`).
    ///   - newProcessGroup: Whether the child leads a process group of its own, signalled and
    ///     killed as a whole (a browser and its helper processes).
    /// - Throws: ``TestSupportError`` when the program cannot be started.
    package init(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        descriptors: [Int32: Int32] = [:], newProcessGroup: Bool = false
    ) throws {
        precondition(!arguments.isEmpty, "ChildProcess needs a program to run")
        ChildProcess.ignoreBrokenPipes
        folder = try TemporaryFolder()
        leadsGroup = newProcessGroup
        let ends = try GNUExtensions.closeOnExecPipe()
        do {
            pid = try ChildProcess.spawn(
                arguments, environment: environment, directory: directory, input: ends.read,
                output: folder.file("stdout"), errors: folder.file("stderr"),
                descriptors: descriptors, newProcessGroup: newProcessGroup)
        } catch {
            close(ends.read)
            close(ends.write)
            throw error
        }
        close(ends.read)
        input = ends.write
    }

    deinit {
        if case .running = state {
            kill(pid, SIGKILL)
            _ = wait(timeout: 10)
        }
        if leadsGroup { kill(-pid, SIGKILL) }
        closeInput()
    }

    // MARK: - Input

    /// Writes `text` to the child's standard input; `false` when the child had closed it (or
    /// exited) or the test had.
    @discardableResult
    package func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            guard input >= 0 else { return false }
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false  // EPIPE: nobody reads any more.
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// Closes the child's standard input: it reads the end of input. Safe to call again.
    package func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    // MARK: - Output

    /// Everything the child wrote to standard output so far.
    package var standardOutput: String {
        String(decoding: contentsOfFile(folder.file("stdout")), as: UTF8.self)
    }

    /// Everything the child wrote to standard error so far.
    package var standardError: String {
        String(decoding: contentsOfFile(folder.file("stderr")), as: UTF8.self)
    }

    /// Polls standard output until it contains `text`, or `timeout` seconds pass.
    package func waitForOutput(_ text: String, timeout: Double = 30) -> Bool {
        waitUntil(timeout: timeout, interval: 10) { standardOutput.contains(text) }
    }

    // MARK: - Ending

    /// Whether the child has exited; it is then reaped, and ``wait(timeout:)`` gives its
    /// status at once.
    package var hasExited: Bool {
        if case .running = state {
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
            state = .exited(Self.exitStatus(raw))
        }
        return true
    }

    /// Sends `signal` to the child.
    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Sends `signal` to the child's whole process group (a child started with
    /// `newProcessGroup`), helpers included, even once the child itself has exited.
    package func signalGroup(_ signal: Int32) {
        precondition(leadsGroup, "signalGroup needs a child started with newProcessGroup")
        kill(-pid, signal)
    }

    /// Waits for the child to exit and returns its status (128 + n when signal n killed it), or
    /// `nil` when it is still running after `timeout` seconds: it is then killed, so that a hang
    /// fails the test instead of stopping it.
    ///
    /// Standard input stays as it is: a child waiting for input after a signal must end because
    /// of the signal, not because its input ended at the same moment.
    package func wait(timeout: Double = 60) -> Int32? {
        switch state {
        case .exited(let status): return status
        case .gone: return nil
        case .running: break
        }
        var raw: Int32 = 0
        var lost = false
        let ended = waitUntil(timeout: timeout) {
            let result = waitpid(pid, &raw, WNOHANG)
            if result < 0 && errno != EINTR { lost = true }
            return result == pid || lost
        }
        guard ended, !lost else {
            state = .gone
            if !lost {
                kill(pid, SIGKILL)
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            }
            return nil
        }
        let status = Self.exitStatus(raw)
        state = .exited(status)
        return status
    }

    // MARK: - Private

    /// A child that exits before reading all its input must not kill the test runner: writing
    /// to it fails with EPIPE instead of raising SIGPIPE. (Children get the default back.)
    private static let ignoreBrokenPipes: Void = {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
    }()

    /// A `waitpid` status as a shell reports it: the exit code, or 128 + n for signal n.
    static func exitStatus(_ raw: Int32) -> Int32 {
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}
