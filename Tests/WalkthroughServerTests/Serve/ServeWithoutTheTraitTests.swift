#if !SERVER
import Testing
import WalkthroughTestSupport

/// A build without the `Server` trait (the README's `swift build`): `serve` says how to get
/// one, and exits 69.
@Suite struct ServeWithoutTheTraitTests {
    @Test func serveExplainsHowToBuildTheServerAndExits69() throws {
        let result = try ChildProcess.run(
            [builtExecutable("walkthrough"), "serve", repositoryRoot() + "/walkthroughs"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("--traits default,Server"))
        #expect(result.standardError.contains("libmicrohttpd-dev"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
#endif
