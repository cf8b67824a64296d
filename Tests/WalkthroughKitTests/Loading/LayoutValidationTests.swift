import Testing
import WalkthroughKit

/// `layout`: read into the model with its defaults, and every wrong value reported as
/// `invalidLayout` with its path, line and column.
struct LayoutValidationTests {
    /// A five-page definition with `layout` on line 2.
    static func definition(_ layout: String) -> String {
        """
        {"id": "book",
         "layout": \(layout),
         "pages": [{"heading": "A", "content": ""}, {"heading": "B", "content": ""},
                   {"heading": "C", "content": ""}, {"heading": "D", "content": ""},
                   {"heading": "E", "content": ""}]}
        """
    }

    @Test func readsTheLayout() throws {
        let report = validate(
            Self.definition(
                #"{"spread": "auto", "orientation": "vertical", "transition": "scroll"}"#))
        #expect(report.diagnostics.isEmpty)
        let layout = try #require(report.walkthrough?.layout)
        #expect(
            layout
                == Walkthrough.PageLayout(
                    spread: .auto, orientation: .vertical, transition: .scroll))
    }

    @Test func withoutALayoutTheDefaultsHold() throws {
        let report = validate(#"{"id": "plain", "pages": [{"heading": "A", "content": ""}]}"#)
        let layout = try #require(report.walkthrough?.layout)
        #expect(layout.spread == .never)
        #expect(layout.orientation == .horizontal)
        #expect(layout.transition == .none)
        #expect(try #require(validate(Self.definition("{}")).walkthrough?.layout) == layout)
    }

    @Test(arguments: [
        // (layout, path, column)
        (#"{"spread": "sideways"}"#, "layout.spread", 23),
        (#"{"spread": 2}"#, "layout.spread", 23),
        (#"{"orientation": "diagonal"}"#, "layout.orientation", 28),
        (#"{"transition": "curl"}"#, "layout.transition", 27),
        (#"{"transition": null}"#, "layout.transition", 27),
        (#"["auto"]"#, "layout", 12),
        (#""auto""#, "layout", 12),
    ])
    func reportsEachWrongValueWithItsLocation(layout: String, path: String, column: Int) throws {
        let report = validate(Self.definition(layout))
        let diagnostic = try onlyDiagnostic(report)
        #expect(report.walkthrough == nil)
        #expect(diagnostic.kind.name == "invalidLayout", "\(diagnostic)")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == path)
        #expect(diagnostic.line == 2)
        #expect(diagnostic.column == column, "\(diagnostic)")
    }

    @Test func everyWrongFieldIsReportedAtOnce() {
        let report = validate(
            Self.definition(
                #"{"spread": "both", "orientation": "up", "transition": "fade"}"#))
        #expect(report.walkthrough == nil)
        #expect(
            report.diagnostics.map(\.path)
                == ["layout.spread", "layout.orientation", "layout.transition"])
    }

    @Test func anUnknownKeyIsAWarningWithASuggestion() throws {
        let report = validate(Self.definition(#"{"spraed": "auto"}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .unknownKey(key: "spraed", suggestion: "spread"))
        #expect(diagnostic.path == "layout.spraed")
        #expect(report.walkthrough?.layout == Walkthrough.PageLayout())
    }

    @Test func theMessagesSayWhatIsAllowed() {
        #expect(
            ValidationReport.Diagnostic.Kind.invalidLayout(field: "spread", value: "\"sideways\"")
                .message
                == #"spread "sideways" is not allowed; use "never", "auto" or "always""#)
        #expect(
            ValidationReport.Diagnostic.Kind.invalidLayout(field: "transition", value: "a number")
                .message
                == #"transition is a number, not a string; use "none" or "scroll""#)
        #expect(
            ValidationReport.Diagnostic.Kind.invalidLayout(field: "layout", value: "an array")
                .message.hasPrefix(
                    "layout is an array, not an object;"))
    }

    @Test func spreadsPairPagesAndLeaveAnOddLastPageAlone() {
        let spreads = (0..<5).map { Walkthrough.PageLayout.spread(holding: $0, of: 5) }
        #expect(spreads == [0...1, 0...1, 2...3, 2...3, 4...4])
        #expect(Walkthrough.PageLayout.spread(holding: 0, of: 1) == 0...0)
        #expect(Walkthrough.PageLayout.spread(holding: 9, of: 4) == 2...3)
    }
}
