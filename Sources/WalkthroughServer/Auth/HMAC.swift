import WalkthroughKit

/// HMAC-SHA-256 (RFC 2104, with the Kit's ``SHA256``): what signs a user token (JWS `HS256`).
///
/// The key's two padded blocks are made once, so a verifier that checks many tokens with one
/// secret pays only the two hashes per message.
///
/// ```swift
/// let code = HMAC(key: Array("secret".utf8)).code(for: Array("message".utf8))  // 32 bytes
/// ```
package struct HMAC: Sendable {
    /// SHA-256's block size in bytes: a longer key is hashed first, a shorter one padded.
    private static let blockSize = 64

    /// The key, padded to a block, XOR 0x36.
    private let innerPad: [UInt8]
    /// The key, padded to a block, XOR 0x5c.
    private let outerPad: [UInt8]

    /// A key for HMAC-SHA-256: any length (one longer than 64 bytes is replaced by its
    /// SHA-256, as RFC 2104 says).
    package init(key: some Collection<UInt8>) {
        var block = key.count > Self.blockSize ? SHA256.digest(key) : Array(key)
        block += [UInt8](repeating: 0, count: Self.blockSize - block.count)
        innerPad = block.map { $0 ^ 0x36 }
        outerPad = block.map { $0 ^ 0x5c }
    }

    /// The 32-byte authentication code of `message`.
    package func code(for message: some Collection<UInt8>) -> [UInt8] {
        var inner = innerPad
        inner.append(contentsOf: message)
        var outer = outerPad
        outer.append(contentsOf: SHA256.digest(inner))
        return SHA256.digest(outer)
    }
}
