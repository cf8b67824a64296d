import Foundation
import WalkthroughKit

/// `definition-load`: decoding and validating a large definition from memory
/// (`DefinitionLoader.validate(data:)`, every rule of the format, every diagnostic with its line
/// and column) against `JSONSerialization.jsonObject(with:)` parsing the same bytes into
/// Foundation objects, which checks nothing of the format: the floor for any JSON loader here.
///
/// No file is read on either side while timing. Peak memory is measured in a fresh process per
/// side (this binary, re-run), so the two peaks cannot mix.
enum DefinitionLoadSuite {
    static func run(_ context: BenchContext) throws -> [Measurement] {
        let pages = context.quick ? 1_000 : 10_000
        let rounds = context.quick ? 3 : 11
        let perRound = max(1, 10_000 / pages)
        let data = DefinitionGenerator.make(pages: pages)
        try checkBothAccept(data, pages: pages)

        let bytes = [UInt8](data)
        let result = try Interleaved.run(rounds: rounds) { _ in
            var valid = 0
            let elapsed = Clock.measure {
                for _ in 0..<perRound
                where DefinitionLoader.validate(bytes: bytes, name: "bench.json").isValid {
                    valid += 1
                }
            }
            guard valid == perRound else { throw BenchError("the definition became invalid") }
            return Double(elapsed) / 1e6 / Double(perRound)
        } baseline: { _ in
            var parsed = 0
            let elapsed = Clock.measure {
                for _ in 0..<perRound
                where (try? JSONSerialization.jsonObject(with: data)) is [String: Any] {
                    parsed += 1
                }
            }
            guard parsed == perRound else { throw BenchError("JSONSerialization failed") }
            return Double(elapsed) / 1e6 / Double(perRound)
        }
        let size = Format.value(Double(data.count) / 1_000_000) + " MB"
        var measurements = [
            Measurement(
                .definitionLoad, "load + validate, \(Format.count(pages)) pages (\(size))",
                metric: .milliseconds, n: pages, ours: Summary(result.ours),
                baseline: Summary(result.baseline))
        ]
        measurements += try peakMemory(data, pages: pages, context: context)
        return measurements
    }

    /// Fails unless our loader finds the definition valid with every page and
    /// `JSONSerialization` parses it.
    private static func checkBothAccept(_ data: Data, pages: Int) throws {
        let report = data.withUnsafeBytes {
            DefinitionLoader.validate(bytes: $0, name: "bench.json")
        }
        guard let walkthrough = report.walkthrough, walkthrough.pages.count == pages,
            report.diagnostics.isEmpty
        else {
            let first = report.diagnostics.first.map(\.description) ?? "no walkthrough"
            throw BenchError("the generated definition is not valid: \(first)")
        }
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard (object?["pages"] as? [Any])?.count == pages else {
            throw BenchError("JSONSerialization did not read \(pages) pages")
        }
    }

    /// Peak resident memory of a process that reads the file and loads it, and what the load
    /// itself added (the peak minus the resident set just before it).
    private static func peakMemory(
        _ data: Data, pages: Int, context: BenchContext
    ) throws -> [Measurement] {
        let file = context.folder.file("definition-\(pages).json")
        try data.write(to: URL(fileURLWithPath: file))
        func child(_ side: String) throws -> (peak: Double, added: Double) {
            let spawn = Spawn(
                executable: context.executable,
                arguments: [ChildCommand.marker, "definition-load", side, file],
                environment: context.environment)
            let outcome = try spawn.run(capture: true)
            let numbers = outcome.standardOutput.split(whereSeparator: \.isWhitespace)
                .compactMap { Double($0) }
            guard outcome.status == 0, numbers.count == 2 else {
                throw BenchError(
                    "the \(side) child exited with \(outcome.status): \(outcome.standardError)")
            }
            return (numbers[1] / 1024, (numbers[1] - numbers[0]) / 1024)
        }
        var ours: [(peak: Double, added: Double)] = []
        var baseline: [(peak: Double, added: Double)] = []
        _ = try Interleaved.run(rounds: context.quick ? 1 : 3, warmUp: false) { _ in
            ours.append(try child("ours"))
            return 0
        } baseline: { _ in
            baseline.append(try child("baseline"))
            return 0
        }
        return [
            Measurement(
                .definitionLoad, "peak RSS of a process loading it", metric: .mebibytes,
                n: pages, ours: Summary(ours.map(\.peak)), baseline: Summary(baseline.map(\.peak))),
            Measurement(
                .definitionLoad, "memory the load adds (peak - RSS before)", metric: .mebibytes,
                n: pages, ours: Summary(ours.map(\.added)),
                baseline: Summary(baseline.map(\.added))),
        ]
    }
}
