import Foundation
import Testing
import WalkthroughTestSupport

/// UAX #14's line starts and ends in a real terminal: `walkthrough play` in tmux at 20
/// columns, with every code point that `LineBreak.txt` (Debian's `unicode-data`, the Unicode
/// Character Database itself) puts in class CJ, NS, CL, CP, EX or IS right after a full row of
/// ideographs, and every OP right where a row ends. CJ is read as NS (strict Japanese): no row
/// tmux shows starts with one of the first, or ends with an OP.
@Suite(.serialized)
struct LineBreakTmuxTests {
    static let columns = 20
    static let perPage = 40

    /// The code points of `classes` in the Unicode Character Database's `LineBreak.txt`.
    static func codePoints(of classes: Set<String>) throws -> [Unicode.Scalar] {
        let path = "/usr/share/unicode/LineBreak.txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestSupportError(
                "no \(path): the line-break tests read the Unicode Character Database's classes "
                    + "from it; apt-get install unicode-data")
        }
        var scalars: [Unicode.Scalar] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#")[0].split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 2, classes.contains(fields[1]) else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap {
                UInt32($0, radix: 16)
            }
            guard let low = bounds.first, let high = bounds.last, low <= high else { continue }
            for value in low...high {
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
        }
        return scalars
    }

    /// Plays pages of `paragraphs` in tmux and returns each page's rows as tmux shows them.
    private func screens(of paragraphs: [String]) throws -> [[String]] {
        let pages = stride(from: 0, to: paragraphs.count, by: Self.perPage).map {
            [
                "heading": "Lines",
                "content": paragraphs[$0..<min($0 + Self.perPage, paragraphs.count)]
                    .joined(separator: "\n"),
            ]
        }
        let definition: [String: Any] = ["id": "lines", "navigation": "free", "pages": pages]
        let sandbox = try Sandbox()
        try sandbox.define(
            "lines.json",
            String(decoding: try JSONSerialization.data(withJSONObject: definition), as: UTF8.self))
        var environment = sandbox.environment
        environment["PATH"] = nil
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        let command =
            "unset CI; cd \(TmuxSession.quoted(sandbox.folder.path)) && "
            + [walkthroughBinary, "play", "lines"].map(TmuxSession.quoted).joined(separator: " ")
        let tmux = try TmuxSession(
            command: command, columns: Self.columns, rows: 2 * Self.perPage + 20,
            environment: environment)
        defer { tmux.kill() }
        var result: [[String]] = []
        for index in pages.indices {
            let position = "\(index + 1)/\(pages.count)"
            #expect(tmux.waitFor(position), "page \(position) never appeared")
            result.append(try tmux.capture())
            try tmux.sendKeys("Right")
        }
        return result
    }

    @Test func noRowStartsWithClosingPunctuationOrSmallKana() throws {
        let scalars = try Self.codePoints(of: ["CJ", "NS", "CL", "CP", "EX", "IS"])
        #expect(scalars.count > 200)
        // A full row of ideographs, then the character: it may not begin the next row.
        let paragraphs = scalars.map { String(repeating: "漢", count: 10) + String($0) + "字" }
        // The content's rows (not the player's own, such as `? help`).
        let rows = try screens(of: paragraphs).flatMap { $0 }.filter {
            $0.contains("漢") || $0.contains("字")
        }
        var starting: [String] = []
        for row in rows {
            guard let first = row.unicodeScalars.first(where: { $0 != " " }) else { continue }
            if scalars.contains(first) { starting.append(row) }
        }
        #expect(starting.isEmpty, "\(starting.count) rows start with one: \(starting.prefix(10))")
        // Each character is on the screen, but those newer than Unicode 14, which tmux here
        // (glibc's tables) does not draw.
        let screen = rows.joined()
        let missing = scalars.filter { scalar in
            guard let age = scalar.properties.age, age.major < 15 else { return false }
            return !screen.unicodeScalars.contains(scalar)
        }
        #expect(missing.isEmpty, "not shown: \(missing.map { String($0.value, radix: 16) })")
        print("line starts: \(starting.count)/\(scalars.count) CJ, NS, CL, CP, EX, IS code points")
    }

    @Test func noRowEndsWithOpeningPunctuation() throws {
        let scalars = try Self.codePoints(of: ["OP"])
        #expect(scalars.count > 50)
        // Nine ideographs leave room for the character but not for what follows it.
        let paragraphs = scalars.map { String(repeating: "漢", count: 9) + String($0) + "字" }
        let rows = try screens(of: paragraphs).flatMap { $0 }.filter {
            $0.contains("漢") || $0.contains("字")
        }
        var ending: [String] = []
        for row in rows {
            guard let last = row.unicodeScalars.last(where: { $0 != " " }) else { continue }
            if scalars.contains(last) { ending.append(row) }
        }
        #expect(ending.isEmpty, "\(ending.count) rows end with one: \(ending.prefix(10))")
        print("line ends: \(ending.count)/\(scalars.count) OP code points")
    }
}
