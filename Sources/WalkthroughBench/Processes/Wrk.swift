import WalkthroughKit

/// wrk, the HTTP load generator (Debian's `wrk`): a fixed number of keep-alive connections
/// for a fixed time, each request made by a ``WrkScript``.
struct Wrk {
    /// What one run measured, from the line the script's `done()` writes.
    struct Result: Equatable {
        /// Requests answered.
        var requests: Int
        /// The run's length, in microseconds, as wrk timed it.
        var durationMicroseconds: Int
        /// The median latency, in microseconds.
        var p50Microseconds: Int
        /// The 99th percentile of latency, in microseconds.
        var p99Microseconds: Int
        /// Connections that could not be made, reads and writes that failed, answers with a
        /// status of 400 or more, requests that timed out.
        var errors: (connect: Int, read: Int, write: Int, status: Int, timeout: Int)

        /// Requests answered per second.
        var requestsPerSecond: Double {
            Double(requests) / (Double(max(durationMicroseconds, 1)) / 1e6)
        }

        /// The 99th percentile of latency, in milliseconds.
        var p99Milliseconds: Double { Double(p99Microseconds) / 1000 }

        /// Whether every request was answered with a success: no connection failed, no
        /// answer was an error status, nothing timed out. (A read error is a connection the
        /// server closed between requests, which wrk reopens.)
        var allAnswered: Bool {
            errors.connect == 0 && errors.write == 0 && errors.status == 0 && errors.timeout == 0
        }

        /// The errors, for a message.
        var errorSummary: String {
            "connect \(errors.connect), read \(errors.read), write \(errors.write), "
                + "status ≥ 400 \(errors.status), timeout \(errors.timeout)"
        }

        static func == (left: Result, right: Result) -> Bool {
            left.requests == right.requests
                && left.durationMicroseconds == right.durationMicroseconds
                && left.p50Microseconds == right.p50Microseconds
                && left.p99Microseconds == right.p99Microseconds
                && left.errors == right.errors
        }

        /// The result in wrk's output: the `wrk-result key=value …` line, or `nil`.
        static func parse(_ output: String) -> Result? {
            guard
                let line = output.split(separator: "\n").last(where: { $0.hasPrefix("wrk-result ") }
                )
            else { return nil }
            var values: [String: Int] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                values[String(parts[0])] = value
            }
            let names = [
                "requests", "duration_us", "p50_us", "p99_us", "connect", "read", "write",
                "status", "timeout",
            ]
            guard names.allSatisfy({ values[$0] != nil }) else { return nil }
            return Result(
                requests: values["requests"]!, durationMicroseconds: values["duration_us"]!,
                p50Microseconds: values["p50_us"]!, p99Microseconds: values["p99_us"]!,
                errors: (
                    values["connect"]!, values["read"]!, values["write"]!, values["status"]!,
                    values["timeout"]!
                ))
        }
    }

    /// The `wrk` program.
    var executable: String
    /// Keep-alive connections held open for the whole run.
    var connections = 64
    /// wrk's threads (each an event loop over its share of the connections).
    var threads = 2

    /// Runs `script` against `url` for `seconds`, passing `round` to the script.
    ///
    /// - Throws: ``BenchError`` when wrk fails or its output has no result line.
    func run(url: String, script: String, seconds: Int, round: Int) throws -> Result {
        let outcome = try Spawn(
            executable: executable,
            arguments: [
                "-t", String(threads), "-c", String(connections), "-d", "\(seconds)s",
                "--timeout", "10s", "--latency", "-s", script, url, "--", String(round),
            ],
            environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        ).run(capture: true)
        guard outcome.status == 0, let result = Result.parse(outcome.standardOutput) else {
            throw BenchError(
                "wrk exited \(outcome.status) without a result: "
                    + String((outcome.standardError + outcome.standardOutput).suffix(600)))
        }
        return result
    }
}
