/// The fingerprint of a source text a translation was made from: the first 16 hexadecimal
/// digits (lower case) of the SHA-256 of its UTF-8 bytes, as `sha256sum | cut -c1-16` prints.
///
/// A definition's `translations` records one per locale and text; an exported unit carries the
/// one of its source, so an import can tell that the source changed since the export.
package enum TranslationFingerprint {
    /// The number of hexadecimal digits of a fingerprint.
    package static let length = 16

    /// The fingerprint of `text`.
    package static func of(_ text: String) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var result = ""
        result.reserveCapacity(length)
        for byte in SHA256.digest(Array(text.utf8)).prefix(length / 2) {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return result
    }

    /// Whether `text` is written as a fingerprint: 16 lower-case hexadecimal digits.
    package static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length
            && text.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                    || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
            }
    }
}
