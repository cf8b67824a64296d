import Foundation
import Testing
import WalkthroughTestSupport
import WalkthroughWeb

@testable import WalkthroughCLI

/// `walkthrough export --client DIR`, in-process and without the `Server` trait: the web
/// client's module, the bytes `walkthrough serve` answers `GET /v1/client.js` with
/// (`WebClientModuleTests` compares the two over HTTP).
struct ExportClientCommandTests {
    @Test func writesTheClientModule() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.folder.file("web/static")
        let result = sandbox.run(["export", "--client", folder])
        #expect(result.code == .success, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let bytes = WebClientModule.bytes
        #expect(
            result.standardOutput
                == "Wrote \(folder)/client.js: the web client, \(bytes.count) bytes; serve it "
                + "with your web app, or import it from walkthrough serve's /v1/client.js.\n")
        let written = try #require(FileManager.default.contents(atPath: folder + "/client.js"))
        #expect(Array(written) == bytes)
        #expect(bytes.count <= 40 * 1024)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["client.js"])
        // Again: replaced whole, the same bytes.
        #expect(sandbox.run(["export", "--client", folder]).code == .success)
        #expect(FileManager.default.contents(atPath: folder + "/client.js") == written)
    }

    @Test(arguments: [
        ["export", "--client", "web", "--html", "out"],
        ["export", "foodpin", "--client", "web"],
        ["export", "--client", "web", "--locale", "en"],
        ["export", "--client", "web", "--user", "alice"],
    ])
    func theClientIsWrittenAlone(arguments: [String]) throws {
        let sandbox = try Sandbox()
        let result = sandbox.run(arguments)
        #expect(result.code == .usage)
        #expect(
            result.standardError.hasPrefix(
                "Error: --client writes the web client alone: 'walkthrough export --client <dir>'"),
            "\(result.standardError)")
        #expect(!sandbox.folder.exists("web"))
    }

    @Test func aFolderThatCannotBeWrittenIsAnIOError() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("a file", to: "plain")
        let result = sandbox.run(["export", "--client", sandbox.folder.file("plain/web")])
        #expect(result.code == .ioError)
        #expect(result.standardOutput.isEmpty)
        let empty = sandbox.run(["export", "--client", ""])
        #expect(empty.code == .usage)
        #expect(empty.standardError.contains("--client needs a folder"))
    }
}
