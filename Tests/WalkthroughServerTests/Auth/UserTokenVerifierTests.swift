import Testing
import WalkthroughKit
import WalkthroughServer
import WalkthroughTestSupport

/// User tokens made by PyJWT, as a host's backend would make them, checked at a fixed moment:
/// HS256 with the secret, `exp` required and in the future, `iss` when configured, a `sub` the
/// store accepts; any other algorithm refused whatever the token says.
@Suite struct UserTokenVerifierTests {
    static let secret = "a-secret-of-at-least-thirty-two-bytes-000"
    static let issuer = "https://app.example"
    /// The moment every token is checked at: 2027-01-15 08:00:00 UTC.
    static let now = Timestamp(timeIntervalSince1970: 1_800_000_000)
    static let later = 1_800_003_600
    static let verifier = UserTokenVerifier(secret: secret, issuer: issuer)

    /// Tokens from PyJWT for each request.
    static func tokens(_ requests: [JWTReference.TokenRequest]) throws -> [String] {
        try JWTReference.find().tokens(requests)
    }

    /// The claims of a token that is valid at ``now``, with `changes` made.
    static func claims(_ changes: String = "") -> String {
        #"{"sub": "alice", "iss": "https://app.example", "exp": \#(later)\#(changes)}"#
    }

    @Test func aTokenSignedWithTheSecretGivesItsSub() throws {
        let tokens = try Self.tokens([
            .init(payload: Self.claims(), key: Self.secret),
            .init(
                payload: Self.claims(#", "iat": 1799999000, "nbf": 1799999000"#), key: Self.secret),
            .init(payload: Self.claims(), key: Self.secret, headers: #"{"kid": "2027"}"#),
            .init(
                payload: #"{"sub": "客户 42", "iss": "https://app.example", "exp": 1800000000.5}"#,
                key: Self.secret),
        ])
        #expect(try Self.verifier.verify(tokens[0], at: Self.now) == "alice")
        #expect(try Self.verifier.verify(tokens[1], at: Self.now) == "alice")
        #expect(try Self.verifier.verify(tokens[2], at: Self.now) == "alice")
        #expect(try Self.verifier.verify(tokens[3], at: Self.now) == "客户 42")
    }

    @Test func anExpiredTokenIsRefusedFromTheSecondItNames() throws {
        let tokens = try Self.tokens([
            .init(
                payload: #"{"sub": "alice", "iss": "https://app.example", "exp": 1799999999}"#,
                key: Self.secret),
            .init(
                payload: #"{"sub": "alice", "iss": "https://app.example", "exp": 1800000000}"#,
                key: Self.secret),
        ])
        for token in tokens {
            #expect(throws: UserTokenRejection.expired) {
                try Self.verifier.verify(token, at: Self.now)
            }
        }
    }

    @Test func aTokenSignedWithAnotherSecretIsRefused() throws {
        let token = try Self.tokens([
            .init(payload: Self.claims(), key: "another-secret-of-thirty-two-bytes-or-more")
        ])[0]
        #expect(throws: UserTokenRejection.badSignature) {
            try Self.verifier.verify(token, at: Self.now)
        }
    }

    @Test func aChangedPayloadIsRefused() throws {
        let tokens = try Self.tokens([
            .init(payload: Self.claims(), key: Self.secret),
            .init(
                payload: #"{"sub": "mallory", "iss": "https://app.example", "exp": 1800003600}"#,
                key: "x" + Self.secret),
        ])
        let valid = tokens[0].split(separator: ".")
        let other = tokens[1].split(separator: ".")
        let forged = [valid[0], other[1], valid[2]].joined(separator: ".")
        #expect(throws: UserTokenRejection.badSignature) {
            try Self.verifier.verify(forged, at: Self.now)
        }
    }

    @Test func noOtherAlgorithmIsAccepted() throws {
        let tokens = try Self.tokens([
            .init(payload: Self.claims(), key: nil, algorithm: "none"),
            .init(
                payload: Self.claims(), key: String(repeating: Self.secret, count: 2),
                algorithm: "HS512"),
            .init(payload: Self.claims(), key: Self.secret, algorithm: "HS384"),
        ])
        #expect(throws: UserTokenRejection.algorithm("none")) {
            try Self.verifier.verify(tokens[0], at: Self.now)
        }
        #expect(throws: UserTokenRejection.algorithm("HS512")) {
            try Self.verifier.verify(tokens[1], at: Self.now)
        }
        #expect(throws: UserTokenRejection.algorithm("HS384")) {
            try Self.verifier.verify(tokens[2], at: Self.now)
        }
        // A token whose header claims RS256 but is HMAC-signed with the secret (the key
        // confusion attack) is refused for its header, before its signature counts.
        let forged = Self.handMade(header: #"{"alg":"RS256","typ":"JWT"}"#, payload: Self.claims())
        #expect(throws: UserTokenRejection.algorithm("RS256")) {
            try Self.verifier.verify(forged, at: Self.now)
        }
        let noAlgorithm = Self.handMade(header: #"{"typ":"JWT"}"#, payload: Self.claims())
        #expect(throws: UserTokenRejection.algorithm(nil)) {
            try Self.verifier.verify(noAlgorithm, at: Self.now)
        }
    }

    @Test func theHeaderMayNotAskForMore() {
        let critical = Self.handMade(
            header: #"{"alg":"HS256","crit":["exp"],"exp":1}"#, payload: Self.claims())
        #expect(throws: UserTokenRejection.criticalHeader) {
            try Self.verifier.verify(critical, at: Self.now)
        }
        let typed = Self.handMade(header: #"{"alg":"HS256","typ":"JWE"}"#, payload: Self.claims())
        #expect(throws: UserTokenRejection.type("JWE")) {
            try Self.verifier.verify(typed, at: Self.now)
        }
    }

    @Test func expIsRequiredAndMustBeANumber() throws {
        let tokens = try Self.tokens([
            .init(payload: #"{"sub": "alice", "iss": "https://app.example"}"#, key: Self.secret),
            .init(
                payload: #"{"sub": "alice", "iss": "https://app.example", "exp": "tomorrow"}"#,
                key: Self.secret),
        ])
        #expect(throws: UserTokenRejection.missingClaim("exp")) {
            try Self.verifier.verify(tokens[0], at: Self.now)
        }
        #expect(
            throws: UserTokenRejection.claimType(
                claim: "exp", expected: "a number of seconds since 1970")
        ) {
            try Self.verifier.verify(tokens[1], at: Self.now)
        }
    }

    @Test func theIssuerMustBeTheConfiguredOneWhenThereIsOne() throws {
        let tokens = try Self.tokens([
            .init(
                payload: #"{"sub": "alice", "iss": "https://evil.example", "exp": 1800003600}"#,
                key: Self.secret),
            .init(payload: #"{"sub": "alice", "exp": 1800003600}"#, key: Self.secret),
        ])
        for token in tokens {
            #expect(throws: UserTokenRejection.wrongIssuer) {
                try Self.verifier.verify(token, at: Self.now)
            }
        }
        let anyIssuer = UserTokenVerifier(secret: Self.secret, issuer: nil)
        #expect(try anyIssuer.verify(tokens[0], at: Self.now) == "alice")
        #expect(try anyIssuer.verify(tokens[1], at: Self.now) == "alice")
    }

    @Test func notBeforeIsHonoured() throws {
        let token = try Self.tokens([
            .init(payload: Self.claims(#", "nbf": 1800000060"#), key: Self.secret)
        ])[0]
        #expect(throws: UserTokenRejection.notYetValid) {
            try Self.verifier.verify(token, at: Self.now)
        }
        #expect(
            try Self.verifier.verify(token, at: Timestamp(timeIntervalSince1970: 1_800_000_060))
                == "alice")
    }

    @Test func anAudienceIsRefused() throws {
        let token = try Self.tokens([
            .init(payload: Self.claims(#", "aud": "someone""#), key: Self.secret)
        ])[0]
        #expect(throws: UserTokenRejection.audience) {
            try Self.verifier.verify(token, at: Self.now)
        }
    }

    @Test func aSubTheStoreRefusesIsRefused() throws {
        let long = String(repeating: "u", count: 300)
        let tokens = try Self.tokens([
            .init(
                payload: #"{"sub": "", "iss": "https://app.example", "exp": 1800003600}"#,
                key: Self.secret),
            .init(
                payload:
                    #"{"sub": "bob\u202Eevil", "iss": "https://app.example", "exp": 1800003600}"#,
                key: Self.secret),
            .init(
                payload: #"{"sub": "\#(long)", "iss": "https://app.example", "exp": 1800003600}"#,
                key: Self.secret),
            .init(
                payload: #"{"sub": 42, "iss": "https://app.example", "exp": 1800003600}"#,
                key: Self.secret),
            .init(payload: #"{"iss": "https://app.example", "exp": 1800003600}"#, key: Self.secret),
        ])
        #expect(throws: UserTokenRejection.invalidSubject(.empty)) {
            try Self.verifier.verify(tokens[0], at: Self.now)
        }
        #expect(throws: UserTokenRejection.invalidSubject(.bidiControl("U+202E"))) {
            try Self.verifier.verify(tokens[1], at: Self.now)
        }
        #expect(throws: UserTokenRejection.invalidSubject(.tooLong(byteCount: 300))) {
            try Self.verifier.verify(tokens[2], at: Self.now)
        }
        #expect(throws: UserTokenRejection.claimType(claim: "sub", expected: "a string")) {
            try Self.verifier.verify(tokens[3], at: Self.now)
        }
        #expect(throws: UserTokenRejection.missingClaim("sub")) {
            try Self.verifier.verify(tokens[4], at: Self.now)
        }
    }

    @Test func aClaimGivenTwiceIsRefused() {
        let token = Self.handMade(
            header: #"{"alg":"HS256"}"#,
            payload:
                #"{"sub":"alice","sub":"mallory","iss":"https://app.example","exp":1800003600}"#)
        #expect(throws: UserTokenRejection.unreadablePayload) {
            try Self.verifier.verify(token, at: Self.now)
        }
    }

    @Test(arguments: [
        "", "abc", "a.b", "a.b.c.d", ".b.c", "a..c", "eyJhbGciOiJIUzI1NiJ9.e30.not base64",
        "eyJhbGciOiJIUzI1NiJ9.e30=.c2ln",
    ])
    func whatIsNoTokenIsMalformed(_ text: String) {
        #expect(throws: UserTokenRejection.malformed) {
            try Self.verifier.verify(text, at: Self.now)
        }
    }

    @Test func aHugeTokenIsRefusedUnread() {
        let huge = String(repeating: "a", count: UserTokenVerifier.maximumLength + 1)
        #expect(throws: UserTokenRejection.tooLong) {
            try Self.verifier.verify(huge + ".b.c", at: Self.now)
        }
    }

    @Test func messagesNeverHoldTheTokenOrTheSecret() throws {
        let tokens = try Self.tokens([
            .init(payload: Self.claims(), key: "another-secret-of-thirty-two-bytes-or-more"),
            .init(payload: #"{"sub": "alice", "exp": 1}"#, key: Self.secret),
            .init(payload: Self.claims(), key: nil, algorithm: "none"),
        ])
        for token in tokens {
            do {
                _ = try Self.verifier.verify(token, at: Self.now)
                Issue.record("accepted \(token)")
            } catch {
                let message = error.description
                #expect(!message.contains(token))
                #expect(!message.contains(Self.secret))
                for part in token.split(separator: ".") where part.count > 8 {
                    #expect(!message.contains(part))
                }
                #expect(!message.contains("\n"))
            }
        }
    }

    /// A token with this header and payload, signed HS256 with the secret.
    static func handMade(header: String, payload: String) -> String {
        let input =
            Base64.encodeURL(Array(header.utf8)) + "." + Base64.encodeURL(Array(payload.utf8))
        return input + "."
            + Base64.encodeURL(HMAC(key: Array(secret.utf8)).code(for: Array(input.utf8)))
    }
}
