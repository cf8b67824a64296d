import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The SHA-256 experiments bucket users by (and the page's Content-Security-Policy hashes are
/// made with): FIPS 180-4's examples, and every length around the padding's edges against
/// coreutils' `sha256sum`.
struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }
        .joined()
    }

    @Test func theStandardsExamples() {
        #expect(
            hex(SHA256.digest(Array("".utf8)))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(
                SHA256.digest(
                    Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundABlockAgreesWithSha256sum() throws {
        var generator = SplitMix64(seed: 17)
        for length in [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
            let text = String(
                (0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + generator.next() % 26)))
                })
            #expect(
                Data(SHA256.digest(Array(text.utf8))).base64EncodedString()
                    == (try sha256sum(text)),
                "length \(length)")
        }
        #expect(
            Data(SHA256.digest(Array("é→字".utf8))).base64EncodedString() == (try sha256sum("é→字")))
    }
}
