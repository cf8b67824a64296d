import WalkthroughWeb

/// `GET /v1/client.js`: the web client.
extension ServeApplication {
    /// The module's bytes, made once.
    static let webClientBody = WebClientModule.bytes
    /// The module's entity tag.
    static let webClientTag = ETag.of(webClientBody)

    /// `GET /v1/client.js`: the web client (``WebClientModule``, the same bytes as
    /// `walkthrough export --client`), with no credentials: an ES module with its `ETag`
    /// (`If-None-Match` with it gives 304), cached for five minutes, and, through
    /// ``respond(to:)``, the CORS headers an allowed origin's `<script type="module">` needs.
    func webClient(_ request: ServerRequest) -> ServerResponse {
        var headers: [(name: String, value: String)] = [
            ("ETag", Self.webClientTag),
            ("Cache-Control", "public, max-age=300"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        if let tags = request.header("if-none-match"), ETag.matches(tags, Self.webClientTag) {
            return ServerResponse(status: 304, headers: headers)
        }
        headers.insert(("Content-Type", "text/javascript; charset=utf-8"), at: 0)
        return ServerResponse(status: 200, headers: headers, body: Self.webClientBody)
    }
}
