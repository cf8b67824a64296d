@preconcurrency import Glibc
import Synchronization
import WalkthroughKit

/// A program running in a real terminal: a tmux pane on a private server, for end-to-end tests.
///
/// Each session has its own server (`tmux -L name`): the name holds this process's id, a random
/// token drawn once per process and a count of the sessions it started, so that no two sessions
/// (of one test target or of two, in one process or in several, or one left over from an earlier
/// run whose process id came round again) ever share a server, where killing one would kill the
/// other. No configuration is read (`-f /dev/null`), so the user's tmux is untouched and
/// settings are predictable. The pane stays after the program exits (`remain-on-exit`), so its
/// last screen and exit status can be read. Tests poll the screen (``waitFor(_:timeout:)``)
/// instead of sleeping, and can log the raw bytes the program wrote (`pipe-pane`) to check that
/// no unwanted escape sequence reached the terminal.
///
/// ```swift
/// let tmux = try TmuxSession(command: "walkthrough play foodpin", columns: 60, rows: 20)
/// defer { tmux.kill() }
/// #expect(tmux.waitFor("1/3"))
/// try tmux.sendKeys("Right")
/// #expect(tmux.waitFor("2/3"))
/// ```
package final class TmuxSession {
    /// The private server's socket name.
    package let socket: String
    /// The session (and window) name on that server.
    package let target = "test"
    /// Where `pipe-pane` writes the pane's raw output, when logging.
    package let logPath: String?
    /// Where the pane's shell writes the command's exit status when it ends.
    private let statusPath: String

    /// `env` arguments that unset the variables which make nothing due or change how it is
    /// shown (`CI`, every CI service's variables, `WALKTHROUGH_DISABLE`, a policy file or budget
    /// of the runner's, `ACCESSIBLE`), so a walkthrough plays as it would for a user.
    private static let quietSwitch =
        ([
            "CI", "WALKTHROUGH_DISABLE", "WALKTHROUGH_POLICY", "WALKTHROUGH_MAX_PER_DAY",
            "ACCESSIBLE",
        ] + CIVendor.all.flatMap(\.variables).filter { $0 != "CI" }).flatMap { ["-u", $0] }

    private static let counter = Atomic<Int>(0)
    private static let processToken = String(UInt32.random(in: .min ... .max), radix: 16)

    /// Starts `command` (run by `/bin/sh -c`) in a pane of `columns`×`rows`.
    ///
    /// - Parameters:
    ///   - environment: Variables set for the command, on top of tmux's (`TERM` is tmux's own,
    ///     `tmux-256color` or `screen`), with `CI`, the CI services' variables,
    ///     `WALKTHROUGH_DISABLE` and the like cleared unless set here.
    ///   - logPath: When given, every byte the program writes is appended to this file.
    /// - Throws: ``TestSupportError`` when tmux cannot start or set up the session.
    package init(
        command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        logPath: String? = nil
    ) throws {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        socket = "walkthrough-test-\(getpid())-\(Self.processToken)-\(number)"
        statusPath = "/tmp/\(socket).status"
        unlink(statusPath)
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
        // The command runs in a subshell whose exit status the shell writes to a file: tmux
        // reports a dead pane's status only once it has reaped the process, which a loaded
        // machine can delay for ever (a missed SIGCHLD), so the file is what waitForExit reads.
        let wrapped =
            "(\(command)\n); status=$?; printf '%s' \"$status\" > \(Self.quoted(statusPath)); "
            + "exit $status"
        // The tmux server inherits this process's environment: the quiet switch's variables
        // (the project's CI runs with CI=true) are cleared unless `environment` sets them.
        let line =
            (["exec", "env"] + Self.quietSwitch + exports
            + ["/bin/sh", "-c", Self.quoted(wrapped)])
            .joined(separator: " ")
        try tmux(["respawn-pane", "-k", "-t", target, line])
    }

    deinit {
        kill()
    }

    // MARK: - Driving

    /// Sends key names as tmux knows them: `Right`, `Left`, `Enter`, `Escape`, `C-c`, `q`, `3`.
    package func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (`send-keys -l`).
    package func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window, which sends SIGWINCH to the program.
    package func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    // MARK: - Reading

    /// The visible screen, one string per row, trailing spaces trimmed; with `history`, the
    /// lines scrolled off the top first. (When the program exits, tmux writes its "Pane is dead"
    /// line at the bottom, which scrolls the top line of the screen into the history.)
    package func capture(history: Bool = false) throws -> [String] {
        let range = history ? ["-S", "-"] : []
        let output = try tmux(["capture-pane", "-p"] + range + ["-t", target])
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen and its history until they contain `text` or `timeout` seconds pass.
    package func waitFor(_ text: String, timeout: Double = 30) -> Bool {
        waitUntil(timeout: timeout, interval: 20) {
            (try? capture(history: true))?.joined(separator: "\n").contains(text) ?? false
        }
    }

    /// Polls until the program has exited or `timeout` seconds pass; returns its exit status
    /// (`128 + n` when signal `n` ended it), as the pane's shell wrote it to a file.
    package func waitForExit(timeout: Double = 30) -> Int32? {
        var status: Int32?
        _ = waitUntil(timeout: timeout, interval: 20) {
            let text = String(decoding: contentsOfFile(statusPath), as: UTF8.self)
            guard let code = Int32(text) else { return false }
            status = code
            return true
        }
        return status
    }

    /// The raw bytes the program wrote so far (with logging on).
    package func loggedOutput() -> [UInt8] {
        guard let logPath else { return [] }
        return contentsOfFile(logPath)
    }

    /// A tmux format string evaluated for the pane (`display-message -p`).
    package func format(_ format: String) throws -> String {
        var output = try tmux(["display-message", "-p", "-t", target, format])
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    /// Stops the private server and everything in it, and removes its socket (tmux leaves the
    /// file behind). Safe to call again.
    package func kill() {
        unlink(statusPath)
        guard (try? ChildProcess.run(base + ["kill-server"])) != nil else { return }
        var folder = getenv("TMUX_TMPDIR").map { String(cString: $0) } ?? ""
        if folder.isEmpty { folder = "/tmp" }
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// `text` in single quotes for `/bin/sh`.
    package static func quoted(_ text: String) -> String {
        "'"
            + text.split(separator: "'", omittingEmptySubsequences: false).joined(
                separator: "'\\''")
            + "'"
    }

    // MARK: - Private

    private var base: [String] { ["tmux", "-L", socket, "-f", "/dev/null"] }

    /// Runs a tmux command on the private server; returns what it printed.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(base + arguments)
        guard result.status == 0 else {
            throw TestSupportError(
                "tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): "
                    + result.standardError + result.standardOutput)
        }
        return result.standardOutput
    }
}
