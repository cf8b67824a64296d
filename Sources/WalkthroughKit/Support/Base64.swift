/// Base64 (RFC 4648): the standard alphabet with padding, for the image protocols that carry a
/// file's bytes, and the URL-safe alphabet without padding (base64url), for JSON Web Tokens and
/// the server's key secrets.
package enum Base64 {
    private static let standardAlphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlAlphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` in base64, padded with `=` to a multiple of 4 characters.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        encode(bytes, alphabet: standardAlphabet, padded: true)
    }

    /// `bytes` in base64url (RFC 4648 §5: `-` and `_` for `+` and `/`), without padding, as
    /// JSON Web Tokens write each part (RFC 7515 §2).
    package static func encodeURL(_ bytes: some Collection<UInt8>) -> String {
        encode(bytes, alphabet: urlAlphabet, padded: false)
    }

    /// The bytes that `characters` (base64url without padding, as UTF-8: `text.utf8`) stand
    /// for, or `nil` when they are not exactly that.
    ///
    /// Strict, as RFC 7515 asks of a JSON Web Token's parts: only `A`–`Z`, `a`–`z`, `0`–`9`,
    /// `-` and `_`; no padding, white space or line break; not a length that leaves a single
    /// character over (4n + 1); and the bits the last character carries past the final byte
    /// are zero, so that each byte string has exactly one spelling.
    package static func decodeURL(_ characters: some Collection<UInt8>) -> [UInt8]? {
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = urlValue(character) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        // What is left (2 or 4 bits) must be zero.
        guard buffer == 0 else { return nil }
        return output
    }

    // MARK: - Private

    /// The six bits base64url `character` stands for, or `nil` for any other character.
    private static func urlValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }

    private static func encode(
        _ bytes: some Collection<UInt8>, alphabet: [UInt8], padded: Bool
    ) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < input.count {
            let value =
                UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
                | UInt32(input[index + 2])
            output += [18, 12, 6, 0].map { alphabet[Int(value >> $0 & 63)] }
            index += 3
        }
        let rest = input.count - index
        if rest > 0 {
            let value =
                UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
            output += [18, 12, 6].prefix(rest + 1).map { alphabet[Int(value >> $0 & 63)] }
            if padded { output += Array(repeating: UInt8(ascii: "="), count: 3 - rest) }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
