import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughTerminal

/// The widths against Python's `wcwidth` (``WidthReference``, installed when missing): every
/// code point, and sentences in Thai, Hindi, Japanese, Korean, Chinese, Arabic and emoji.
///
/// No width may be *narrower* than the reference for a character our tables' Unicode version
/// has: a narrower count lets a line run past the margin. Wider counts are allowed only where a
/// terminal draws wider than wcwidth says (a spacing mark alone, a skin-tone modifier, a
/// conjunct with a vowel sign) or for code points our tables' version does not have.
@Suite(.serialized)
struct WidthReferenceTests {
    private let corpus =
        repositoryRoot() + "/Tests/WalkthroughTerminalTests/Reference/width-corpus.txt"

    /// The sentences of the corpus: (language, text).
    private func sentences() throws -> [(String, String)] {
        try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { line in
                let parts = line.split(separator: "\t", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            }
    }

    @Test func everyCodePointAndSentenceAgreesWithWCWidth() throws {
        let reference = try WidthReference.find()
        let folder = try TemporaryFolder()
        // Two bytes per code point: our width alone (255: a surrogate), and whether the code
        // point is assigned in our tables' Unicode version.
        var bytes = [UInt8](repeating: 0, count: 2 * 0x110000)
        let version = DisplayWidth.unicodeVersion.split(separator: ".").compactMap { Int($0) }
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value) else {
                bytes[Int(2 * value)] = 255
                continue
            }
            bytes[Int(2 * value)] = UInt8(DisplayWidth.of(Character(scalar)))
            if let age = scalar.properties.age,
                (age.major, age.minor) <= (version[0], version[1])
            {
                bytes[Int(2 * value) + 1] = 1
            }
        }
        let dump = folder.path + "/widths.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: dump))
        let lines = try sentences().map { "\(DisplayWidth.of($0.1))\t\($0.0)\t\($0.1)" }
        let corpusWidths = try folder.write(lines.joined(separator: "\n") + "\n", to: "corpus.txt")
        let result = try reference.run([
            repositoryRoot() + "/scripts/compare-widths.py", dump, corpusWidths,
        ])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any])
        let codePoints = try #require(report["codePoints"] as? [String: Any])
        let mismatches = try #require(codePoints["mismatches"] as? [String: [String: Any]])
        print("width reference:", result.standardOutput)
        #expect((codePoints["compared"] as? Int ?? 0) > 1_100_000)
        // Narrower than the terminal for an assigned character: a line could overflow.
        #expect(mismatches["under/assigned"] == nil, "\(mismatches["under/assigned"] ?? [:])")
        // The only wider counts of assigned characters: spacing marks measured alone.
        let over = mismatches["over/assigned"]?["count"] as? Int ?? 0
        let spacingMarks = (0..<UInt32(0x110000)).filter { value in
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                (age.major, age.minor) <= (version[0], version[1])
            else { return false }
            return scalar.properties.generalCategory == .spacingMark
        }.count
        #expect(over <= spacingMarks, "\(mismatches["over/assigned"] ?? [:])")
        let sentences = try #require(report["sentences"] as? [String: Any])
        let under = try #require(sentences["under"] as? [Any])
        #expect(under.isEmpty, "sentences measured narrower than wcwidth: \(under)")
        #expect(sentences["compared"] as? Int == (try self.sentences().count))
    }

    @Test(arguments: [
        ("กำ", 2), ("น้ำ", 2), ("कि", 2), ("क्ष", 2), ("हिं", 2), ("ｶﾞ", 2), ("ﾊﾟ", 2),
        ("👩‍💻", 2), ("❤️", 2), ("#️⃣", 2), ("🇯🇵", 2), ("🏳️‍🌈", 2), ("漢", 2), ("。", 2),
        ("한", 2), ("ᄀ\u{1161}", 2), ("e\u{301}", 1), ("\u{0600}", 1), ("\u{AD}", 1),
    ])
    func clustersAreAsWideAsTerminalsDrawThem(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(Character(text)) == columns, "\(text)")
    }

    @Test func eachSentenceWrapsWithoutOverflowAndKeepsItsText() throws {
        let reference = try WidthReference.find()
        for (language, text) in try sentences() {
            for width in [7, 10, 30, 31] {
                let lines = TextWrapper.wrapLines(text, width: width)
                let measured = try reference.widths(of: lines.map(\.text))
                #expect(measured.count == lines.count)
                for (line, columns) in zip(lines, measured) {
                    #expect(columns <= width, "\(language) at \(width): \(line.text) is \(columns)")
                }
                var rebuilt = ""
                for line in lines {
                    rebuilt += line.text
                    if case .spaces(let count) = line.ending {
                        rebuilt += String(repeating: " ", count: count)
                    }
                }
                #expect(rebuilt == text, "\(language) at \(width)")
            }
        }
    }
}
