/// Why a request's `Authorization` header gives no principal. The HTTP layer answers 401 with
/// ``wwwAuthenticate``; ``description`` says what is wrong, never holding a secret or a token.
package enum CredentialsRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `Authorization` header.
    case missing
    /// A header that is not `Bearer` and one credential (another scheme, or nothing after it).
    case notBearer
    /// A key that is none of the server's.
    case unknownKey
    /// A user token, while the keys file has no `userTokens`.
    case userTokensOff
    /// A user token that is refused.
    case invalidToken(UserTokenRejection)

    /// Whether a credential was given and refused: RFC 6750 then asks for
    /// `error="invalid_token"`.
    package var credentialWasRefused: Bool {
        switch self {
        case .missing, .notBearer: return false
        case .unknownKey, .userTokensOff, .invalidToken: return true
        }
    }

    /// The `WWW-Authenticate` header of the 401 answer (RFC 6750 §3): `Bearer`, with
    /// `error="invalid_token"` when a key or token was given and refused.
    package var wwwAuthenticate: String {
        credentialWasRefused ? #"Bearer error="invalid_token""# : "Bearer"
    }

    /// What is wrong, as one line.
    package var description: String {
        switch self {
        case .missing:
            return
                "no Authorization header; send 'Authorization: Bearer' with a key or a user token"
        case .notBearer:
            return
                "the Authorization header is not 'Bearer' followed by a key or a user token"
        case .unknownKey:
            return "the key is not one of the server's keys"
        case .userTokensOff:
            return "user tokens are not accepted: the server's keys file has no userTokens"
        case .invalidToken(let reason):
            return reason.description
        }
    }
}
