import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// What a host that links the libraries loads, checked on the built binaries with the dynamic
/// loader's own trace (`LD_DEBUG=files`), which names every library a process maps and why.
/// (Which C libraries each product links — none of libpq, libpng or libjpeg for a host of
/// `WalkthroughKit` and `WalkthroughTerminal` without `Pictures` — is checked on a package built
/// against a tagged release, by `ldd`: scripts/check-versioned-dependency.sh.)
struct LinkedLibraryTests {
    /// The libraries the dynamic loader mapped, from its `LD_DEBUG=files` trace on standard
    /// error: `file=libpng16.so.16 [0];  dynamically loaded by …` gives `libpng16.so.16`.
    private func loaded(_ trace: String) -> Set<String> {
        var names: Set<String> = []
        for line in trace.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            let rest = line[start.upperBound...]
            names.insert(String(rest.prefix { $0 != " " && $0 != "[" }))
        }
        return names
    }

    /// A host tool that links both libraries and makes the one call (`walkthrough-embed-host`,
    /// which imports nothing else) loads no Foundation, FoundationEssentials or Synchronization:
    /// the libraries need none of them, so a tool that does not use them pays nothing for them.
    @Test func aHostMakingTheGateCallLoadsNoFoundationAndNoSynchronization() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.copyExample("foodpin.json")
        let marked = try sandbox.execute(["mark", "foodpin"])
        #expect(marked.status == 0, "\(marked.standardError)")
        var environment = sandbox.environment
        environment["LD_DEBUG"] = "files"
        let host = try ChildProcess(
            [builtExecutable("walkthrough-embed-host"), "gate", path], environment: environment,
            directory: sandbox.folder.path)
        host.closeInput()
        #expect(host.wait() == 0, "\(host.standardError.suffix(300))")
        #expect(host.standardOutput == "work done\n", "nothing due, nothing shown")
        let names = loaded(host.standardError)
        #expect(names.contains("libswiftCore.so"), "the trace works: \(names.sorted())")
        for name in names {
            #expect(!name.hasPrefix("libFoundation"), "the host loaded \(name)")
            #expect(!name.hasPrefix("lib_Foundation"), "the host loaded \(name)")
            #expect(name != "libswiftSynchronization.so", "the host loaded \(name)")
        }
    }

    /// A host that does not enable the fleet (`walkthrough-embed-host` links `WalkthroughKit`
    /// and `WalkthroughTerminal` only) given a PostgreSQL URL: nothing shown, the tool's work
    /// done, no libpq mapped, and the reason names the product it lacks.
    @Test func aHostWithoutTheFleetGivenAPostgreSQLURLShowsNothingAndSaysWhy() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.copyExample("foodpin.json")
        var environment = sandbox.environment
        environment["WALKTHROUGH_DB"] = "postgresql://amy:secret@127.0.0.1:1/fleet"
        environment["LD_DEBUG"] = "files"
        let host = try ChildProcess(
            [builtExecutable("walkthrough-embed-host"), "report", path],
            environment: environment, directory: sandbox.folder.path)
        host.closeInput()
        #expect(host.wait() == 0, "\(host.standardError.suffix(300))")
        let lines = host.standardOutput.split(separator: "\n")
        #expect(lines.last == "work done", "\(host.standardOutput)")
        let report = String(lines.first ?? "")
        #expect(report.hasPrefix("not shown: "), "\(report)")
        #expect(report.contains("WalkthroughFleet"), "\(report)")
        #expect(!report.contains("secret"), "\(report)")
        #expect(!loaded(host.standardError).contains("libpq.so.5"))
    }
}
