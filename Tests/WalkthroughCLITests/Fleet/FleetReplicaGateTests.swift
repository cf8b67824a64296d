import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The one-call gate in a host process, through the replica: against a server that never
/// answers, deciding and recording each finish within the budget, and what it recorded reaches
/// the server once it answers (with `sync`: the launches back off after a failed contact).
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "no PostgreSQL server for the tests"))
struct FleetReplicaGateTests {
    @Test(arguments: [FaultProxy.Mode.neverAnswer, .refuse, .cutAfter(bytes: 300)])
    func theGateDecidesAndRecordsWithinTheBudget(mode: FaultProxy.Mode) throws {
        let server = try TestPostgres.shared()
        let serverURL = try server.freshDatabaseURL()
        let machine = try FleetMachine(server: server, url: serverURL)
        #expect(try machine.run(["db", "migrate"]).status == 0)
        var environment = machine.sandbox.replicaEnvironment
        environment["WALKTHROUGH_DB"] = machine.url
        let definition = machine.sandbox.definitions + "/foodpin.json"
        machine.proxy.mode = mode
        let clock = ContinuousClock()
        var figures: [String] = []
        func timed<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
            let start = clock.now
            let value = try body()
            let elapsed = clock.now - start
            figures.append("\(label) \(elapsed)")
            #expect(elapsed < .milliseconds(300) + .seconds(5), "\(label): \(elapsed)")
            return value
        }
        let gate = FirstRunGate(environment: environment)
        let due = try timed("due") { try gate.due(.file(definition)) }
        #expect(due.isDue)
        let decision = try timed("decide") { try gate.decide(.file(definition)) }
        let session = try #require(decision.session, "\(decision)")
        try timed("start") { try session.start() }
        for index in 0..<3 { _ = try timed("next \(index + 1)") { try session.next() } }
        #expect(session.outcome == .completed)
        let status = try timed("status") { try gate.status(of: .file(definition)) }
        #expect(status.isSeen)
        print("gate figures, \(mode): " + figures.joined(separator: ", "))
        machine.proxy.mode = .forward
        // The gate remembered the failed contact; `sync` asks whatever the back-off says.
        #expect(try machine.run(["sync"]).status == 0)
        #expect(try serverRecords(serverURL) == ["alice foodpin completed 1"])
    }
}
