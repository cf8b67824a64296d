#if SERVER
import WalkthroughTestSupport

/// Requests sent to a running server over a connection of their own, byte for byte.
extension ServeProcess {
    /// `Authorization: Bearer` with the service key, as a header line.
    static let serviceHeader = "Authorization: Bearer \(serviceSecret)\r\n"

    /// Sends `request` (the whole of it, as it goes on the wire) on a new connection and reads
    /// the answer; `nil` when the server closed the connection without one, or gave none within
    /// `timeout` seconds.
    func exchange(_ request: String, timeout: Double = 30) throws -> RawConnection.Response? {
        let connection = try RawConnection(port: port)
        connection.send(request)
        return connection.readResponse(timeout: timeout)
    }

    /// `POST path` with `body` (JSON) and the service key, as it goes on the wire.
    static func post(_ path: String, body: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(serviceHeader)"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// Whether another client is answered as usual: `/healthz`, and an OFREP evaluation of
    /// `flag` for a user of its own, on a connection of its own.
    func answersAnotherClient(flag: String = "foodpin") -> Bool {
        guard
            let health = try? exchange(
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", timeout: 10),
            health.status == 200,
            let evaluation = try? exchange(
                Self.post(
                    "/ofrep/v1/evaluate/flags/" + flag,
                    body: #"{"context": {"targetingKey": "witness"}}"#), timeout: 10)
        else { return false }
        return evaluation.status == 200 && evaluation.text.contains(#""key":"\#(flag)""#)
    }
}
#endif
