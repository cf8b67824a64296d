package import WalkthroughKit

/// One HTTP response: its status, headers and body.
package struct ServerResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The headers, in the order sent (`Content-Length` and `Date` are the server's).
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: [UInt8]
    /// Who asked, as the request log names them (a key's name or `user:NAME`); not sent.
    package var principal: String?

    /// Creates a response.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body (`application/json`), on one line.
    package static func json(_ status: Int, _ value: JSONText) -> ServerResponse {
        json(status, body: value.bytesOnOneLine())
    }

    /// A JSON answer whose body is written already.
    package static func json(_ status: Int, body: [UInt8]) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// An RFC 9457 problem (`application/problem+json`): `title` is the status's phrase,
    /// `detail` says what was wrong with this request and what to do.
    package static func problem(
        _ status: Int, detail: String, instance: String? = nil
    ) -> ServerResponse {
        var members: [(String, JSONText)] = [
            ("type", .string("about:blank")),
            ("title", .string(HTTPStatus.phrase(status))),
            ("status", .integer(status)),
            ("detail", .string(detail)),
        ]
        if let instance { members.append(("instance", .string(instance))) }
        return ServerResponse(
            status: status, headers: [("Content-Type", "application/problem+json")],
            body: JSONText.object(members).bytesOnOneLine())
    }

    /// The value of the header `name` (any case), if set.
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }
}
