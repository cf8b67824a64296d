import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// How a `FILE|ID` argument finds its definition: a path, a file name, or an id, on
/// `WALKTHROUGH_PATH` then `./walkthroughs`.
struct DefinitionResolverTests {
    /// Two folders, `first` and `second`, in a temporary folder.
    private struct Folders {
        let root: TemporaryFolder
        var first: String { root.path + "/first" }
        var second: String { root.path + "/second" }

        init() throws {
            root = try TemporaryFolder()
            for folder in ["first", "second"] {
                try FileManager.default.createDirectory(
                    atPath: root.path + "/" + folder, withIntermediateDirectories: true)
            }
        }

        /// A valid definition with `id` written at `path` under the root.
        @discardableResult
        func define(_ path: String, id: String? = nil) throws -> String {
            let idField = id.map { "\"id\": \"\($0)\", " } ?? ""
            return try root.write(
                "{\(idField)\"pages\": [{\"heading\": \"H\", \"content\": \"\"}]}", to: path)
        }

        var resolver: DefinitionResolver {
            DefinitionResolver(environment: ["WALKTHROUGH_PATH": first + ":" + second])
        }
    }

    @Test func theSearchPathIsTheEnvironmentsFoldersThenWalkthroughs() {
        #expect(DefinitionResolver.searchPath(environment: [:]) == ["walkthroughs"])
        #expect(
            DefinitionResolver.searchPath(environment: ["WALKTHROUGH_PATH": "/a::/b/:"])
                == ["/a", "/b/", "walkthroughs"])
        #expect(
            DefinitionResolver(environment: ["WALKTHROUGH_PATH": ""]).searchPath == ["walkthroughs"]
        )
    }

    @Test func anExistingPathIsTheAnswer() throws {
        let folders = try Folders()
        let path = try folders.define("elsewhere/tour.json")
        #expect(try folders.resolver.resolve(path) == path)
        // Even a file that is not a definition: loading reports what is wrong with it.
        let notes = try folders.root.write("notes", to: "notes.txt")
        #expect(try folders.resolver.resolve(notes) == notes)
    }

    @Test func aMissingPathWithASlashIsNotLookedUp() throws {
        let folders = try Folders()
        try folders.define("first/tour.json")
        #expect(throws: DefinitionError.notFound(path: "./tour.json")) {
            try folders.resolver.resolve("./tour.json")
        }
        #expect(throws: DefinitionError.notFound(path: "")) { try folders.resolver.resolve("") }
    }

    @Test func aFolderGivenAsAPathIsRefused() throws {
        let folders = try Folders()
        #expect(throws: DefinitionError.isDirectory(path: folders.first)) {
            try folders.resolver.resolve(folders.first)
        }
    }

    @Test func findsAFileNameWithOrWithoutItsExtension() throws {
        let folders = try Folders()
        let path = try folders.define("second/tour.json")
        #expect(try folders.resolver.resolve("tour.json") == path)
        #expect(try folders.resolver.resolve("tour") == path)
    }

    @Test func theNameWithJSONComesBeforeAFileWithoutIt() throws {
        let folders = try Folders()
        let exact = try folders.define("first/tour")
        let json = try folders.define("first/tour.json")
        #expect(try folders.resolver.resolve("tour") == json)
        try FileManager.default.removeItem(atPath: json)
        #expect(try folders.resolver.resolve("tour") == exact)
    }

    @Test func foldersAreSearchedInOrder() throws {
        let folders = try Folders()
        let first = try folders.define("first/tour.json")
        try folders.define("second/tour.json")
        #expect(try folders.resolver.resolve("tour") == first)
        let reversed = DefinitionResolver(
            environment: ["WALKTHROUGH_PATH": folders.second + ":" + folders.first])
        #expect(try reversed.resolve("tour") == folders.second + "/tour.json")
    }

    @Test func aFolderOnTheSearchPathWithTheNameIsPassedOver() throws {
        let folders = try Folders()
        try FileManager.default.createDirectory(
            atPath: folders.first + "/tour", withIntermediateDirectories: true)
        let path = try folders.define("second/tour.json")
        #expect(try folders.resolver.resolve("tour") == path)
    }

    @Test func findsAnIdByReadingTheDefinitions() throws {
        let folders = try Folders()
        try folders.root.write("{not json", to: "first/a-broken.json")
        try folders.define("first/.hidden.json", id: "welcome")
        let path = try folders.define("first/m-onboarding.json", id: "welcome")
        try folders.define("first/z-later.json", id: "welcome")
        #expect(try folders.resolver.resolve("welcome") == path)
    }

    @Test func fileNamesInEveryFolderComeBeforeIds() throws {
        let folders = try Folders()
        try folders.define("first/other.json", id: "tour")
        let byName = try folders.define("second/tour.json")
        #expect(try folders.resolver.resolve("tour") == byName)
    }

    @Test func aNameEndingInJSONIsNotAnId() throws {
        let folders = try Folders()
        try folders.define("first/other.json", id: "nowhere.json")
        #expect(throws: DefinitionError.self) { try folders.resolver.resolve("nowhere.json") }
    }

    @Test func notFoundNamesEveryPlaceSearched() throws {
        let folders = try Folders()
        let error = #expect(throws: DefinitionError.self) {
            try folders.resolver.resolve("nowhere")
        }
        #expect(
            error
                == .notFoundOnSearchPath(
                    name: "nowhere", searched: [folders.first, folders.second, "walkthroughs"]))
        #expect(
            error?.description
                == "nowhere: no such walkthrough file or id; looked in \(folders.first), "
                + "\(folders.second), walkthroughs; give the path of a definition file, or add "
                + "its folder to WALKTHROUGH_PATH")
    }

    @Test func aFileNameNotFoundNamesTheCurrentFolderToo() throws {
        let folders = try Folders()
        let error = #expect(throws: DefinitionError.self) {
            try folders.resolver.resolve("nowhere.json")
        }
        #expect(
            error
                == .notFoundOnSearchPath(
                    name: "nowhere.json",
                    searched: [".", folders.first, folders.second, "walkthroughs"]))
        #expect(
            error?.description
                == "nowhere.json: no such walkthrough file or id; looked in the current folder, "
                + "\(folders.first), \(folders.second), walkthroughs; give the path of a definition "
                + "file, or add its folder to WALKTHROUGH_PATH")
    }

    @Test func aMissingFolderOnTheSearchPathIsSkipped() throws {
        let folders = try Folders()
        let path = try folders.define("second/tour.json", id: "the-tour")
        let resolver = DefinitionResolver(
            searchPath: [folders.root.path + "/missing", folders.second])
        #expect(try resolver.resolve("the-tour") == path)
    }
}
