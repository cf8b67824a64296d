import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough validate`, run in-process.
struct ValidateCommandTests {
    private let examples = repositoryRoot() + "/walkthroughs"

    @Test func aValidFileGetsASummaryOnStandardOutput() throws {
        let path = examples + "/foodpin.json"
        let result = walkthrough(["validate", path])
        #expect(result.code == .success)
        #expect(result.standardOutput == "\(path): valid, 3 pages, locales en, zh-Hant, zh-Hans\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func validatesEveryExampleAndSkipsTheSchema() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: examples)
            .filter { $0.hasSuffix(".json") }.sorted()
        let result = walkthrough(["validate"] + names.map { examples + "/" + $0 })
        #expect(result.code == .success)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput.contains(
                "schema.json: skipped, a JSON Schema rather than a definition\n"))
        #expect(result.standardOutput.components(separatedBy: ": valid, 3 pages").count == 6)
    }

    @Test func anInvalidFileListsEveryProblemAndExits65() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            """
            {
              "navigation": "tabs",
              "pages": [
                {"heding": "Oops", "content": "x"}
              ]
            }
            """, to: "broken.json")
        let result = walkthrough(["validate", path])
        #expect(result.code == .invalidDefinition)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                \(path): navigation: unknown navigation "tabs"; use "free" or "linear" (line 2, column 17)
                \(path): pages[0].heading: required field is missing (line 4, column 5)
                warning: \(path): pages[0].heding: unknown key; did you mean "heading"? (line 4, column 6)
                \(path): invalid: 2 errors, 1 warning

                """)
    }

    @Test func aSyntaxErrorIsOneLineWithItsPosition() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{\"pages\": [\n  {\"heading\": \"a\",, }]}", to: "bad.json")
        let result = walkthrough(["validate", path])
        #expect(result.code == .invalidDefinition)
        #expect(
            result.standardError
                == "\(path): pages[0]: JSON syntax error: expected a key in double quotes, "
                + "found ',' (line 2, column 19)\n")
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "{\"pages\": [{\"heading\": \"H\", \"content\": \"\", \"colour\": 1}]}", to: "warn.json"
        )
        let relaxed = walkthrough(["validate", path])
        #expect(relaxed.code == .success)
        #expect(relaxed.standardOutput == "\(path): valid, 1 page, 1 warning\n")
        #expect(
            relaxed.standardError
                == "warning: \(path): pages[0].colour: unknown key; it is ignored; remove it or "
                + "check its spelling (line 1, column 44)\n")
        let strict = walkthrough(["validate", "--strict", path])
        #expect(strict.code == .invalidDefinition)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.standardError.hasSuffix("\(path): invalid under --strict: 1 warning\n"))
    }

    /// Alt text with no image describes a picture that is not there (players show "Image: …"):
    /// a warning, named `imageAltWithoutImage`, which `--strict` refuses.
    @Test func altTextWithoutAnImageIsAWarningAndRefusedUnderStrict() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            """
            {"pages": [
              {"heading": "One", "content": "", "imageAlt": "Two phones passing a list"},
              {"heading": "Two", "content": ""}
            ]}
            """, to: "alt.json")
        let line =
            "warning: \(path): pages[0].imageAlt: alt text for a picture, but the page has no "
            + "\"image\"; players show it as \"Image: …\"; add the \"image\" it describes, or "
            + "remove \"imageAlt\" (line 2, column 49)\n"
        let relaxed = walkthrough(["validate", path])
        #expect(relaxed.code == .success)
        #expect(relaxed.standardOutput == "\(path): valid, 2 pages, 1 warning\n")
        #expect(relaxed.standardError == line)
        let strict = walkthrough(["validate", "--strict", path])
        #expect(strict.code == .invalidDefinition)
        #expect(strict.standardError == line + "\(path): invalid under --strict: 1 warning\n")
        let json = walkthrough(["validate", "--json", path])
        #expect(json.standardOutput.contains("\"kind\": \"imageAltWithoutImage\""))
    }

    @Test func aMissingFileExits66() throws {
        let result = walkthrough(["validate", "/nonexistent/foodpin.json"])
        #expect(result.code == .missingInput)
        #expect(result.standardError == "/nonexistent/foodpin.json: no such file; check the path\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aDirectoryExits66() {
        let result = walkthrough(["validate", examples])
        #expect(result.code == .missingInput)
        #expect(result.standardError.hasPrefix("\(examples): is a directory"))
    }

    @Test func aMissingFileWinsOverAnInvalidOne() throws {
        let folder = try TemporaryFolder()
        let invalid = try folder.write("[]", to: "array.json")
        let result = walkthrough([
            "validate", invalid, folder.path + "/gone.json", examples + "/foodpin.json",
        ])
        #expect(result.code == .missingInput)
        #expect(
            result.standardOutput
                == "\(examples)/foodpin.json: valid, 3 pages, locales en, zh-Hant, zh-Hans\n")
        #expect(result.standardError.contains("array.json: the top level is an array"))
        #expect(result.standardError.contains("gone.json: no such file"))
    }

    @Test func anInvalidFileAmongValidOnesExits65() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("", to: "empty.json")
        let result = walkthrough(["validate", examples + "/foodpin.json", empty])
        #expect(result.code == .invalidDefinition)
        #expect(
            result.standardError
                == "\(empty): the file is empty; a definition is a JSON object with a \"pages\" "
                + "array (line 1, column 1)\n")
    }

    @Test func aTooLargeFileIsInvalid() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 16 * 1024 * 1024 + 1) == 0)
        let result = walkthrough(["validate", path])
        #expect(result.code == .invalidDefinition)
        #expect(result.standardError.hasPrefix("\(path): the file is larger than 16777216 bytes"))
    }

    // MARK: - JSON

    private func jsonObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func jsonForOneFileIsAnObject() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "{\"pages\": [{\"heading\": \"\", \"content\": \"\", \"heding\": 1}]}", to: "one.json")
        let result = walkthrough(["validate", "--json", path])
        #expect(result.code == .invalidDefinition)
        #expect(result.standardError.isEmpty)
        let object = try #require(try jsonObject(result.standardOutput) as? [String: Any])
        #expect(Set(object.keys) == ["file", "valid", "errors", "warnings"])
        #expect(object["file"] as? String == path)
        #expect(object["valid"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(Set(errors[0].keys) == ["path", "line", "column", "kind", "message"])
        #expect(errors[0]["path"] as? String == "pages[0].heading")
        #expect(errors[0]["line"] as? Int == 1)
        #expect(errors[0]["column"] as? Int == 24)
        #expect(errors[0]["kind"] as? String == "emptyValue")
        #expect(
            errors[0]["message"] as? String
                == "must not be empty or only whitespace; write some text")
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["kind"] as? String } == ["unknownKey"])
    }

    @Test func jsonForSeveralFilesIsAnArrayIncludingMissingOnes() throws {
        let result = walkthrough([
            "validate", examples + "/foodpin.json", "--json", "/nonexistent.json",
        ])
        #expect(result.code == .missingInput)
        #expect(result.standardError.isEmpty)
        let array = try #require(try jsonObject(result.standardOutput) as? [[String: Any]])
        #expect(array.map { $0["valid"] as? Bool } == [true, false])
        let missing = try #require((array[1]["errors"] as? [[String: Any]])?.first)
        #expect(missing["kind"] as? String == "fileNotFound")
        #expect(missing["line"] is NSNull)
        #expect(missing["column"] is NSNull)
        #expect(missing["path"] as? String == "")
    }

    @Test func jsonUnderStrictMarksWarningsInvalid() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "{\"pages\": [{\"heading\": \"H\", \"content\": \"\\u001b[2J\"}]}", to: "esc.json")
        let result = walkthrough(["validate", "--json", "--strict", path])
        #expect(result.code == .invalidDefinition)
        let object = try #require(try jsonObject(result.standardOutput) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        #expect(
            (object["warnings"] as? [[String: Any]])?.first?["kind"] as? String
                == "controlCharacter")
    }

    @Test func jsonEscapesEveryControlCharacter() throws {
        let folder = try TemporaryFolder()
        let name = "odd\u{1B}[31m\u{7F}\u{85}\u{202E}\"\\\n\tname.json"
        let path = try folder.write(goodDefinition, to: name)
        let result = walkthrough(["validate", "--json", path])
        let output = result.standardOutput
        // Nothing raw that a terminal would act on: every control character is escaped.
        #expect(
            !output.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                    || (0x202A...0x202E).contains($0.value)
            })
        #expect(output.contains("odd\\u001b[31m\\u007f\\u0085\\u202e\\\"\\\\\\n\\tname.json"))
        let object = try #require(try jsonObject(output) as? [String: Any])
        #expect(object["file"] as? String == path)
    }

    @Test func theJSONWriterEscapesByHand() {
        let text = JSONText.object([
            ("s", .string("a\u{0}\u{1F}\u{2028}é")), ("n", .integer(-3)), ("b", .bool(true)),
            ("z", .null), ("e", .array([])), ("o", .object([])),
        ]).rendered()
        #expect(
            text == """
                {
                  "s": "a\\u0000\\u001f\\u2028é",
                  "n": -3,
                  "b": true,
                  "z": null,
                  "e": [],
                  "o": {}
                }
                """)
    }
}
