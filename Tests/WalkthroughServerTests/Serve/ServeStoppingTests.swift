#if SERVER
import Foundation
@preconcurrency import Glibc
import Synchronization
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Stopping the built `walkthrough serve` under load: killed, no step it acknowledged is lost;
/// asked to stop, it answers what is in flight and exits 0.
@Suite(.serialized) struct ServeStoppingTests {
    /// One step a client sent: what it was, and whether the server acknowledged it (2xx).
    struct SentStep: Sendable, Hashable {
        var kind: String
        var page: Int
    }

    /// Clients posting steps, each for a user of its own, one at a time over a keep-alive
    /// connection, on threads of their own until ``finish()``; a connection that fails is
    /// opened again, and its step counts as not acknowledged.
    final class StepClients: Sendable {
        /// The steps acknowledged, per client.
        let acknowledged: Mutex<[[SentStep]]>
        /// Answers that were neither 2xx nor missing (a 5xx while stopping, say).
        let refused = Mutex<[String]>([])
        private let running = Mutex(true)
        private let port: Int
        private let prefix: String
        private let threads = Mutex<[BackgroundThread]>([])

        /// Starts `count` clients for the users `PREFIX0`, `PREFIX1`, … on 127.0.0.1:`port`.
        init(count: Int, port: Int, prefix: String) {
            self.port = port
            self.prefix = prefix
            acknowledged = Mutex(Array(repeating: [], count: count))
            for index in 0..<count {
                let clients = self
                let thread = BackgroundThread { clients.run(index) }
                threads.withLock { $0.append(thread) }
            }
        }

        /// The user of client `index`.
        func user(_ index: Int) -> String { "\(prefix)\(index)" }

        /// How many steps were acknowledged in all.
        var total: Int { acknowledged.withLock { $0.reduce(0) { $0 + $1.count } } }

        /// Stops every client and waits for them. Safe to call again.
        func finish() {
            running.withLock { $0 = false }
            let started = threads.withLock { threads in
                defer { threads = [] }
                return threads
            }
            for thread in started { thread.join() }
        }

        private func run(_ index: Int) {
            var connection: RawConnection?
            var sent = 0
            while running.withLock({ $0 }) {
                if connection == nil {
                    connection = try? RawConnection(port: port)
                    if connection == nil {
                        usleep(10_000)  // the server is down: try again
                        continue
                    }
                }
                let step = SentStep(
                    kind: sent % 4 == 3 ? "interrupted" : "page", page: sent % 3 + 1)
                sent += 1
                let body =
                    #"{"id": "\#(UUID().uuidString.lowercased())", "step": "\#(step.kind)", "#
                    + #""page": \#(step.page), "version": 1}"#
                guard let open = connection,
                    open.send(
                        ServeProcess.post(
                            "/v1/users/\(user(index))/walkthroughs/foodpin/steps", body: body)),
                    let answer = open.readResponse(timeout: 20)
                else {
                    connection = nil
                    continue
                }
                if (200..<300).contains(answer.status) {
                    acknowledged.withLock { $0[index].append(step) }
                } else {
                    refused.withLock { $0.append("\(answer.status) \(answer.text)") }
                }
                if answer.headers["connection"]?.lowercased() == "close" { connection = nil }
            }
        }
    }

    /// What `walkthrough events --user USER --db DATABASE` lists: each event's kind and page.
    static func events(user: String, database: String) throws -> [SentStep] {
        let result = try ChildProcess.run(
            [builtExecutable("walkthrough"), "events", "--user", user, "--db", database],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "NO_COLOR": "1"])
        guard result.status == 0 else { throw TestSupportError(result.standardError) }
        return try result.standardOutput.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return SentStep(
                kind: object?["event"] as? String ?? "?", page: object?["page"] as? Int ?? 0)
        }
    }

    /// Whether `acknowledged` appears in `written` in its order (other steps may come between:
    /// those written and never acknowledged).
    static func isInOrder(_ acknowledged: [SentStep], in written: [SentStep]) -> Bool {
        var remaining = acknowledged[...]
        for step in written where remaining.first == step {
            remaining = remaining.dropFirst()
        }
        return remaining.isEmpty
    }

    /// Checks that every step the clients saw acknowledged is in the store: an event per step
    /// written, the acknowledged ones among them in their order.
    static func expectEveryAcknowledgedStepWritten(
        _ clients: StepClients, database: String, count: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let acknowledged = clients.acknowledged.withLock { $0 }
        for index in 0..<count {
            let written = try events(user: clients.user(index), database: database)
            #expect(
                written.count >= acknowledged[index].count,
                "\(clients.user(index)): \(written.count) events for \(acknowledged[index].count) steps acknowledged",
                sourceLocation: sourceLocation)
            #expect(
                isInOrder(acknowledged[index], in: written),
                "\(clients.user(index)): an acknowledged step is missing",
                sourceLocation: sourceLocation)
        }
    }

    @Test func noAcknowledgedStepIsLostWhenTheServerIsKilledThreeTimes() throws {
        let folder = try TemporaryFolder()
        var server = try ServeProcess(folder: folder)
        let port = server.port
        let clients = StepClients(count: 16, port: port, prefix: "killed")
        defer { clients.finish() }
        for round in 1...3 {
            let before = clients.total
            #expect(
                waitUntil(timeout: 60, interval: 10) { clients.total >= before + 160 },
                "round \(round): \(clients.total - before) steps acknowledged")
            server.kill()
            server = try ServeProcess(folder: folder, listen: "127.0.0.1:\(port)")
        }
        let before = clients.total
        #expect(waitUntil(timeout: 60, interval: 10) { clients.total >= before + 160 })
        clients.finish()
        #expect(server.stop() == 0)
        #expect(clients.refused.withLock { $0 }.isEmpty, "\(clients.refused.withLock { $0 })")
        try Self.expectEveryAcknowledgedStepWritten(
            clients, database: server.database, count: 16)
    }

    /// SIGHUP, SIGTERM and SIGINT are the main thread's, taken by `sigwait`: every other
    /// thread of the server, a store's as well as the daemon's, blocks them. One that did not
    /// would take a signal sent while the main thread is not waiting (starting, reading the
    /// definitions again) and die of it, the whole process with it, with nothing answered.
    @Test func everyThreadLeavesTheStopSignalsToTheMainThread() throws {
        let server = try ServeProcess()
        #expect(server.answersAnotherClient())
        let tasks = try FileManager.default.contentsOfDirectory(
            atPath: "/proc/\(server.child.pid)/task")
        #expect(tasks.count > 2)
        // SigBlk: a hexadecimal mask, bit N - 1 for signal N.
        let stopSignals: UInt64 =
            1 << (UInt64(SIGHUP) - 1) | 1 << (UInt64(SIGINT) - 1)
            | 1 << (UInt64(SIGTERM) - 1)
        // The main thread unblocks them while it waits in sigwait, to be woken by them.
        for task in tasks where task != String(server.child.pid) {
            let status = try String(
                contentsOfFile: "/proc/\(server.child.pid)/task/\(task)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
            let mask = try #require(
                UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16))
            #expect(mask & stopSignals == stopSignals, "thread \(task): \(line)")
        }
        #expect(server.stop() == 0)
    }

    @Test func sigtermAnswersTheRequestsInFlightThenExits0() throws {
        let server = try ServeProcess()
        // Requests whose headers are in and whose bodies are held back: in flight, and the
        // only requests the server has.
        let held = try (0..<4).map { index in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /v1/users/held\(index)/walkthroughs/foodpin/steps HTTP/1.1\r\nHost: x\r\n"
                    + ServeProcess.serviceHeader
                    + "Expect: 100-continue\r\nContent-Length: 90\r\n\r\n")
            let interim = connection.readResponse(timeout: 10, interim: true)
            #expect(interim?.status == 100, "the server did not ask for the body")
            return connection
        }
        server.child.signal(SIGTERM)
        #expect(
            waitUntil(timeout: 10, interval: 10) {
                server.child.standardError.contains("stopping (SIGTERM)")
            })
        // It no longer accepts connections…
        #expect(
            waitUntil(timeout: 10, interval: 10) { (try? RawConnection(port: server.port)) == nil })
        // …and answers the requests in flight, then exits.
        for (index, connection) in held.enumerated() {
            let body =
                #"{"id": "d0000000-0000-4000-8000-00000000000\#(index)", "step": "page", "page": 2, "version": 1}"#
            connection.send(body + String(repeating: " ", count: 90 - body.utf8.count))
            let answer = connection.readResponse(timeout: 15)
            #expect(answer?.status == 200, "held\(index): \(answer?.head ?? "no answer")")
            #expect(answer?.text.contains(#""lastPage":2"#) == true)
            #expect(answer?.headers["connection"]?.lowercased() == "close")
        }
        #expect(server.child.wait(timeout: 30) == 0)
        #expect(server.child.standardError.contains("stopped"))
        for index in 0..<4 {
            let written = try Self.events(user: "held\(index)", database: server.database)
            #expect(written == [SentStep(kind: "page", page: 2)], "held\(index): \(written)")
        }
    }

    @Test func sigtermUnderLoadExits0AndLosesNoAcknowledgedStep() throws {
        let server = try ServeProcess()
        let clients = StepClients(count: 8, port: server.port, prefix: "busy")
        defer { clients.finish() }
        #expect(waitUntil(timeout: 60, interval: 10) { clients.total >= 24 })
        server.child.signal(SIGTERM)
        // The clients go on sending until it has exited: every answer they got was whole.
        #expect(server.child.wait(timeout: 30) == 0)
        clients.finish()
        #expect(clients.refused.withLock { $0 }.isEmpty, "\(clients.refused.withLock { $0 })")
        #expect(server.child.standardError.contains("stopped"))
        try Self.expectEveryAcknowledgedStepWritten(clients, database: server.database, count: 8)
    }
}
#endif
