package import WalkthroughKit

/// What `walkthrough serve` answers: every route, as a function of the request. It holds the
/// definitions, the store, and who may ask; the HTTP daemon (or a test) hands it requests.
package final class ServeApplication: Sendable {
    /// Tells who a request comes from: its `Authorization` header's value (or `nil`) to a
    /// principal, or why the credentials are missing or refused.
    package typealias Authenticator =
        @Sendable (_ authorization: String?) -> Result<Principal, CredentialsRejection>
    /// Counts a user token's request: `nil` when allowed, else the seconds to wait.
    package typealias RateLimiter = @Sendable (_ user: String) -> Int?

    /// The definitions served.
    package let catalog: DefinitionCatalog
    /// The store's connections the answers read from.
    package let stores: StorePool
    /// A connection of the pool, in turn: every call of a request may take another.
    var store: any EventRecordingStore { stores.next() }
    /// Who may ask.
    package let authenticate: Authenticator
    /// How often a user token may ask.
    package let rateLimit: RateLimiter
    /// The origins a browser may call from (`--allow-origin`), exactly as given.
    package let allowedOrigins: Set<String>
    /// The quiet switch of the server's own environment (`WALKTHROUGH_DISABLE`), if on.
    package let quiet: String?
    /// The clock the rules are read against.
    package let clock: @Sendable () -> Timestamp
    /// Whether steps record events (`WALKTHROUGH_EVENTS` of the server's environment).
    package let recordsEvents: Bool
    /// The steps' commits, grouped.
    let steps: GroupCommit

    /// An application over `catalog`, reading from `stores` and committing steps through
    /// `committing` (a connection of its own).
    package init(
        catalog: DefinitionCatalog, stores: StorePool, committing: any EventRecordingStore,
        authenticate: @escaping Authenticator, rateLimit: @escaping RateLimiter = { _ in nil },
        allowedOrigins: Set<String> = [], quiet: String? = nil, recordsEvents: Bool = true,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) {
        self.recordsEvents = recordsEvents
        self.steps = GroupCommit(store: committing)
        self.catalog = catalog
        self.stores = stores
        self.authenticate = authenticate
        self.rateLimit = rateLimit
        self.allowedOrigins = allowedOrigins
        self.quiet = quiet
        self.clock = clock
    }

    /// Answers `request`, with the CORS headers its origin is allowed: `reply` is called once,
    /// at once for most requests, and on the committing thread for a step (once it is
    /// durable).
    package func respond(
        to request: ServerRequest, reply: @escaping @Sendable (ServerResponse) -> Void
    ) {
        let allowed = allowedOrigins
        @Sendable func decorated(_ response: ServerResponse, by principal: Principal?) {
            var response = response
            response.principal = principal?.logName
            CORS.decorate(&response, for: request, allowed: allowed)
            reply(response)
        }
        switch route(request) {
        case .answered(let response):
            decorated(response, by: nil)
        case .authorized(let known, let principal):
            answer(known, request, principal) { decorated($0, by: principal) }
        }
    }

    // MARK: - Routing

    /// The methods some route answers; any other gets 501.
    static let methods: Set<String> = ["GET", "HEAD", "POST", "DELETE", "OPTIONS"]

    /// What a request gets before its route is answered, or the route and who asks.
    private enum Routed {
        /// Answered already: a public route, or a request refused.
        case answered(ServerResponse)
        /// A route that needs credentials, and the principal they gave.
        case authorized(Route, Principal)
    }

    private func route(_ request: ServerRequest) -> Routed {
        guard Self.methods.contains(request.method) else {
            return .answered(
                .problem(
                    501,
                    detail: "\(request.method) is not a method this server implements; use "
                        + "GET, HEAD, POST, DELETE or OPTIONS."))
        }
        guard let segments = PathSegments(request.path) else {
            return .answered(.problem(400, detail: "The path is not a valid URL path."))
        }
        if request.method == "OPTIONS" {
            return .answered(CORS.preflight(request, allowed: allowedOrigins))
        }
        // What anyone may read: liveness, readiness, the API's description, the web client,
        // pages' images (an <img> sends no Authorization).
        let parts = segments.parts
        if request.method == "GET" || request.method == "HEAD" {
            switch parts {
            case ["healthz"]:
                return .answered(.json(200, .object([("status", .string("ok"))])))
            case ["readyz"]:
                return .answered(readiness())
            case ["v1", "openapi.json"]:
                return .answered(
                    ServerResponse(
                        status: 200, headers: [("Content-Type", "application/json")],
                        body: Array(OpenAPIDocument.json.utf8)))
            case ["v1", "client.js"]:
                return .answered(webClient(request))
            case _
            where parts.count == 5 && parts[0] == "v1" && parts[1] == "walkthroughs"
                && parts[3] == "images":
                return .answered(image(walkthrough: parts[2], file: parts[4]))
            default:
                break
            }
        }
        guard let known = Route(method: request.method, parts: segments.parts) else {
            if Route.pathExists(segments.parts) {
                return .answered(
                    .problem(
                        405, detail: "\(request.method) is not allowed on \(request.path)."))
            }
            return .answered(.problem(404, detail: "Nothing is served at \(request.path)."))
        }
        // Everything else needs credentials.
        let principal: Principal
        switch authenticate(request.header("authorization")) {
        case .success(let found):
            principal = found
        case .failure(let rejection):
            var response = ServerResponse.problem(401, detail: rejection.description + ".")
            response.headers.append(("WWW-Authenticate", rejection.wwwAuthenticate))
            return .answered(response)
        }
        if case .user(let user) = principal, let wait = rateLimit(user) {
            var response = ServerResponse.problem(
                429, detail: "Too many requests for \(user); wait \(wait) s.")
            response.headers.append(("Retry-After", String(wait)))
            return .answered(response)
        }
        return .authorized(known, principal)
    }

    /// Answers an authorized route: at once, or for a step once it is durable.
    private func answer(
        _ route: Route, _ request: ServerRequest, _ principal: Principal,
        reply: @escaping @Sendable (ServerResponse) -> Void
    ) {
        switch route {
        case .evaluateOne(let key):
            reply(evaluate(key: key, body: request.body, principal: principal))
        case .evaluateAll:
            reply(evaluateAll(request, principal: principal))
        case .walkthroughs:
            reply(walkthroughs())
        case .walkthrough(let id):
            reply(walkthrough(id, query: request.query, principal: principal))
        case .stats(let id):
            reply(principal.isAdmin ? stats(id, query: request.query) : Self.adminOnly())
        case .steps(let user, let id):
            guard principal.mayActFor(user) else { return reply(Self.notYours(user)) }
            step(user: user, walkthrough: id, body: request.body, reply: reply)
        case .record(let user, let id):
            reply(
                principal.mayActFor(user)
                    ? record(user: user, walkthrough: id) : Self.notYours(user))
        case .goal(let user, let name):
            reply(principal.mayActFor(user) ? goal(user: user, name: name) : Self.notYours(user))
        case .donation(let user, let name):
            reply(principal.mayActFor(user) ? donate(user: user, name: name) : Self.notYours(user))
        case .reset(let user, let id):
            reply(principal.isAdmin ? reset(user: user, walkthrough: id) : Self.adminOnly())
        }
    }

    private func readiness() -> ServerResponse {
        let snapshot = catalog.snapshot
        let invalid = snapshot.problems.map { "\($0.file): \($0.message)" }
        guard !snapshot.ids.isEmpty else {
            return .problem(
                503, detail: (["No walkthrough is served."] + invalid).joined(separator: " "))
        }
        do {
            _ = try store.record(user: "readyz", walkthrough: "readyz")
        } catch {
            return .problem(503, detail: "The store does not answer: \(error)")
        }
        return .json(
            200,
            .object([
                ("status", .string("ready")),
                ("walkthroughs", .integer(snapshot.ids.count)),
                (
                    "invalid",
                    .array(
                        snapshot.problems.map {
                            .object([("file", .string($0.file)), ("problem", .string($0.message))])
                        })
                ),
            ]))
    }

    /// The gate's decision on `walkthrough` for `user` at `now`, reading `variables` for its
    /// `env` rules, from a connection of the pool: what an evaluation and a walkthrough's view
    /// both answer from. Reads only.
    func due(
        _ walkthrough: Walkthrough, for user: String, variables: [String: String],
        at now: Timestamp
    ) throws(FirstRunGateError) -> DueDecision {
        var gate = FirstRunGate(user: user, store: .store(store), environment: variables)
        gate.clock = { now }
        // The machine's policy is for its own users, not the server's: none here (and a
        // client's variables never name a file for the server to read).
        gate.administratorPolicy = AdministratorPolicy()
        // The variables are the client's context: the server's own switch was answered first.
        gate.readsQuietSwitch = false
        return try gate.due(of: walkthrough)
    }

    /// ``due(_:for:variables:at:)`` for several walkthroughs, from one read of the user's
    /// records: a decision for each, in their order.
    func due(
        _ walkthroughs: [Walkthrough], for user: String, variables: [String: String],
        at now: Timestamp
    ) throws(FirstRunGateError) -> [DueDecision] {
        var gate = FirstRunGate(user: user, store: .store(store), environment: variables)
        gate.clock = { now }
        // The machine's policy is for its own users, not the server's: none here (and a
        // client's variables never name a file for the server to read).
        gate.administratorPolicy = AdministratorPolicy()
        // The variables are the client's context: the server's own switch was answered first.
        gate.readsQuietSwitch = false
        return try gate.due(of: walkthroughs).decisions
    }

    /// 404 for a walkthrough id no definition serves.
    static func notServed(_ id: String) -> ServerResponse {
        .problem(404, detail: "No walkthrough \"\(id)\" is served.")
    }

    /// 400 for a user name the store refuses, or `nil` for one it takes.
    static func refusal(ofUser user: String) -> ServerResponse? {
        do {
            try UserName.validate(user)
            return nil
        } catch {
            return .problem(400, detail: "The user \"\(user)\" is not valid: \(error)")
        }
    }

    /// 400 for a goal's or an event's name (`kind`) that breaks the id rules, or `nil`.
    static func refusal(ofName name: String, kind: String) -> ServerResponse? {
        guard !DefinitionFormat.isValidID(name) else { return nil }
        return .problem(
            400,
            detail: "The \(kind) name \"\(name)\" is not valid: use \(DefinitionFormat.idRule).")
    }

    static func adminOnly() -> ServerResponse {
        .problem(403, detail: "Only an admin key may do this.")
    }

    static func notYours(_ user: String) -> ServerResponse {
        .problem(403, detail: "This user token may not act for \(user).")
    }
}
