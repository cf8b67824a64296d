import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The C libraries a launch may not need (libpq, libpng and zlib, libjpeg) are loaded on their
/// first use, not at start-up: checked on the built binary with the dynamic loader's own trace
/// (`LD_DEBUG=files`), which names every library a process maps and why.
struct LazyLibraryTests {
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

    private let deferred = ["libpq.so.5", "libpng16.so.16", "libjpeg.so.62", "libz.so.1"]

    @Test func aLaunchThatDrawsNoPictureLoadsNoImageLibraryAndNoLibpq() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let marked = try sandbox.execute(["mark", "foodpin"])
        #expect(marked.status == 0, "\(marked.standardError)")
        // `seen` and `play` answer 0 (seen, nothing to play), `due` 1 (not due).
        let launches: [([String], Int32)] = [
            (["seen", "foodpin"], 0), (["due", "foodpin"], 1), (["play", "foodpin", "--plain"], 0),
        ]
        for (arguments, status) in launches {
            let result = try sandbox.execute(arguments, extra: ["LD_DEBUG": "files"])
            #expect(result.status == status, "\(arguments): \(result.standardError.suffix(300))")
            let names = loaded(result.standardError)
            // The trace works: the C library is there, mapped at start-up (SQLite is linked in).
            #expect(names.contains("libc.so.6"), "\(arguments): \(names.sorted())")
            #expect(!names.contains("libsqlite3.so.0"), "\(arguments) loaded libsqlite3.so.0")
            for library in deferred {
                #expect(!names.contains(library), "\(arguments) loaded \(library)")
            }
        }
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

    @Test func checkingAPictureLoadsLibpngOnItsFirstUse() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.copyExample("foodpin.json")
        try FileManager.default.copyItem(
            atPath: repositoryRoot() + "/walkthroughs/images",
            toPath: sandbox.definitions + "/images")
        let result = try sandbox.execute(["validate", path], extra: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        #expect(result.standardOutput.contains(": valid, 3 pages"))
        #expect(result.standardError.contains("file=libpng16.so.16 [0];  dynamically loaded by "))
        #expect(!loaded(result.standardError).contains("libjpeg.so.62"))
    }

    @Test func anImageLibraryThatCannotBeLoadedLeavesTheAltTextAndSaysWhy() throws {
        let sandbox = try Sandbox()
        let images = sandbox.definitions + "/images"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        let pixels = DecodedImage(
            width: 16, height: 8, pixels: [UInt8](repeating: 200, count: 16 * 8 * 4))
        let jpeg = try #require(JPEGEncoding.encode(pixels))
        let png = try #require(PNGEncoding.encode(pixels))
        try Data(jpeg).write(to: URL(fileURLWithPath: images + "/one.jpg"))
        try Data(png).write(to: URL(fileURLWithPath: images + "/two.png"))
        let path = try sandbox.define(
            "pictures.json",
            """
            {"id": "pictures", "version": 1, "title": "Pictures", "pages": [
              {"heading": "One", "content": "a", "image": "images/one.jpg", "imageAlt": "One"},
              {"heading": "Two", "content": "b", "image": "images/two.png", "imageAlt": "Two"}]}
            """)
        // Files in the libraries' names that are not libraries, found first on the path.
        let broken = try TemporaryFolder()
        try broken.write("not a library\n", to: "libpng16.so.16")
        try broken.write("not a library\n", to: "libjpeg.so.62")

        let fine = try sandbox.execute(["validate", path])
        #expect(fine.status == 0)
        #expect(fine.standardOutput == "\(path): valid, 2 pages\n", "\(fine.standardError)")

        let result = try sandbox.execute(
            ["validate", path], extra: ["LD_LIBRARY_PATH": broken.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "\(path): valid, 2 pages, 2 warnings\n")
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 2, "\(result.standardError)")
        #expect(
            warnings.first?.contains(
                "pages[0].image: image file \"images/one.jpg\" cannot be drawn: it cannot be "
                    + "decoded here: libjpeg (libjpeg.so.62) cannot be loaded: \(broken.path)/"
                    + "libjpeg.so.62") == true, "\(result.standardError)")
        #expect(
            warnings.last?.contains(
                "pages[1].image: image file \"images/two.png\" cannot be drawn: it cannot be "
                    + "decoded here: libpng (libpng16.so.16) cannot be loaded: \(broken.path)/"
                    + "libpng16.so.16") == true, "\(result.standardError)")
    }
}
