import Foundation
import Testing

@testable import WalkthroughKit

/// Parses `text` and returns the error it is rejected with.
private func rejection(_ text: String) throws -> JSONReadError {
    try rejection(Array(text.utf8))
}

private func rejection(_ bytes: [UInt8]) throws -> JSONReadError {
    do {
        let value = try bytes.withUnsafeBytes { (buffer) throws(JSONReadError) in
            try JSONReader.parseObject(buffer)
        }
        Issue.record("accepted, giving \(value)")
        throw CancellationError()
    } catch let error as JSONReadError {
        return error
    }
}

private func parse(_ text: String) throws -> JSONValue {
    try Array(text.utf8).withUnsafeBytes { (buffer) throws(JSONReadError) in
        try JSONReader.parseObject(buffer)
    }
}

private func members(_ value: JSONValue) throws -> [JSONMember] {
    guard case .object(let members) = value.storage else {
        Issue.record("not an object: \(value)")
        return []
    }
    return members
}

struct JSONReaderTests {
    // MARK: - Values and positions

    @Test func readsEveryKindOfValueWithItsPosition() throws {
        let root = try parse(
            "{\n  \"s\": \"text\",\n  \"n\": -12,\n  \"a\": [true, false, null]\n}")
        let fields = try members(root)
        #expect(fields.map(\.key) == ["s", "n", "a"])
        #expect(root.position == SourcePosition(offset: 0, line: 1, column: 1))
        #expect(fields[0].keyPosition == SourcePosition(offset: 4, line: 2, column: 3))
        #expect(fields[1].value.position == SourcePosition(offset: 24, line: 3, column: 8))
        guard case .string("text") = fields[0].value.storage else {
            Issue.record("\(fields[0].value)")
            return
        }
        guard case .number(let number) = fields[1].value.storage else {
            Issue.record("\(fields[1].value)")
            return
        }
        #expect(number == JSONNumber(text: "-12", isInteger: true, integerValue: -12))
        guard case .array(let elements) = fields[2].value.storage else {
            Issue.record("\(fields[2].value)")
            return
        }
        #expect(elements.map(\.type) == [.boolean, .boolean, .null])
        #expect(elements[2].position.column == 22)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try parse("{\"標題\": \"歡迎\", \"x\": 1}")
        let fields = try members(root)
        // `{"標題": "歡迎", ` is 13 characters (21 bytes), so "x" starts in column 14.
        #expect(fields[1].keyPosition.column == 14)
        #expect(fields[1].keyPosition.offset == 21)
    }

    @Test func decodesEscapes() throws {
        let root = try parse(#"{"k": "a\"b\\c\/d\n\t\u00e9\ud83d\ude00\u0000"}"#)
        guard case .string(let text) = try members(root)[0].value.storage else {
            Issue.record("not a string")
            return
        }
        #expect(text == "a\"b\\c/d\n\té😀\u{0}")
    }

    @Test func keepsIntegersExact() throws {
        let root = try parse(
            #"{"a": 9007199254740993, "b": 1.5, "c": 1e2, "d": 99999999999999999999, "e": -0}"#)
        let numbers = try members(root).map { member -> JSONNumber? in
            if case .number(let number) = member.value.storage { return number }
            return nil
        }
        #expect(numbers[0]?.integerValue == 9_007_199_254_740_993)
        #expect(numbers[1] == JSONNumber(text: "1.5", isInteger: false, integerValue: nil))
        #expect(numbers[2] == JSONNumber(text: "1e2", isInteger: false, integerValue: nil))
        #expect(numbers[3] == JSONNumber(text: "99999999999999999999", isInteger: true))
        #expect(numbers[4]?.integerValue == 0)
    }

    @Test func toleratesAByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)
        let root = try bytes.withUnsafeBytes { (buffer) throws(JSONReadError) in
            try JSONReader.parseObject(buffer)
        }
        #expect(try members(root).first?.keyPosition.column == 2)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONReader.maximumDepth - 1
        let text =
            "{\"a\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + "}"
        #expect(try members(try parse(text)).count == 1)
    }

    // MARK: - Rejections

    @Test func rejectsADuplicateKeyAtTheSecondNamingTheFirstLine() throws {
        let error = try rejection(
            "{\n  \"pages\": [{\"heading\": \"a\",\n    \"heading\": \"b\"}]\n}")
        #expect(error.kind == .duplicateKey(key: "heading", firstLine: 2))
        #expect(error.position.line == 3)
        #expect(error.position.column == 5)
        #expect(error.path == "pages[0].heading")
    }

    @Test func rejectsADuplicateKeyInALargeObject() throws {
        let keys = (0..<100).map { "\"k\($0)\": \($0)" }
        let error = try rejection("{" + keys.joined(separator: ",\n") + ",\n\"k42\": 0}")
        #expect(error.kind == .duplicateKey(key: "k42", firstLine: 43))
        #expect(error.position.line == 101)
    }

    /// RFC 8259 compares member names code point by code point; Swift's `==` calls these pairs
    /// equal (canonical equivalence), which once made them duplicates.
    @Test(arguments: [
        #"{"café": 1, "cafe\u0301": 2}"#, #"{"\u212A": 1, "K": 2}"#, "{\"Å\": 1, \"A\u{30A}\": 2}",
    ])
    func keysThatAreOnlyCanonicallyEquivalentAreDifferentKeys(text: String) throws {
        #expect(try members(try parse(text)).count == 2)
    }

    @Test func canonicallyEquivalentKeysAreDifferentInALargeObjectToo() throws {
        let keys = (0..<30).map { "\"k\($0)\": \($0)" }
        let text = "{" + keys.joined(separator: ", ") + #", "café": 1, "cafe\u0301": 2}"#
        #expect(try members(try parse(text)).count == 32)
        let duplicate = try rejection(
            "{" + keys.joined(separator: ", ") + #", "cafe\u0301": 1, "cafe\u0301": 2}"#)
        #expect(duplicate.kind == .duplicateKey(key: "cafe\u{301}", firstLine: 1))
    }

    @Test func rejectsDeepNestingWithoutRecursion() throws {
        let error = try rejection("{\"a\":" + String(repeating: "[", count: 100_000))
        #expect(error.kind == .nestingTooDeep(limit: 32))
        #expect(error.position.offset == 5 + 31)
    }

    @Test func rejectsDeeplyNestedObjects() throws {
        let error = try rejection(String(repeating: "{\"a\":", count: 100_000))
        #expect(error.kind == .nestingTooDeep(limit: 32))
        #expect(error.path == Array(repeating: "a", count: 32).joined(separator: "."))
    }

    @Test(arguments: [
        // (bytes, offset of the bad sequence)
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], 6),  // invalid lead byte
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D], 6),  // overlong '/'
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D], 6),  // surrogate
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE6, 0xAD, 0x22, 0x7D], 6),  // truncated
        // Past U+10FFFF.
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x7D], 6),
        // A stray continuation byte, outside strings.
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x20, 0x80, 0x7D], 6),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE6, 0xAD], 6),  // cut at the end of the input
    ])
    func rejectsInvalidUTF8WithItsOffset(bytes: [UInt8], offset: Int) throws {
        let error = try rejection(bytes)
        #expect(error.kind == .invalidUTF8(offset: offset))
        #expect(error.position.offset == offset)
    }

    @Test(arguments: ["", "   \n\t  "])
    func rejectsAnEmptyInput(text: String) throws {
        #expect(try rejection(text).kind == .emptyFile)
    }

    @Test(arguments: [
        ("[1, 2]", ValidationReport.JSONType.array), ("\"text\"", .string), ("42", .number),
        ("true", .boolean),
        ("null", .null),
    ])
    func rejectsATopLevelThatIsNotAnObject(text: String, type: ValidationReport.JSONType) throws {
        let error = try rejection("\n  " + text)
        #expect(error.kind == .notAnObject(found: type))
        #expect(error.position.line == 2)
        #expect(error.position.column == 3)
    }

    @Test func rejectsTrailingContent() throws {
        let error = try rejection("{\"a\": 1}\n}")
        #expect(error.kind == .trailingContent(found: "'}'"))
        #expect(error.position.line == 2)
        #expect(error.position.column == 1)
    }

    @Test(arguments: [
        // (input, expected kind, line, column)
        (
            "{\"a\": 1\n \"b\": 2}",
            ValidationReport.Diagnostic.Kind.syntaxError(
                expected: "',' or '}' after an object member", found: "'\"'"), 2, 2
        ),
        ("{\"a\" 1}", .syntaxError(expected: "':' after the key", found: "'1'"), 1, 6),
        (
            "{\"a\": [1 2]}",
            .syntaxError(expected: "',' or ']' after an array element", found: "'2'"), 1, 10
        ),
        ("{a: 1}", .syntaxError(expected: "a key in double quotes", found: "'a'"), 1, 2),
        ("{\"a\": 1,}", .syntaxError(expected: "a key in double quotes", found: "'}'"), 1, 9),
        ("{\"a\": tru}", .syntaxError(expected: "'true'", found: "'}'"), 1, 10),
        ("{\"a\": }", .syntaxError(expected: "a value", found: "'}'"), 1, 7),
        ("{\"a\": [", .syntaxError(expected: "a value", found: "the end of the file"), 1, 8),
        ("{\"a\": 1", .syntaxError(expected: "',' or '}'", found: "the end of the file"), 1, 8),
        ("{\"a\": \"open", .unterminatedString, 1, 7),
        ("{\"a\": \"x\ty\"}", .controlCharacterInString(scalar: 9), 1, 9),
        ("{\"a\": \"\\x\"}", .invalidEscape("\\x"), 1, 8),
        ("{\"a\": \"\\ud800\"}", .invalidEscape("\\uD800"), 1, 8),
        ("{\"a\": \"\\udc00\"}", .invalidEscape("\\uDC00"), 1, 8),
        (
            "{\"a\": 01}",
            .syntaxError(expected: "',' or '}' after an object member", found: "'1'"), 1, 8
        ),
        ("{\"a\": 1.}", .invalidNumber("1."), 1, 7),
        ("{\"a\": -}", .invalidNumber("-"), 1, 7),
        ("{\"a\": 1e}", .invalidNumber("1e"), 1, 7),
        ("{\"a\": \u{1}}", .syntaxError(expected: "a value", found: "U+0001"), 1, 7),
    ])
    func rejectsSyntaxErrorsWithLineAndColumn(
        text: String, kind: ValidationReport.Diagnostic.Kind, line: Int, column: Int
    ) throws {
        let error = try rejection(text)
        #expect(error.kind == kind)
        #expect(error.position.line == line)
        #expect(error.position.column == column)
    }
}
