import FoundationEssentials

/// Python's PyJWT, the reference the server's user tokens are checked against (tokens made by
/// another implementation than ours), and Python's own `hmac` for HMAC-SHA-256; found or
/// installed like ``LocaleMatchReference``.
package struct JWTReference: Sendable {
    private let reference: PythonReference

    /// The version `.build/test-python` gets when the machine has none.
    package static let pinnedVersion = "2.15.1"

    /// One token to make: `jwt.encode(payload, key, algorithm=algorithm, headers=headers)`.
    package struct TokenRequest: Encodable, Sendable {
        /// The claims, as a JSON object's text.
        package var payload: String
        /// The secret (`nil` for `alg: none`).
        package var key: String?
        /// `HS256`, `HS512`, `none`, …
        package var algorithm: String
        /// More header members, as a JSON object's text.
        package var headers: String

        /// A request; HS256 with no extra header by default.
        package init(
            payload: String, key: String?, algorithm: String = "HS256", headers: String = "{}"
        ) {
            self.payload = payload
            self.key = key
            self.algorithm = algorithm
            self.headers = headers
        }
    }

    /// Finds or installs the reference.
    ///
    /// - Throws: ``TestSupportError`` naming what is missing.
    package static func find() throws -> JWTReference {
        JWTReference(
            reference: try PythonReference.find(
                requirement: "pyjwt==\(pinnedVersion)",
                check: "import jwt, sys; sys.exit(jwt.__version__ != '\(pinnedVersion)')",
                purpose: "the user token tests", pipOptions: ["--no-deps"]))
    }

    /// PyJWT's token for each request, in order.
    ///
    /// - Throws: ``TestSupportError`` when Python fails or answers something else.
    package func tokens(_ requests: [TokenRequest]) throws -> [String] {
        let script = """
            import sys, json, warnings, jwt
            warnings.simplefilter("ignore")
            out = []
            for r in json.load(sys.stdin):
                out.append(jwt.encode(json.loads(r["payload"]), r.get("key"),
                    algorithm=r["algorithm"], headers=json.loads(r["headers"])))
            print(json.dumps(out))
            """
        let input = try JSONEncoder().encode(requests)
        let result = try reference.run(
            ["-c", script], input: String(decoding: input, as: UTF8.self))
        guard
            let tokens = try? JSONDecoder().decode(
                [String].self, from: Data(result.standardOutput.utf8)),
            tokens.count == requests.count
        else { throw TestSupportError("PyJWT answered: \(result.standardOutput.prefix(300))") }
        return tokens
    }

    /// `hmac.new(key, message, hashlib.sha256).digest()` for each case, in order.
    ///
    /// - Throws: ``TestSupportError`` when Python fails or answers something else.
    package func hmacSHA256(_ cases: [(key: [UInt8], message: [UInt8])]) throws -> [[UInt8]] {
        let script = """
            import sys, json, hmac, hashlib
            out = [hmac.new(bytes.fromhex(k), bytes.fromhex(m), hashlib.sha256).hexdigest()
                   for k, m in json.load(sys.stdin)]
            print(json.dumps(out))
            """
        let input = try JSONEncoder().encode(
            cases.map { [Self.hex($0.key), Self.hex($0.message)] })
        let result = try reference.run(
            ["-c", script], input: String(decoding: input, as: UTF8.self))
        guard
            let digests = try? JSONDecoder().decode(
                [String].self, from: Data(result.standardOutput.utf8)),
            digests.count == cases.count
        else { throw TestSupportError("hmac answered: \(result.standardOutput.prefix(300))") }
        return digests.map { digest in
            stride(from: 0, to: digest.count, by: 2).map { offset in
                let start = digest.index(digest.startIndex, offsetBy: offset)
                return UInt8(digest[start..<digest.index(start, offsetBy: 2)], radix: 16)!
            }
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
