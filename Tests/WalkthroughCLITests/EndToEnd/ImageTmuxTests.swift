import Foundation
import Testing
import WalkthroughTerminal
import WalkthroughTestSupport

/// FoodPin's pictures in a real terminal: `walkthrough play` in tmux draws symbol art where the
/// image goes (tmux passes no graphics protocol through, so `auto` is symbols), and draws it
/// again at the new size after a resize.
@Suite(.serialized)
struct ImageTmuxTests {
    /// A sandbox holding FoodPin and its images.
    static func foodPinSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        try FileManager.default.copyItem(
            atPath: repositoryRoot() + "/walkthroughs/images",
            toPath: sandbox.definitions + "/images")
        return sandbox
    }

    static func command(_ sandbox: Sandbox, _ arguments: [String]) -> String {
        "unset CI; cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + ([walkthroughBinary] + arguments).map(TmuxSession.quoted).joined(separator: " ")
    }

    /// Rows of the screen holding block-element or box-drawing characters (U+2500–U+259F):
    /// symbol art, the project's (`▀ ▄ █`) or libchafa's (blocks, quadrants, borders).
    static func artRows(_ screen: [String]) -> [String] {
        screen.filter { row in
            row.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }
        }
    }

    /// The rows between the heading's spacer and the content: where the picture goes.
    static func pictureRows(_ screen: [String], heading: String, content: String) -> [String]? {
        guard let top = screen.firstIndex(where: { $0.hasPrefix(heading) }),
            let bottom = screen.firstIndex(where: { $0.hasPrefix(content) }), top + 2 <= bottom
        else { return nil }
        return Array(screen[(top + 2)..<bottom])
    }

    /// Whether the picture's rows are `rows` rows of symbol art (most of them holding symbols:
    /// libchafa draws a light row as coloured spaces).
    static func showsArt(_ screen: [String], rows: Int, heading: String, content: String) -> Bool {
        guard let picture = pictureRows(screen, heading: heading, content: content) else {
            return false
        }
        return picture.count == rows && artRows(picture).count * 2 >= rows
    }

    @Test func symbolArtWhereTheImageGoesAndRedrawnAfterAResize() throws {
        let sandbox = try Self.foodPinSandbox()
        var environment = sandbox.environment
        environment["LANG"] = "C.UTF-8"
        // Colour on (empty counts as unset), whatever the test runner's environment says.
        environment["NO_COLOR"] = ""
        let tmux = try TmuxSession(
            command: Self.command(sandbox, ["play", "foodpin", "--locale", "en"]), columns: 80,
            rows: 24, environment: environment)
        defer { tmux.kill() }
        #expect(tmux.waitFor("1/3"))
        // 320×200 pixels in at most half of 24 rows: 12 rows of 38 columns.
        var screen: [String] = []
        let (heading, content) = ("Personalize", "Pin your favorite")
        #expect(
            waitUntil(timeout: 20) {
                screen = (try? tmux.capture()) ?? []
                return Self.showsArt(screen, rows: 12, heading: heading, content: content)
            }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("Image:"))
        if !ImageModeDetection.sixelAvailable {
            // The project's own encoder: one ▀ a cell.
            #expect(
                Self.artRows(screen).allSatisfy { $0.filter { $0 == "▀" }.count == 38 },
                "\(Self.artRows(screen).map { $0.filter { $0 == "▀" }.count })")
        }

        try tmux.resize(columns: 60, rows: 20)
        #expect(
            waitUntil(timeout: 20) {
                screen = (try? tmux.capture()) ?? []
                return screen.count == 20
                    && Self.showsArt(screen, rows: 10, heading: heading, content: content)
            }, "after the resize:\n\(screen.joined(separator: "\n"))")
        if !ImageModeDetection.sixelAvailable {
            #expect(
                Self.artRows(screen).allSatisfy { $0.filter { $0 == "▀" }.count == 32 },
                "\(Self.artRows(screen).map { $0.filter { $0 == "▀" }.count })")
        }

        try tmux.sendKeys("Right")
        #expect(tmux.waitFor("2/3"))
        #expect(
            waitUntil(timeout: 20) {
                screen = (try? tmux.capture()) ?? []
                return screen.contains { $0.hasPrefix("Locate") }
                    && Self.artRows(screen).count == 10
            }, "page 2:\n\(screen.joined(separator: "\n"))")
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func imagesNoneAndPlainModeShowTheAltText() throws {
        let sandbox = try Self.foodPinSandbox()
        var environment = sandbox.environment
        environment["LANG"] = "C.UTF-8"
        let tmux = try TmuxSession(
            command: Self.command(
                sandbox, ["play", "foodpin", "--locale", "en", "--images", "none"]),
            columns: 80, rows: 24, environment: environment)
        defer { tmux.kill() }
        #expect(tmux.waitFor("Image: A red plate, ready for your favourite dish"))
        #expect(Self.artRows(try tmux.capture()).isEmpty)
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit() == 0)

        let plain = try sandbox.execute(["play", "foodpin", "--locale", "en"], input: "quit\n")
        #expect(plain.standardOutput.contains("A red plate, ready for your favourite dish"))
        #expect(!plain.standardOutput.contains("▀"))
    }

    @Test func anUnknownImagesModeIsAUsageError() throws {
        let sandbox = try Self.foodPinSandbox()
        let option = try sandbox.execute(["play", "foodpin", "--images", "ascii"])
        #expect(option.status == 64)
        #expect(option.standardError.contains("'ascii'"))
        let variable = try sandbox.execute(
            ["play", "foodpin"], extra: ["WALKTHROUGH_IMAGES": "sixels"])
        #expect(variable.status == 64)
        #expect(variable.standardError.contains("WALKTHROUGH_IMAGES"))
    }
}
