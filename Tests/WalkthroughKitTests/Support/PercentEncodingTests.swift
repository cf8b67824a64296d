import Testing

@testable import WalkthroughKit

/// URL percent-encoding as RFC 3986 defines it: what a served path's segment or a fleet URL's
/// parameter decodes to, and what a segment is encoded as.
@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("foodpin", "foodpin"),
        ("caf%C3%A9", "café"),
        ("a%2Fb", "a/b"),
        ("%2e%2E", ".."),
        ("100%", "100%"),
        ("%4", "%4"),
        ("%zz", "%zz"),
        ("%+F", "%+F"),
        ("%-1", "%-1"),
        ("a+b", "a+b"),
        ("%FF", "\u{FFFD}"),
        ("%00", "\u{0}"),
    ])
    func decodesAPathSegment(encoded: String, decoded: String) {
        #expect(PercentEncoding.decoded(encoded) == decoded)
    }

    @Test func aQueryTakesPlusForASpace() {
        #expect(PercentEncoding.decoded("new+user%2B1", plusIsSpace: true) == "new user+1")
    }

    @Test func encodesAllButTheUnreservedCharacters() {
        #expect(PercentEncoding.encoded("café/x y~_.-") == "caf%C3%A9%2Fx%20y~_.-")
        #expect(PercentEncoding.encoded("/tmp/a?b#c", keepingSlashes: true) == "/tmp/a%3Fb%23c")
    }

    @Test func decodingUndoesEncoding() {
        for text in ["", "plain", "a/b c", "caf\u{E9}", "%41", "\u{202E}evil", "+"] {
            #expect(PercentEncoding.decoded(PercentEncoding.encoded(text)) == text)
        }
    }
}
