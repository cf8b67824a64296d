import Foundation
import Testing
import WalkthroughTerminal
import WalkthroughTestSupport

/// `walkthroughs/book.json` (`"layout": {"spread": "auto", "transition": "scroll"}`) in a real
/// terminal: two pages side by side at 160 columns, each with its heading, picture and text in
/// its own half; one page at 100 columns; a resize across 120 columns keeping the page; every
/// row the player writes (`pipe-pane`), slide frames included, within the pane by `wcwidth`.
@Suite(.serialized)
struct SpreadTmuxTests {
    /// The right half starts after the left half (78 columns at 160) and the gutter.
    static let rightColumn = 82

    static func bookSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyExample("book.json")
        try FileManager.default.copyItem(
            atPath: repositoryRoot() + "/walkthroughs/images",
            toPath: sandbox.definitions + "/images")
        return sandbox
    }

    static func environment(_ sandbox: Sandbox) -> [String: String] {
        var environment = sandbox.environment
        environment["PATH"] = nil
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    static func start(
        _ sandbox: Sandbox, columns: Int, rows: Int = 40, log: String? = nil
    ) throws -> TmuxSession {
        try TmuxSession(
            command: ImageTmuxTests.command(sandbox, ["play", "book", "--images", "symbols"]),
            columns: columns, rows: rows, environment: environment(sandbox), logPath: log)
    }

    /// The part of `row` from column `start` (by display width), up to `width` columns.
    static func columns(_ row: String, from start: Int, width: Int = .max) -> String {
        var column = 0
        var result = ""
        for character in row {
            let next = column + DisplayWidth.of(character)
            if column >= start && next - start <= width { result.append(character) }
            column = next
        }
        return result
    }

    /// Whether some row has `left` starting at column 0 and `right` at the right half.
    static func sideBySide(_ screen: [String], _ left: String, _ right: String) -> Bool {
        screen.contains { row in
            row.hasPrefix(left) && columns(row, from: rightColumn).hasPrefix(right)
        }
    }

    /// Rows with symbol art in the left half, and rows with it in the right half.
    static func pictureRows(_ screen: [String]) -> (left: Int, right: Int) {
        let art = { (text: String) in
            text.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
        }
        let left = screen.filter { art(columns($0, from: 0, width: rightColumn - 4)) }.count
        let right = screen.filter { art(columns($0, from: rightColumn)) }.count
        return (left, right)
    }

    /// Every row of every frame in the log is at most `columns` wide by `wcwidth`.
    static func expectRowsWithin(_ columns: Int, log: [UInt8]) throws {
        let reference = try WidthReference.find()
        let frames = WidthTmuxTests.frames(in: String(decoding: log, as: UTF8.self))
        #expect(!frames.isEmpty)
        let rows = frames.flatMap { $0 }
        let widths = try reference.widths(of: rows)
        #expect(widths.count == rows.count)
        for (row, width) in zip(rows, widths) {
            #expect(
                width <= columns, "a row of \(width) columns in a \(columns)-column pane: \(row)")
        }
    }

    @Test func twoPagesSideBySideAt160Columns() throws {
        let sandbox = try Self.bookSandbox()
        let log = sandbox.folder.path + "/pane.log"
        let tmux = try Self.start(sandbox, columns: 160, log: log)
        defer { tmux.kill() }
        #expect(tmux.waitFor("● ● ○ ○ ○  1\u{2013}2/5"), "\((try? tmux.capture()) ?? [])")
        var screen = try tmux.capture()
        #expect(Self.sideBySide(screen, "Personalize", "Search and locate"), "\(screen)")
        #expect(Self.sideBySide(screen, "Pin your favorite", "Search and locate your"), "\(screen)")
        let pictures = Self.pictureRows(screen)
        #expect(pictures.left >= 2 && pictures.right >= 2, "\(pictures) \(screen)")

        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ○ ● ● ○  3\u{2013}4/5"))
        #expect(
            waitUntil(timeout: 10) {
                Self.sideBySide(
                    (try? tmux.capture()) ?? [], "Discover great restaurants", "Share your guide")
            })
        screen = try tmux.capture()
        // Page 3 has a picture, page 4 none: art on the left, only text on the right.
        #expect(Self.pictureRows(screen).left >= 2, "\(screen)")
        #expect(Self.pictureRows(screen).right == 0, "\(screen)")
        #expect(
            screen.contains {
                Self.columns($0, from: Self.rightColumn).hasPrefix("Send your food guide")
            }, "\(screen)")
        #expect(
            !screen.contains { Self.columns($0, from: Self.rightColumn).hasPrefix("Image:") },
            "\(screen)")

        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ○ ○ ○ ●  5/5"))
        try tmux.sendKeys("Enter")
        #expect(tmux.waitForExit() == 0)
        let status = try sandbox.execute(["status", "--json"])
        #expect(
            status.standardOutput.contains(#""outcome": "completed""#), "\(status.standardOutput)")
        try Self.expectRowsWithin(160, log: tmux.loggedOutput())
    }

    @Test func onePageAt100Columns() throws {
        let sandbox = try Self.bookSandbox()
        let log = sandbox.folder.path + "/pane.log"
        let tmux = try Self.start(sandbox, columns: 100, log: log)
        defer { tmux.kill() }
        #expect(tmux.waitFor("● ○ ○ ○ ○  1/5"))
        var screen = try tmux.capture()
        #expect(screen.contains { $0.hasPrefix("Personalize") })
        #expect(!screen.joined().contains("Search and locate"), "\(screen)")
        #expect(ImageTmuxTests.artRows(screen).count >= 2)
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ● ○ ○ ○  2/5"))
        #expect(
            waitUntil(timeout: 10) {
                (try? tmux.capture())?.contains { $0.hasPrefix("Search and locate") } ?? false
            })
        screen = try tmux.capture()
        #expect(!screen.joined().contains("Personalize"), "\(screen)")
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)
        try Self.expectRowsWithin(100, log: tmux.loggedOutput())
    }

    @Test func resizingAcross120ColumnsKeepsThePage() throws {
        let sandbox = try Self.bookSandbox()
        let log = sandbox.folder.path + "/pane.log"
        let tmux = try Self.start(sandbox, columns: 160, log: log)
        defer { tmux.kill() }
        #expect(tmux.waitFor("1\u{2013}2/5"))
        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("○ ○ ● ● ○  3\u{2013}4/5"))
        try tmux.resize(columns: 100, rows: 40)
        #expect(
            waitUntil(timeout: 10) {
                let screen = (try? tmux.capture()) ?? []
                return screen.contains("○ ○ ○ ● ○  4/5")
                    && screen.contains { $0.hasPrefix("Share your guide") }
            }, "\((try? tmux.capture()) ?? [])")
        #expect(!(try tmux.capture()).joined().contains("Discover great"))
        try tmux.resize(columns: 160, rows: 40)
        #expect(
            waitUntil(timeout: 10) {
                Self.sideBySide(
                    (try? tmux.capture()) ?? [], "Discover great restaurants", "Share your guide")
            }, "\((try? tmux.capture()) ?? [])")
        #expect(try tmux.capture().contains("○ ○ ● ● ○  3\u{2013}4/5"))
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)
        let status = try sandbox.execute(["status", "--json"])
        #expect(status.standardOutput.contains(#""lastPage": 4"#), "\(status.standardOutput)")
        #expect(status.standardOutput.contains(#""outcome": "inProgress""#))
        try Self.expectRowsWithin(160, log: tmux.loggedOutput())
    }
}
