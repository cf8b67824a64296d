import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The one-call gate on a row-secured fleet store, in a host whose login name is not its
/// PostgreSQL role: it reads and records as the role, as `walkthrough play` does.
@Suite struct FleetGateRowSecurityTests {
    @Test func theGateActsForTheRoleNotTheLoginName() throws {
        let sandbox = try Sandbox(user: "root")
        try sandbox.copyExample("foodpin.json")
        let store = try RowSecuredStore(TestPostgres.shared())
        let role = store.role
        let admin = try RawPostgres(store.adminURL)
        var environment = sandbox.environment
        environment["WALKTHROUGH_DB"] = store.roleURL
        let gate = FirstRunGate(environment: environment)
        #expect(gate.user == "root")

        let decision = try gate.decide(.file(sandbox.definitions + "/foodpin.json"))
        let session = try #require(decision.session, "\(decision)")
        #expect(session.user == role)
        try session.start()
        for _ in 0..<3 { try session.next() }
        #expect(session.outcome == .completed)

        let rows = try admin.rows("SELECT user_name, outcome FROM walkthrough_seen")
        #expect(rows == [[role, "completed"]])
        let status = try gate.status(of: .file(sandbox.definitions + "/foodpin.json"))
        #expect(status.user == role)
        #expect(status.isSeen)
        let due = try gate.due(.file(sandbox.definitions + "/foodpin.json"))
        #expect(due.reason == .seen)
        #expect(due.user == role)
    }
}
