#if SERVER
@preconcurrency import Glibc
import Synchronization
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

    /// The connections, in shards by socket: the daemon's threads, each answering its own
    /// connections, seldom wait for one another.
    private let shards: [Locked<[Int32: Connection]>]
    /// How many connections are open.
    private let count = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let limit: Int
    private let requestTimeout: Duration

    /// A table admitting `limit` connections at once and allowing each request
    /// `requestTimeout` to arrive; its sweep runs until ``stop()``.
    init(limit: Int, requestTimeout: Duration) {
        self.limit = limit
        self.requestTimeout = requestTimeout
        shards = (0..<16).map { _ in Locked([:]) }
        let table = self
        _ = BackgroundThread {
            while !table.stopped.load(ordering: .acquiring) {
                usleep(250_000)
                table.sweep()
            }
        }
    }

    /// Stops the sweep.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    private func shard(_ socket: Int32) -> Locked<[Int32: Connection]> {
        shards[Int(UInt32(bitPattern: socket)) % shards.count]
    }

    /// A connection opened on `socket`.
    func opened(_ socket: Int32) {
        let open = count.wrappingAdd(1, ordering: .relaxed).newValue
        shard(socket).withLock { $0[socket] = Connection(admitted: open <= limit, idleBytes: 0) }
    }

    /// The connection on `socket` closed. libmicrohttpd says so before it closes the socket,
    /// so a socket in the table is never another connection's.
    func closed(_ socket: Int32) {
        if shard(socket).withLock({ $0.removeValue(forKey: socket) }) != nil {
            count.wrappingSubtract(1, ordering: .relaxed)
        }
    }

    /// A request's headers arrived on `socket`: it is being answered.
    ///
    /// - Returns: Whether its connection opened within the limit.
    func requestBegan(_ socket: Int32) -> Bool {
        shard(socket).withLock { connections in
            connections[socket]?.answering = true
            connections[socket]?.arrivingSince = nil
            return connections[socket]?.admitted ?? true
        }
    }

    /// The request on `socket` was answered (or given up): the connection waits for the next.
    func requestEnded(_ socket: Int32) {
        shard(socket).withLock { connections in
            connections[socket]?.answering = false
            connections[socket]?.idleBytes = nil
            connections[socket]?.arrivingSince = nil
        }
    }

    /// How many requests are being answered (their headers in, their answers not yet sent).
    var answering: Int {
        shards.reduce(0) { total, shard in
            total + shard.withLock { $0.values.count(where: \.answering) }
        }
    }

    /// Shuts down the sockets of requests that have been arriving for longer than the timeout.
    private func sweep() {
        let now = ContinuousClock.now
        for shard in shards {
            shard.withLock { connections in
                for (socket, connection) in connections where !connection.answering {
                    guard let received = Self.bytesReceived(on: socket) else { continue }
                    guard let idleBytes = connection.idleBytes else {
                        connections[socket]?.idleBytes = received
                        continue
                    }
                    guard received > idleBytes else { continue }
                    let since = connection.arrivingSince ?? now
                    connections[socket]?.arrivingSince = since
                    if now - since > requestTimeout {
                        shutdown(socket, Int32(SHUT_RDWR))
                    }
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
