#if SERVER
@preconcurrency import Glibc
import WalkthroughKit

/// The daemon's open connections, by socket: whether each was admitted under
/// `--max-connections`, whether it has a request being answered, and since when a request has
/// been arriving on it.
///
/// libmicrohttpd's timeout counts silence, so a client sending a byte a second would hold its
/// connection for ever, and one that sent half a request at once would hold it for the
/// keep-alive timeout. A sweep every quarter of a second asks the kernel how many bytes each
/// waiting connection has received (`TCP_INFO`): bytes that arrived after the sweep first saw
/// it waiting (opened, or its last answer sent) begin a request, and a request whose headers are not in within the request
/// timeout gets its socket shut down, which libmicrohttpd then closes. A connection that sends
/// nothing is left to the keep-alive timeout.
final class ConnectionTable: Sendable {
    /// One open connection.
    private struct Connection {
        /// Whether it opened within the limit; one that did not gets 503.
        var admitted: Bool
        /// Whether a request's headers are in and its answer is not yet sent.
        var answering = false
        /// The bytes it had received when the sweep first saw it without a request (opened,
        /// or its last answer sent); `nil` until then. Read by the sweep, not by each request.
        var idleBytes: UInt64?
        /// When bytes of its next request were first seen, while not answering.
        var arrivingSince: ContinuousClock.Instant?
    }

    private let state = Locked((connections: [Int32: Connection](), stopped: false))
    private let limit: Int
    private let requestTimeout: Duration

    /// A table admitting `limit` connections at once and allowing each request
    /// `requestTimeout` to arrive; its sweep runs until ``stop()``.
    init(limit: Int, requestTimeout: Duration) {
        self.limit = limit
        self.requestTimeout = requestTimeout
        let table = self
        _ = BackgroundThread {
            while !table.state.withLock({ $0.stopped }) {
                usleep(250_000)
                table.sweep()
            }
        }
    }

    /// Stops the sweep.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// A connection opened on `socket`.
    func opened(_ socket: Int32) {
        state.withLock { state in
            let admitted = state.connections.count < limit
            state.connections[socket] = Connection(admitted: admitted, idleBytes: 0)
        }
    }

    /// The connection on `socket` closed. libmicrohttpd says so before it closes the socket,
    /// so a socket in the table is never another connection's.
    func closed(_ socket: Int32) {
        _ = state.withLock { $0.connections.removeValue(forKey: socket) }
    }

    /// A request's headers arrived on `socket`: it is being answered.
    ///
    /// - Returns: Whether its connection opened within the limit.
    func requestBegan(_ socket: Int32) -> Bool {
        state.withLock { state in
            state.connections[socket]?.answering = true
            state.connections[socket]?.arrivingSince = nil
            return state.connections[socket]?.admitted ?? true
        }
    }

    /// The request on `socket` was answered (or given up): the connection waits for the next.
    func requestEnded(_ socket: Int32) {
        state.withLock { state in
            state.connections[socket]?.answering = false
            state.connections[socket]?.idleBytes = nil
            state.connections[socket]?.arrivingSince = nil
        }
    }

    /// How many requests are being answered (their headers in, their answers not yet sent).
    var answering: Int {
        state.withLock { state in state.connections.values.count(where: \.answering) }
    }

    /// Shuts down the sockets of requests that have been arriving for longer than the timeout.
    private func sweep() {
        let now = ContinuousClock.now
        state.withLock { state in
            for (socket, connection) in state.connections where !connection.answering {
                guard let received = Self.bytesReceived(on: socket) else { continue }
                guard let idleBytes = connection.idleBytes else {
                    state.connections[socket]?.idleBytes = received
                    continue
                }
                guard received > idleBytes else { continue }
                let since = connection.arrivingSince ?? now
                state.connections[socket]?.arrivingSince = since
                if now - since > requestTimeout {
                    shutdown(socket, Int32(SHUT_RDWR))
                }
            }
        }
    }

    /// The bytes `socket` has received, by the kernel's `TCP_INFO`: its `tcpi_bytes_received`
    /// (Linux 4.1 and later), at byte 128 of the kernel's `struct tcp_info`, whose layout only
    /// ever grows. glibc's shorter `struct tcp_info` stops before it, and the kernel's own
    /// header cannot be imported beside glibc's.
    private static func bytesReceived(on socket: Int32) -> UInt64? {
        let offset = 128
        var info = [UInt8](repeating: 0, count: 256)
        var length = socklen_t(info.count)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0,
            Int(length) >= offset + 8
        else { return nil }
        return info.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    }
}
#endif
