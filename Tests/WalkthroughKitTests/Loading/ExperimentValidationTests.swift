import Foundation
import Testing
import WalkthroughKit

/// `experiment`: read into the model, and every rule broken reported with its kind, path,
/// line and column.
struct ExperimentValidationTests {
    /// A three-page definition (`welcome`, `pins`, `finish`) with `experiment` on line 2.
    static func definition(_ experiment: String) -> String {
        """
        {"id": "tour",
         "experiment": \(experiment),
         "pages": [{"id": "welcome", "heading": "A", "content": ""},
                   {"id": "pins", "heading": "B", "content": ""},
                   {"id": "finish", "heading": "C", "content": ""}]}
        """
    }

    @Test func readsTheExperiment() throws {
        let report = validate(
            Self.definition(
                """
                {"id": "onboarding-2026-12", "variants": [{"id": "control", "weight": 50}, \
                {"id": "short", "weight": 50, "pages": ["finish", "welcome"]}], "holdout": 10, \
                "goals": ["first-pin"]}
                """))
        #expect(report.diagnostics.isEmpty)
        let walkthrough = try #require(report.walkthrough)
        let experiment = try #require(walkthrough.experiment)
        #expect(experiment.id == "onboarding-2026-12")
        #expect(
            experiment.variants == [
                .init(id: "control", weight: 50),
                .init(id: "short", weight: 50, pages: ["finish", "welcome"]),
            ])
        #expect(experiment.holdout == 10)
        #expect(experiment.goals == ["first-pin"])
        // A variant's pages are shown in definition order, whatever order it lists them in.
        #expect(walkthrough.pagePositions(for: .variant(1)) == [0, 2])
        #expect(walkthrough.pagePositions(for: .variant(0)) == [0, 1, 2])
        #expect(walkthrough.pagePositions(for: .holdout) == [])
    }

    @Test(arguments: [
        // (experiment, kind, path, column)
        (
            #"{"id": "bad id", "variants": [{"id": "a", "weight": 1}]}"#, "invalidExperiment",
            "experiment.id", 23
        ),
        (#"{"variants": [{"id": "a", "weight": 1}]}"#, "invalidExperiment", "experiment.id", 16),
        (#"{"id": "e"}"#, "invalidExperiment", "experiment.variants", 16),
        (#"{"id": "e", "variants": []}"#, "invalidExperiment", "experiment.variants", 40),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 0}]}"#, "invalidExperiment",
            "experiment.variants[0].weight", 63
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1.5}]}"#, "invalidExperiment",
            "experiment.variants[0].weight", 63
        ),
        (
            #"{"id": "e", "variants": [{"id": "a"}]}"#, "invalidExperiment",
            "experiment.variants[0].weight", 41
        ),
        (
            #"{"id": "e", "variants": [{"id": "holdout", "weight": 1}]}"#, "invalidExperiment",
            "experiment.variants[0].id", 48
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1}], "holdout": 51}"#,
            "invalidExperiment", "experiment.holdout", 79
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1, "pages": []}]}"#,
            "invalidExperiment", "experiment.variants[0].pages", 75
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1, "pages": ["pins", "pins"]}]}"#,
            "invalidExperiment", "experiment.variants[0].pages[1]", 84
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1}], "goals": ["no goal"]}"#,
            "invalidExperiment", "experiment.goals[0]", 78
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1, "pages": ["pin"]}]}"#,
            "unknownPage", "experiment.variants[0].pages[0]", 76
        ),
        (
            #"{"id": "e", "variants": [{"id": "a", "weight": 1}, {"id": "a", "weight": 2}]}"#,
            "duplicateVariant", "experiment.variants[1].id", 74
        ),
        (#"[]"#, "wrongType", "experiment", 16),
    ])
    func reportsEachBrokenRuleWithItsLocation(
        experiment: String, kind: String, path: String, column: Int
    ) throws {
        let report = validate(Self.definition(experiment))
        let diagnostic = try onlyDiagnostic(report)
        #expect(report.walkthrough == nil)
        #expect(diagnostic.kind.name == kind, "\(diagnostic)")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == path)
        #expect(diagnostic.line == 2)
        #expect(diagnostic.column == column, "\(diagnostic)")
    }

    @Test func anUnknownKeyIsAWarningWithASuggestion() throws {
        let report = validate(
            Self.definition(#"{"id": "e", "variants": [{"id": "a", "wieght": 1, "weight": 1}]}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .unknownKey(key: "wieght", suggestion: "weight"))
        #expect(diagnostic.path == "experiment.variants[0].wieght")
        #expect(report.walkthrough != nil)
    }

    @Test func theMessagesSayWhatToDo() {
        #expect(
            ValidationReport.Diagnostic.Kind.unknownPage("pin").message
                == "no page has the id \"pin\"; use the id of one of the definition's pages")
        #expect(
            ValidationReport.Diagnostic.Kind.duplicateVariant(id: "a", firstIndex: 0).message
                == "variant id \"a\" is already used by variants[0]; give each variant its own id")
    }
}
