import Foundation
import Testing
import WalkthroughTestSupport

/// The tests' loopback proxy gives back what it opens: a listening socket it stops using
/// (`.refuse`, `stop()`) is closed, not only shut down, so that a suite switching a proxy
/// between refusing and forwarding does not leave a descriptor behind each time.
struct FaultProxyTests {
    @Test func refusingAndStoppingCloseTheListeningSocket() throws {
        // Nothing is forwarded: only the listening socket is looked at.
        let proxy = try FaultProxy(host: "127.0.0.1", port: 9)
        let first = try #require(listeningSocket(port: proxy.port))
        #expect(isOpenHere(socket: first))

        proxy.mode = .refuse
        #expect(waitUntil(timeout: 10) { !isOpenHere(socket: first) })
        #expect(listeningSocket(port: proxy.port) == nil)

        proxy.mode = .forward
        let second = try #require(listeningSocket(port: proxy.port))
        #expect(second != first)
        proxy.stop()
        #expect(waitUntil(timeout: 10) { !isOpenHere(socket: second) })
    }

    /// The inode of the socket listening on 127.0.0.1:`port`, from `/proc/net/tcp` (state
    /// `0A`, LISTEN), or `nil` when none listens there.
    private func listeningSocket(port: Int) -> String? {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else {
            return nil
        }
        let local = "0100007F:" + String(format: "%04X", port)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            if fields.count > 9, fields[1] == local, fields[3] == "0A" {
                return String(fields[9])
            }
        }
        return nil
    }

    /// Whether a descriptor of this process refers to the socket of inode `socket`.
    private func isOpenHere(socket: String) -> Bool {
        let target = "socket:[\(socket)]"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))
                == target
        }
    }
}
