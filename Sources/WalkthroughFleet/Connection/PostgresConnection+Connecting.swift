import CLibPQ
@preconcurrency import Glibc
import WalkthroughKit

extension PostgresConnection {
    /// One connection attempt: the connection, whatever its status.
    ///
    /// A URI with one host is connected without blocking (`PQconnectStartParams`, then
    /// `PQconnectPoll` with `poll` on its socket until `deadline`), so that the notice processor
    /// that drops the server's notices is in place before the first message arrives: a server
    /// shutting down sends `WARNING:  terminating connection…` even while a connection is still
    /// starting, and libpq's default would print it. A URI with several hosts is connected by
    /// `PQconnectdbParams`, which moves on from a host that does not answer within
    /// `connect_timeout` (libpq has no call that does that for a polled connection).
    ///
    /// - Returns: The attempt, or `nil` when libpq had no memory for it.
    static func attempt(
        keywords: [UnsafePointer<CChar>?], values: [UnsafePointer<CChar>?],
        info: PostgresConnectionInfo, deadline: ContinuousClock.Instant
    ) -> (handle: OpaquePointer, timedOut: Bool)? {
        guard info.hostCount == 1 else {
            guard let handle = PQconnectdbParams(keywords, values, 1) else { return nil }
            dropNotices(handle)
            return (handle, false)
        }
        guard let handle = PQconnectStartParams(keywords, values, 1) else { return nil }
        dropNotices(handle)
        guard PQstatus(handle) != CONNECTION_BAD else { return (handle, false) }
        var waiting = PGRES_POLLING_WRITING
        while true {
            switch waiting {
            case PGRES_POLLING_OK, PGRES_POLLING_FAILED:
                return (handle, false)
            default:
                let remaining = deadline - ContinuousClock.now
                let milliseconds = remaining.wholeMilliseconds
                guard milliseconds > 0 else { return (handle, true) }
                var entry = pollfd(
                    fd: PQsocket(handle),
                    events: Int16(waiting == PGRES_POLLING_READING ? POLLIN : POLLOUT),
                    revents: 0)
                let ready = poll(&entry, 1, Int32(min(milliseconds, Int64(Int32.max))))
                if ready < 0, errno == EINTR { continue }
                if ready == 0 { return (handle, true) }
                waiting = PQconnectPoll(handle)
            }
        }
    }

    /// libpq prints the server's notices (NOTICE, WARNING: "terminating connection…") on
    /// standard error by default; the store's output is its own, so they are dropped. Errors
    /// are not notices: they fail the call and are reported by it.
    static func dropNotices(_ handle: OpaquePointer) {
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }
}
