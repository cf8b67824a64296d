import Testing
import WalkthroughTerminal

/// The bar chart `walkthrough stats` draws, pinned as golden text files per width.
struct BarChartGoldenTests {
    /// The FoodPin funnel of the docs' capture: 12 users, some lost on each page.
    static let foodPin = [
        BarChart.Row(label: "1 personalize", value: 12, note: "12 reached, 2 dropped"),
        BarChart.Row(label: "2 locate", value: 10, note: "10 reached, 1 dropped"),
        BarChart.Row(label: "3 discover", value: 7, note: "7 reached, 0 dropped"),
    ]

    /// Wide labels (two columns a character), a zero and a value that needs the smallest bar.
    static let mixed = [
        BarChart.Row(label: "1 歡迎", value: 1000, note: "1000 reached"),
        BarChart.Row(label: "2 a-very-long-page-identifier-indeed", value: 333, note: "333"),
        BarChart.Row(label: "3 \u{1B}[31mred", value: 1, note: "1"),
        BarChart.Row(label: "4 none", value: 0, note: "0"),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var rows: [BarChart.Row]
        var maximum: Int?
        var width: Int

        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "bars_foodpin_80.txt", rows: foodPin, maximum: 12, width: 80),
        Case(file: "bars_foodpin_40.txt", rows: foodPin, maximum: 12, width: 40),
        Case(file: "bars_foodpin_20.txt", rows: foodPin, maximum: 12, width: 20),
        Case(file: "bars_mixed_60.txt", rows: mixed, maximum: nil, width: 60),
        Case(file: "bars_mixed_30.txt", rows: mixed, maximum: nil, width: 30),
    ]

    @Test(arguments: cases)
    func chartMatchesGoldenFile(_ testCase: Case) throws {
        let lines = BarChart.render(
            testCase.rows, maximum: testCase.maximum, width: testCase.width, colour: false)
        #expect(lines.count == testCase.rows.count)
        for line in lines { #expect(DisplayWidth.of(line) <= testCase.width, "\(line)") }
        try Golden.check(lines.joined(separator: "\n") + "\n", against: testCase.file)
    }

    @Test func aFullValueFillsTheBarAndHalfFillsHalf() {
        let lines = BarChart.render(
            [
                BarChart.Row(label: "a", value: 8, note: "x"),
                BarChart.Row(label: "b", value: 4, note: "x"),
            ], maximum: 8, width: 14, colour: false)
        // label (1) + space + bar (10) + space + note (1)
        #expect(lines == ["a ██████████ x", "b █████      x"])
    }

    @Test func colourStylesOnlyTheBarAndKeepsTheWidth() {
        let lines = BarChart.render(Self.foodPin, maximum: 12, width: 40, colour: true)
        let plain = BarChart.render(Self.foodPin, maximum: 12, width: 40, colour: false)
        for (styled, bare) in zip(lines, plain) {
            #expect(styled.contains("\u{1B}[1m"))
            let stripped = styled.replacing("\u{1B}[1m", with: "").replacing("\u{1B}[2m", with: "")
                .replacing("\u{1B}[0m", with: "").replacing("·", with: " ")
            #expect(stripped == bare)
        }
    }
}
