import Foundation
import Testing
import WalkthroughTestSupport

/// A definition that is not a regular file: a FIFO nobody writes to used to hang `validate` and
/// `play` forever in `open(2)`. Now a pipe must bring its bytes, and a device is refused, each
/// saying what it is (exit 66, unreadable).
struct NonRegularDefinitionTests {
    @Test(arguments: [["validate"], ["play", "--plain"], ["seen"]])
    func aFIFONobodyWritesToIsRefusedWithoutHanging(command: [String]) throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.folder.file("tour.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try sandbox.execute(command + [fifo])
        #expect(result.status == 66, "\(command): \(result.standardError)")
        #expect(result.standardError.contains(fifo), "\(result.standardError)")
        #expect(
            result.standardError.contains("pipe (FIFO) that no program is writing to"),
            "\(result.standardError)")
    }

    @Test func aPipeWithDataIsRead() throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.folder.file("tour.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let source = try sandbox.folder.write(definition(), to: "source.json")
        // A writer that opens the FIFO when the reader does, and sends the definition.
        let writer = try ChildProcess(["/bin/sh", "-c", "cat \"$0\" > \"$1\"", source, fifo])
        let result = try sandbox.execute(["validate", fifo])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("valid, 3 pages"), "\(result.standardOutput)")
        #expect(writer.wait() == 0)
    }

    @Test func aDeviceIsRefusedSayingWhatItIs() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.execute(["validate", "/dev/zero"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("character device"), "\(result.standardError)")
    }
}
