import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughBench

/// The `serve` suite: reading wrk's result, the watchdog that stops what it started, and the
/// suite's output shape (never its timings).
struct ServeSuiteTests {
    @Test func wrksResultLineIsReadAndErrorsAreNotAnswers() throws {
        let output = """
            Running 1s test @ http://127.0.0.1:8080
              2 threads and 64 connections
            wrk-result requests=12000 duration_us=1500000 p50_us=800 p99_us=4250 connect=0 read=2 write=0 status=0 timeout=0
            Requests/sec:   8000.00
            """
        let result = try #require(Wrk.Result.parse(output))
        #expect(result.requests == 12_000)
        #expect(result.requestsPerSecond == 8_000)
        #expect(result.p99Milliseconds == 4.25)
        // A read error is a connection closed between requests, which wrk opens again.
        #expect(result.allAnswered)

        let refused = try #require(
            Wrk.Result.parse(
                "wrk-result requests=10 duration_us=1000000 p50_us=1 p99_us=2 connect=0 read=0 "
                    + "write=0 status=10 timeout=0"))
        #expect(!refused.allAnswered)
        #expect(refused.errorSummary.contains("status ≥ 400 10"))

        #expect(Wrk.Result.parse("Requests/sec:   8000.00") == nil)
        #expect(Wrk.Result.parse("wrk-result requests=1 duration_us=x") == nil)
        #expect(Wrk.Result.parse("wrk-result requests=1 duration_us=2") == nil)
    }

    @Test func theServersPortIsReadFromItsListeningLine() {
        let log =
            "2026-12-05T10:00:00Z listening on http://127.0.0.1:40123: 10 walkthroughs from /x\n"
        #expect(ServeProcess.port(in: log) == 40_123)
        #expect(ServeProcess.port(in: "2026-12-05T10:00:00Z starting\n") == nil)
    }

    @Test func stoppingABackgroundProgramTerminatesItThroughItsWatchdog() throws {
        let folder = try TemporaryFolder()
        let program = try BackgroundProcess(
            executable: "/bin/sleep", arguments: ["300"], environment: [:],
            log: folder.path + "/log")
        #expect(program.isRunning)
        program.stop()
        #expect(!program.isRunning)
        #expect(program.exitStatus == 128 + SIGTERM)
        program.stop()  // a second stop does nothing
    }

    @Test func everyStepIdTheScriptMakesIsAUUIDOfItsRoundThreadAndCount() {
        let script = WrkScript.text(
            .steps(walkthrough: "bench", pages: 3), secret: "s3cret", users: 100_000)
        #expect(
            script.contains(
                #"string.format("%08x-%04x-4000-8000-%012x", round, thread_number, sent)"#))
        #expect(script.contains("math.random(0, 99999)"))
        #expect(script.contains(#"["Authorization"] = "Bearer s3cret""#))
        #expect(script.contains("/walkthroughs/bench/steps"))
        #expect(script.contains("function done(summary, latency, requests)"))
    }

    /// The suite runs the `walkthrough` next to the benchmark. Built without the `Server` trait
    /// (or without wrk or nginx), it is one unavailable line saying why; with all three, its
    /// seven lines, each measured.
    @Test func serveIsItsSevenLinesOrOneUnavailableLineSayingWhy() throws {
        let result = try ChildProcess.run(
            [builtExecutable("walkthrough-bench"), "serve", "--quick", "--json"], timeout: 300)
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(objects.allSatisfy { $0["suite"] as? String == "serve" })
        if objects.count == 1 {
            let reason = try #require(objects[0]["unavailable"] as? String)
            #expect(
                reason.contains("--traits default,Server") || reason.contains("apt-get install"),
                "\(reason)")
            return
        }
        #expect(
            objects.map { $0["metric"] as? String } == [
                "req/s", "ms", "req/s", "ms", "req/s", "MiB", "MiB",
            ])
        for object in objects {
            #expect(object["unavailable"] == nil, "\(object)")
            #expect(try #require(object["ours"] as? Double) > 0)
            #expect(try #require(object["baseline"] as? Double) > 0)
        }
    }
}
