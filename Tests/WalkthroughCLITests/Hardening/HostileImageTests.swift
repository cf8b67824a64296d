import Foundation
import Testing
import WalkthroughTestSupport

/// Hostile image files (cut short, a header claiming 100000×100000, a wrong extension, empty, a
/// PNG bomb inflating to 1 GiB): `validate` warns about each, and `play` shows each page's alt
/// text, with no crash and its memory bounded (the child's own peak, from GNU time).
@Suite(.serialized)
struct HostileImageTests {
    /// A generous ceiling for a debug build: about 20 MiB without images; decoding the bomb's
    /// IDAT in full or allocating a claimed size would take hundreds of MiB to gigabytes.
    static let peakLimitKiB = 96 * 1024

    static func sandbox() throws -> (Sandbox, [String]) {
        let sandbox = try Sandbox()
        let png = try Data(
            contentsOf: URL(
                fileURLWithPath: repositoryRoot() + "/walkthroughs/images/foodpin-intro-1.png"))
        let folder = try TemporaryFolder()
        try HostileImages.write(into: folder, validPNG: Array(png))
        try FileManager.default.createDirectory(
            atPath: sandbox.definitions + "/images", withIntermediateDirectories: true)
        let names = HostileImages.names.keys.sorted()
        for name in names {
            try FileManager.default.copyItem(
                atPath: folder.file(name), toPath: sandbox.definitions + "/images/" + name)
        }
        // A real PNG under a JPEG's name: drawn, since the bytes say what it is.
        try png.write(to: URL(fileURLWithPath: sandbox.definitions + "/images/named.jpg"))
        let pages = (names + ["named.jpg"]).enumerated().map { index, name in
            "{\"heading\": \"Page \(index + 1)\", \"content\": \"\", \"image\": \"images/\(name)\", "
                + "\"imageAlt\": \"alt of \(name)\"}"
        }
        try sandbox.define(
            "hostile.json", "{\"id\": \"hostile\", \"pages\": [\(pages.joined(separator: ", "))]}")
        return (sandbox, names)
    }

    @Test func validateWarnsAboutEachAndStaysSmall() throws {
        let (sandbox, names) = try Self.sandbox()
        let file = sandbox.definitions + "/hostile.json"
        let result = try sandbox.execute(["validate", "--json", file])
        #expect(result.status == 0, "\(result.standardError)")
        let json = result.standardOutput
        #expect(json.contains("imageTooLarge"))
        #expect(json.contains("imageUnreadable"))
        for name in names {
            #expect(json.contains("images/\(name)"), "no warning for \(name)")
        }
        #expect(!json.contains("images/named.jpg"))

        let measured = try ChildProcess.run(
            ["/usr/bin/time", "-f", "peak %M", walkthroughBinary, "validate", file],
            environment: sandbox.environment, directory: sandbox.folder.path, timeout: 120)
        #expect(measured.status == 0, "\(measured.standardError)")
        let line = try #require(
            measured.standardError.split(separator: "\n").last { $0.hasPrefix("peak ") })
        let peak = try #require(Int(line.dropFirst(5)))
        #expect(peak < Self.peakLimitKiB, "validate peaked at \(peak) KiB")
    }

    @Test func playShowsTheAltTextOfEachAndStaysSmall() throws {
        let (sandbox, names) = try Self.sandbox()
        var environment = sandbox.environment
        environment["LANG"] = "C.UTF-8"
        let peakFile = sandbox.folder.path + "/peak.txt"
        let command =
            "unset CI; cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + [
                "/usr/bin/time", "-f", "%M", "-o", peakFile, walkthroughBinary, "play", "hostile",
                "--images", "symbols",
            ].map(TmuxSession.quoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: command, columns: 80, rows: 24, environment: environment)
        defer { tmux.kill() }
        let count = names.count + 1
        for (index, name) in names.enumerated() {
            #expect(tmux.waitFor("\(index + 1)/\(count)"))
            #expect(tmux.waitFor("alt of \(name)"), "page \(index + 1): \(name)")
            try tmux.sendKeys("Right")
        }
        #expect(tmux.waitFor("\(count)/\(count)"))
        var screen: [String] = []
        #expect(
            waitUntil(timeout: 20) {
                screen = (try? tmux.capture()) ?? []
                return ImageTmuxTests.artRows(screen).count >= 2
            }, "the PNG named .jpg is drawn:\n\(screen.joined(separator: "\n"))")
        try tmux.sendKeys("q")
        #expect(tmux.waitForExit(timeout: 60) == 0)
        var peakText = ""
        #expect(
            waitUntil(timeout: 10) {
                peakText = String(
                    decoding: (try? Data(contentsOf: URL(fileURLWithPath: peakFile))) ?? Data(),
                    as: UTF8.self)
                return Int(peakText.trimmingCharacters(in: .whitespacesAndNewlines)) != nil
            })
        let peak = try #require(Int(peakText.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(peak < Self.peakLimitKiB, "play peaked at \(peak) KiB")
    }
}
