@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

// In the serialized suite of the interactive player: signal handlers are process-wide.
extension TerminalPlayerTests {
    @Test func plainPlayerEndsWithInterruptedOnSIGTERMWhileWaitingForInput() throws {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        defer {
            for descriptor in input + output { close(descriptor) }
        }
        let store = InMemorySeenStore()
        let outcome = Shared<Result<PlayResult, any Error>>()
        let (readEnd, writeEnd) = (input[0], output[1])
        let thread = BackgroundThread {
            outcome.set(
                Result {
                    let session = try Session(
                        walkthrough: Fixtures.foodPin(), user: "alice", store: store)
                    return try PlainPlayer(
                        session: session, input: FileDescriptorLineSource(fileDescriptor: readEnd),
                        output: FileDescriptorOutput(fileDescriptor: writeEnd),
                        errorOutput: StringOutput(), signals: .all
                    ).play()
                })
        }
        let typed = Array("next\n".utf8)
        _ = typed.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        // The second page is printed once the handlers are in place and the move is stored.
        let shown = SharedBytes()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !String(decoding: shown.bytes, as: UTF8.self).contains("2/3 · Locate") {
            let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            try #require(count > 0)
            shown.append(buffer[0..<count])
        }
        kill(getpid(), SIGTERM)
        thread.join()
        let result = try #require(outcome.value).get()
        #expect(result == .interrupted(.terminate))
        #expect(result.exitStatus == 143)
        #expect(store.record(user: "alice", walkthrough: "foodpin")?.lastPage == 1)
    }
}
