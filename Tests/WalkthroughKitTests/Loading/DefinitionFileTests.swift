import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// Loading from real files: the examples, size limits, odd file types and unreadable paths.
struct DefinitionFileTests {
    private let examples = repositoryRoot() + "/walkthroughs"

    // MARK: - Examples

    @Test func loadsTheFoodPinExample() throws {
        let walkthrough = try DefinitionLoader.load(contentsOf: examples + "/foodpin.json")
        #expect(walkthrough.id == "foodpin")
        #expect(walkthrough.title == "FoodPin")
        #expect(walkthrough.navigation == .linear)
        #expect(walkthrough.skippable)
        #expect(walkthrough.finishLabel == "Get Started")
        #expect(walkthrough.pages.map(\.heading) == ["Personalize", "Locate", "Discover"])
        #expect(
            walkthrough.pages.map(\.content) == [
                "Pin your favorite restaurants and create your own food guide",
                "Search and locate your favourite restaurant on Maps",
                "Find restaurants pinned by your friends and other foodies around the world",
            ])
        #expect(
            walkthrough.pages.map(\.image) == (1...3).map { "images/foodpin-intro-\($0).png" })
        #expect(walkthrough.pages.allSatisfy { !($0.imageAlt ?? "").isEmpty })
        #expect(walkthrough.baseDirectory == examples)
        for page in walkthrough.pages {
            let data = try Data(contentsOf: URL(fileURLWithPath: walkthrough.imagePath(of: page)!))
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    @Test(arguments: ["foodpin.json", "media-tabs.json", "foodpin-zh-hant.json"])
    func loadsEachExampleWithoutAnyDiagnostic(name: String) throws {
        let report = DefinitionLoader.validate(contentsOf: examples + "/" + name)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        #expect(report.walkthrough?.pages.count == 3)
    }

    @Test func theBookExampleShowsSpreadsAndSlides() throws {
        let report = DefinitionLoader.validate(contentsOf: examples + "/book.json")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        let walkthrough = try #require(report.walkthrough)
        #expect(walkthrough.pages.count == 5)
        #expect(walkthrough.layout == Walkthrough.PageLayout(spread: .auto, transition: .scroll))
    }

    @Test func theTabsExampleHasFreeNavigation() throws {
        let walkthrough = try DefinitionLoader.load(contentsOf: examples + "/media-tabs.json")
        #expect(walkthrough.navigation == .free)
        #expect(walkthrough.pages.map(\.id) == ["movies", "music", "books"])
    }

    @Test func theChineseExampleHasLongLines() throws {
        let walkthrough = try DefinitionLoader.load(contentsOf: examples + "/foodpin-zh-hant.json")
        #expect(walkthrough.pages.allSatisfy { $0.content.count > 100 })
        #expect(walkthrough.pages.allSatisfy { $0.content.filter { $0 == "。" }.count >= 2 })
    }

    @Test func usesTheFileFolderAsBaseDirectory() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(definition(), to: "tour.json")
        #expect(try DefinitionLoader.load(contentsOf: path).baseDirectory == folder.path)
    }

    // MARK: - Size limits

    private func pages(_ count: Int) -> String {
        let page = "{\"heading\": \"Heading\", \"content\": \"Some content for the page.\"}"
        return "{\"pages\": [\n" + Array(repeating: page, count: count).joined(separator: ",\n")
            + "\n]}"
    }

    @Test func loadsTenThousandPages() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(pages(10_000), to: "big.json")
        let walkthrough = try DefinitionLoader.load(contentsOf: path)
        #expect(walkthrough.pages.count == 10_000)
        #expect(walkthrough.pages.last?.id == "page-10000")
    }

    @Test func rejectsTenThousandAndOnePages() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(pages(10_001), to: "big.json")
        let report = DefinitionLoader.validate(contentsOf: path)
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .tooManyPages(count: 10_001, limit: 10_000))
        #expect(diagnostic.path == "pages")
        #expect((diagnostic.line, diagnostic.column) == (1, 11))
        #expect(report.walkthrough == nil)
    }

    /// A valid definition padded with spaces to exactly `size` bytes.
    private func padded(to size: Int) -> Data {
        var data = Data(definition().utf8)
        data.append(Data(repeating: 0x20, count: size - data.count))
        return data
    }

    @Test func acceptsAFileOfExactlySixteenMebibytes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(padded(to: 16 * 1024 * 1024), to: "limit.json")
        #expect(DefinitionLoader.validate(contentsOf: path).isValid)
    }

    @Test func rejectsAFileOneByteOverTheLimitUnread() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(padded(to: 16 * 1024 * 1024 + 1), to: "big.json")
        let report = DefinitionLoader.validate(contentsOf: path)
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .fileTooLarge(limit: 16_777_216))
        #expect(diagnostic.line == nil)
        #expect(
            diagnostic.formatted(file: report.file).hasSuffix(
                "big.json: the file is larger than 16777216 bytes (16 MiB), the limit for a "
                    + "definition; split it into several walkthroughs"))
        #expect(throws: DefinitionError.tooLarge(path: path, limit: 16_777_216)) {
            try DefinitionLoader.load(contentsOf: path)
        }
    }

    @Test func rejectsDataOverTheLimit() throws {
        let report = DefinitionLoader.validate(
            bytes: Array(padded(to: 16 * 1024 * 1024 + 1)), name: "d.json")
        #expect(try onlyDiagnostic(report).kind == .fileTooLarge(limit: 16_777_216))
    }

    @Test func rejectsAnEndlessFIFOAfterTheLimit() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/endless.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer that would send 64 MiB; the reader must stop after 16 MiB + 1 byte.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "head -c 67108864 /dev/zero | tr '\\0' ' ' > \"$0\"", fifo]
        try writer.run()
        let report = DefinitionLoader.validate(contentsOf: fifo)
        writer.terminate()
        writer.waitUntilExit()
        #expect(try onlyDiagnostic(report).kind == .fileTooLarge(limit: 16_777_216))
    }

    @Test func readsASmallFIFO() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/piped.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "printf '%s' \"$1\" > \"$0\"", fifo, definition()]
        try writer.run()
        let report = DefinitionLoader.validate(contentsOf: fifo)
        writer.waitUntilExit()
        #expect(report.isValid)
        #expect(report.walkthrough?.id == "piped")
    }

    // MARK: - Files that cannot be read

    @Test func reportsAMissingFileByPath() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/missing.json"
        let report = DefinitionLoader.validate(contentsOf: path)
        #expect(try onlyDiagnostic(report).kind == .fileNotFound)
        #expect(report.isUnreadable)
        #expect(throws: DefinitionError.notFound(path: path)) {
            try DefinitionLoader.load(contentsOf: path)
        }
        #expect(
            DefinitionError.notFound(path: path).description
                == path + ": no such file; check the path")
    }

    @Test func reportsAFileUnderANonFolderAsMissing() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("{}", to: "plain")
        #expect(
            try onlyDiagnostic(DefinitionLoader.validate(contentsOf: file + "/x.json")).kind
                == .fileNotFound)
    }

    @Test func reportsADirectory() throws {
        let folder = try TemporaryFolder()
        let report = DefinitionLoader.validate(contentsOf: folder.path)
        #expect(try onlyDiagnostic(report).kind == .isDirectory)
        #expect(report.isUnreadable)
        #expect(throws: DefinitionError.isDirectory(path: folder.path)) {
            try DefinitionLoader.load(contentsOf: folder.path)
        }
    }

    @Test func reportsAReadErrorAsUnreadable() throws {
        // Reading /proc/self/mem at offset 0 fails with EIO: a real read error.
        let report = DefinitionLoader.validate(contentsOf: "/proc/self/mem")
        let diagnostic = try onlyDiagnostic(report)
        guard case .unreadable(let reason) = diagnostic.kind else {
            Issue.record("unexpected \(diagnostic.kind)")
            return
        }
        #expect(reason == "input/output error")
        #expect(report.isUnreadable)
    }
}

/// How system errors become diagnostics; the permission case runs for real, as another user,
/// in the command-line end-to-end tests.
struct FileProblemTests {
    @Test(arguments: [
        (ENOENT, FileProblem.Kind.fileNotFound), (ENOTDIR, .fileNotFound), (EISDIR, .isDirectory),
        (EACCES, .unreadable(reason: "permission denied")),
        (EPERM, .unreadable(reason: "permission denied")),
        (ELOOP, .unreadable(reason: "too many levels of symbolic links")),
    ])
    func mapsOpenErrors(code: Int32, kind: FileProblem.Kind) {
        #expect(FileProblem(openErrno: code).kind == kind)
    }
}
