@preconcurrency import Glibc
import Synchronization

// A copy of Tests/WalkthroughTerminalTests/Support/TmuxSession.swift: test targets cannot share
// support files.

/// A program running in a real terminal: a tmux pane on a private server, for end-to-end tests.
///
/// Each session has its own server socket (`tmux -L name`) and no configuration
/// (`-f /dev/null`), so the user's tmux is untouched and settings are predictable. The pane stays
/// after the program exits (`remain-on-exit`), so its last screen can be read.
/// Tests poll the screen (``waitFor(_:timeout:)``) instead of sleeping, and can log the raw bytes
/// the program wrote (`pipe-pane`) to check that no unwanted escape sequence reached the terminal.
///
/// ```swift
/// let tmux = try TmuxSession(command: "walkthrough play foodpin", columns: 60, rows: 20)
/// defer { tmux.kill() }
/// #expect(tmux.waitFor("1/3"))
/// try tmux.sendKeys("Right")
/// #expect(tmux.waitFor("2/3"))
/// ```
final class TmuxSession {
    /// The private server's socket name.
    let socket: String
    /// The session (and window) name on that server.
    let target = "test"
    /// Where `pipe-pane` writes the pane's raw output, when logging.
    let logPath: String?

    private static let counter = Atomic<Int>(0)

    /// Starts `command` (run by `/bin/sh -c`) in a pane of `columns`×`rows`.
    ///
    /// - Parameters:
    ///   - environment: Variables set for the command, on top of tmux's (`TERM` is tmux's own,
    ///     `tmux-256color` or `screen`).
    ///   - logPath: When given, every byte the program writes is appended to this file.
    init(
        command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        logPath: String? = nil
    ) throws {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        // Not `walkthrough-test-…`: the terminal tests' copy of this class counts from 1 in the
        // same test process, and two sessions on one server kill each other's.
        socket = "walkthrough-cli-test-\(getpid())-\(number)"
        self.logPath = logPath
        // Start a placeholder, configure the pane, then respawn it with the real command, so
        // that options and logging are in place before the program's first byte.
        try tmux([
            "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "sleep 600",
        ])
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
        try tmux(["set-option", "-t", target, "status", "off"])
        if let logPath {
            try tmux(["pipe-pane", "-t", target, "cat >> \(Self.quoted(logPath))"])
        }
        let exports = environment.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.quoted($0.value))" }
        let line = (["exec", "env"] + exports + ["/bin/sh", "-c", Self.quoted(command)])
            .joined(separator: " ")
        try tmux(["respawn-pane", "-k", "-t", target, line])
    }

    deinit {
        kill()
    }

    // MARK: - Driving

    /// Sends key names as tmux knows them: `Right`, `Left`, `Enter`, `Escape`, `C-c`, `q`, `3`.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (`send-keys -l`).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window, which sends SIGWINCH to the program.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    // MARK: - Reading

    /// The visible screen, one string per row, trailing spaces trimmed; with `history`, the
    /// lines scrolled off the top first. (When the program exits, tmux writes its "Pane is dead"
    /// line at the bottom, which scrolls the top line of the screen into the history.)
    func capture(history: Bool = false) throws -> [String] {
        let range = history ? ["-S", "-"] : []
        let outcome = try Subprocess.run(base + ["capture-pane", "-p"] + range + ["-t", target])
        var lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen and its history until they contain `text` or `timeout` seconds pass.
    func waitFor(_ text: String, timeout: Double = 30) -> Bool {
        waitUntil(timeout: timeout) {
            (try? self.capture(history: true))?.joined(separator: "\n").contains(text) ?? false
        }
    }

    /// The raw bytes the program wrote so far (with logging on).
    func loggedOutput() -> [UInt8] {
        guard let logPath else { return [] }
        let descriptor = open(logPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// A tmux format string evaluated for the pane (`display-message -p`).
    func format(_ format: String) throws -> String {
        let outcome = try Subprocess.run(base + ["display-message", "-p", "-t", target, format])
        return outcome.output.trimmingSuffix("\n")
    }

    /// Stops the private server and everything in it.
    func kill() {
        _ = try? Subprocess.run(base + ["kill-server"])
    }

    // MARK: - Private

    private var base: [String] { ["tmux", "-L", socket, "-f", "/dev/null"] }

    private func tmux(_ arguments: [String]) throws {
        let outcome = try Subprocess.run(base + arguments)
        guard outcome.status == 0 else {
            throw SubprocessError(
                message: "tmux \(arguments.joined(separator: " ")) failed: \(outcome.output)")
        }
    }

    private func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        repeat {
            if condition() { return true }
            usleep(20_000)
        } while ContinuousClock.now < deadline
        return false
    }

    /// `text` in single quotes for `/bin/sh`.
    static func quoted(_ text: String) -> String {
        "'"
            + text.split(separator: "'", omittingEmptySubsequences: false).joined(
                separator: "'\\''")
            + "'"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
