package import WalkthroughKit

/// Why a user token is refused: one line a host's developer can act on, that never holds the
/// token or the secret.
package enum UserTokenRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not three base64url parts separated by dots.
    case malformed
    /// Longer than ``UserTokenVerifier/maximumLength`` characters.
    case tooLong
    /// The header is not a JSON object in base64url.
    case unreadableHeader
    /// The header names another algorithm than `HS256` (`none`, `HS512`, `RS256`, …), or none
    /// (`nil`).
    case algorithm(String?)
    /// The header's `typ` is there and is not `JWT`.
    case type(String)
    /// The header has `crit`: extensions the token says must be understood, and none is.
    case criticalHeader
    /// The signature is not HMAC-SHA-256 of the token with the configured secret.
    case badSignature
    /// The payload is not a JSON object in base64url.
    case unreadablePayload
    /// A claim the server needs is missing: `exp` or `sub`.
    case missingClaim(String)
    /// A claim has the wrong JSON type: `exp` not a number, `sub` not a string.
    case claimType(claim: String, expected: String)
    /// `exp` is now or past.
    case expired
    /// `nbf` is still to come.
    case notYetValid
    /// `iss` is missing or differs from the issuer the keys file configures.
    case wrongIssuer
    /// `aud` is there: the server has no audience to find in it (RFC 7519 §4.1.3).
    case audience
    /// `sub` is no user name the store would accept.
    case invalidSubject(UserName.Problem)

    /// What is wrong, as one line: `the token has expired`.
    package var description: String {
        switch self {
        case .malformed:
            return "the token is not a JSON Web Token (three base64url parts separated by dots)"
        case .tooLong:
            return
                "the token is longer than \(UserTokenVerifier.maximumLength) characters"
        case .unreadableHeader:
            return "the token's header is not a JSON object in base64url"
        case .algorithm(nil):
            return "the token's header names no algorithm (alg); sign it with HS256"
        case .algorithm(let name?):
            return
                "the token is signed with \(Self.shown(name)); only HS256 is accepted"
        case .type(let type):
            return "the token's type (typ) is \(Self.shown(type)), not \"JWT\""
        case .criticalHeader:
            return
                "the token's header has crit, naming extensions this server does not "
                + "understand; leave crit out"
        case .badSignature:
            return
                "the token's signature does not match: it was signed with another secret than "
                + "userTokens.secret, or changed after signing"
        case .unreadablePayload:
            return "the token's payload is not a JSON object in base64url"
        case .missingClaim(let claim):
            return "the token has no \(claim) claim; it is required"
        case .claimType(let claim, let expected):
            return "the token's \(claim) claim is not \(expected)"
        case .expired:
            return "the token has expired (exp is past); get a new one"
        case .notYetValid:
            return "the token is not valid yet (nbf is still to come)"
        case .wrongIssuer:
            return "the token's issuer (iss) is not the one the server is configured with"
        case .audience:
            return
                "the token names an audience (aud), and the server has none to match it "
                + "against; leave aud out"
        case .invalidSubject(let problem):
            return "the token's sub is refused: \(problem.description)"
        }
    }

    /// A value read from an unverified header, quoted and cut short for a message.
    private static func shown(_ text: String) -> String {
        CharacterSafety.quoted(text.count > 24 ? String(text.prefix(24)) + "…" : text)
    }
}
