import Foundation
@preconcurrency import Glibc
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

    /// The inode of a socket of this process listening on `port`, found through its
    /// descriptors (`/proc/self/fd`, `SO_ACCEPTCONN`, `getsockname`), or `nil` when none
    /// listens there. Not `/proc/net/tcp`: read while other tests open and close sockets, it
    /// can skip an entry.
    private func listeningSocket(port: Int) -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for entry in entries {
            guard let descriptor = Int32(entry),
                let link = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/self/fd/" + entry),
                link.hasPrefix("socket:[")
            else { continue }
            var listening: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0,
                listening == 1
            else { continue }
            var address = sockaddr_in()
            var addressLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    getsockname(descriptor, $0, &addressLength)
                }
            }
            if named == 0, address.sin_family == sa_family_t(AF_INET),
                Int(UInt16(bigEndian: address.sin_port)) == port
            {
                return String(link.dropFirst(8).dropLast())
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
