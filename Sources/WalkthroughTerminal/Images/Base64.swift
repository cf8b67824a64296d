/// Standard base64 (RFC 4648, with padding), for the image protocols that carry a file's bytes.
package enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
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
            output += Array(repeating: UInt8(ascii: "="), count: 3 - rest)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
