import WalkthroughKit

/// The keys file of `walkthrough serve`: who may ask.
///
/// ```json
/// {"keys": [{"name": "backend", "role": "service", "secret": "…"},
///           {"name": "ops", "role": "admin", "secret": "…"}],
///  "userTokens": {"secret": "…", "issuer": "https://app.example"}}
/// ```
///
/// A key is sent as `Authorization: Bearer SECRET`; `userTokens` (optional, its `issuer` too)
/// lets browsers and apps send a user token the host's backend signed with its secret
/// (``UserTokenVerifier``). ``parse(_:path:)`` refuses anything else: an unknown member (a
/// misspelt `userToken` would otherwise turn tokens off unseen), an unknown role, an empty
/// secret, two keys with one name or one secret, a `userTokens.secret` shorter than the 32
/// bytes RFC 7518 requires of an HS256 key.
package struct ServerKeys: Sendable, Hashable {
    /// What a key may do.
    package enum Role: String, Sendable, Hashable {
        /// Evaluates and writes for any user.
        case service
        /// What `service` may, and also resets and reads stats.
        case admin
    }

    /// One key: its name (what the request log shows), its role and its secret.
    package struct Key: Sendable, Hashable {
        /// The name, as logs and messages show it: 1 to 64 letters, digits, `.`, `_`, `-`.
        package var name: String
        /// What the key may do.
        package var role: Role
        /// The secret a client sends after `Bearer`.
        package var secret: String

        /// A key.
        package init(name: String, role: Role, secret: String) {
            self.name = name
            self.role = role
            self.secret = secret
        }

        /// The principal a request with this key comes from.
        package var principal: Principal {
            switch role {
            case .service: return .service(name: name)
            case .admin: return .admin(name: name)
            }
        }
    }

    /// How user tokens are checked.
    package struct UserTokens: Sendable, Hashable {
        /// The HS256 secret, used as its UTF-8 bytes.
        package var secret: String
        /// The `iss` every token must have, when set.
        package var issuer: String?

        /// User-token settings.
        package init(secret: String, issuer: String? = nil) {
            self.secret = secret
            self.issuer = issuer
        }
    }

    /// The keys, in file order.
    package var keys: [Key]
    /// The user-token settings, or `nil` when user tokens are not accepted.
    package var userTokens: UserTokens?

    /// A set of keys.
    package init(keys: [Key], userTokens: UserTokens? = nil) {
        self.keys = keys
        self.userTokens = userTokens
    }

    /// The shortest `userTokens.secret`, in bytes: RFC 7518 §3.2 wants an HS256 key at least
    /// as long as the hash.
    package static let minimumTokenSecretLength = 32

    /// The longest keys file read, in bytes.
    package static let maximumFileSize = 1 << 20

    // MARK: - The file's text

    /// The file's text: pretty-printed JSON with a final newline.
    package var fileText: String {
        var members: [(String, JSONText)] = [
            (
                "keys",
                .array(
                    keys.map { key in
                        .object([
                            ("name", .string(key.name)), ("role", .string(key.role.rawValue)),
                            ("secret", .string(key.secret)),
                        ])
                    })
            )
        ]
        if let userTokens {
            var tokens: [(String, JSONText)] = [("secret", .string(userTokens.secret))]
            if let issuer = userTokens.issuer { tokens.append(("issuer", .string(issuer))) }
            members.append(("userTokens", .object(tokens)))
        }
        return JSONText.object(members).rendered() + "\n"
    }
}
