import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// One test (or a few) per rule of the definition table in docs/format.md, each with the bad
/// input and the expected path, line, column and kind.
struct DefinitionLoaderTests {
    // MARK: - Defaults

    @Test func appliesEveryDefault() throws {
        let report = validate(
            "{\"pages\": [{\"heading\": \"A\", \"content\": \"\"}, {\"heading\": \"B\", \"content\": \"x\"}]}",
            name: "dir/foodpin.json")
        #expect(report.diagnostics.isEmpty)
        let walkthrough = try #require(report.walkthrough)
        #expect(walkthrough.id == "foodpin")
        #expect(walkthrough.version == 1)
        #expect(walkthrough.title == nil)
        #expect(walkthrough.navigation == .free)
        #expect(walkthrough.skippable)
        #expect(walkthrough.finishLabel == "Get Started")
        #expect(walkthrough.pages.map(\.id) == ["page-1", "page-2"])
        #expect(walkthrough.pages[0].content == "")
        #expect(walkthrough.pages[0].image == nil)
    }

    @Test func readsEveryField() throws {
        let report = validate(
            """
            {"id": "tour", "version": 3, "title": "T", "navigation": "linear", "skippable": false,
             "finishLabel": "Go", "pages": [{"id": "one", "heading": "H", "content": "C",
             "image": "images/a.png", "imageAlt": "alt"}]}
            """)
        let walkthrough = try #require(report.walkthrough)
        #expect(
            walkthrough
                == Walkthrough(
                    id: "tour", version: 3, title: "T", navigation: .linear, skippable: false,
                    finishLabel: "Go",
                    pages: [
                        Page(
                            id: "one", heading: "H", content: "C", image: "images/a.png",
                            imageAlt: "alt")
                    ]))
    }

    // MARK: - id

    @Test(arguments: ["a", "A.b_c-1", "0", String(repeating: "x", count: 64)])
    func acceptsAValidID(id: String) throws {
        #expect(validate(definition(root: "\"id\": \"\(id)\"")).walkthrough?.id == id)
    }

    @Test(arguments: [
        "", "-a", ".a", "_a", "a b", "a/b", "é", String(repeating: "x", count: 65),
    ])
    func rejectsAnIDOutsideThePattern(id: String) throws {
        let diagnostic = try onlyDiagnostic(validate(definition(root: "\"id\": \"\(id)\"")))
        #expect(diagnostic.kind == .invalidID(id))
        #expect(diagnostic.path == "id")
        #expect(diagnostic.line == 1)
        #expect(diagnostic.column == 8)
        #expect(diagnostic.severity == .error)
    }

    @Test func rejectsAFileNameThatMakesNoID() throws {
        let report = validate(definition(), name: "walkthroughs/my walk.json")
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .invalidDefaultID(fileName: "my walk.json"))
        #expect(diagnostic.path == "")
        #expect((diagnostic.line, diagnostic.column) == (1, 1))
        #expect(diagnostic.message.contains("add an \"id\""))
        #expect(report.walkthrough == nil)
    }

    @Test func requiresAnIDWhenThereIsNoFileName() throws {
        let diagnostic = try onlyDiagnostic(validate(definition(), name: nil))
        #expect(diagnostic.kind == .invalidDefaultID(fileName: nil))
        #expect(validate(definition(root: "\"id\": \"x\""), name: nil).walkthrough?.id == "x")
    }

    @Test func takesTheIDFromAFileNameWithoutJSONExtension() {
        #expect(validate(definition(), name: "intro").walkthrough?.id == "intro")
    }

    // MARK: - version

    @Test(arguments: ["0", "-1", "1.5", "1.0", "1e2", "99999999999999999999", "2147483648"])
    func rejectsAVersionThatIsNotAPositiveInteger(text: String) throws {
        let diagnostic = try onlyDiagnostic(validate(definition(root: "\"version\": \(text)")))
        #expect(diagnostic.kind == .invalidVersion(text))
        #expect(diagnostic.path == "version")
        #expect((diagnostic.line, diagnostic.column) == (1, 13))
    }

    @Test func acceptsTheLargestVersion() {
        let text = String(DefinitionFormat.maximumVersion)
        let report = validate(definition(root: "\"version\": \(text)"))
        #expect(report.walkthrough?.version == DefinitionFormat.maximumVersion)
    }

    @Test(arguments: [
        ("\"1\"", ValidationReport.JSONType.string), ("true", .boolean), ("null", .null),
    ])
    func rejectsAVersionOfTheWrongType(text: String, found: ValidationReport.JSONType) throws {
        let diagnostic = try onlyDiagnostic(validate(definition(root: "\"version\": \(text)")))
        #expect(diagnostic.kind == .wrongType(expected: .integer, found: found))
        #expect(diagnostic.path == "version")
    }

    @Test func acceptsALargeVersion() {
        #expect(validate(definition(root: "\"version\": 42")).walkthrough?.version == 42)
    }

    // MARK: - navigation, skippable, title, finishLabel

    @Test func acceptsBothNavigationModes() {
        #expect(
            validate(definition(root: "\"navigation\": \"free\"")).walkthrough?.navigation == .free)
        #expect(
            validate(definition(root: "\"navigation\": \"linear\"")).walkthrough?.navigation
                == .linear)
    }

    @Test(arguments: ["tabs", "Linear", ""])
    func rejectsAnUnknownNavigation(value: String) throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(root: "\"navigation\": \"\(value)\"")))
        #expect(diagnostic.kind == .invalidNavigation(value))
        #expect(diagnostic.path == "navigation")
        #expect((diagnostic.line, diagnostic.column) == (1, 16))
        #expect(diagnostic.message.contains("use \"free\" or \"linear\""))
    }

    @Test(arguments: [
        (
            "\"skippable\": \"yes\"", "skippable", ValidationReport.JSONType.boolean,
            ValidationReport.JSONType.string, 15
        ),
        ("\"title\": 1", "title", .string, .integer, 11),
        ("\"finishLabel\": []", "finishLabel", .string, .array, 17),
        ("\"navigation\": 1", "navigation", .string, .integer, 16),
        ("\"id\": 7.5", "id", .string, .number, 8),
        ("\"pages\": {}", "pages", .array, .object, 11),
    ])
    func reportsWrongTypesWithExpectedAndFound(
        member: String, path: String, expected: ValidationReport.JSONType,
        found: ValidationReport.JSONType, column: Int
    ) throws {
        let json = member.hasPrefix("\"pages\"") ? "{\(member)}" : definition(root: member)
        let diagnostic = try onlyDiagnostic(validate(json))
        #expect(diagnostic.kind == .wrongType(expected: expected, found: found))
        #expect(diagnostic.path == path)
        #expect((diagnostic.line, diagnostic.column) == (1, column))
        #expect(
            diagnostic.message
                == "expected \(expectedPhrase(expected)), found \(expectedPhrase(found))")
    }

    private func expectedPhrase(_ type: ValidationReport.JSONType) -> String {
        switch type {
        case .object, .array, .integer: return "an \(type.rawValue)"
        case .null: return "null"
        default: return "a \(type.rawValue)"
        }
    }

    @Test func readsSkippableFalse() {
        #expect(validate(definition(root: "\"skippable\": false")).walkthrough?.skippable == false)
    }

    @Test(arguments: ["", "  \\t"])
    func rejectsABlankFinishLabel(label: String) throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(root: "\"finishLabel\": \"\(label)\"")))
        #expect(diagnostic.kind == .emptyValue)
        #expect(diagnostic.path == "finishLabel")
    }

    // MARK: - pages

    @Test func requiresPages() throws {
        let diagnostic = try onlyDiagnostic(validate("{\"id\": \"x\"}"))
        #expect(diagnostic.kind == .requiredFieldMissing)
        #expect(diagnostic.path == "pages")
        #expect((diagnostic.line, diagnostic.column) == (1, 1))
        #expect(diagnostic.description == "pages: required field is missing (line 1, column 1)")
    }

    @Test func rejectsNoPages() throws {
        let diagnostic = try onlyDiagnostic(validate("{\n  \"pages\": []\n}"))
        #expect(diagnostic.kind == .noPages)
        #expect(diagnostic.path == "pages")
        #expect((diagnostic.line, diagnostic.column) == (2, 12))
    }

    @Test func rejectsAPageThatIsNotAnObject() throws {
        let json = "{\"pages\": [{\"heading\": \"H\", \"content\": \"\"}, \"page two\"]}"
        let diagnostic = try onlyDiagnostic(validate(json))
        #expect(diagnostic.kind == .wrongType(expected: .object, found: .string))
        #expect(diagnostic.path == "pages[1]")
        #expect((diagnostic.line, diagnostic.column) == (1, 45))
    }

    @Test func rejectsADuplicatePageIDNamingTheFirst() throws {
        let json = """
            {"pages": [
              {"id": "a", "heading": "H", "content": ""},
              {"id": "b", "heading": "H", "content": ""},
              {"id": "a", "heading": "H", "content": ""}
            ]}
            """
        let diagnostic = try onlyDiagnostic(validate(json))
        #expect(diagnostic.kind == .duplicatePageID(id: "a", firstIndex: 0))
        #expect(diagnostic.path == "pages[2].id")
        #expect((diagnostic.line, diagnostic.column) == (4, 10))
        #expect(diagnostic.message.contains("pages[0] already has it"))
    }

    @Test func rejectsAPageIDThatCollidesWithADefault() throws {
        let json = """
            {"pages": [{"heading": "H", "content": ""}, {"id": "page-1", "heading": "H", "content": ""}]}
            """
        let diagnostic = try onlyDiagnostic(validate(json))
        #expect(diagnostic.kind == .duplicatePageID(id: "page-1", firstIndex: 0))
        #expect(diagnostic.path == "pages[1].id")
    }

    @Test func rejectsAnInvalidPageID() throws {
        let diagnostic = try onlyDiagnostic(
            validate(
                definition(page: "\"id\": \"two words\", \"heading\": \"H\", \"content\": \"\"")))
        #expect(diagnostic.kind == .invalidID("two words"))
        #expect(diagnostic.path == "pages[0].id")
        #expect((diagnostic.line, diagnostic.column) == (3, 10))
    }

    // MARK: - heading and content

    @Test func requiresAHeading() throws {
        let diagnostic = try onlyDiagnostic(validate(definition(page: "\"content\": \"C\"")))
        #expect(diagnostic.kind == .requiredFieldMissing)
        #expect(diagnostic.path == "pages[0].heading")
        #expect((diagnostic.line, diagnostic.column) == (3, 3))
    }

    @Test(arguments: ["", " ", "\\n\\t ", "\u{3000}"])
    func rejectsABlankHeading(heading: String) throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(page: "\"heading\": \"\(heading)\", \"content\": \"C\"")))
        #expect(diagnostic.kind == .emptyValue)
        #expect(diagnostic.path == "pages[0].heading")
        #expect((diagnostic.line, diagnostic.column) == (3, 15))
    }

    @Test func rejectsAHeadingOfTheWrongType() throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(page: "\"heading\": 5, \"content\": \"C\"")))
        #expect(diagnostic.kind == .wrongType(expected: .string, found: .integer))
        #expect(diagnostic.path == "pages[0].heading")
    }

    @Test func requiresContent() throws {
        let diagnostic = try onlyDiagnostic(validate(definition(page: "\"heading\": \"H\"")))
        #expect(diagnostic.kind == .requiredFieldMissing)
        #expect(diagnostic.path == "pages[0].content")
        #expect((diagnostic.line, diagnostic.column) == (3, 3))
    }

    @Test func rejectsContentThatIsNotAString() throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(page: "\"heading\": \"H\", \"content\": null")))
        #expect(diagnostic.kind == .wrongType(expected: .string, found: .null))
        #expect(diagnostic.path == "pages[0].content")
        #expect((diagnostic.line, diagnostic.column) == (3, 31))
    }

    @Test func acceptsEmptyContentAndNewlines() throws {
        let report = validate(definition(page: "\"heading\": \"H\", \"content\": \"a\\nb\\tc\""))
        #expect(report.diagnostics.isEmpty)
        #expect(report.walkthrough?.pages.first?.content == "a\nb\tc")
    }

    // MARK: - image and imageAlt

    @Test(arguments: ["/etc/passwd", "/images/a.png"])
    func rejectsAnAbsoluteImagePath(image: String) throws {
        let diagnostic = try onlyDiagnostic(
            validate(
                definition(page: "\"heading\": \"H\", \"content\": \"\", \"image\": \"\(image)\"")))
        #expect(diagnostic.kind == .absoluteImagePath(image))
        #expect(diagnostic.path == "pages[0].image")
        #expect((diagnostic.line, diagnostic.column) == (3, 44))
    }

    @Test(arguments: ["../a.png", "images/../../a.png", "./../a.png", "a/./b/../../../c.png", ".."])
    func rejectsAnImagePathLeavingTheFolder(image: String) throws {
        let diagnostic = try onlyDiagnostic(
            validate(
                definition(page: "\"heading\": \"H\", \"content\": \"\", \"image\": \"\(image)\"")))
        #expect(diagnostic.kind == .imageOutsideFolder(image))
        #expect(diagnostic.path == "pages[0].image")
    }

    @Test(arguments: ["images/../a.png", "a..b.png", "images/..hidden/a.png", "./a.png"])
    func acceptsAnImagePathStayingInTheFolder(image: String) {
        let report = validate(
            definition(page: "\"heading\": \"H\", \"content\": \"\", \"image\": \"\(image)\""))
        #expect(report.diagnostics.isEmpty)
        #expect(report.walkthrough?.pages.first?.image == image)
    }

    @Test func warnsAboutAMissingImageOnlyWithABaseDirectory() throws {
        let folder = try TemporaryFolder()
        let png = try #require(
            PNGEncoding.encode(DecodedImage(width: 1, height: 1, pixels: [255, 0, 0, 255])))
        try folder.write(Data(png), to: "images/there.png")
        let json = """
            {"pages": [{"heading": "H", "content": "", "image": "images/there.png"},
                       {"heading": "H", "content": "", "image": "images/gone.png"}]}
            """
        let report = validate(json, baseDirectory: folder.path)
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .imageNotFound("images/gone.png"))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.path == "pages[1].image")
        #expect((diagnostic.line, diagnostic.column) == (2, 53))
        #expect(report.isValid)
        #expect(validate(json).diagnostics.isEmpty)
    }

    @Test func warnsAboutAltTextWithoutAnImage() throws {
        let report = validate(
            """
            {"pages": [{"heading": "H", "content": "", "image": "a.png", "imageAlt": "A"},
                       {"heading": "H", "content": "", "imageAlt": {"en": "B", "fr": "B"}},
                       {"heading": "H", "content": ""}]}
            """)
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .imageAltWithoutImage)
        #expect(diagnostic.kind.name == "imageAltWithoutImage")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.path == "pages[1].imageAlt")
        #expect((diagnostic.line, diagnostic.column) == (2, 56))
        #expect(report.isValid)
        #expect(!report.passes(strict: true))
    }

    @Test func rejectsAnImageAltThatIsNotAString() throws {
        let diagnostic = try onlyDiagnostic(
            validate(definition(page: "\"heading\": \"H\", \"content\": \"\", \"imageAlt\": false"))
        )
        #expect(diagnostic.kind == .wrongType(expected: .string, found: .boolean))
        #expect(diagnostic.path == "pages[0].imageAlt")
    }

    // MARK: - Unknown keys

    @Test func warnsAboutAnUnknownPageKeyWithASuggestion() throws {
        let report = validate(
            definition(page: "\"heding\": \"H\", \"heading\": \"H\", \"content\": \"\""))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .unknownKey(key: "heding", suggestion: "heading"))
        #expect(diagnostic.severity == .warning)
        #expect(
            diagnostic.description
                == "pages[0].heding: unknown key; did you mean \"heading\"? (line 3, column 4)")
        #expect(report.isValid)
    }

    @Test(
        arguments: [
            ("titel", "title"), ("Navigation", "navigation"), ("finishlabel", "finishLabel"),
            ("version2", "version"), ("colour", nil), ("x", nil),
        ] as [(String, String?)])
    func warnsAboutAnUnknownRootKey(key: String, suggestion: String?) throws {
        let diagnostic = try onlyDiagnostic(validate(definition(root: "\"\(key)\": 1")))
        #expect(diagnostic.kind == .unknownKey(key: key, suggestion: suggestion))
        #expect(diagnostic.path == key)
        #expect((diagnostic.line, diagnostic.column) == (1, 2))
    }

    @Test func writesAnOddKeyInBracketsInThePath() throws {
        let diagnostic = try onlyDiagnostic(validate(definition(root: "\"my key\": 1")))
        #expect(diagnostic.path == "[\"my key\"]")
    }

    // MARK: - Control characters

    @Test(arguments: [
        ("\\u001b[31m", ValidationReport.Diagnostic.Kind.controlCharacter(scalar: 0x1B)),
        ("\\u0000", .controlCharacter(scalar: 0)),
        ("a\\r", .controlCharacter(scalar: 0x0D)),
        ("a\u{7F}", .controlCharacter(scalar: 0x7F)),
        ("a\u{85}", .controlCharacter(scalar: 0x85)),
        ("a\u{9F}", .controlCharacter(scalar: 0x9F)),
        ("abc\u{202E}cba", .bidiControl(scalar: 0x202E)),
        ("\u{202A}", .bidiControl(scalar: 0x202A)),
        ("x\u{2066}", .bidiControl(scalar: 0x2066)),
        ("long plain text first \u{2069}", .bidiControl(scalar: 0x2069)),
    ])
    func warnsAboutControlCharactersInText(
        text: String, kind: ValidationReport.Diagnostic.Kind
    ) throws {
        for field in ["heading", "content", "imageAlt"] {
            var page = "\"heading\": \"H\", \"content\": \"C\""
            page += field == "imageAlt" ? ", \"image\": \"a.png\", \"imageAlt\": \"\(text)\"" : ""
            page = page.replacingOccurrences(
                of: "\"\(field)\": \"\(field == "heading" ? "H" : "C")\"",
                with: "\"\(field)\": \"\(text)\"")
            let report = validate(definition(page: page))
            let diagnostic = try onlyDiagnostic(report)
            #expect(diagnostic.kind == kind)
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.path == "pages[0].\(field)")
            #expect(report.isValid)
        }
        for field in ["title", "finishLabel"] {
            let diagnostic = try onlyDiagnostic(
                validate(definition(root: "\"\(field)\": \"T\(text)\"")))
            #expect(diagnostic.kind == kind)
            #expect(diagnostic.path == field)
        }
    }

    @Test func allowsNewlineTabAndOrdinaryUnicode() {
        let report = validate(
            definition(page: "\"heading\": \"標題 é 😀\", \"content\": \"a\\n\\tb \u{2013} \u{200D}\"")
        )
        #expect(report.diagnostics.isEmpty)
    }

    // MARK: - Everything at once

    @Test func reportsEveryProblemOfAFileAtOnceInFileOrder() throws {
        let json = """
            {
              "id": "bad id",
              "version": 0,
              "navigation": "tabs",
              "titel": "Oops",
              "pages": [
                {"heding": "Personalize", "content": "x"},
                {"id": "p", "heading": "", "content": 3, "image": "/abs.png"},
                {"id": "p", "heading": "Ok", "content": "\\u001b", "image": "../up.png"}
              ]
            }
            """
        let report = validate(json)
        #expect(report.walkthrough == nil)
        #expect(!report.isValid)
        let found = report.diagnostics.map {
            "\($0.path) \($0.kind.name) \($0.line ?? 0):\($0.column ?? 0)"
        }
        #expect(
            found == [
                "id invalidID 2:9",
                "version invalidVersion 3:14",
                "navigation invalidNavigation 4:17",
                "titel unknownKey 5:3",
                "pages[0].heading requiredFieldMissing 7:5",
                "pages[0].heding unknownKey 7:6",
                "pages[1].heading emptyValue 8:28",
                "pages[1].content wrongType 8:43",
                "pages[1].image absoluteImagePath 8:55",
                "pages[2].id duplicatePageID 9:12",
                "pages[2].content controlCharacter 9:45",
                "pages[2].image imageOutsideFolder 9:64",
            ])
        #expect(report.errors.count == 9)
        #expect(report.warnings.count == 3)
    }

    @Test func printsDiagnosticsInTheDesignShape() throws {
        // pages[2] starts on line 12, column 5.
        let json = """
            {
              "id": "foodpin",
              "pages": [
                {
                  "heading": "Personalize",
                  "content": "Pin your favorite restaurants"
                },
                {
                  "heading": "Locate",
                  "content": "Search"
                },
                {
                  "content": "Find restaurants"
                }
              ]
            }
            """
        let report = validate(json, name: "foodpin.json")
        let diagnostic = try onlyDiagnostic(report)
        #expect(
            diagnostic.formatted(file: report.file)
                == "foodpin.json: pages[2].heading: required field is missing (line 12, column 5)")
    }

    @Test func turnsJSONErrorsIntoADiagnostic() throws {
        let report = validate("{\"pages\": [}", name: "x.json")
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .syntaxError(expected: "a value", found: "'}'"))
        #expect(diagnostic.path == "pages[0]")
        #expect(
            diagnostic.formatted(file: "x.json")
                == "x.json: pages[0]: JSON syntax error: expected a value, found '}' (line 1, column 12)"
        )
    }

    @Test func recognisesAJSONSchemaAsNotADefinition() {
        let report = validate(
            "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"type\": \"object\"}")
        #expect(report.isJSONSchema)
        #expect(report.diagnostics.isEmpty)
        #expect(report.passes(strict: true))
        #expect(validate(definition(root: "\"$schema\": \"schema.json\"")).diagnostics.isEmpty)
    }

    /// A definition that names the meta-schema in `$schema` is still a definition: it is
    /// validated, and its errors fail `validate` (with `--strict` too).
    @Test func aDefinitionNamingTheMetaSchemaIsStillValidated() {
        let meta = "\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""
        let report = validate(
            "{\(meta), \"type\": \"object\", \"pages\": [{\"heading\": \"\", \"content\": \"x\"}]}")
        #expect(!report.isJSONSchema)
        #expect(!report.errors.isEmpty)
        #expect(!report.passes(strict: true))
    }

    @Test func aLeapSecondIsARFC3339Time() {
        let report = validate(
            definition(
                root: "\"when\": {\"from\": \"2016-12-31T23:59:60Z\", \"until\": \"2026-13-45\"}"))
        #expect(report.errors.map(\.kind) == [.invalidDate("2026-13-45")])
    }

    @Test func loadThrowsTheReportOfAnInvalidDefinition() throws {
        #expect(throws: DefinitionError.self) {
            try DefinitionLoader.load(bytes: Array("{}".utf8), name: "x.json")
        }
        do {
            _ = try DefinitionLoader.load(bytes: Array("{}".utf8), name: "x.json")
        } catch {
            guard case .invalid(let report) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(report.errors.map(\.kind) == [.requiredFieldMissing])
            #expect(
                error.description == "x.json: pages: required field is missing (line 1, column 1)")
        }
    }
}
