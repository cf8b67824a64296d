import Foundation
import Testing

@testable import WalkthroughBench

/// The benchmark's command line and output shape (never its timings).
struct BenchCommandTests {
    /// The built `walkthrough-bench` next to this test bundle.
    static let binary: String = {
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("walkthrough-bench").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/walkthrough-bench"
    }()

    /// Runs the binary and returns its status, standard output and standard error.
    private func run(_ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self),
            String(decoding: stderr, as: UTF8.self)
        )
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
}
