#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// Requests no client should send, over real sockets to the built `walkthrough serve`: each
/// gets its status (from the server or from libmicrohttpd, as they really answer), and another
/// client is answered as usual before, between and after.
@Suite(.serialized) struct ServeBadInputTests {
    static let evaluate = "/ofrep/v1/evaluate/flags/foodpin"
    static let steps = "/v1/users/mallory/walkthroughs/foodpin/steps"

    @Test func malformedAndTruncatedJSONGets400() throws {
        let server = try ServeProcess()
        #expect(server.answersAnotherClient())
        let bodies = [
            #"{"context": {"targetingKey": "al"#,
            #"{"context": "#,
            "not json at all",
            #"{"context": {"targetingKey": "alice"}}}"#,
            #"{"context": {"targetingKey": "alice"}} trailing"#,
            "[1, 2",
            "\u{FEFF}",
            "{\"context\": {\"targetingKey\": \"\u{7}\"",
            String(repeating: "[", count: 60_000),
            String(repeating: #"{"a":"#, count: 12_000),
        ]
        for body in bodies {
            let evaluation = try #require(
                try server.exchange(ServeProcess.post(Self.evaluate, body: body)),
                "no answer to \(body.prefix(40))")
            #expect(evaluation.status == 400, "\(body.prefix(40)): \(evaluation.text)")
            #expect(
                evaluation.text.contains(#""errorCode":"PARSE_ERROR""#)
                    || evaluation.text.contains(#""errorCode":"INVALID_CONTEXT""#),
                "\(evaluation.text)")
            let step = try #require(try server.exchange(ServeProcess.post(Self.steps, body: body)))
            #expect(step.status == 400, "\(body.prefix(40)): \(step.text)")
            #expect(step.headers["content-type"] == "application/problem+json")
            #expect(server.answersAnotherClient(), "after \(body.prefix(40))")
        }
        // Bytes that are not UTF-8.
        let invalid = try RawConnection(port: server.port)
        invalid.send(
            "POST \(Self.evaluate) HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)"
                + "Content-Length: 6\r\n\r\n")
        invalid.send([0x7B, 0xFF, 0xFE, 0xC0, 0x80, 0x7D])
        #expect(invalid.readResponse(timeout: 10)?.status == 400)
        // A body cut short of its Content-Length: the connection ends, nothing is answered.
        let cut = try RawConnection(port: server.port)
        cut.send(
            "POST \(Self.steps) HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)"
                + "Content-Length: 100\r\n\r\n{\"id\": \"a0000000")
        shutdown(cut.descriptor, Int32(SHUT_WR))
        #expect(cut.waitForClose(timeout: 15))
        #expect(server.answersAnotherClient())
        let status = try HTTPExchange.send(
            "GET", server.base + "/v1/users/mallory/walkthroughs/foodpin",
            headers: ["Authorization": "Bearer \(ServeProcess.serviceSecret)"])
        #expect(status.status == 404, "no step was written: \(status.body)")
        #expect(server.stop() == 0)
    }

    @Test func aTenMebibyteBodyGets413() throws {
        let server = try ServeProcess()
        let folder = try TemporaryFolder()
        let large = try folder.write(String(repeating: "x", count: 10 << 20), to: "large")
        // curl, as a client sends it (Expect: 100-continue): refused before the body is sent.
        let curl = try ChildProcess.run(
            [
                "curl", "--silent", "--show-error", "--max-time", "30", "--output", "/dev/null",
                "--write-out", "%{http_code}", "--header",
                "Authorization: Bearer \(ServeProcess.serviceSecret)", "--data-binary",
                "@" + large, server.base + Self.evaluate,
            ], timeout: 60)
        #expect(curl.standardOutput == "413", "\(curl.standardError)")
        #expect(server.answersAnotherClient())
        // Declared, and sent without waiting: the answer comes on the headers alone.
        let declared = try RawConnection(port: server.port)
        declared.send(
            "POST \(Self.evaluate) HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)"
                + "Content-Length: \(10 << 20)\r\n\r\n")
        declared.send(Array(repeating: UInt8(ascii: "x"), count: 256 * 1024))
        let answer = try #require(declared.readResponse(timeout: 15))
        #expect(answer.status == 413)
        #expect(answer.headers["content-type"] == "application/problem+json")
        #expect(server.answersAnotherClient())
        // Chunked, with no length declared: read to its end and refused.
        let chunked = try RawConnection(port: server.port)
        chunked.send(
            "POST \(Self.evaluate) HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)"
                + "Transfer-Encoding: chunked\r\n\r\n")
        let chunk =
            Array("10000\r\n".utf8) + Array(repeating: UInt8(ascii: "y"), count: 65536)
            + Array("\r\n".utf8)
        var sent = 0
        while sent < 10 << 20, chunked.send(chunk) { sent += 65536 }
        chunked.send("0\r\n\r\n")
        #expect(chunked.readResponse(timeout: 15)?.status == 413)
        #expect(server.answersAnotherClient())
        // The limit itself: 64 KiB is read, one byte more is not.
        let json = #"{"context": {"targetingKey": "lim"}}"#
        let body = json + String(repeating: " ", count: 64 * 1024 - json.utf8.count)
        #expect(try server.exchange(ServeProcess.post(Self.evaluate, body: body))?.status == 200)
        #expect(
            try server.exchange(ServeProcess.post(Self.evaluate, body: body + " "))?.status == 413)
        #expect(server.stop() == 0)
    }

    @Test func sixtyFourKibibytesOfHeadersGet431() throws {
        let server = try ServeProcess()
        let requests = [
            // One header of 64 KiB.
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Large: \(String(repeating: "a", count: 65536))\r\n\r\n",
            // 1,024 headers of 64 bytes.
            "GET /healthz HTTP/1.1\r\nHost: x\r\n"
                + (0..<1024).map { "X-Header-\($0): \(String(repeating: "b", count: 48))\r\n" }
                .joined() + "\r\n",
            // Over 16 KiB, under libmicrohttpd's own memory: the server's own 431.
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Large: \(String(repeating: "c", count: 20000))\r\n\r\n",
        ]
        for request in requests {
            let answer = try #require(try server.exchange(request))
            #expect(answer.status == 431, "\(answer.head)")
            #expect(server.answersAnotherClient())
        }
        // Under the limit, a large header is read.
        let fine = try server.exchange(
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Large: \(String(repeating: "d", count: 12000))\r\n\r\n"
        )
        #expect(fine?.status == 200)
        // Nor are as many fields as httpd allows (100), filling 16 KiB.
        let fields = (0..<100).map {
            "X-Field-\($0 + 100): \(String(repeating: "e", count: 145))\r\n"
        }
        let many = try server.exchange(
            "GET /healthz HTTP/1.1\r\nHost: x\r\n" + fields.joined() + "\r\n")
        #expect(fields.joined().utf8.count == 16_000)
        #expect(many?.status == 200, "\(many?.head ?? "no answer")")
        #expect(server.stop() == 0)
    }

    @Test func aClientSendingAByteASecondIsCutOffWhileOthersAreAnswered() throws {
        let server = try ServeProcess()
        // A keep-alive connection that has been answered once and then says nothing: it
        // may idle (60 s), and must not be cut with the slow ones.
        let idle = try RawConnection(port: server.port)
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.readResponse(timeout: 10)?.status == 200)
        // One sends half its headers at once and then nothing.
        let stalled = try RawConnection(port: server.port)
        stalled.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
        // One trickles its headers, one its body, a byte a second.
        let headers = try RawConnection(port: server.port)
        let headersText = Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)
        let body = try RawConnection(port: server.port)
        body.send(
            "POST \(Self.evaluate) HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)"
                + "Content-Length: 200\r\n\r\n")
        var answeredMeanwhile = 0
        var seconds = 0
        // Each pass sends a byte to each still open, and waits at most a second for a cut.
        while seconds < 16, !(headers.isClosed && body.isClosed) {
            if !headers.isClosed {
                headers.send([headersText[min(seconds, headersText.count - 1)]])
            }
            if !body.isClosed { body.send("{") }
            if server.answersAnotherClient() { answeredMeanwhile += 1 }
            _ = (headers.isClosed ? body : headers).waitForClose(timeout: 1)
            seconds += 1
        }
        #expect(headers.waitForClose(timeout: 2), "the trickled headers' connection is open")
        #expect(body.waitForClose(timeout: 2), "the trickled body's connection is open")
        #expect(stalled.waitForClose(timeout: 2), "the stalled request's connection is open")
        #expect(answeredMeanwhile == seconds, "\(answeredMeanwhile) of \(seconds) answered")
        // The idle connection was left alone, and still serves.
        #expect(!idle.isClosed)
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.readResponse(timeout: 10)?.status == 200)
        #expect(server.stop() == 0)
    }

    @Test(arguments: [(limit: 100, opened: 2000), (limit: 1024, opened: 1100)])
    func connectionsPastTheLimitGet503(limit: Int, opened: Int) throws {
        RawConnection.allowDescriptors(opened + 512)
        let server = try ServeProcess(
            arguments: limit == 1024 ? [] : ["--max-connections", String(limit)])
        var statuses: [Int: Int] = [:]
        do {
            let connections = try RawConnection.many(opened, port: server.port)
            for connection in connections {
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            for connection in connections {
                let answer = connection.readResponse(timeout: 30)
                statuses[answer?.status ?? 0, default: 0] += 1
                if answer?.status == 503 {
                    #expect(answer?.headers["retry-after"] == "1")
                    #expect(answer?.headers["content-type"] == "application/problem+json")
                }
            }
        }
        // Every connection was answered: the first `limit` as usual, the others 503.
        #expect(statuses == [200: limit, 503: opened - limit], "\(statuses)")
        // Once they are closed, the server answers again.
        #expect(waitUntil(timeout: 20, interval: 50) { server.answersAnotherClient() })
        #expect(server.stop() == 0)
    }

    @Test func pathTraversalNeverReachesAFile() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/served/images", withIntermediateDirectories: true)
        _ = try folder.write("TOP SECRET", to: "secret.txt")
        _ = try folder.write("SERVED SECRET", to: "served/secret.txt")
        _ = try folder.write(Data(tinyPNG(width: 2, height: 2)), to: "served/images/a.png")
        _ = try folder.write(
            """
            {"id": "pics", "version": 1, "title": "Pics",
             "pages": [{"id": "a", "heading": "A", "content": "a", "image": "images/a.png",
                        "imageAlt": "A"}]}
            """, to: "served/pics.json")
        let server = try ServeProcess(folders: [folder.path + "/served"])
        let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]
        let image = try HTTPExchange.send("GET", server.base + "/v1/walkthroughs/pics/images/a.png")
        #expect(image.status == 200)
        let attempts = [
            "/v1/walkthroughs/pics/images/secret.txt",
            "/v1/walkthroughs/pics/images/..%2Fsecret.txt",
            "/v1/walkthroughs/pics/images/..%2F..%2Fsecret.txt",
            "/v1/walkthroughs/pics/images/%2E%2E%2Fsecret.txt",
            "/v1/walkthroughs/pics/images/..%252Fsecret.txt",
            "/v1/walkthroughs/pics/images/%2Fetc%2Fpasswd",
            "/v1/walkthroughs/pics/images/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
            "/v1/walkthroughs/pics/images/a.png%00.txt",
            "/v1/walkthroughs/pics/images/..\\secret.txt",
            "/v1/walkthroughs/pics/images/../secret.txt",
            "/v1/walkthroughs/pics/images/../../secret.txt",
            "/v1/walkthroughs/pics/../../secret.txt",
            "/v1/walkthroughs/..%2Fserved%2Fpics/images/a.png",
            "/v1/walkthroughs/%2E%2E/images/secret.txt",
            "/v1/walkthroughs/../../../../etc/passwd",
            "/../../../etc/passwd",
            "/v1/walkthroughs/..%2F..%2Fsecret",
            "/v1/walkthroughs/pics%2F..%2F..%2Fsecret",
            "/v1/users/..%2F..%2Fetc/walkthroughs/pics",
            "/v1/walkthroughs/pics/images/.",
            "/v1/walkthroughs/pics/images/%2e",
        ]
        for path in attempts {
            let answer = try HTTPExchange.send(
                "GET", server.base + path, headers: service, checked: false)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!answer.body.contains("SECRET"), "\(path)")
            #expect(!answer.body.contains("root:"), "\(path)")
            #expect(!answer.body.contains("\"pages\""), "\(path)")
            #expect(!answer.body.hasPrefix("\u{89}PNG"), "\(path)")
        }
        for key in ["..%2Fpics", "%2E%2E", "..%2F..%2Fsecret.txt", "pics%00"] {
            let answer = try HTTPExchange.send(
                "POST", server.base + "/ofrep/v1/evaluate/flags/" + key, headers: service,
                body: #"{"context": {"targetingKey": "alice"}}"#, checked: false)
            #expect([400, 404].contains(answer.status), "\(key): \(answer.status)")
        }
        for user in ["..%2F..%2Fetc", "%2E%2E", "a%2Fb"] {
            let answer = try HTTPExchange.send(
                "POST", server.base + "/v1/users/\(user)/walkthroughs/pics/steps",
                headers: service,
                body:
                    #"{"id": "a0000000-0000-4000-8000-000000000001", "step": "page", "page": 1, "version": 1}"#,
                checked: false)
            #expect([400, 404].contains(answer.status), "\(user): \(answer.status)")
        }
        #expect(server.answersAnotherClient(flag: "pics"))
        #expect(server.stop() == 0)
    }

    @Test(arguments: [false, true])
    func crlfInValuesNeverSplitsAHeaderOrReachesTheLogRaw(jsonLog: Bool) throws {
        let origin = "https://app.example"
        let server = try ServeProcess(
            arguments: ["--allow-origin", origin] + (jsonLog ? ["--json-log"] : []))
        let token = try ServeUserTokenTests.token(
            #"{"sub": "eve\r\nINJECTED user line", "exp": now + 600, "iss": "\#(ServeProcess.issuer)"}"#,
            key: ServeProcess.tokenSecret, algorithm: "HS256")
        let requests = [
            // A folded header line carrying a header of its own.
            "GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: \(origin)\r\n X-Injected: folded\r\n\r\n",
            // A bare CR inside a header value.
            "GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: \(origin)\rX-Injected: bare\r\n\r\n",
            "OPTIONS /v1/walkthroughs HTTP/1.1\r\nHost: x\r\nOrigin: \(origin)\rX-Injected: bare\r\n"
                + "Access-Control-Request-Method: GET\r\n\r\n",
            // Encoded in the path and the query.
            "GET /v1/walkthroughs/foodpin%0D%0AX-Injected:%20path HTTP/1.1\r\nHost: x\r\n"
                + "\(ServeProcess.serviceHeader)\r\n",
            "GET /v1/walkthroughs/foodpin?user=eve%0D%0AX-Injected:%20query HTTP/1.1\r\nHost: x\r\n"
                + "\(ServeProcess.serviceHeader)\r\n",
            "GET /nothing%0D%0AINJECTED%20path%20line HTTP/1.1\r\nHost: x\r\n\r\n",
            // In JSON strings.
            ServeProcess.post(
                Self.evaluate,
                body:
                    #"{"context": {"targetingKey": "eve\r\nX-Injected: json\r\nINJECTED json line"}}"#
            ),
            ServeProcess.post(
                "/v1/users/eve/walkthroughs/foodpin/steps",
                body:
                    #"{"id": "a0000000\r\nX-Injected: json", "step": "page", "page": 1, "version": 1}"#
            ),
            // A user token whose subject holds a line break.
            "GET /v1/walkthroughs/foodpin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n",
            "POST \(Self.evaluate) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Length: 36\r\n\r\n" + #"{"context": {"targetingKey": "eve"}}"#,
        ]
        for request in requests {
            let connection = try RawConnection(port: server.port)
            connection.send(request)
            // libmicrohttpd may refuse the request itself (400) or close; what is sent back
            // never carries the injected header.
            if let answer = connection.readResponse(timeout: 10) {
                #expect(
                    !answer.headerLines.contains { $0.lowercased().hasPrefix("x-injected") },
                    "\(answer.head)")
                #expect(!answer.head.contains("INJECTED"), "\(answer.head)")
                if let allowed = answer.headers["access-control-allow-origin"] {
                    #expect(allowed == origin)
                }
            }
            #expect(server.answersAnotherClient(), "after \(request.prefix(60))")
        }
        #expect(server.stop() == 0)
        let log = server.child.standardError
        #expect(!log.contains("\r"), "a raw CR in the log")
        let lines = log.split(separator: "\n")
        #expect(
            !lines.contains { $0.hasPrefix("INJECTED") || $0.hasPrefix("X-Injected") }, "\(log)")
        if jsonLog {
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                #expect(object is [String: Any], "\(line)")
            }
        }
    }

    @Test func anUnknownMethodGets405Or501() throws {
        let server = try ServeProcess()
        for request in [
            "BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
            "PATCH /v1/walkthroughs HTTP/1.1\r\nHost: x\r\n\(ServeProcess.serviceHeader)\r\n",
            "PUT /v1/users/alice/walkthroughs/foodpin HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
            "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n",
            "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
            "FOO\u{1} / HTTP/1.1\r\nHost: x\r\n\r\n",
        ] {
            let answer = try #require(try server.exchange(request), "\(request.prefix(20))")
            #expect([405, 501].contains(answer.status), "\(request.prefix(20)): \(answer.head)")
            #expect(server.answersAnotherClient())
        }
        let curl = try HTTPExchange.send(
            "PROPFIND", server.base + "/v1/walkthroughs", checked: false)
        #expect([405, 501].contains(curl.status))
        #expect(server.stop() == 0)
    }

    @Test func garbageInPlaceOfARequestIsRefused() throws {
        let server = try ServeProcess()
        for request: [UInt8] in [
            Array("GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n".utf8),
            Array("nonsense\r\n\r\n".utf8),
            [
                0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03, 0x0D, 0x0A, 0x0D,
                0x0A,
            ],
            [0x00, 0x01, 0x02, 0x0D, 0x0A, 0x0D, 0x0A],
            Array("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8),
            Array(
                "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n"
                    .utf8),
            Array(
                "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8),
        ] {
            let connection = try RawConnection(port: server.port)
            connection.send(request)
            // An answer in the 4xx or 5xx, or the connection closed: never a crash or a hang.
            if let answer = connection.readResponse(timeout: 15) {
                #expect((400..<600).contains(answer.status), "\(answer.head)")
            } else {
                #expect(connection.waitForClose(timeout: 15))
            }
            #expect(server.answersAnotherClient())
        }
        #expect(server.stop() == 0)
    }
}
#endif
