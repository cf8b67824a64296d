import Testing
import WalkthroughServer
import WalkthroughTestSupport

/// HMAC-SHA-256 gives what Python's `hmac` gives, for keys shorter than, as long as and longer
/// than SHA-256's 64-byte block (a longer key is hashed first).
@Suite struct HMACTests {
    @Test func matchesPythonsHMACForEveryKeyLength() throws {
        let reference = try JWTReference.find()
        var cases: [(key: [UInt8], message: [UInt8])] = []
        for keyLength in [0, 1, 20, 32, 63, 64, 65, 100, 200] {
            for messageLength in [0, 3, 55, 56, 64, 119, 1000] {
                let key = (0..<keyLength).map { UInt8(($0 * 31 + keyLength) & 0xFF) }
                let message = (0..<messageLength).map { UInt8(($0 * 7 + 3) & 0xFF) }
                cases.append((key, message))
            }
        }
        let expected = try reference.hmacSHA256(cases)
        for (index, (key, message)) in cases.enumerated() {
            #expect(
                HMAC(key: key).code(for: message) == expected[index],
                "key \(key.count) bytes, message \(message.count) bytes")
        }
    }

    @Test func rfc4231TestCaseTwo() {
        // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?".
        let code = HMAC(key: Array("Jefe".utf8)).code(
            for: Array("what do ya want for nothing?".utf8))
        let hex = code.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func constantTimeEqualityComparesWholeValues() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([9, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2], [1, 2, 3]))
        #expect(ConstantTime.equal([], []))
    }

    @Test func aSecretMatchesOnlyItselfWhateverIsSent() {
        let secret = Array("c2VydmljZS1zZWNyZXQ".utf8)
        #expect(ConstantTime.matches(secret, secret: secret))
        // A prefix, the secret and more, one byte changed anywhere, nothing.
        #expect(!ConstantTime.matches(Array(secret.dropLast()), secret: secret))
        #expect(!ConstantTime.matches(secret + [0], secret: secret))
        #expect(!ConstantTime.matches(secret + secret, secret: secret))
        for index in secret.indices {
            var changed = secret
            changed[index] ^= 0x20
            #expect(!ConstantTime.matches(changed, secret: secret))
        }
        #expect(!ConstantTime.matches([], secret: secret))
        // A shorter secret padded with what a missing byte is compared as.
        #expect(!ConstantTime.matches([0x61, 0], secret: [0x61]))
        #expect(!ConstantTime.matches([0x61], secret: [0x61, 0]))
    }
}
