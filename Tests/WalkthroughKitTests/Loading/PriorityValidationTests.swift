import Testing
import WalkthroughKit

/// A definition's `priority`: a whole number, 0 by default, every mistake reported where it is.
struct PriorityValidationTests {
    @Test(arguments: [
        ("", 0), (#""priority": 10"#, 10), (#""priority": -3"#, -3),
        (#""priority": 1000000"#, 1_000_000), (#""priority": -1000000"#, -1_000_000),
    ])
    func readsThePriority(root: String, priority: Int) throws {
        let report = validate(
            definition(root: #""id": "tour""# + (root.isEmpty ? "" : ", " + root)))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        #expect(try #require(report.walkthrough).priority == priority)
    }

    @Test(arguments: [
        (#""priority": 1.5"#, "invalidPriority", "priority 1.5 is not allowed"),
        (#""priority": 1000001"#, "invalidPriority", "from -1000000 to 1000000"),
        (#""priority": 1e3"#, "invalidPriority", "whole number"),
        (#""priority": "high""#, "wrongType", "integer"),
    ])
    func reportsAPriorityThatIsNotAWholeNumberInRange(
        root: String, kind: String, mentions: String
    ) throws {
        let report = validate(definition(root: root))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind.name == kind)
        #expect(diagnostic.path == "priority")
        #expect(diagnostic.line == 1)
        #expect(diagnostic.column == 14)
        #expect(diagnostic.message.contains(mentions), "\(diagnostic.message)")
        #expect(report.walkthrough == nil)
    }
}
