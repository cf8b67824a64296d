@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Lines read from a real pipe: what the plain player consumes, and what it leaves to the tool
/// that embeds it.
struct FileDescriptorLineSourceTests {
    /// A pipe holding `bytes`, its write end closed; the caller closes the read end.
    func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // Room for the longest input here (Linux allows up to 1 MiB), so one write puts it all in.
        let pipeSize: Int32 = 1031  // F_SETPIPE_SZ
        try #require(fcntl(ends[1], pipeSize, 256 * 1024) >= 256 * 1024)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == bytes.count)
        return ends[0]
    }

    @Test func theHostReadsWhatComesAfterTheCommandsThePlayerUsed() throws {
        let input = try pipeHolding(Array("n\nn\nn\nhost line 1\nhost line 2\n".utf8))
        defer { close(input) }
        let player = PlainPlayer(
            session: Session(walkthrough: Fixtures.foodPin()),
            input: FileDescriptorLineSource(fileDescriptor: input), output: StringOutput(),
            errorOutput: StringOutput())

        #expect(try player.play() == .completed)
        #expect(
            String(decoding: bytesUntilEnd(of: input), as: UTF8.self)
                == "host line 1\nhost line 2\n")
    }

    @Test func lineEndsAndALastLineWithoutANewline() throws {
        let input = try pipeHolding(Array("next\r\n\njump 2\nq".utf8))
        defer { close(input) }
        let source = FileDescriptorLineSource(fileDescriptor: input)

        #expect(try source.nextLine() == "next")
        #expect(try source.nextLine() == "")
        #expect(try source.nextLine() == "jump 2")
        #expect(try source.nextLine() == "q")
        #expect(try source.nextLine() == nil)
        #expect(try source.nextLine() == nil)
    }

    @Test func anOverlongLineIsCutAndTheNextLineIsWhole() throws {
        let limit = FileDescriptorLineSource.maximumLineLength
        let long = String(repeating: "a", count: limit + 10_000)
        let input = try pipeHolding(Array("\(long)\nskip\n".utf8))
        defer { close(input) }
        let source = FileDescriptorLineSource(fileDescriptor: input)

        #expect(try source.nextLine() == String(repeating: "a", count: limit))
        #expect(try source.nextLine() == "skip")
        #expect(try source.nextLine() == nil)
    }
}
