import WalkthroughKit

extension ServeSuite {
    /// The resident memory (`VmRSS`) of the server holding 1,000 idle keep-alive connections,
    /// each of which sent one single evaluation and read its answer, against nginx's master
    /// and workers holding as many (each fetched the static file once). `stage` says when: on
    /// the server as started, or after the load lines (whose figure includes whatever serving
    /// them left behind).
    static func idleLine(_ setup: Setup, stage: String) throws -> Measurement {
        let count = setup.context.quick ? 100 : 1_000
        let roundCount = setup.context.quick ? 1 : 3
        let pid = setup.server.process.pid
        // The server's resident set before and while each round's connections are open, MiB.
        var rounds = [(before: Double, with: Double)]()
        setup.context.progress(
            "\(Format.count(count)) idle connections, \(stage): \(roundCount) rounds")
        let result = try Interleaved.run(rounds: roundCount, warmUp: false) { _ in
            let before = Double(PeakMemory.residentKiB(process: pid) ?? 0) / 1024
            let held = try open(count, port: setup.server.port) { connection in
                try connection.exchange(
                    "POST", "/ofrep/v1/evaluate/flags/\(ServeFixture.walkthrough)",
                    headers: setup.fixture.headers,
                    body: ServeFixture.context(user: SeenDatabase.user(0)))
            }
            guard let resident = PeakMemory.residentKiB(process: pid) else {
                throw BenchError("walkthrough serve ended while holding \(held.count) connections")
            }
            for connection in held { connection.close() }
            rounds.append((before, Double(resident) / 1024))
            return Double(resident) / 1024
        } baseline: { _ in
            let held = try open(count, port: setup.nginx.port) { connection in
                try connection.exchange("GET", "/" + singleFile, headers: setup.fixture.headers)
            }
            let resident = setup.nginx.residentKiB()
            for connection in held { connection.close() }
            return Double(resident) / 1024
        }
        // The first round shows what the connections add; the later ones start from what the
        // allocator kept of the connections the round before closed.
        let first = rounds[0]
        let perConnection = (first.with - first.before) * 1024 / Double(count)
        let kept = rounds.dropFirst().map { Format.value($0.before) }.joined(separator: ", ")
        return Measurement(
            .serve,
            "\(Format.count(count)) idle keep-alive connections, \(stage): serve vs nginx "
                + "resident memory",
            metric: .mebibytes, n: count, ours: Summary(result.ours),
            baseline: Summary(result.baseline),
            note:
                "idle connections, \(stage): each sent one request and stays open; the "
                + "server's VmRSS (nginx: master + 2 workers) while they are open; before the "
                + "first round \(Format.value(first.before)) MiB, \(Format.value(perConnection)) "
                + "KiB more a connection"
                + (kept.isEmpty
                    ? "" : "; before the next rounds \(kept) MiB (kept by the allocator)")
                + "; target ≤ 64 MiB")
    }

    /// Opens `count` connections to `port`, sends `request` on each and keeps them open.
    ///
    /// - Throws: ``BenchError`` when a connection fails or an answer is not 200.
    private static func open(
        _ count: Int, port: UInt16, request: (LoopbackHTTP) throws -> LoopbackHTTP.Response
    ) throws -> [LoopbackHTTP] {
        var held: [LoopbackHTTP] = []
        held.reserveCapacity(count)
        for index in 0..<count {
            let connection = try LoopbackHTTP(port: port)
            let response = try request(connection)
            guard response.status == 200 else {
                throw BenchError(
                    "connection \(index + 1) of \(count) to 127.0.0.1:\(port) was answered "
                        + "\(response.status): \(response.text.prefix(200))")
            }
            held.append(connection)
        }
        return held
    }
}
