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
    /// `DELETE /v1/users/{user}/walkthroughs[/{id}]` (admin).
    case reset(user: String, id: String?)

    /// The route `method` and `parts` name, if any.
    package init?(method: String, parts: [String]) {
        // A pattern's `*` takes one segment, which the route keeps.
        func match(_ pattern: String) -> [String]? {
            let expected = pattern.split(separator: "/").map(String.init)
            guard expected.count == parts.count else { return nil }
            var captured: [String] = []
            for (want, part) in zip(expected, parts) {
                if want == "*" {
                    guard !part.isEmpty else { return nil }
                    captured.append(part)
                } else if want != part {
                    return nil
                }
            }
            return captured
        }
        switch method {
        case "POST":
            if let key = match("ofrep/v1/evaluate/flags/*") {
                self = .evaluateOne(key: key[0])
            } else if match("ofrep/v1/evaluate/flags") != nil {
                self = .evaluateAll
            } else if let found = match("v1/users/*/walkthroughs/*/steps") {
                self = .steps(user: found[0], id: found[1])
            } else if let found = match("v1/users/*/goals/*") {
                self = .goal(user: found[0], name: found[1])
            } else {
                return nil
            }
        case "GET", "HEAD":
            if match("v1/walkthroughs") != nil {
                self = .walkthroughs
            } else if let found = match("v1/walkthroughs/*") {
                self = .walkthrough(id: found[0])
            } else if let found = match("v1/walkthroughs/*/stats") {
                self = .stats(id: found[0])
            } else if let found = match("v1/users/*/walkthroughs/*") {
                self = .record(user: found[0], id: found[1])
            } else {
                return nil
            }
        case "DELETE":
            if let found = match("v1/users/*/walkthroughs") {
                self = .reset(user: found[0], id: nil)
            } else if let found = match("v1/users/*/walkthroughs/*") {
                self = .reset(user: found[0], id: found[1])
            } else {
                return nil
            }
        default:
            return nil
        }
    }

    /// Whether some method is served at `parts` (a wrong method then gets 405, not 404).
    package static func pathExists(_ parts: [String]) -> Bool {
        ["GET", "POST", "DELETE"].contains { Route(method: $0, parts: parts) != nil }
    }
}
