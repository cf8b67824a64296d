package import WalkthroughKit

/// Who a request comes from, by its `Authorization` header: a key of the keys file (its
/// secret after `Bearer`) or a user token (a JSON Web Token: three parts separated by dots).
///
/// Keys are compared in constant time: the secret sent is compared with every key's secret,
/// all of them, whichever matches, each byte of each key looked at whatever was sent
/// (``ConstantTime/matches(_:secret:)``). A key's secret is never taken for a token: the keys
/// file allows no `.` in one.
package struct Credentials: Sendable {
    /// A key as it is compared: its secret's bytes, and who it stands for.
    private struct StoredKey: Sendable {
        var secret: [UInt8]
        var principal: Principal
    }

    private let keys: [StoredKey]
    private let tokens: UserTokenVerifier?

    /// The credentials `keys` accepts.
    package init(keys: ServerKeys) {
        self.keys = keys.keys.map { key in
            StoredKey(secret: Array(key.secret.utf8), principal: key.principal)
        }
        tokens = keys.userTokens.map { UserTokenVerifier(secret: $0.secret, issuer: $0.issuer) }
    }

    /// The principal of a request whose `Authorization` header is `authorization` (`nil`: no
    /// such header), at `now` (for a token's `exp` and `nbf`).
    ///
    /// The scheme is `Bearer` in any case (RFC 9110 §11.1), then one or more spaces and one
    /// credential; spaces around the whole are ignored.
    ///
    /// - Throws: ``CredentialsRejection`` saying why there is none.
    package func principal(
        authorization: String?, at now: Timestamp
    ) throws(CredentialsRejection) -> Principal {
        guard let authorization else { throw .missing }
        guard var credential = Self.bearerCredential(authorization) else { throw .notBearer }
        let sent = credential.withUTF8 { Array($0) }
        if sent.count(where: { $0 == UInt8(ascii: ".") }) == 2 {
            guard let tokens else { throw .userTokensOff }
            do {
                return .user(try tokens.verify(credential, at: now))
            } catch {
                throw .invalidToken(error)
            }
        }
        var found: Principal?
        for key in keys {
            // Every key is compared; none is skipped once one matched.
            let matches = ConstantTime.matches(sent, secret: key.secret)
            if matches { found = key.principal }
        }
        guard let found else { throw .unknownKey }
        return found
    }

    /// `bearer`, as bytes, which a header's scheme matches in any case.
    private static let scheme = Array("bearer".utf8)

    /// The credential after `Bearer ` in `header`, or `nil` when the header is not that.
    private static func bearerCredential(_ header: String) -> String? {
        var header = header
        return header.withUTF8 { bytes in
            let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            let scheme = Self.scheme
            guard end - start > scheme.count,
                scheme.indices.allSatisfy({ bytes[start + $0] | 0x20 == scheme[$0] }),
                isSpace(bytes[start + scheme.count])
            else { return nil }
            var credential = start + scheme.count
            while credential < end, isSpace(bytes[credential]) { credential += 1 }
            let text = UnsafeBufferPointer(rebasing: bytes[credential..<end])
            guard !text.isEmpty, !text.contains(where: isSpace) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
    }

}
