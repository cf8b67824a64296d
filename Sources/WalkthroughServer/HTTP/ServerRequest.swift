/// One HTTP request as the routes see it: its method, path, query, headers and whole body.
package struct ServerRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    package var method: String
    /// The path without its query, as sent (still percent-encoded).
    package var path: String
    /// The query's parameters, decoded; the last of a repeated name wins.
    package var query: [String: String]
    /// The headers, by lower-case name.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// Creates a request.
    package init(
        method: String, path: String, query: [String: String] = [:],
        headers: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The value of the header `name` (any case), if sent.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
