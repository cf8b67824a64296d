import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// `walkthrough status` on a large store streams: records are read a page at a time and printed
/// as they come, so its peak memory does not grow with the store.
///
/// The peak is the child's own high-water mark of resident memory, as GNU time reports it from
/// `wait4` after a fork of its own (a child spawned straight from the test runner would report
/// the runner's peak, which the kernel carries across `exec`).
@Suite(.serialized)
struct StatusMemoryTests {
    /// 200,000 records of about 90 bytes of text each.
    static let recordCount = 200_000

    /// A generous ceiling: streaming peaks at about 17 MiB (debug build); holding every record
    /// and the whole output at once took 160 MiB (table) to 250 MiB (JSON) for this store.
    static let peakLimitKiB = 64 * 1024

    /// The sandbox's database with ``recordCount`` records, written by `sqlite3` in one
    /// transaction after the store created the file.
    private func largeStore() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.seed("tour", user: "seed")
        let sql = """
            PRAGMA synchronous = OFF;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.recordCount))
            INSERT INTO seen SELECT printf('user-%06d-%s', i, 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
                'foodpin', 1 + i % 3,
                CASE i % 3 WHEN 0 THEN 'completed' WHEN 1 THEN 'skipped' ELSE 'inProgress' END,
                i % 7, 1700000000000 + i, NULL FROM n;
            """
        let sqlite = try ChildProcess(
            ["/usr/bin/sqlite3", sandbox.database, sql], environment: [:],
            directory: sandbox.folder.path)
        sqlite.closeInput()
        #expect(sqlite.wait(timeout: 120) == 0, "\(sqlite.standardError)")
        return sandbox
    }

    /// Runs `walkthrough ARGUMENTS` under GNU time; returns its status, output and peak (KiB).
    private func measured(
        _ sandbox: Sandbox, _ arguments: [String]
    ) throws -> (status: Int32, output: String, peakKiB: Int) {
        let time = "/usr/bin/time"
        try #require(
            FileManager.default.isExecutableFile(atPath: time),
            "GNU time is needed to measure a child's peak memory (apt-get install time)")
        let child = try ChildProcess(
            [time, "-f", "peak %M", walkthroughBinary] + arguments,
            environment: sandbox.environment, directory: sandbox.folder.path)
        child.closeInput()
        let status = try #require(child.wait(timeout: 300), "status did not finish")
        let errors = child.standardError
        let line = try #require(errors.split(separator: "\n").last { $0.hasPrefix("peak ") })
        let peak = try #require(Int(line.dropFirst(5)), "\(errors)")
        return (status, child.standardOutput, peak)
    }

    @Test func statusStreamsTwoHundredThousandRecordsInBoundedMemory() throws {
        let sandbox = try largeStore()

        let json = try measured(sandbox, ["status", "--json"])
        #expect(json.status == 0)
        #expect(json.peakKiB < Self.peakLimitKiB, "status --json peaked at \(json.peakKiB) KiB")
        let lines = json.output.split(separator: "\n")
        #expect(lines.first == "[" && lines.last == "]")
        #expect(lines.filter { $0.hasPrefix("    \"user\": ") }.count == Self.recordCount + 1)
        #expect(lines.filter { $0 == "  }," }.count == Self.recordCount)
        #expect(json.output.contains("\"user\": \"user-200000-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\""))

        let table = try measured(sandbox, ["status"])
        #expect(table.status == 0)
        #expect(table.peakKiB < Self.peakLimitKiB, "status peaked at \(table.peakKiB) KiB")
        let rows = table.output.split(separator: "\n")
        #expect(rows.count == Self.recordCount + 2)
        #expect(rows.first?.hasPrefix("USER  ") == true)
        // Two passes, one layout: every row's columns start where the header's do.
        let header = try #require(rows.first)
        let column = try #require(header.range(of: "WALKTHROUGH")).lowerBound.utf16Offset(
            in: header)
        for row in [rows[1], rows[rows.count / 2], rows[rows.count - 1]] {
            #expect(Array(row.utf8)[column - 2..<column] == [0x20, 0x20], "\(row)")
            #expect(Array(row.utf8)[column] != 0x20, "\(row)")
        }
    }
}
