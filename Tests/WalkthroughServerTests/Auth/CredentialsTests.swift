import Testing
import WalkthroughKit
import WalkthroughServer
import WalkthroughTestSupport

/// The `Authorization` header to a principal: a key by its secret, a user token by its `sub`,
/// and for anything else a rejection the HTTP layer answers 401 with.
@Suite struct CredentialsTests {
    static let tokenSecret = "a-secret-of-at-least-thirty-two-bytes-000"
    static let keys = ServerKeys(
        keys: [
            .init(name: "backend", role: .service, secret: "c2VydmljZS1zZWNyZXQ"),
            .init(name: "ops", role: .admin, secret: "YWRtaW4tc2VjcmV0"),
        ],
        userTokens: .init(secret: tokenSecret, issuer: "https://app.example"))
    static let credentials = Credentials(keys: keys)
    static let now = Timestamp(timeIntervalSince1970: 1_800_000_000)

    static func principal(_ header: String?) throws(CredentialsRejection) -> Principal {
        try credentials.principal(authorization: header, at: now)
    }

    @Test func aKeyGivesItsNameAndRole() throws {
        #expect(try Self.principal("Bearer c2VydmljZS1zZWNyZXQ") == .service(name: "backend"))
        #expect(try Self.principal("Bearer YWRtaW4tc2VjcmV0") == .admin(name: "ops"))
        // The scheme in any case, spaces around.
        #expect(try Self.principal("  bearer   YWRtaW4tc2VjcmV0 ") == .admin(name: "ops"))
        #expect(try Self.principal("BEARER\tc2VydmljZS1zZWNyZXQ") == .service(name: "backend"))
    }

    @Test func aUserTokenGivesItsSub() throws {
        let tokens = try JWTReference.find().tokens([
            .init(
                payload: #"{"sub": "alice", "iss": "https://app.example", "exp": 1800003600}"#,
                key: Self.tokenSecret),
            .init(
                payload: #"{"sub": "alice", "iss": "https://app.example", "exp": 1700000000}"#,
                key: Self.tokenSecret),
        ])
        #expect(try Self.principal("Bearer " + tokens[0]) == .user("alice"))
        #expect(throws: CredentialsRejection.invalidToken(.expired)) {
            try Self.principal("Bearer " + tokens[1])
        }
        let withoutTokens = Credentials(keys: ServerKeys(keys: Self.keys.keys))
        #expect(throws: CredentialsRejection.userTokensOff) {
            try withoutTokens.principal(authorization: "Bearer " + tokens[0], at: Self.now)
        }
    }

    @Test func noHeaderIsMissingAndAsksForBearer() {
        #expect(throws: CredentialsRejection.missing) { try Self.principal(nil) }
        #expect(CredentialsRejection.missing.wwwAuthenticate == "Bearer")
    }

    @Test(arguments: [
        "", "Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Bearer", "Bearer ", "c2VydmljZS1zZWNyZXQ",
        "Bearerc2VydmljZS1zZWNyZXQ", "Bearer c2VydmljZS1zZWNyZXQ extra",
        "Token c2VydmljZS1zZWNyZXQ",
    ])
    func aHeaderThatIsNotBearerIsRefused(_ header: String) {
        #expect(throws: CredentialsRejection.notBearer) { try Self.principal(header) }
        #expect(CredentialsRejection.notBearer.wwwAuthenticate == "Bearer")
    }

    @Test func anUnknownKeyIsAnInvalidToken() {
        for header in [
            "Bearer c2VydmljZS1zZWNyZXQx", "Bearer c2VydmljZS1zZWNyZXQ=", "Bearer YWRtaW4",
            "Bearer C2VydmljZS1zZWNyZXQ", "Bearer c2VydmljZS1zZWNyZX", "Bearer c",
        ] {
            #expect(throws: CredentialsRejection.unknownKey) { try Self.principal(header) }
        }
        #expect(CredentialsRejection.unknownKey.wwwAuthenticate == #"Bearer error="invalid_token""#)
        #expect(
            CredentialsRejection.invalidToken(.badSignature).wwwAuthenticate
                == #"Bearer error="invalid_token""#)
        #expect(
            CredentialsRejection.userTokensOff.wwwAuthenticate == #"Bearer error="invalid_token""#)
    }

    @Test func aBrokenTokenIsAnInvalidToken() {
        #expect(throws: CredentialsRejection.invalidToken(.malformed)) {
            try Self.principal("Bearer a.b.c")
        }
    }

    @Test func rejectionsNeverHoldTheCredential() {
        for header in ["Bearer c2VydmljZS1zZWNyZXQx", "Basic c2VjcmV0LXBhc3N3b3Jk", "sekrit-value"]
        {
            do {
                _ = try Self.principal(header)
                Issue.record("accepted \(header)")
            } catch {
                let credential = String(header.split(separator: " ").last ?? "")
                #expect(!error.description.contains(credential))
                #expect(!error.wwwAuthenticate.contains(credential))
            }
        }
    }

    @Test func thePrincipalsAreTheLeadsPrincipal() throws {
        let admin = try Self.principal("Bearer YWRtaW4tc2VjcmV0")
        #expect(admin.isAdmin && admin.mayActFor("anyone") && admin.logName == "ops")
        let service = try Self.principal("Bearer c2VydmljZS1zZWNyZXQ")
        #expect(!service.isAdmin && service.mayActFor("anyone") && service.logName == "backend")
    }
}
