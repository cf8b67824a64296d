import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Keeps `walkthroughs/schema.json` and the loader saying the same thing.
struct SchemaTests {
    private func schema() throws -> [String: Any] {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: repositoryRoot() + "/walkthroughs/schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSchemaIsAValidDefinitionForNoOneButPassesValidation() throws {
        let report = DefinitionLoader.validate(
            contentsOf: repositoryRoot() + "/walkthroughs/schema.json")
        #expect(report.isJSONSchema)
        let schema = try schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func rootPropertiesAndLimitsMatchTheLoader() throws {
        let schema = try schema()
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.rootKeys))
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(schema["required"] as? [String] == ["pages"])
        #expect(properties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        #expect(properties["version"]?["type"] as? String == "integer")
        #expect(properties["version"]?["minimum"] as? Int == 1)
        #expect(properties["version"]?["maximum"] as? Int == DefinitionFormat.maximumVersion)
        #expect(
            properties["navigation"]?["enum"] as? [String]
                == NavigationMode.allCases.map(\.rawValue))
        #expect(properties["skippable"]?["type"] as? String == "boolean")
        #expect(properties["finishLabel"]?["default"] as? String == Walkthrough.defaultFinishLabel)
        #expect(properties["pages"]?["minItems"] as? Int == 1)
        #expect(properties["pages"]?["maxItems"] as? Int == DefinitionFormat.maximumPages)
    }

    @Test func pagePropertiesMatchTheLoader() throws {
        let definitions = try #require(try schema()["$defs"] as? [String: [String: Any]])
        let page = try #require(definitions["page"])
        let properties = try #require(page["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.pageKeys))
        #expect(Set(page["required"] as? [String] ?? []) == Set(DefinitionFormat.requiredPageKeys))
        #expect(page["additionalProperties"] as? Bool == false)
        #expect(properties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        for key in DefinitionFormat.pageKeys {
            #expect(properties[key]?["type"] as? String == "string", "\(key)")
        }
    }

    @Test func theIDPatternMatchesTheHandWrittenCheck() throws {
        let pattern = try NSRegularExpression(pattern: DefinitionFormat.idPattern)
        let samples = [
            "a", "Z9", "a.b_c-d", "-a", ".a", "a b", "", "é", "a/b", "a\tb",
            String(repeating: "x", count: 64), String(repeating: "x", count: 65),
        ]
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = pattern.firstMatch(in: sample, range: range) != nil
            #expect(matches == DefinitionFormat.isValidID(sample), "\(sample)")
        }
    }
}
