import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

@testable import WalkthroughBench

/// The benchmark's command line and output shape (never its timings).
struct BenchCommandTests {
    /// The built `walkthrough-bench` next to this test bundle.
    static let binary = builtExecutable("walkthrough-bench")

    /// Runs the binary and returns its status, standard output and standard error.
    private func run(_ arguments: [String]) throws -> (Int32, String, String) {
        // The quick suites take seconds; the limit only stops a hang.
        let result = try ChildProcess.run([Self.binary] + arguments, timeout: 300)
        return (result.status, result.standardOutput, result.standardError)
    }

    @Test func aRatioBelowOneKeepsTheDigitThatDecidesATarget() {
        #expect(Format.ratio(29_796.0 / 100_060.0) == "0.298×")
        #expect(Format.ratio(0.5) == "0.500×")
        #expect(Format.ratio(1.0449) == "1.04×")
        #expect(Format.ratio(5.284) == "5.28×")
        #expect(Format.ratio(12.34) == "12.3×")
    }

    @Test func namedSuitesRunInTheirFixedOrder() throws {
        let parsed = try BenchOptions.parse(["gate", "navigator", "--quick", "--json"])
        var expected = BenchOptions()
        expected.suites = [.navigator, .gate]
        expected.quick = true
        expected.json = true
        #expect(parsed == .run(expected))
        #expect(try BenchOptions.parse([]) == .run(BenchOptions()))
        #expect(BenchOptions().suites == SuiteName.allCases)
    }

    @Test func anUnknownSuiteSuggestsTheClosestOne() throws {
        let error = try #require(throws: BenchOptions.UsageError.self) {
            try BenchOptions.parse(["store-lookups"])
        }
        #expect(
            error.message
                == "Unknown suite 'store-lookups'. Did you mean 'store-lookup'? "
                + "(see 'walkthrough-bench --help')")
    }

    @Test func theWalkthroughOptionNeedsAPath() throws {
        #expect(throws: BenchOptions.UsageError.self) {
            try BenchOptions.parse(["gate", "--walkthrough"])
        }
        var expected = BenchOptions()
        expected.walkthroughPath = "/opt/walkthrough"
        #expect(try BenchOptions.parse(["--walkthrough", "/opt/walkthrough"]) == .run(expected))
    }

    @Test func theBackendOptionPicksOneStoresLines() throws {
        var expected = BenchOptions()
        expected.backends = [.postgresql]
        #expect(try BenchOptions.parse(["--backend", "postgresql"]) == .run(expected))
        expected.backends = [.sqlite]
        #expect(try BenchOptions.parse(["--backend=sqlite"]) == .run(expected))
        #expect(BenchOptions().backends == [.sqlite, .postgresql])
        let error = try #require(throws: BenchOptions.UsageError.self) {
            try BenchOptions.parse(["--backend", "postgres"])
        }
        #expect(
            error.message
                == "Unknown backend 'postgres'. Did you mean 'postgresql'? "
                + "(see 'walkthrough-bench --help')")
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions.parse(["--backend"]) }
    }

    @Test(arguments: [["--nope"], ["nosuchsuite"], ["navigator", "--quik"]])
    func aWrongCommandLineExits64WithOneLine(arguments: [String]) throws {
        let (status, stdout, stderr) = try run(arguments)
        #expect(status == 64)
        #expect(stdout.isEmpty)
        #expect(stderr.hasPrefix("Error: Unknown "))
        #expect(stderr.split(separator: "\n").count == 1)
    }

    @Test func helpNamesEverySuite() throws {
        let (status, stdout, _) = try run(["--help"])
        #expect(status == 0)
        for suite in SuiteName.allCases { #expect(stdout.contains("  " + suite.rawValue + " ")) }
    }

    @Test func quickJSONHasOneObjectPerMeasurementWithTheContractKeys() throws {
        let (status, stdout, stderr) = try run([
            "navigator", "definition-load", "--quick", "--json",
        ])
        #expect(status == 0, "\(stderr)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
        // definition-load: time, peak RSS, memory added; navigator: one line. Suite order.
        #expect(
            objects.map { $0["suite"] as? String } == [
                "definition-load", "definition-load", "definition-load", "navigator",
            ])
        #expect(objects.map { $0["metric"] as? String } == ["ms", "MiB", "MiB", "ns/move"])
        for object in objects {
            for key in [
                "suite", "metric", "n", "ours", "baseline", "ratio", "oursMin", "oursMax",
                "baselineMin", "baselineMax",
            ] {
                #expect(object[key] != nil, "\(key) missing in \(object)")
            }
            let ours = try #require(object["ours"] as? Double)
            let baseline = try #require(object["baseline"] as? Double)
            let ratio = try #require(object["ratio"] as? Double)
            #expect(abs(ratio - ours / baseline) <= 0.002 * max(1, ratio))
            #expect(try #require(object["oursMin"] as? Double) <= ours)
            #expect(try #require(object["oursMax"] as? Double) >= ours)
        }
        #expect(objects[0]["n"] as? Int == 1_000)
    }

    /// `embed` launches three host tools, each with the one-call gate, without the call and
    /// without the library: the README's recipe (the definition in its resources), a host that
    /// imports FoundationEssentials and one without Foundation. It reports time and memory for
    /// each, then the recipe's call alone and its call without the memo (never a time checked,
    /// only the shape): every host's memo is in place before the rounds.
    @Test func embedComparesEachHostToolWithAndWithoutTheLibrary() throws {
        let (status, stdout, stderr) = try run(["embed", "--quick", "--json"])
        #expect(status == 0, "\(stderr)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
        try #require(objects.count == 8, "\(objects)")
        #expect(
            objects.map { $0["metric"] as? String } == [
                "ms", "MiB", "ms", "MiB", "ms", "MiB", "ms", "ms",
            ])
        let labels = objects.map { $0["label"] as? String ?? "" }
        let hosts = ["README recipe (resources)", "FoundationEssentials", "without Foundation"]
        for (index, host) in hosts.enumerated() {
            #expect(labels[2 * index].hasPrefix("host launch, "), "\(labels)")
            #expect(labels[2 * index].contains(host), "\(labels)")
            #expect(labels[2 * index + 1].hasPrefix("host peak memory, "), "\(labels)")
            #expect(labels[2 * index + 1].contains(host), "\(labels)")
            #expect(
                (objects[2 * index]["note"] as? String)?.hasSuffix(
                    "the call answers from its memo") == true, "\(objects[2 * index])")
        }
        #expect(labels[6].contains("gate call vs the same binary without it"))
        #expect(labels[7].contains("without its memo"))
        for object in objects {
            #expect(object["suite"] as? String == "embed")
            #expect(object["unavailable"] == nil, "\(object)")
            #expect(object["ours"] is Double)
            #expect(object["baseline"] is Double)
            #expect((object["note"] as? String)?.contains(": added ") == true, "\(object)")
        }
    }
}
