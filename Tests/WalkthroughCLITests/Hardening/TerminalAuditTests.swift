import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The terminal audit: `walkthrough play` on a definition whose every text holds escape
/// sequences, control characters and a bidi override, in a real terminal (a tmux pane with
/// `pipe-pane` logging every byte the program writes) ended every way it can end. None of those
/// sequences reaches the terminal raw, only the player's own sequences are written, and the
/// terminal's settings (`stty -g` in the pane) are the same before and after.
@Suite(.serialized)
struct TerminalAuditTests {
    /// How a run ends, and the exit status it gives.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        /// Enter on the last page.
        case finish
        /// `q`.
        case quit
        /// Ctrl-C, a key in raw mode.
        case controlC
        /// SIGTERM from another process.
        case terminate
        /// SIGHUP from another process (the terminal stays, so its state can be read after).
        case hangup
        /// The end of input: Ctrl-D on an empty line, in plain mode on the terminal (in raw mode
        /// Ctrl-D is a key; a terminal's input ends only when it hangs up).
        case endOfInput

        var testDescription: String { rawValue }

        var status: Int {
            switch self {
            case .finish, .quit, .endOfInput: return 0
            case .controlC: return 130
            case .terminate: return 143
            case .hangup: return 129
            }
        }
    }

    @Test(arguments: Ending.allCases)
    func hostileTextNeverReachesTheTerminalAndTheTerminalIsRestored(ending: Ending) throws {
        let sandbox = try Sandbox()
        try sandbox.define("evil.json", HostileText.definition)
        let files = sandbox.folder.path
        let plain = ending == .endOfInput ? " --plain" : ""
        let play =
            "sh -c 'echo $$ > \(files)/pid; exec \"$0\" play evil\(plain)' "
            + TmuxSession.quoted(walkthroughBinary)
        let script = """
            unset NO_COLOR; cd \(TmuxSession.quoted(files)) && stty -g > before && \(play); \
            echo "status=$?"; stty -g > after; exec sleep 600
            """
        var environment = sandbox.environment
        environment["PATH"] = nil  // tmux's own PATH finds stty, sh and sleep
        let log = files + "/pane.log"
        let tmux = try TmuxSession(
            command: script, columns: 200, rows: 50, environment: environment, logPath: log)
        defer { tmux.kill() }

        let firstPage = ending == .endOfInput ? "1/3" : "● ○ ○  1/3"
        #expect(tmux.waitFor(firstPage), "\((try? tmux.capture()) ?? [])")
        // Every attack on the first page is on the screen, escaped.
        for attack in HostileText.attacks {
            #expect(
                tmux.waitFor(attack.escaped + attack.marker, timeout: 10),
                "\(attack.name) is not shown escaped")
        }
        try advance(tmux, plain: ending == .endOfInput)
        #expect(tmux.waitFor(ending == .endOfInput ? "2/3" : "○ ● ○  2/3"))

        switch ending {
        case .finish:
            try advance(tmux, plain: false)
            #expect(tmux.waitFor("○ ○ ●  3/3"))
            try tmux.sendKeys("Enter")
        case .quit:
            try tmux.sendKeys("q")
        case .controlC:
            try tmux.sendKeys("C-c")
        case .terminate, .hangup:
            let pid = try String(contentsOfFile: files + "/pid", encoding: .utf8)
            let number = try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(number, ending == .terminate ? SIGTERM : SIGHUP) == 0)
        case .endOfInput:
            try tmux.sendKeys("C-d")
        }
        #expect(tmux.waitFor("status=\(ending.status)"), "\((try? tmux.capture()) ?? [])")

        // The shell writes `after` once the program has gone.
        var after = ""
        for _ in 0..<500 where after.isEmpty {
            after = (try? String(contentsOfFile: files + "/after", encoding: .utf8)) ?? ""
            usleep(20_000)
        }
        let before = try String(contentsOfFile: files + "/before", encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(before == after, "stty -g before and after differ")
        #expect(try tmux.format("#{alternate_on}") == "0", "the normal screen is back")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is visible")
        #expect(try !tmux.format("#{pane_title}").contains("owned"), "the title was changed")

        var raw: [UInt8] = []
        for _ in 0..<500 {
            raw = tmux.loggedOutput()
            if HostileText.contains(raw, Array("status=".utf8)) { break }
            usleep(20_000)
        }
        #expect(HostileText.contains(raw, Array("Mcsiclear".utf8)), "the log holds the page")
        let problems = HostileText.problems(inTerminalOutput: raw)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// The audit can fail: every attack written raw is caught, in both kinds of output, while
    /// the player's own sequences pass.
    @Test func theAuditCatchesEveryAttackAndPassesThePlayersOwnSequences() {
        for attack in HostileText.attacks {
            let bytes = Array(("x " + attack.text + attack.marker + "\n").utf8)
            #expect(!HostileText.problems(inTerminalOutput: bytes).isEmpty, "\(attack.name)")
            #expect(!HostileText.problems(inPlainOutput: bytes).isEmpty, "\(attack.name)")
        }
        let own =
            "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}[3;1H\u{1B}[2K\u{1B}[1mHi\u{1B}[0m\r\n"
        #expect(HostileText.problems(inTerminalOutput: Array(own.utf8)).isEmpty)
        #expect(!HostileText.problems(inPlainOutput: Array(own.utf8)).isEmpty)
    }

    /// The next page: a key on the full screen, a command line in plain mode.
    private func advance(_ tmux: TmuxSession, plain: Bool) throws {
        if plain {
            try tmux.type("next")
            try tmux.sendKeys("Enter")
        } else {
            try tmux.sendKeys("Right")
        }
    }
}
