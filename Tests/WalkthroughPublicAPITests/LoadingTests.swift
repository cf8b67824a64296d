import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Definitions a tool ships inside itself: from data, a string, and its resource bundle.
struct LoadingTests {
    @Test func loadsFromData() throws {
        let walkthrough = try DefinitionLoader.load(data: Data(Fixtures.intro().utf8))
        #expect(walkthrough.id == "intro")
        #expect(walkthrough.pages.map(\.heading) == ["One", "Two", "Three"])
        #expect(walkthrough.navigation == .linear)
    }

    @Test func loadsFromAStringWithTheDefaultIDFromItsName() throws {
        let walkthrough = try DefinitionLoader.load(
            string: #"{"pages": [{"heading": "Hi", "content": ""}]}"#, name: "hello.json")
        #expect(walkthrough.id == "hello")
        #expect(walkthrough.baseDirectory == nil)
    }

    @Test func aJSONSourceLoadsLikeData() throws {
        let walkthrough = try DefinitionSource.json(Fixtures.intro(version: 3)).load()
        #expect(walkthrough.version == 3)
    }

    @Test func loadsABundledDefinitionAndItsImageResolvesInsideTheBundle() throws {
        let url = try Fixtures.tourURL
        let walkthrough = try DefinitionLoader.load(contentsOf: url)
        #expect(walkthrough.id == "tour")
        let folder = url.deletingLastPathComponent().path
        #expect(walkthrough.baseDirectory == folder)
        let image = try #require(walkthrough.imagePath(of: walkthrough.pages[0]))
        #expect(image == folder + "/images/tour-map.png")
        #expect(FileManager.default.fileExists(atPath: image), "\(image)")
    }

    @Test func aBundledDefinitionHasNoWarnings() throws {
        let report = DefinitionLoader.validate(contentsOf: try Fixtures.tourURL)
        #expect(report.isValid)
        #expect(
            report.diagnostics.isEmpty, "a missing image would be a warning: \(report.diagnostics)")
    }

    @Test func aURLSourceLoadsTheBundledFile() throws {
        let walkthrough = try DefinitionSource.url(try Fixtures.tourURL).load()
        #expect(walkthrough.pages.count == 2)
    }

    @Test func aNetworkURLIsRefusedUnread() throws {
        let url = try #require(URL(string: "https://example.com/tour.json"))
        #expect {
            try DefinitionLoader.load(contentsOf: url)
        } throws: { error in
            guard case DefinitionError.unreadable(let path, let reason) = error else {
                return false
            }
            return path == "https://example.com/tour.json" && reason.contains("only file URLs")
        }
    }

    @Test func aNamedSourceIsFoundOnTheSearchPath() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.intro(), to: "intro.json")
        let resolver = DefinitionResolver(environment: ["WALKTHROUGH_PATH": folder.path])
        #expect(try DefinitionSource.named("intro").load(resolver: resolver).id == "intro")
        #expect(try DefinitionSource.named("intro.json").load(resolver: resolver).id == "intro")
        let literal: DefinitionSource = "intro"
        #expect(literal == .named("intro"))
    }

    @Test func aNameFoundNowhereSaysWhereItLooked() throws {
        let resolver = DefinitionResolver(searchPath: ["/nonexistent-a", "/nonexistent-b"])
        #expect(
            throws: DefinitionError.notFoundOnSearchPath(
                name: "intro", searched: ["/nonexistent-a", "/nonexistent-b"])
        ) {
            try DefinitionSource.named("intro").load(resolver: resolver)
        }
    }
}
