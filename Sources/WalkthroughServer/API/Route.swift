/// The routes that need credentials, by method and path.
package enum Route: Sendable, Hashable {
    /// `POST /ofrep/v1/evaluate/flags/{key}`.
    case evaluateOne(key: String)
    /// `POST /ofrep/v1/evaluate/flags`.
    case evaluateAll
    /// `GET /v1/walkthroughs`.
    case walkthroughs
    /// `GET /v1/walkthroughs/{id}`.
    case walkthrough(id: String)
    /// `GET /v1/walkthroughs/{id}/stats` (admin).
    case stats(id: String)
    /// `POST /v1/users/{user}/walkthroughs/{id}/steps`.
    case steps(user: String, id: String)
    /// `GET /v1/users/{user}/walkthroughs/{id}`.
    case record(user: String, id: String)
    /// `POST /v1/users/{user}/goals/{name}`.
    case goal(user: String, name: String)
    /// `POST /v1/users/{user}/events/{name}`: a donation.
    case donation(user: String, name: String)
    /// `DELETE /v1/users/{user}/walkthroughs[/{id}]` (admin).
    case reset(user: String, id: String?)

    /// A route's method, path pattern (a `*` takes one segment, which the route keeps) and
    /// how the route is made of what the `*`s took.
    private struct Pattern: Sendable {
        var methods: Set<String>
        var segments: [String]
        var make: @Sendable ([String]) -> Route

        init(
            _ methods: Set<String>, _ path: String, _ make: @escaping @Sendable ([String]) -> Route
        ) {
            self.methods = methods
            self.segments = path.split(separator: "/").map(String.init)
            self.make = make
        }

        /// What the `*`s take of `parts`, or `nil` when `parts` is not this path.
        func captures(_ parts: [String]) -> [String]? {
            guard segments.count == parts.count else { return nil }
            var captured: [String] = []
            for (want, part) in zip(segments, parts) {
                if want == "*" {
                    guard !part.isEmpty else { return nil }
                    captured.append(part)
                } else if want != part {
                    return nil
                }
            }
            return captured
        }
    }

    /// Every route, split once.
    private static let patterns: [Pattern] = [
        Pattern(["POST"], "ofrep/v1/evaluate/flags/*") { .evaluateOne(key: $0[0]) },
        Pattern(["POST"], "ofrep/v1/evaluate/flags") { _ in .evaluateAll },
        Pattern(["POST"], "v1/users/*/walkthroughs/*/steps") { .steps(user: $0[0], id: $0[1]) },
        Pattern(["POST"], "v1/users/*/goals/*") { .goal(user: $0[0], name: $0[1]) },
        Pattern(["POST"], "v1/users/*/events/*") { .donation(user: $0[0], name: $0[1]) },
        Pattern(["GET", "HEAD"], "v1/walkthroughs") { _ in .walkthroughs },
        Pattern(["GET", "HEAD"], "v1/walkthroughs/*") { .walkthrough(id: $0[0]) },
        Pattern(["GET", "HEAD"], "v1/walkthroughs/*/stats") { .stats(id: $0[0]) },
        Pattern(["GET", "HEAD"], "v1/users/*/walkthroughs/*") { .record(user: $0[0], id: $0[1]) },
        Pattern(["DELETE"], "v1/users/*/walkthroughs") { .reset(user: $0[0], id: nil) },
        Pattern(["DELETE"], "v1/users/*/walkthroughs/*") { .reset(user: $0[0], id: $0[1]) },
    ]

    /// The route `method` and `parts` name, if any.
    package init?(method: String, parts: [String]) {
        for pattern in Self.patterns where pattern.methods.contains(method) {
            if let captured = pattern.captures(parts) {
                self = pattern.make(captured)
                return
            }
        }
        return nil
    }

    /// Whether some method is served at `parts` (a wrong method then gets 405, not 404).
    package static func pathExists(_ parts: [String]) -> Bool {
        ["GET", "POST", "DELETE"].contains { Route(method: $0, parts: parts) != nil }
    }
}
