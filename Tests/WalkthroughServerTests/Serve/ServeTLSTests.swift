#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// `walkthrough serve` over TLS, with a self-signed certificate made by `openssl`, and the rule
/// that an address other machines reach needs TLS or `--insecure-http`. curl is the client.
@Suite(.serialized) struct ServeTLSTests {
    /// A self-signed certificate for 127.0.0.1 and its key, in PEM files.
    struct Certificate {
        let folder: TemporaryFolder
        var certificate: String { folder.file("cert.pem") }
        var key: String { folder.file("key.pem") }

        init() throws {
            folder = try TemporaryFolder()
            let made = try ChildProcess.run(
                [
                    "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", folder.file("key.pem"), "-out", folder.file("cert.pem"),
                ], timeout: 60)
            guard made.status == 0 else { throw TestSupportError(made.standardError) }
        }

        /// The server's arguments for it.
        var arguments: [String] { ["--tls-cert", certificate, "--tls-key", key] }
    }

    /// curl's status code for `GET url` with `options`; 0 when it got no answer.
    static func status(
        _ url: String, _ options: [String]
    ) throws -> (code: Int, curl: ProgramResult) {
        let result = try ChildProcess.run(
            [
                "curl", "--silent", "--show-error", "--max-time", "20", "--output", "/dev/null",
                "--write-out", "%{http_code}",
            ] + options + [url], timeout: 40)
        return (Int(result.standardOutput) ?? 0, result)
    }

    @Test(arguments: ["127.0.0.1:0", "0.0.0.0:0"])
    func evaluatesOverTLS(listen: String) throws {
        let certificate = try Certificate()
        let server = try ServeProcess(arguments: certificate.arguments, listen: listen)
        #expect(server.scheme == "https")
        let answer = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/foodpin",
            headers: ["Authorization": "Bearer \(ServeProcess.serviceSecret)"],
            body: #"{"context": {"targetingKey": "tls-user"}}"#,
            curlOptions: ["--cacert", certificate.certificate])
        #expect(answer.status == 200, "\(answer.failure)")
        #expect(answer.body.contains(#""value":true"#))
        // TLS 1.2 and 1.3 are spoken; plain HTTP on the same port is not.
        let health = server.base + "/healthz"
        let cacert = ["--cacert", certificate.certificate]
        #expect(try Self.status(health, cacert + ["--tlsv1.2", "--tls-max", "1.2"]).code == 200)
        #expect(try Self.status(health, cacert + ["--tlsv1.3"]).code == 200)
        #expect(try Self.status("http://127.0.0.1:\(server.port)/healthz", []).code == 0)
        #expect(server.stop() == 0)
    }

    @Test func tls11IsRefused() throws {
        let certificate = try Certificate()
        // The client really speaks TLS 1.1: OpenSSL's own server, told to, answers it.
        let options = [
            "--cacert", certificate.certificate, "--tls-max", "1.1", "--ciphers",
            "DEFAULT@SECLEVEL=0",
        ]
        let reference = try ChildProcess([
            "openssl", "s_server", "-www", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0", "-cert",
            certificate.certificate, "-key", certificate.key, "-accept", "127.0.0.1:0",
        ])
        var port: Int?
        _ = waitUntil(timeout: 30) {
            let output = reference.standardOutput
            guard let range = output.range(of: "ACCEPT 127.0.0.1:") else { return false }
            port = Int(output[range.upperBound...].prefix(while: \.isNumber))
            return port != nil
        }
        let referencePort = try #require(port, "openssl s_server did not start")
        #expect(try Self.status("https://127.0.0.1:\(referencePort)/", options).code == 200)
        reference.signal(SIGTERM)
        _ = reference.wait(timeout: 10)
        // The server refuses it, and still answers TLS 1.2.
        let server = try ServeProcess(arguments: certificate.arguments)
        let refused = try Self.status(server.base + "/healthz", options)
        #expect(refused.code == 0)
        #expect(refused.curl.status == 35, "\(refused.curl.standardError)")
        #expect(
            try Self.status(
                server.base + "/healthz",
                ["--cacert", certificate.certificate, "--tls-max", "1.2"]
            ).code == 200)
        #expect(server.stop() == 0)
    }

    @Test(arguments: ["0.0.0.0:0", "[::]:0"])
    func anotherMachinesAddressNeedsTLSOrInsecureHTTP(listen: String) throws {
        let folder = try TemporaryFolder()
        let refused = try ChildProcess.run(
            [
                builtExecutable("walkthrough"), "serve", repositoryRoot() + "/walkthroughs",
                "--listen", listen, "--db", folder.file("seen.sqlite3"),
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path,
            ],
            timeout: 30)
        #expect(refused.status == 64, "\(refused.standardError)")
        #expect(refused.standardError.contains("--insecure-http"))
        #expect(refused.standardError.contains("--tls-cert"))
        #expect(!refused.standardError.contains("listening on"))
    }

    @Test func insecureHTTPServesPlainHTTPOnEveryAddress() throws {
        let server = try ServeProcess(arguments: ["--insecure-http"], listen: "0.0.0.0:0")
        #expect(server.scheme == "http")
        #expect(server.child.standardError.contains("listening on http://0.0.0.0:"))
        #expect(server.answersAnotherClient())
        #expect(server.stop() == 0)
    }
}
#endif
