import Testing
import WalkthroughKit
import WalkthroughTerminal

/// Inputs the fuzzers (`fuzz/run.sh render`, `text`, `input`) found to break a property, kept
/// as tests. Each input is also in the seed corpus, `fuzz/corpus/TARGET/regression-*`.
struct FuzzRegressionTests {
    /// A finish label with a newline went into the key help as one item, and the screen got a
    /// line with a newline inside it: the terminal moved down a row and every line below was
    /// drawn one row too low (`fuzz/corpus/render/regression-finish-label-newline`).
    @Test(arguments: [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 20, rows: 10),
        TerminalSize(columns: 4, rows: 3),
    ])
    func aFinishLabelWithANewlineKeepsEveryScreenLineOneLine(size: TerminalSize) throws {
        let walkthrough = Walkthrough(
            id: "tour", finishLabel: "Let's\ngo\r\nnow",
            pages: [Page(id: "one", heading: "Heading", content: "Text")])
        for showsHelp in [false, true] {
            let state = RenderState(walkthrough: walkthrough, pageIndex: 0, showsHelp: showsHelp)
            let lines = Renderer.render(state, size: size)
            #expect(lines.count == size.rows)
            for line in lines {
                #expect(!line.contains("\n") && !line.contains("\r"), "\(line.debugDescription)")
                #expect(DisplayWidth.of(line) <= size.columns)
            }
        }
        let wide = Renderer.render(
            RenderState(walkthrough: walkthrough, pageIndex: 0),
            size: TerminalSize(columns: 80, rows: 24))
        #expect(wide.contains { $0.contains("Enter: Let's") })
    }
}
