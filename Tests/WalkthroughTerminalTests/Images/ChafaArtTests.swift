import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The `Chafa` trait's drawing (sixel, finer symbol art), when this build has it; without it,
/// sixel falls back to the project's own symbol art.
struct ChafaArtTests {
    static func map() throws -> (Walkthrough, Page) {
        var walkthrough = Fixtures.foodPin()
        walkthrough.baseDirectory = repositoryRoot() + "/walkthroughs"
        return (walkthrough, walkthrough.pages[1])
    }

    @Test func sixelIsASixelSequenceWithTheTraitAndSymbolsWithout() throws {
        let (walkthrough, page) = try Self.map()
        let size = CellSize(columns: 32, rows: 10)
        if ImageModeDetection.sixelAvailable {
            let art = PageImages(mode: .sixel).art(of: page, in: walkthrough, size: size)
            guard case .sequence(let sixel) = art else {
                Issue.record("no sixel sequence: \(String(describing: art))")
                return
            }
            // DCS … q (sixel data) … ST.
            #expect(sixel.hasPrefix("\u{1B}P"))
            #expect(sixel.contains("q"))
            #expect(sixel.hasSuffix("\u{1B}\\"))
        } else {
            print("ChafaArtTests: this build has no Chafa trait; checking the fallback instead")
            let mode = ImageModeDetection.decide(
                .sixel, environment: ["TERM": "xterm"], deviceAttributes: [62, 4])
            #expect(mode == .symbols(.palette256))
        }
    }

    @Test func symbolsHaveTheRowsAskedForInEveryColourMode() throws {
        let (walkthrough, page) = try Self.map()
        let size = CellSize(columns: 32, rows: 10)
        for colours in [SymbolColours.trueColour, .palette256, .monochrome] {
            let art = PageImages(mode: .symbols(colours)).art(of: page, in: walkthrough, size: size)
            guard case .lines(let lines) = art else {
                Issue.record("no symbol art for \(colours)")
                continue
            }
            #expect(lines.count == 10, "\(colours)")
            #expect(lines.allSatisfy { !$0.isEmpty })
            if colours == .monochrome && !ImageModeDetection.sixelAvailable {
                #expect(!lines.joined().contains("\u{1B}"))
            }
        }
    }
}
