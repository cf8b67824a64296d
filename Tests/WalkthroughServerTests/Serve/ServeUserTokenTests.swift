#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// User tokens made by PyJWT, as a host's backend makes them, against the built server.
@Suite(.serialized) struct ServeUserTokenTests {
    /// A token made by PyJWT: `claims` (Python), `key`, `algorithm`.
    static func token(_ claims: String, key: String, algorithm: String) throws -> String {
        let jwt = try PythonReference.find(
            requirement: "pyjwt==2.15.1", check: "import jwt", purpose: "the user token tests")
        let program = """
            import jwt, sys, time
            now = int(time.time())
            key = sys.argv[1] if sys.argv[2] != "none" else None
            print(jwt.encode(\(claims), key, algorithm=sys.argv[2]))
            """
        let result = try jwt.run(["-c", program, key, algorithm])
        guard result.status == 0 else { throw TestSupportError(result.standardError) }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func evaluate(_ server: ServeProcess, token: String, user: String) throws -> HTTPExchange {
        try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/foodpin",
            headers: ["Authorization": "Bearer " + token],
            body: #"{"context": {"targetingKey": "\#(user)"}}"#)
    }

    @Test func onlyAValidHS256TokenActsAndOnlyForItsOwnUser() throws {
        let server = try ServeProcess()
        let secret = ServeProcess.tokenSecret
        let issuer = ServeProcess.issuer
        let valid = try Self.token(
            #"{"sub": "alice", "exp": now + 600, "iss": "\#(issuer)"}"#, key: secret,
            algorithm: "HS256")
        #expect(try evaluate(server, token: valid, user: "alice").status == 200)
        #expect(try evaluate(server, token: valid, user: "bob").status == 403)
        let steps = try HTTPExchange.send(
            "POST", server.base + "/v1/users/bob/walkthroughs/foodpin/steps",
            headers: ["Authorization": "Bearer " + valid],
            body:
                #"{"id": "e0000000-0000-4000-8000-000000000001", "step": "finished", "page": 3, "version": 1}"#
        )
        #expect(steps.status == 403)
        let refused: [(String, String, String)] = [
            (#"{"sub": "alice", "exp": now - 60, "iss": "\#(issuer)"}"#, secret, "HS256"),
            (#"{"sub": "alice", "exp": now + 600, "iss": "\#(issuer)"}"#, secret + "x", "HS256"),
            (#"{"sub": "alice", "exp": now + 600, "iss": "\#(issuer)"}"#, "", "none"),
            (#"{"sub": "alice", "exp": now + 600, "iss": "\#(issuer)"}"#, secret, "HS512"),
            (#"{"sub": "alice", "iss": "\#(issuer)"}"#, secret, "HS256"),
            (
                #"{"sub": "alice", "exp": now + 600, "iss": "https://evil.example"}"#, secret,
                "HS256"
            ),
        ]
        for (claims, key, algorithm) in refused {
            let token = try Self.token(claims, key: key, algorithm: algorithm)
            let answer = try evaluate(server, token: token, user: "alice")
            #expect(answer.status == 401, "\(claims) \(algorithm): \(answer.body)")
            #expect(answer.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            #expect(!answer.body.contains(token))
        }
        // The log names the user, never the token.
        _ = waitUntil(timeout: 10) { server.child.standardError.contains("user:alice") }
        #expect(server.child.standardError.contains("user:alice"))
        #expect(!server.child.standardError.contains(valid))
        #expect(!server.child.standardError.contains(ServeProcess.serviceSecret))
    }
}
#endif
