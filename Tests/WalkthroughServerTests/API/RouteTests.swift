import Testing

@testable import WalkthroughServer

/// Which route a request's method and path reach, and which paths are refused before any
/// route is looked for.
@Suite struct RouteTests {
    @Test(arguments: [
        ("/v1/walkthroughs/foodpin", ["v1", "walkthroughs", "foodpin"]),
        ("/v1/walkthroughs/", ["v1", "walkthroughs"]),
        ("/v1/users/a%20b/walkthroughs", ["v1", "users", "a b", "walkthroughs"]),
        ("/v1/users/caf%C3%A9", ["v1", "users", "café"]),
        ("/", [""]),
        ("/a//b", ["a", "", "b"]),
        ("//x/", ["", "x"]),
    ])
    func splitsAPath(path: String, parts: [String]) {
        #expect(PathSegments(path)?.parts == parts)
    }

    @Test(arguments: [
        "v1/walkthroughs", "/v1/../keys", "/v1/%2e%2E/keys", "/v1/./x", "/v1/a%00b", "/v1/a%0Ab",
        "/v1/a%7Fb", "/v1/%2F", "/v1/users/a%2Fb/walkthroughs",
    ])
    func refusesAPath(path: String) {
        #expect(PathSegments(path) == nil)
    }

    @Test func eachRouteIsFoundByItsMethodAndPath() {
        func route(_ method: String, _ path: String) -> Route? {
            PathSegments(path).flatMap { Route(method: method, parts: $0.parts) }
        }
        #expect(route("POST", "/ofrep/v1/evaluate/flags/foodpin") == .evaluateOne(key: "foodpin"))
        #expect(route("POST", "/ofrep/v1/evaluate/flags") == .evaluateAll)
        #expect(
            route("POST", "/v1/users/alice/walkthroughs/foodpin/steps")
                == .steps(user: "alice", id: "foodpin"))
        #expect(
            route("POST", "/v1/users/alice/goals/deployed")
                == .goal(user: "alice", name: "deployed"))
        #expect(
            route("POST", "/v1/users/alice/events/deployed")
                == .donation(user: "alice", name: "deployed"))
        #expect(route("GET", "/v1/users/alice/events/deployed") == nil)
        #expect(Route.pathExists(["v1", "users", "alice", "events", "deployed"]))
        #expect(route("GET", "/v1/walkthroughs") == .walkthroughs)
        #expect(route("HEAD", "/v1/walkthroughs/foodpin") == .walkthrough(id: "foodpin"))
        #expect(route("GET", "/v1/walkthroughs/foodpin/stats") == .stats(id: "foodpin"))
        #expect(
            route("GET", "/v1/users/alice/walkthroughs/foodpin")
                == .record(user: "alice", id: "foodpin"))
        #expect(route("DELETE", "/v1/users/alice/walkthroughs") == .reset(user: "alice", id: nil))
        #expect(
            route("DELETE", "/v1/users/alice/walkthroughs/foodpin")
                == .reset(user: "alice", id: "foodpin"))
        #expect(route("GET", "/ofrep/v1/evaluate/flags") == nil)
        #expect(route("POST", "/v1/users//goals/deployed") == nil)
        #expect(Route.pathExists(["ofrep", "v1", "evaluate", "flags"]))
        #expect(!Route.pathExists(["v1", "nothing"]))
    }
}
