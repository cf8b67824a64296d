@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The tmux helper the end-to-end tests of `walkthrough play` use, checked on a shell script.
struct TmuxSessionTests {
    static func temporaryPath(_ name: String) -> String {
        "/tmp/walkthrough-terminal-tests-\(getpid())-\(name)"
    }

    @Test func runsACommandSendsKeysAndReadsTheScreen() throws {
        let tmux = try TmuxSession(
            command: "printf 'ready\\n'; read line; echo \"got $line\"; exit 3", columns: 40,
            rows: 10)
        defer { tmux.kill() }
        #expect(tmux.waitFor("ready"))
        try tmux.type("hello 美食")
        try tmux.sendKeys("Enter")
        #expect(tmux.waitFor("got hello 美食"), "\((try? tmux.capture()) ?? [])")
        #expect(tmux.waitForExit() == 3, "\((try? tmux.capture()) ?? [])")
        let screen = try tmux.capture()
        #expect(screen.count == 10)
    }

    @Test func logsTheRawBytesTheProgramWrote() throws {
        let log = Self.temporaryPath("raw.log")
        defer { unlink(log) }
        let tmux = try TmuxSession(
            command: "printf 'plain \\033[31mred\\033[0m done\\n'; sleep 30", logPath: log)
        defer { tmux.kill() }
        #expect(tmux.waitFor("plain red done"), "the screen shows text, not escapes")
        var raw = ""
        for _ in 0..<250 where !raw.contains("done") {
            raw = String(decoding: tmux.loggedOutput(), as: UTF8.self)
            usleep(20_000)
        }
        #expect(raw.contains("\u{1B}[31mred"), "the log keeps the raw escape sequence")
    }

    @Test func passesEnvironmentAndResizes() throws {
        let tmux = try TmuxSession(
            command: "echo \"colour=$NO_COLOR\"; trap 'stty size' WINCH; stty size; "
                + "while :; do sleep 0.05; done",
            columns: 60, rows: 20, environment: ["NO_COLOR": "1"])
        defer { tmux.kill() }
        #expect(tmux.waitFor("colour=1"))
        #expect(tmux.waitFor("20 60"))
        try tmux.resize(columns: 30, rows: 12)
        #expect(tmux.waitFor("12 30"))
    }

    @Test func quotingSurvivesSingleQuotes() {
        #expect(TmuxSession.quoted("it's") == "'it'\\''s'")
    }
}
