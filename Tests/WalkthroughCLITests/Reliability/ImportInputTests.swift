import Foundation
import Testing
import WalkthroughTestSupport

/// What `walkthrough import` does with an input it did not expect: one with no line break,
/// a pipe with no writer, a line that is not quite a record, and `--dry-run` on stores of every
/// kind, which must not change a byte.
@Suite(.serialized)
struct ImportInputTests {
    /// A record as `export` writes it.
    static let record =
        #"{"user":"zed","walkthrough":"tour","version":1,"outcome":"completed","lastPage":1,"updatedAt":"2026-11-29T22:47:03.123Z"}"#

    /// Runs a shell command line (for redirections and limits) with the sandbox's environment.
    static func shell(_ sandbox: Sandbox, _ script: String) throws -> ProgramResult {
        try ChildProcess.run(
            ["/bin/sh", "-c", script], environment: sandbox.environment,
            directory: sandbox.folder.path, timeout: 120)
    }

    /// The peak (KiB) in GNU time's last `peak N` line of `errors`.
    static func peak(in errors: String) throws -> Int {
        let line = try #require(errors.split(separator: "\n").last { $0.hasPrefix("peak ") })
        return try #require(Int(line.dropFirst(5)), "\(errors)")
    }

    @Test func anInputWithNoLineBreakIsRefusedInBoundedMemoryUnderAnAddressSpaceLimit() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"))
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"))
        let sandbox = try Sandbox()
        let limited =
            "/usr/bin/time -f 'peak %M' /usr/bin/prlimit --as=2147483648 \(walkthroughBinary)"

        let stdin = try Self.shell(sandbox, "\(limited) import - < /dev/zero")
        #expect(stdin.status == 65, "\(stdin.standardError)")
        #expect(stdin.standardError.contains("standard input:1:"), "\(stdin.standardError)")
        #expect(stdin.standardError.contains("1 MiB"), "\(stdin.standardError)")
        #expect(!stdin.standardError.contains("Fatal error"))
        let stdinPeak = try Self.peak(in: stdin.standardError)
        #expect(stdinPeak < 64 * 1024, "peaked at \(stdinPeak) KiB")

        // Named as a file, /dev/zero is a device, refused as definitions refuse one.
        let device = try Self.shell(sandbox, "\(limited) import /dev/zero")
        #expect(device.status == 66, "\(device.standardError)")
        #expect(device.standardError.contains("character device"), "\(device.standardError)")
        let devicePeak = try Self.peak(in: device.standardError)
        #expect(devicePeak < 64 * 1024, "peaked at \(devicePeak) KiB")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }

    @Test func aLineOfOneMebibyteIsReadAndOneByteMoreIsRefusedNamingIt() throws {
        let sandbox = try Sandbox()
        let padding = String(repeating: " ", count: 1_048_576 - Self.record.utf8.count)
        let fits = try sandbox.folder.write(
            Self.record + "\n" + Self.record + padding + "\n", to: "fits.jsonl")
        let result = try sandbox.execute(["import", fits])
        #expect(result.status == 0, "\(result.standardError)")
        let long = try sandbox.folder.write(
            Self.record + "\n" + Self.record + padding + " \n", to: "long.jsonl")
        let refused = try sandbox.execute(["import", long])
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("long.jsonl:2:"), "\(refused.standardError)")
    }

    @Test func aPipeWithNoWriterGivesUpAsDefinitionsDo() throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.folder.file("records.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try sandbox.execute(["import", fifo])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains(fifo), "\(result.standardError)")
        #expect(result.standardError.contains("no program is writing"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }

    @Test(arguments: [
        (#""version":1.5"#, #"from 1 to 2147483647; 1.5 is not an integer"#),
        (#""version":1e3"#, #"from 1 to 2147483647; 1e3 is not an integer"#),
        (
            #""lastPage":2.0"#,
            #""lastPage" must be a whole number from 1 to 2147483647; 2.0 is not"#
        ),
        (
            #""version":"1""#,
            #""version" must be a whole number from 1 to 2147483647; it is a string"#
        ),
        (#""user":"zed","user":"eve""#, #"the key "user" is there twice"#),
    ])
    func aFieldThatIsNotWhatExportWritesIsNamed(field: String, message: String) throws {
        let sandbox = try Sandbox()
        let key = String(field.prefix { $0 != ":" })
        // The record with its own value of that key replaced by `field`.
        let members = Self.record.dropFirst().dropLast().split(separator: ",").map {
            $0.hasPrefix(key + ":") ? Substring(field) : $0
        }
        let file = try sandbox.folder.write(
            "{" + members.joined(separator: ",") + "}\n", to: "records.jsonl")
        let result = try sandbox.execute(["import", file])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("records.jsonl:1:"), "\(result.standardError)")
    }

    // MARK: - --dry-run changes no byte

    /// The kinds of store a dry run meets.
    enum StoreKind: String, CaseIterable, Sendable {
        case versionOne, roundOneWAL, hotJournal, readOnly
    }

    /// Every file of `folder` with its SHA-256, as `sha256sum` prints them.
    static func hashes(_ folder: String) throws -> String {
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", "cd '\(folder)' && sha256sum -- * | sort -k 2"], timeout: 60)
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test(arguments: StoreKind.allCases)
    func aDryRunChangesNoByteOfTheStore(kind: StoreKind) throws {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", definition())
        let folder = sandbox.databaseFolder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch kind {
        case .versionOne:
            let made = try ChildProcess.run(
                ["/usr/bin/sqlite3", sandbox.database], input: storeSchemaVersion1SQL)
            try #require(made.status == 0, "\(made.standardError)")
        case .roundOneWAL:
            try RoundOneStore.create(at: sandbox.database, users: ["amy"], walkthrough: "tour")
            try RoundOneStore.addFromKilledWriter(
                at: sandbox.database, users: ["bo"], walkthrough: "tour")
        case .hotJournal:
            try sandbox.seed("tour")
            try leaveInterruptedWrite(at: sandbox.database)
        case .readOnly:
            try sandbox.seed("tour")
        }
        let input = try sandbox.folder.write(Self.record + "\n", to: "records.jsonl")
        let before = try Self.hashes(folder)
        #expect(!before.isEmpty)

        let result: ProgramResult
        if kind == .readOnly {
            try sandbox.openToOthers()
            #expect(chmod(sandbox.database, 0o444) == 0)
            #expect(chmod(folder, 0o555) == 0)
            try #require(runningAsRoot, "another user who may only read needs root (setpriv)")
            result = try sandbox.executeAsNobody(["import", input, "--dry-run"])
        } else {
            result = try sandbox.execute(["import", input, "--dry-run"])
        }
        #expect(try Self.hashes(folder) == before, "\(kind): \(result.standardError)")
        if kind == .hotJournal {
            // A store that only reads does not roll back another process's interrupted write.
            #expect(result.status == 74, "\(result.standardError)")
            #expect(result.standardError.contains("interrupted write"), "\(result.standardError)")
        } else {
            #expect(result.status == 0, "\(kind): \(result.standardError)")
            #expect(result.standardOutput.contains("1 added"), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("nothing was changed"))
        }
    }
}
