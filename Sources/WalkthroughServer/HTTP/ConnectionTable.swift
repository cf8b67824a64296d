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
    /// One open connection. libmicrohttpd keeps it with the connection (its socket context),
    /// so that a request begins and ends without a look in the table or its lock.
    final class Connection: Sendable {
        /// Its socket.
        let socket: Int32
        /// Whether it opened within the limit; one that did not gets 503.
        let admitted: Bool
        /// Which connection it is, never reused (a socket and an address are).
        let serial: UInt64
        /// Whether a request's headers are in and its answer is not yet sent.
        let answering = Atomic<Bool>(false)
        /// How many of its requests have ended: the sweep starts counting its bytes afresh
        /// when this moved.
        let ended = Atomic<UInt64>(0)

        init(socket: Int32, admitted: Bool, serial: UInt64) {
            self.socket = socket
            self.admitted = admitted
            self.serial = serial
        }
    }

    /// What the sweep knows of a connection while it waits for a request.
    private struct Waiting {
        /// The connection's ``Connection/ended`` when the sweep looked.
        var ended: UInt64
        /// The bytes it had received when the sweep first saw it without a request (opened,
        /// or its last answer sent); 0 for one that never had a request.
        var idleBytes: UInt64
        /// When bytes of its next request were first seen.
        var arrivingSince: ContinuousClock.Instant?
    }

    /// The open connections, by socket.
    private let open = Locked<[Int32: Connection]>([:])
    /// How many connections have opened: the next one's serial.
    private let opening = Atomic<UInt64>(0)
    private let stopped = Atomic<Bool>(false)
    private let limit: Int
    private let requestTimeout: Duration

    /// A table admitting `limit` connections at once and allowing each request
    /// `requestTimeout` to arrive; its sweep runs until ``stop()``.
    init(limit: Int, requestTimeout: Duration) {
        self.limit = limit
        self.requestTimeout = requestTimeout
        let table = self
        _ = BackgroundThread {
            // Only the sweep's thread reads and writes these notes.
            var waiting: [UInt64: Waiting] = [:]
            while !table.stopped.load(ordering: .acquiring) {
                usleep(250_000)
                table.sweep(&waiting)
            }
        }
    }

    /// Stops the sweep.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// A connection opened on `socket`: its entry, admitted while no more than the limit are
    /// open.
    func opened(_ socket: Int32) -> Connection {
        let serial = opening.wrappingAdd(1, ordering: .relaxed).newValue
        return open.withLock { open in
            let connection = Connection(
                socket: socket, admitted: open.count < limit, serial: serial)
            open[socket] = connection
            return connection
        }
    }

    /// The connection on `socket` closed. libmicrohttpd says so before it closes the socket,
    /// so a socket in the table is never another connection's.
    func closed(_ socket: Int32) {
        open.withLock { _ = $0.removeValue(forKey: socket) }
    }

    /// A request's headers arrived on `connection`: it is being answered.
    ///
    /// - Returns: Whether the connection opened within the limit.
    func requestBegan(_ connection: Connection) -> Bool {
        connection.answering.store(true, ordering: .releasing)
        return connection.admitted
    }

    /// The request on `connection` was answered (or given up): it waits for the next.
    func requestEnded(_ connection: Connection) {
        connection.ended.wrappingAdd(1, ordering: .releasing)
        connection.answering.store(false, ordering: .releasing)
    }

    /// How many requests are being answered (their headers in, their answers not yet sent).
    var answering: Int {
        open.withLock { $0.values.count { $0.answering.load(ordering: .acquiring) } }
    }

    /// Shuts down the sockets of requests that have been arriving for longer than the
    /// timeout. `waiting` holds what earlier sweeps saw of each waiting connection.
    ///
    /// It holds the table's lock throughout: libmicrohttpd reports a connection closed before
    /// it closes the socket, and that report waits for the lock, so a socket looked at here is
    /// never one the system gave to another connection meanwhile.
    private func sweep(_ waiting: inout [UInt64: Waiting]) {
        let now = ContinuousClock.now
        var seen: [UInt64: Waiting] = [:]
        open.withLock { open in
            for connection in open.values where !connection.answering.load(ordering: .acquiring) {
                let ended = connection.ended.load(ordering: .acquiring)
                guard let received = Self.bytesReceived(on: connection.socket) else { continue }
                guard var note = waiting[connection.serial], note.ended == ended else {
                    // First seen waiting: bytes from now on begin its next request (from its
                    // opening, for one that never had a request).
                    seen[connection.serial] = Waiting(
                        ended: ended, idleBytes: ended == 0 ? 0 : received,
                        arrivingSince: ended == 0 && received > 0 ? now : nil)
                    continue
                }
                if received > note.idleBytes {
                    let since = note.arrivingSince ?? now
                    note.arrivingSince = since
                    if now - since > requestTimeout {
                        shutdown(connection.socket, Int32(SHUT_RDWR))
                    }
                }
                seen[connection.serial] = note
            }
        }
        waiting = seen
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
