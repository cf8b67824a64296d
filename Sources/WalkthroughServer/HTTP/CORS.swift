/// Cross-origin requests from browsers: only the origins given with `--allow-origin`, matched
/// exactly; no cookies (credentials travel in `Authorization`).
package enum CORS {
    /// The methods a preflight allows.
    static let methods = "GET, POST, DELETE, OPTIONS"
    /// The request headers a preflight allows.
    static let headers = "Authorization, Content-Type, If-None-Match"

    /// Adds `Access-Control-Allow-Origin` (and `Vary: Origin`) when the request's origin is
    /// allowed.
    package static func decorate(
        _ response: inout ServerResponse, for request: ServerRequest, allowed: Set<String>
    ) {
        guard let origin = request.header("origin"), allowed.contains(origin) else { return }
        response.headers.append(("Access-Control-Allow-Origin", origin))
        response.headers.append(("Access-Control-Expose-Headers", "ETag, Retry-After"))
        response.headers.append(("Vary", "Origin"))
    }

    /// The answer to an `OPTIONS` request: 204 with what an allowed origin may send, 403 for
    /// an origin not allowed.
    package static func preflight(
        _ request: ServerRequest, allowed: Set<String>
    ) -> ServerResponse {
        guard let origin = request.header("origin") else {
            return ServerResponse(status: 204, headers: [("Allow", methods)])
        }
        guard allowed.contains(origin) else {
            return .problem(
                403,
                detail:
                    "The origin \(origin) is not allowed; start the server with --allow-origin \(origin)."
            )
        }
        return ServerResponse(
            status: 204,
            headers: [
                ("Access-Control-Allow-Methods", methods),
                ("Access-Control-Allow-Headers", headers),
                ("Access-Control-Max-Age", "600"),
            ])
    }
}
