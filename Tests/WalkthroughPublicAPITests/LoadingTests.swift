import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Definitions a tool ships inside itself: from data, a string, and its resource bundle.
struct LoadingTests {
    @Test func loadsFromData() throws {
        let walkthrough = try DefinitionLoader.load(bytes: Array(Fixtures.intro().utf8))
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
        let path = try Fixtures.tourPath
        let walkthrough = try DefinitionSource.resource("Definitions/tour.json").load()
        #expect(walkthrough.id == "tour")
        let folder = String(path[..<path.lastIndex(of: "/")!])
        #expect(walkthrough.baseDirectory == folder)
        let image = try #require(walkthrough.imagePath(of: walkthrough.pages[0]))
        #expect(image == folder + "/images/tour-map.png")
        #expect(FileManager.default.fileExists(atPath: image), "\(image)")
    }

    @Test func aBundledDefinitionHasNoWarnings() throws {
        let report = DefinitionLoader.validate(contentsOf: try Fixtures.tourPath)
        #expect(report.isValid)
        #expect(
            report.diagnostics.isEmpty, "a missing image would be a warning: \(report.diagnostics)")
    }

    @Test func aResourceIsTheFileBundleModuleFinds() throws {
        // Found from the executable's path, not the current folder (the README's snippet test
        // runs a tool from another folder).
        let walkthrough = try DefinitionSource.resource("Definitions/tour.json").load()
        let named = try DefinitionSource.resource(
            "Definitions/tour.json", bundle: "WalkthroughKit_WalkthroughPublicAPITests"
        ).load()
        let reference = try DefinitionLoader.load(contentsOf: try Fixtures.tourPath)
        #expect(walkthrough == reference)
        #expect(named == reference)
        #expect(walkthrough.pages.count == 2)
    }

    @Test func aResourceNoBundleHasIsNotFound() throws {
        for source in [
            DefinitionSource.resource("Definitions/missing.json"),
            .resource("Definitions/tour.json", bundle: "NoSuchBundle"),
            .resource(""),
        ] {
            #expect {
                try source.load()
            } throws: { error in
                guard case DefinitionError.notFound(let path) = error else { return false }
                return path.contains("in the tool's resources")
            }
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
