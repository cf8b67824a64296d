import Testing
import WalkthroughTerminal

@testable import WalkthroughCLI

/// Tables aligned by display width, with untrusted cells escaped.
struct TableTests {
    @Test func alignsColumnsByDisplayWidth() {
        let table = Table(
            header: ["ID", "TITLE", "PAGES"],
            rows: [["foodpin-zh-hant", "FoodPin 美食地圖", "3"], ["a", "Tour", "12"]])
        #expect(
            table.lines() == [
                "ID               TITLE             PAGES",
                "foodpin-zh-hant  FoodPin 美食地圖  3",
                "a                Tour              12",
            ])
    }

    @Test func escapesControlCharactersBeforeMeasuring() {
        let table = Table(
            header: ["USER", "X"], rows: [["e\u{1B}]0;pwned\u{7}", "1"], ["bob", "2"]])
        let lines = table.lines()
        #expect(lines == ["USER           X", "e^[]0;pwned^G  1", "bob            2"])
        for line in lines {
            #expect(!line.unicodeScalars.contains { TextSanitizer.needsEscape($0) })
        }
    }

    @Test func keepsEachRowOnOneLine() {
        let table = Table(header: ["A", "B"], rows: [["two\nlines", "x"]])
        #expect(table.lines() == ["A           B", "two\\nlines  x"])
    }

    @Test func trimsTheLastColumn() {
        #expect(Table(header: ["A", "B"], rows: [["x", ""]]).lines() == ["A  B", "x"])
    }
}
