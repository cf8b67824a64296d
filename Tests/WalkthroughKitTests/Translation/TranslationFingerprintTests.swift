import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// A source's fingerprint is what `sha256sum` prints for its UTF-8 bytes, cut to 16 digits.
struct TranslationFingerprintTests {
    private func sha256sum(_ text: String) throws -> String {
        let result = try ChildProcess.run(["sha256sum"], input: text)
        return String(result.standardOutput.prefix(16))
    }

    @Test(arguments: ["", "Locate", "個人化你的美食指南", "Line one\nline two\t\"quoted\"", "é→字🍜"])
    func fingerprintIsTheStartOfSha256sum(_ text: String) throws {
        #expect(TranslationFingerprint.of(text) == (try sha256sum(text)))
        #expect(TranslationFingerprint.isWellFormed(TranslationFingerprint.of(text)))
    }

    @Test func knownVectors() {
        // FIPS 180-2's "abc" and the empty string.
        #expect(TranslationFingerprint.of("abc") == "ba7816bf8f01cfea")
        #expect(TranslationFingerprint.of("") == "e3b0c44298fc1c14")
        #expect(!TranslationFingerprint.isWellFormed("BA7816BF8F01CFEA"))
        #expect(!TranslationFingerprint.isWellFormed("ba7816bf8f01cfe"))
    }
}
