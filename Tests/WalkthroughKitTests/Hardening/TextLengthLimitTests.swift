import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Every text field has a maximum length, counted in Unicode code points as JSON Schema's
/// `maxLength` counts: at the limit a definition loads, one more is an error with its place.
struct TextLengthLimitTests {
    /// A field, where it goes, and its limit.
    struct Field: Sendable, CustomTestStringConvertible {
        var path: String
        var limit: Int
        /// The definition with `value` (JSON-escaped) in the field.
        var definition: @Sendable (String) -> String
        var testDescription: String { path }
    }

    static let fields: [Field] = [
        Field(path: "title", limit: DefinitionFormat.maximumLabelLength) {
            definition(root: "\"title\": \"\($0)\"")
        },
        Field(path: "finishLabel", limit: DefinitionFormat.maximumLabelLength) {
            definition(root: "\"finishLabel\": \"\($0)\"")
        },
        Field(path: "pages[0].heading", limit: DefinitionFormat.maximumLabelLength) {
            definition(page: "\"heading\": \"\($0)\", \"content\": \"C\"")
        },
        Field(path: "pages[0].content", limit: DefinitionFormat.maximumContentLength) {
            definition(page: "\"heading\": \"H\", \"content\": \"\($0)\"")
        },
        Field(path: "pages[0].imageAlt", limit: DefinitionFormat.maximumLabelLength) {
            definition(
                page: "\"heading\": \"H\", \"content\": \"\", \"image\": \"a.png\", "
                    + "\"imageAlt\": \"\($0)\"")
        },
        Field(path: "pages[0].image", limit: DefinitionFormat.maximumPathLength) {
            definition(page: "\"heading\": \"H\", \"content\": \"\", \"image\": \"\($0)\"")
        },
    ]

    @Test(arguments: fields)
    func aTextAtItsLimitLoads(field: Field) throws {
        let report = validate(field.definition(String(repeating: "a", count: field.limit)))
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.walkthrough != nil)
    }

    @Test(arguments: fields)
    func aTextOneCharacterOverItsLimitIsAnErrorWithItsPlace(field: Field) throws {
        let json = field.definition(String(repeating: "a", count: field.limit + 1))
        let report = validate(json)
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .textTooLong(length: field.limit + 1, limit: field.limit))
        #expect(diagnostic.kind.name == "textTooLong")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == field.path)
        #expect(diagnostic.line != nil && diagnostic.column != nil)
        #expect(diagnostic.message.contains("\(field.limit + 1) characters"))
        #expect(diagnostic.message.contains("\(field.limit)"))
        #expect(report.walkthrough == nil)
    }

    @Test func lengthsCountCodePointsNotBytesOrGraphemes() throws {
        let limit = DefinitionFormat.maximumLabelLength
        // 1,000 ideographs are 3,000 bytes and 1,000 code points: allowed.
        let wide = validate(
            definition(root: "\"title\": \"\(String(repeating: "中", count: limit))\""))
        #expect(wide.walkthrough?.title?.count == limit)
        // 600 letters each with a combining accent: 600 characters to Swift, 1,200 code points.
        let combining = String(repeating: "e\u{301}", count: 600)
        let report = validate(definition(root: "\"title\": \"\(combining)\""))
        #expect(
            try onlyDiagnostic(report).kind == .textTooLong(length: 1_200, limit: limit))
        // Escapes count as the character they stand for, not as their six bytes.
        let escaped = String(repeating: "\\u0041", count: limit)
        #expect(validate(definition(root: "\"title\": \"\(escaped)\"")).walkthrough != nil)
    }

    @Test func everyTooLongFieldIsReportedAtOnce() throws {
        let long = String(repeating: "x", count: DefinitionFormat.maximumLabelLength + 1)
        let json = """
            {"title": "\(long)", "finishLabel": "\(long)", "pages": [
              {"heading": "\(long)", "content": "", "imageAlt": "\(long)"},
              {"heading": "ok", "content": "fine"}
            ]}
            """
        let report = validate(json)
        #expect(
            report.errors.map(\.path) == [
                "title", "finishLabel", "pages[0].heading", "pages[0].imageAlt",
            ])
        #expect(report.errors.allSatisfy { $0.kind.name == "textTooLong" })
    }

    @Test func theSchemaStatesTheSameLimits() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: repositoryRoot() + "/walkthroughs/schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let root = try #require(schema["properties"] as? [String: [String: Any]])
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        let page = try #require(definitions["page"]?["properties"] as? [String: [String: Any]])
        // A localized field states its limit on the string it may be (SchemaTests checks that
        // each translation is the same string schema).
        func maxLength(_ property: [String: Any]?) -> Int? {
            let string = (property?["anyOf"] as? [[String: Any]])?.first ?? property
            return string?["maxLength"] as? Int
        }
        #expect(maxLength(root["title"]) == DefinitionFormat.maximumLabelLength)
        #expect(maxLength(root["finishLabel"]) == DefinitionFormat.maximumLabelLength)
        #expect(maxLength(page["heading"]) == DefinitionFormat.maximumLabelLength)
        #expect(maxLength(page["content"]) == DefinitionFormat.maximumContentLength)
        #expect(maxLength(page["imageAlt"]) == DefinitionFormat.maximumLabelLength)
        #expect(maxLength(page["image"]) == DefinitionFormat.maximumPathLength)
    }
}
