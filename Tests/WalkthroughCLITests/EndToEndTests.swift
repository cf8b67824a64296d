import Foundation
import Testing
import WalkthroughTestSupport

/// Runs the built `walkthrough` binary as a user would.
struct EndToEndTests {
    /// The binary next to this test bundle, in the same build folder.
    static let binary = walkthroughBinary

    /// Runs `executable` (the binary by default) with `arguments` in `directory`, in this
    /// process's environment, its input empty.
    private func run(
        _ arguments: [String], executable: String = EndToEndTests.binary,
        in directory: String = repositoryRoot()
    ) throws -> ProgramResult {
        try ChildProcess.run([executable] + arguments, directory: directory)
    }

    @Test func theBinaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "\(Self.binary)")
    }

    @Test func validatesTheFoodPinExampleFromTheProjectRoot() throws {
        let result = try run(["validate", "walkthroughs/foodpin.json"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "walkthroughs/foodpin.json: valid, 3 pages, locales en, zh-Hant, zh-Hans\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func printsTheVersion() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "walkthrough 0.1.0\n")
    }

    @Test func anInvalidDefinitionExits65WithEveryProblem() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "{\"version\": 1.5, \"pages\": [{\"content\": \"x\"}]}", to: "broken.json")
        let result = try run(["validate", "broken.json"], in: folder.path)
        #expect(result.status == 65)
        #expect(
            result.standardError == """
                broken.json: version: version 1.5 is not allowed; use a whole number from 1 to 2147483647, such as 1 (line 1, column 13)
                broken.json: pages[0].heading: required field is missing (line 1, column 28)
                broken.json: invalid: 2 errors

                """)
    }

    @Test func aMissingFileExits66() throws {
        let result = try run(["validate", "walkthroughs/nope.json"])
        #expect(result.status == 66)
        #expect(result.standardError == "walkthroughs/nope.json: no such file; check the path\n")
    }

    @Test func aUsageErrorExits64() throws {
        let result = try run(["validate", "--strcit", "walkthroughs/foodpin.json"])
        #expect(result.status == 64)
        #expect(
            result.standardError == """
                Error: Unknown option '--strcit'. Did you mean '--strict'? Usage: walkthrough validate <file> ... [--strict] [--json]; see 'walkthrough validate --help'.

                """)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anUnreadableFileExits66() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("{\"pages\": []}", to: "secret.json")
        #expect(chmod(path, 0) == 0)
        #expect(chmod(folder.path, 0o755) == 0)
        // Root reads anything: drop to an unprivileged user to meet a real EACCES. That user
        // runs a copy of the binary in the temporary folder, since the build folder may sit
        // where it cannot go (under /root, say).
        let result: ProgramResult
        if getuid() == 0 {
            let copy = folder.path + "/walkthrough"
            // Written through a close-on-exec descriptor: FileManager's copy leaves its
            // descriptor inheritable, and a process another test spawns meanwhile (a tmux
            // server lives for seconds) would keep the file open for writing, so executing it
            // would fail with "Text file busy".
            let binary = try Data(contentsOf: URL(fileURLWithPath: Self.binary))
            let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            try #require(descriptor >= 0)
            let written = binary.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            try #require(written == binary.count)
            #expect(chmod(copy, 0o755) == 0)
            result = try run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", copy, "validate", path],
                executable: "/usr/bin/setpriv", in: "/")
        } else {
            result = try run(["validate", path])
        }
        #expect(result.status == 66)
        #expect(
            result.standardError
                == "\(path): cannot be read (permission denied); check the file's permissions\n")
    }

    @Test func theCommandDoesNotLoadAllOfFoundation() throws {
        // Start-up time: the binary may link FoundationEssentials, never Foundation and ICU.
        let result = try run([Self.binary], executable: "/usr/bin/ldd")
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("libFoundation.so"))
        #expect(!result.standardOutput.contains("libicu"))
    }
}
