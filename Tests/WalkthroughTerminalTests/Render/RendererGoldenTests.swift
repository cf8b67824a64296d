import Testing
import WalkthroughKit
import WalkthroughTerminal

/// The renderer's screens, pinned as golden text files per size.
struct RendererGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var state: RenderState
        var size: TerminalSize

        var testDescription: String { file }
    }

    static let cases: [Case] = {
        let foodPin = Fixtures.foodPin()
        let chinese = Fixtures.foodPinTraditionalChinese()
        let mixed = Fixtures.emojiAndMarks()
        var cases: [Case] = []
        for size in [(80, 24), (40, 12), (20, 10)] {
            let terminal = TerminalSize(columns: size.0, rows: size.1)
            cases.append(
                Case(
                    file: "page2_\(terminal).txt",
                    state: RenderState(walkthrough: foodPin, pageIndex: 1), size: terminal))
            cases.append(
                Case(
                    file: "last_\(terminal).txt",
                    state: RenderState(walkthrough: foodPin, pageIndex: 2), size: terminal))
            cases.append(
                Case(
                    file: "zh-hant_page1_\(terminal).txt",
                    state: RenderState(walkthrough: chinese, pageIndex: 0), size: terminal))
            cases.append(
                Case(
                    file: "mixed_\(terminal).txt",
                    state: RenderState(walkthrough: mixed, pageIndex: 0), size: terminal))
        }
        cases += [
            Case(
                file: "first_refused_40x12.txt",
                state: RenderState(
                    walkthrough: foodPin, pageIndex: 0,
                    status: NavigationError.atFirstPage.description),
                size: TerminalSize(columns: 40, rows: 12)),
            Case(
                file: "help_40x12.txt",
                state: RenderState(walkthrough: foodPin, pageIndex: 1, showsHelp: true),
                size: TerminalSize(columns: 40, rows: 12)),
            Case(
                file: "page2_20x6.txt", state: RenderState(walkthrough: foodPin, pageIndex: 1),
                size: TerminalSize(columns: 20, rows: 6)),
            Case(
                file: "zh-hant_last_30x12.txt",
                state: RenderState(walkthrough: chinese, pageIndex: 2),
                size: TerminalSize(columns: 30, rows: 12)),
            Case(
                file: "many_12of400_40x12.txt",
                state: RenderState(walkthrough: Fixtures.numbered(400), pageIndex: 11),
                size: TerminalSize(columns: 40, rows: 12)),
            Case(
                file: "long_top_40x12.txt",
                state: RenderState(walkthrough: Fixtures.longPage(), pageIndex: 0),
                size: TerminalSize(columns: 40, rows: 12)),
            Case(
                file: "long_scrolled_40x12.txt",
                state: RenderState(walkthrough: Fixtures.longPage(), pageIndex: 0, scrollOffset: 5),
                size: TerminalSize(columns: 40, rows: 12)),
            Case(
                file: "hostile_40x12.txt",
                state: RenderState(walkthrough: Fixtures.hostile(), pageIndex: 0),
                size: TerminalSize(columns: 40, rows: 12)),
        ]
        return cases
    }()

    @Test(arguments: cases)
    func screenMatchesGoldenFile(_ testCase: Case) throws {
        let lines = Renderer.render(testCase.state, size: testCase.size)
        try Golden.check(lines.joined(separator: "\n") + "\n", against: testCase.file)
    }
}
