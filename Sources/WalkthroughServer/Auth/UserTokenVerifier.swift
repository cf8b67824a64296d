package import WalkthroughKit

/// Checks a user token: a compact JWS (a JSON Web Token) that the host's own backend signed
/// with HMAC-SHA-256 and `userTokens.secret`, naming the user in `sub`.
///
/// The rules, as RFC 8725 advises: the header's `alg` is exactly `HS256` (no other
/// algorithm, `none` included, whatever the token says); `typ`, when there, is `JWT`; a
/// `crit` header is refused. The signature is checked, in constant time, before anything in
/// the payload is read. Then `exp` is required (a number of seconds since 1970; the token is
/// expired from that second on, with no leeway), `nbf` is honoured when present (valid from
/// that second on), `iss` must equal the configured issuer when there is one, `aud` is
/// refused (the server has no audience to find in it), and `sub` must be a user name the store
/// accepts (``UserName/validate(_:)``). A JSON key given twice is refused.
///
/// The key is the secret's UTF-8 bytes, as JWT libraries take a string secret:
/// `jwt.encode({"sub": "alice", "exp": …}, secret, algorithm="HS256")` in PyJWT.
package struct UserTokenVerifier: Sendable {
    /// The longest token read, in bytes: a header section is at most 16 KiB anyway, and a user
    /// token is a few hundred bytes.
    package static let maximumLength = 8192

    private let mac: HMAC
    private let issuer: String?

    /// A verifier for tokens signed with `secret` (its UTF-8 bytes), from `issuer` when one is
    /// given.
    package init(secret: String, issuer: String?) {
        mac = HMAC(key: Array(secret.utf8))
        self.issuer = issuer
    }

    /// The user `token` was issued for (its `sub`), when it is valid at `now`.
    ///
    /// - Throws: ``UserTokenRejection`` saying what is wrong.
    package func verify(_ token: String, at now: Timestamp) throws(UserTokenRejection) -> String {
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumLength else { throw .tooLong }
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2, dots[0] > 0, dots[1] > dots[0] + 1 else { throw .malformed }
        guard let headerBytes = Base64.decodeURL(bytes[..<dots[0]]),
            let payloadBytes = Base64.decodeURL(bytes[(dots[0] + 1)..<dots[1]]),
            let signature = Base64.decodeURL(bytes[(dots[1] + 1)...])
        else { throw .malformed }

        guard let header = Self.object(headerBytes) else { throw .unreadableHeader }
        try Self.checkHeader(header)
        guard ConstantTime.equal(signature, mac.code(for: bytes[..<dots[1]])) else {
            throw .badSignature
        }

        // Signed by the host: only now is the payload read.
        guard let payload = Self.object(payloadBytes) else { throw .unreadablePayload }
        return try checkClaims(payload, at: now)
    }

    // MARK: - Header and claims

    private static func checkHeader(_ header: [JSONMember]) throws(UserTokenRejection) {
        guard let algorithm = member(header, "alg") else { throw .algorithm(nil) }
        guard case .string(let name) = algorithm.storage else {
            throw .algorithm("(not a string)")
        }
        guard name.utf8.elementsEqual("HS256".utf8) else { throw .algorithm(name) }
        if let type = member(header, "typ") {
            guard case .string(let text) = type.storage else { throw .type("(not a string)") }
            guard text.utf8.count == 3, text.uppercased() == "JWT" else { throw .type(text) }
        }
        if member(header, "crit") != nil { throw .criticalHeader }
    }

    private func checkClaims(
        _ payload: [JSONMember], at now: Timestamp
    ) throws(UserTokenRejection) -> String {
        let seconds = now.timeIntervalSince1970
        guard let expiry = try Self.time(payload, "exp") else { throw .missingClaim("exp") }
        guard seconds < expiry else { throw .expired }
        if let notBefore = try Self.time(payload, "nbf"), seconds < notBefore {
            throw .notYetValid
        }
        if let issuer {
            guard case .string(let given)? = Self.member(payload, "iss")?.storage,
                given.utf8.elementsEqual(issuer.utf8)
            else { throw .wrongIssuer }
        }
        if Self.member(payload, "aud") != nil { throw .audience }
        guard let subject = Self.member(payload, "sub") else { throw .missingClaim("sub") }
        guard case .string(let user) = subject.storage else {
            throw .claimType(claim: "sub", expected: "a string")
        }
        do {
            try UserName.validate(user)
        } catch {
            throw .invalidSubject(error)
        }
        return user
    }

    /// The NumericDate claim `name` in seconds since 1970, or `nil` when it is absent.
    ///
    /// - Throws: ``UserTokenRejection/claimType(claim:expected:)`` when it is not a finite
    ///   number.
    private static func time(
        _ payload: [JSONMember], _ name: String
    ) throws(UserTokenRejection) -> Double? {
        guard let value = member(payload, name) else { return nil }
        let wanted = "a number of seconds since 1970"
        guard case .number(let number) = value.storage else {
            throw .claimType(claim: name, expected: wanted)
        }
        guard let seconds = number.integerValue.map(Double.init) ?? Double(number.text),
            seconds.isFinite
        else { throw .claimType(claim: name, expected: wanted) }
        return seconds
    }

    // MARK: - JSON

    /// The members of the JSON object in `bytes`, or `nil` when they are not one (a key given
    /// twice included).
    private static func object(_ bytes: [UInt8]) -> [JSONMember]? {
        let value = try? bytes.withUnsafeBytes { raw throws(JSONReadError) in
            try JSONReader.parseObject(raw)
        }
        guard case .object(let members)? = value?.storage else { return nil }
        return members
    }

    /// The value of the member `name`, its key compared code unit by code unit.
    private static func member(_ members: [JSONMember], _ name: String) -> JSONValue? {
        members.first(where: { $0.key.utf8.elementsEqual(name.utf8) })?.value
    }
}
