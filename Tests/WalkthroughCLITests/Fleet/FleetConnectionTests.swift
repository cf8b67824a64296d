import Foundation
import Testing
import WalkthroughTestSupport

/// How many times the commands connect: each asks its store once, so a launch on the fleet pays
/// one handshake. Counted in the server's own log (`log_connections`), by the URL's
/// `application_name`, on a server of this test's own.
@Suite(.serialized) struct FleetConnectionTests {
    /// `play`, `due`, `seen` and `mark` each open one connection, whatever they decide.
    @Test func eachCommandConnectsOnce() throws {
        let server = try TestPostgres.start()
        let log = try #require(server.folder) + "/server.log"
        try server.withAdmin { admin in
            try admin.exec("ALTER SYSTEM SET log_connections = on")
            _ = try admin.scalar("SELECT pg_reload_conf()")
        }
        // The reload is asynchronous: wait until a new connection is logged.
        let probe = server.url(parameters: ["application_name=probe"])
        #expect(
            waitUntil(timeout: 30, interval: 50) {
                _ = try? RawPostgres(probe).scalar("SELECT 1")
                return Self.connections(in: log, named: "probe") > 0
            })
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let cases: [(name: String, arguments: [String], input: String)] = [
            ("play_due", ["play", "foodpin", "--plain"], "n\nn\nn\n"),
            ("play_seen", ["play", "foodpin", "--plain"], ""),
            ("play_forced", ["play", "foodpin", "--plain", "--force"], "q\n"),
            ("due", ["due", "foodpin"], ""),
            ("seen", ["seen", "foodpin"], ""),
            ("mark", ["mark", "foodpin", "--user", "bob"], ""),
        ]
        for (name, arguments, input) in cases {
            let url = server.url(parameters: ["application_name=" + name])
            let result = try sandbox.execute(arguments + ["--db", url], input: input)
            #expect([0, 1].contains(result.status), "\(name): \(result.standardError)")
            #expect(
                waitUntil(timeout: 10, interval: 20) {
                    Self.connections(in: log, named: name) >= 1
                }, "\(name) never connected")
            #expect(Self.connections(in: log, named: name) == 1, "\(name)")
        }
    }

    /// The `connection authorized` lines of `application_name=name` in the server's log.
    private static func connections(in log: String, named name: String) -> Int {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter {
            $0.contains("connection authorized") && $0.contains("application_name=\(name)")
                && !$0.contains("application_name=\(name)_")
        }.count
    }
}
