import FoundationEssentials
import Testing
import WalkthroughKit

/// Base64 as Foundation writes it, and base64url (RFC 4648 §5) without padding, read back
/// strictly: one spelling per byte string, nothing else accepted.
@Suite struct Base64Tests {
    static let samples: [[UInt8]] = (0..<70).map { length in
        (0..<length).map { UInt8(($0 * 37 + length * 11) & 0xFF) }
    }

    @Test func standardMatchesFoundation() {
        for bytes in Self.samples {
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        }
    }

    @Test func urlIsFoundationsWithTheURLAlphabetAndNoPadding() {
        for bytes in Self.samples {
            let expected = Data(bytes).base64EncodedString()
                .replacing("+", with: "-")
                .replacing("/", with: "_")
                .replacing("=", with: "")
            #expect(Base64.encodeURL(bytes) == expected)
            #expect(Base64.decodeURL(expected.utf8) == bytes)
        }
    }

    @Test func everyByteValueRoundTrips() {
        let bytes = (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }
        let text = Base64.encodeURL(bytes)
        #expect(text.contains("-") && text.contains("_"))
        #expect(Base64.decodeURL(text.utf8) == bytes)
    }

    @Test(arguments: [
        "AA==",  // padding
        "A",  // a length no bytes have (4n + 1)
        "AAAAA",
        "AB",  // bits past the last byte that are not zero
        "AAB",
        "+/8",  // the standard alphabet
        "AA AA",  // white space
        "AA\nAA",
        "QUJD.",  // any other character
        "QUJDé",
    ])
    func urlDecodingRefuses(_ text: String) {
        #expect(Base64.decodeURL(text.utf8) == nil)
    }

    @Test func urlDecodingTakesTheEmptyString() {
        #expect(Base64.decodeURL("".utf8) == [])
    }
}
