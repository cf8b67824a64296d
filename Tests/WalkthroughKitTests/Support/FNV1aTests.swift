import Testing

@testable import WalkthroughKit

/// FNV-1a as its authors publish it: the same value from an array, a string's bytes or any
/// other sequence, since memo file names and prepared statements' names outlive a process.
@Suite struct FNV1aTests {
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func matchesThePublishedValues(text: String, expected: UInt64) {
        #expect(FNV1a.hash64(Array(text.utf8)) == expected)
        #expect(FNV1a.hash64(text.utf8) == expected)
        #expect(FNV1a.hash64(text.utf8.lazy.map { $0 }) == expected)
    }

    @Test func continuingIsHashingTheWhole() {
        let whole = FNV1a.hash64(Array("foobar".utf8))
        #expect(FNV1a.hash64("bar".utf8, continuing: FNV1a.hash64("foo".utf8)) == whole)
        #expect(FNV1a.hex(whole) == "85944171f73967e8")
        #expect(FNV1a.hash32("a".utf8) == 0xe40c_292c)
    }

    @Test func theWordWiseHashIsStableAndSeesEveryByte() {
        // Pinned: servers on one store give one body one tag, whichever answers.
        let body = Array(#"{"flags":[{"key":"foodpin","value":true}]}"#.utf8)
        #expect(FNV1a.hex(FNV1a.hash64(wordsOf: body)) == "ee8f78e9ef937081")
        #expect(FNV1a.hash64(wordsOf: []) == FNV1a.hash64([UInt8]()))
        // The tail shorter than a word is hashed byte by byte, as FNV-1a does.
        #expect(FNV1a.hash64(wordsOf: Array("foo".utf8)) == FNV1a.hash64("foo".utf8))
        for index in body.indices {
            var changed = body
            changed[index] ^= 0x01
            #expect(FNV1a.hash64(wordsOf: changed) != FNV1a.hash64(wordsOf: body))
        }
    }
}
