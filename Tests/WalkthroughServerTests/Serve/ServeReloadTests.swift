#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// Definitions read again while `walkthrough serve` runs: when a file of the served folder
/// changes, on SIGHUP, and an invalid file keeping its last good version.
@Suite(.serialized) struct ServeReloadTests {
    /// A definition of `reload` with `title`.
    static func definition(version: Int, title: String) -> String {
        """
        {"id": "reload", "version": \(version), "title": "\(title)",
         "pages": [{"id": "one", "heading": "One", "content": "The first page."},
                   {"id": "two", "heading": "Two", "content": "The second page."}]}
        """
    }

    /// The title the server gives `reload` now: in `/v1/walkthroughs` and in an evaluation's
    /// metadata (both must agree).
    static func title(_ server: ServeProcess) throws -> String? {
        let service = ["Authorization": "Bearer \(ServeProcess.serviceSecret)"]
        let list = try HTTPExchange.send("GET", server.base + "/v1/walkthroughs", headers: service)
        let evaluation = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/reload", headers: service,
            body: #"{"context": {"targetingKey": "reader"}}"#)
        guard
            let items = try JSONSerialization.jsonObject(with: Data(list.body.utf8))
                as? [[String: Any]],
            let listed = items.first(where: { $0["id"] as? String == "reload" })?["title"]
                as? String,
            let answer = try JSONSerialization.jsonObject(with: Data(evaluation.body.utf8))
                as? [String: Any],
            let metadata = answer["metadata"] as? [String: Any],
            metadata["title"] as? String == listed
        else { return nil }
        return listed
    }

    /// `/readyz`'s `invalid` files.
    static func invalidFiles(_ server: ServeProcess) throws -> [String] {
        let ready = try HTTPExchange.send("GET", server.base + "/readyz")
        let object = try JSONSerialization.jsonObject(with: Data(ready.body.utf8)) as? [String: Any]
        let invalid = object?["invalid"] as? [[String: Any]] ?? []
        return invalid.compactMap { $0["file"] as? String }
    }

    @Test func aChangedFileIsServedWithoutARestart() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.definition(version: 1, title: "First"), to: "reload.json")
        let server = try ServeProcess(folders: [folder.path])
        #expect(try Self.title(server) == "First")
        try folder.write(Self.definition(version: 2, title: "Second"), to: "reload.json")
        #expect(waitUntil(timeout: 20, interval: 50) { (try? Self.title(server)) == "Second" })
        #expect(try Self.invalidFiles(server).isEmpty)
        #expect(server.child.standardError.contains("definitions read again"))
        #expect(server.stop() == 0)
    }

    @Test func sighupReadsTheDefinitionsAgain() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.definition(version: 1, title: "Before"), to: "reload.json")
        let server = try ServeProcess(folders: [folder.path])
        #expect(try Self.title(server) == "Before")
        // The new version is written and the file kept open: no change is announced by the
        // folder (that comes when the file is closed), so only SIGHUP reads it.
        let descriptor = open(file, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let text = Array(Self.definition(version: 2, title: "After").utf8)
        #expect(ftruncate(descriptor, 0) == 0)
        #expect(
            text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == text.count)
        #expect(try Self.title(server) == "Before")
        server.child.signal(SIGHUP)
        #expect(waitUntil(timeout: 20, interval: 50) { (try? Self.title(server)) == "After" })
        #expect(server.child.standardError.contains("definitions read again (SIGHUP)"))
        #expect(server.stop() == 0)
    }

    @Test func anInvalidFileKeepsItsLastGoodVersionAndReadyzNamesIt() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.definition(version: 1, title: "Good"), to: "reload.json")
        let server = try ServeProcess(folders: [folder.path])
        #expect(try Self.title(server) == "Good")
        try folder.write(
            #"{"id": "reload", "version": 2, "title": "Broken", "pages": ["#, to: "reload.json")
        #expect(waitUntil(timeout: 20, interval: 50) { (try? Self.invalidFiles(server)) == [file] })
        #expect(try Self.title(server) == "Good")
        let ready = try HTTPExchange.send("GET", server.base + "/readyz")
        #expect(ready.status == 200)
        #expect(server.child.standardError.contains(file))
        // SIGHUP reads it again, and it is still refused.
        server.child.signal(SIGHUP)
        #expect(
            waitUntil(timeout: 20, interval: 50) {
                server.child.standardError.contains("definitions read again (SIGHUP)")
            })
        #expect(try Self.invalidFiles(server) == [file])
        #expect(try Self.title(server) == "Good")
        // Fixed, it is served as it is now.
        try folder.write(Self.definition(version: 3, title: "Fixed"), to: "reload.json")
        #expect(waitUntil(timeout: 20, interval: 50) { (try? Self.title(server)) == "Fixed" })
        #expect(try Self.invalidFiles(server).isEmpty)
        #expect(server.stop() == 0)
    }
}
#endif
