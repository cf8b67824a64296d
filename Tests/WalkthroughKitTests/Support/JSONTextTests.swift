import Foundation
import Testing

@testable import WalkthroughKit

/// The JSON the tools write: every string reads back as itself, and no character that could
/// break a terminal line or a script is written raw.
@Suite struct JSONTextTests {
    static let strings = [
        "", "plain ascii text", "quote \" and backslash \\", "tab\there", "line\nbreak",
        "nul \u{0} del \u{7F} c1 \u{85}", "bidi \u{202E}gnp.exe", "separator \u{2028}\u{2029}",
        "café 漢字 🍕", "</script><b>", "~ printable edge \u{20}",
    ]

    @Test(arguments: strings)
    func aStringReadsBackAsItself(text: String) throws {
        let rendered = JSONText.object([("text", .string(text))]).renderedOnOneLine()
        let value = try Array(rendered.utf8).withUnsafeBytes {
            try JSONReader.parseObject($0)
        }
        guard case .object(let members) = value.storage,
            case .string(let read)? = members.first?.value.storage
        else {
            Issue.record("not an object with a string: \(rendered)")
            return
        }
        #expect(read == text)
    }

    @Test(arguments: strings)
    func nothingUnsafeIsWrittenRaw(text: String) {
        var bytes: [UInt8] = []
        JSONWriter.escape(text, into: &bytes)
        let rendered = String(decoding: bytes, as: UTF8.self)
        #expect(
            !rendered.unicodeScalars.contains {
                CharacterSafety.isUnsafeInLine($0.value) || $0.value < 0x20
            })
        #expect(rendered.hasPrefix("\"") && rendered.hasSuffix("\""))
    }

    @Test func printableASCIIIsWrittenAsItIs() {
        var bytes: [UInt8] = []
        JSONWriter.escape("user-0000042 ran /v1/walkthroughs", into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"user-0000042 ran /v1/walkthroughs\"")
        #expect(CharacterSafety.escapedInLine("GET /healthz") == "GET /healthz")
        #expect(CharacterSafety.escapedInLine("a\u{1B}[2Jb") == "a\\u001B[2Jb")
    }

    @Test func prettyAndOneLineLayouts() {
        let value = JSONText.object([
            ("a", .integer(1)), ("b", .array([])), ("e", .object([])),
            ("c", .object([("d", .array([.bool(true), .null, .number(0.5)]))])),
        ])
        #expect(
            value.rendered() == """
                {
                  "a": 1,
                  "b": [],
                  "e": {},
                  "c": {
                    "d": [
                      true,
                      null,
                      0.5
                    ]
                  }
                }
                """)
        #expect(value.renderedOnOneLine() == #"{"a":1,"b":[],"e":{},"c":{"d":[true,null,0.5]}}"#)
    }

    @Test func aValueWrittenInOnePieceTakesItsPlaceAmongTheOthers() throws {
        var writer = JSONWriter(pretty: false)
        writer.beginArray()
        for text in ["a\"b", "c"] {
            writer.value { bytes in
                bytes += #"{"k":"#.utf8
                JSONWriter.escape(text, into: &bytes)
                bytes += "}".utf8
            }
        }
        writer.integer(3)
        writer.endArray()
        let written = String(decoding: writer.bytes, as: UTF8.self)
        #expect(written == #"[{"k":"a\"b"},{"k":"c"},3]"#)
        // What any JSON parser makes of it.
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [Any]
        #expect(parsed?.count == 3)
    }

    @Test func anIntegerIsWrittenAsSwiftPrintsIt() {
        var values = Array(-1_100...1_100)
        values += [Int.min, Int.min + 1, Int.max, Int.max - 1, 1 << 32, -(1 << 53), 9_999_999]
        for value in values {
            var bytes: [UInt8] = []
            JSONWriter.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}
