import Foundation
import Testing
import WalkthroughTestSupport

/// A shell block of the README or of `docs/` marked runnable: a fence whose info string is
/// `sh runnable`, or `sh runnable exit=N` for a block whose last command is meant to fail.
struct RunnableBlock: Sendable, CustomTestStringConvertible {
    /// The page, relative to the repository (`README.md`, `docs/commands.md`).
    var page: String
    /// The line of the opening fence, 1-based.
    var line: Int
    /// The block's text, as `/bin/sh` gets it.
    var script: String
    /// The status the block exits with: 0 unless its marker says `exit=N`.
    var status: Int32

    var testDescription: String { "\(page):\(line)" }

    /// The pages searched: the README and every page of `docs/`.
    static var pages: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot() + "/docs"))
        return ["README.md"]
            + (docs ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every runnable block of every page, in page and line order.
    static var all: [RunnableBlock] {
        pages.flatMap { page in
            let text = (try? String(contentsOfFile: repositoryRoot() + "/" + page, encoding: .utf8))
            return blocks(in: text ?? "", page: page)
        }
    }

    /// The runnable blocks of `text`; a marker with a word it does not know gives a block whose
    /// status is -1, which fails the test that runs it, rather than a block silently skipped.
    static func blocks(in text: String, page: String) -> [RunnableBlock] {
        var found: [RunnableBlock] = []
        var open: RunnableBlock?
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.hasPrefix("```") {
                if inFence, line == "```" {
                    if let block = open { found.append(block) }
                    open = nil
                    inFence = false
                } else if !inFence {
                    inFence = true
                    let words = line.dropFirst(3).split(separator: " ")
                    if words.count >= 2, words[0] == "sh", words[1] == "runnable" {
                        open = RunnableBlock(
                            page: page, line: index + 1, script: "",
                            status: status(from: words.dropFirst(2)))
                    }
                }
            } else if inFence, open != nil {
                open?.script += line + "\n"
            }
        }
        return found
    }

    /// `exit=N` as N, nothing as 0, anything else as -1.
    private static func status(from words: ArraySlice<Substring>) -> Int32 {
        guard let word = words.first else { return 0 }
        guard words.count == 1, word.hasPrefix("exit="), let status = Int32(word.dropFirst(5))
        else { return -1 }
        return status
    }
}

/// Every shell block of the README and of `docs/` marked runnable (docs/testing.md explains the
/// marker) is run as a newcomer would run it: in `/bin/sh`, in a fresh folder that looks like the
/// checkout after the README's set-up (`walkthroughs/` and `.build/debug/walkthrough` are links
/// to the real ones), with a home, state folder and store of its own and no `CI`, so a page
/// cannot show a command that no longer works. A README block runs as right after the README's
/// two set-up commands, with no `walkthrough` on `PATH` (nothing has installed it); a block of
/// `docs/` as for a user who has installed it, with the built `walkthrough` first on `PATH`.
struct RunnableDocsTests {
    /// `PATH` for a block of `page`: the system's folders, and for `docs/` the built binary's.
    static func path(for page: String) -> String {
        let system = "/usr/local/bin:/usr/bin:/bin"
        guard page != "README.md" else { return system }
        return String(walkthroughBinary[..<walkthroughBinary.lastIndex(of: "/")!]) + ":" + system
    }

    /// The folder a block runs in, and its environment.
    static func sandbox(for page: String) throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        for name in ["home", "state", ".build/debug"] {
            try manager.createDirectory(
                atPath: folder.file(name), withIntermediateDirectories: true)
        }
        try manager.createSymbolicLink(
            atPath: folder.file("walkthroughs"),
            withDestinationPath: repositoryRoot() + "/walkthroughs")
        try manager.createSymbolicLink(
            atPath: folder.file(".build/debug/walkthrough"), withDestinationPath: walkthroughBinary)
        let environment = [
            "PATH": path(for: page), "HOME": folder.file("home"),
            "XDG_STATE_HOME": folder.file("state"),
            "WALKTHROUGH_DB": folder.file("state/walkthrough/seen.sqlite3"),
            "WALKTHROUGH_PATH": repositoryRoot() + "/walkthroughs", "LOGNAME": "alice",
            "LANG": "C.UTF-8",
        ]
        return (folder, environment)
    }

    @Test(arguments: RunnableBlock.all)
    func theBlockRunsAsThePageSays(block: RunnableBlock) throws {
        let (folder, environment) = try Self.sandbox(for: block.page)
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", block.script], environment: environment, directory: folder.path,
            timeout: 60)
        #expect(block.status >= 0, "\(block): the marker's words are not sh runnable [exit=N]")
        #expect(
            result.status == block.status,
            """
            \(block) exited \(result.status), not \(block.status):
            \(block.script)
            standard output: \(result.standardOutput)
            standard error: \(result.standardError)
            """)
    }

    /// The README's shell gate, what a newcomer copies first, is among the blocks run.
    @Test func theReadmesShellGateIsRun() {
        let readme = RunnableBlock.all.filter { $0.page == "README.md" }
        #expect(
            readme.contains {
                $0.script.contains("walkthrough due foodpin -q && walkthrough play")
            },
            "\(readme)")
    }

    /// The README's blocks run where a newcomer stands after `swift run` and `swift test`: no
    /// `walkthrough` command on `PATH` (the gate as once written exited 127, "not found"), the
    /// one `swift run` built at `.build/debug/walkthrough`.
    @Test func theReadmesBlocksFindNoInstalledWalkthrough() throws {
        let (folder, environment) = try Self.sandbox(for: "README.md")
        let lookup = try ChildProcess.run(
            ["/bin/sh", "-c", "command -v walkthrough"], environment: environment,
            directory: folder.path, timeout: 60)
        #expect(lookup.status != 0, "\(lookup.standardOutput)")
        let built = try ChildProcess.run(
            ["/bin/sh", "-c", ".build/debug/walkthrough --version"], environment: environment,
            directory: folder.path, timeout: 60)
        #expect(built.status == 0, "\(built.standardError)")
    }

    @Test func theMarkerIsReadAsDocsTestingSays() {
        let page = """
            ```sh
            not marked
            ```
            ```sh runnable
            walkthrough list
            ```
            ```sh runnable exit=1
            walkthrough due foodpin
            ```
            ```sh runnable exit=one
            ```

            """
        let blocks = RunnableBlock.blocks(in: page, page: "page.md")
        #expect(blocks.map(\.line) == [4, 7, 10])
        #expect(blocks.map(\.script) == ["walkthrough list\n", "walkthrough due foodpin\n", ""])
        #expect(blocks.map(\.status) == [0, 1, -1])
    }
}
