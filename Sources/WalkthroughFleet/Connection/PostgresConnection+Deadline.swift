import CLibPQ
@preconcurrency import Glibc
import WalkthroughKit

// MARK: - Waiting no longer than a deadline

/// libpq's non-blocking calls under ``PostgresConnection/deadline``: `PQconnectStartParams`
/// and `PQconnectPoll` to connect, `PQsend…` then `PQconsumeInput` and `PQisBusy` to run a
/// statement, each wait a `poll(2)` on the connection's socket for the time left. A server
/// that refuses, never answers, or answers half a message and stops costs at most the time
/// left, which `connect_timeout` (whole seconds, per host) cannot promise.
extension PostgresConnection {
    /// The milliseconds left before ``deadline``, at least 0.
    private var millisecondsLeft: Int32 {
        guard let deadline else { return -1 }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return 0 }
        let milliseconds = left.wholeMilliseconds
        return Int32(clamping: max(milliseconds, 1))
    }

    /// Waits until the socket is ready for `events`, or the deadline passes.
    ///
    /// - Returns: Whether it is ready (`false`: the deadline passed, or the socket is gone).
    private func wait(for events: Int16) -> Bool {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return false }
        while true {
            let left = millisecondsLeft
            if left == 0 { return false }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return false }
        }
    }

    /// Drives `PQconnectPoll` (or `PQresetPoll`) to the end under the deadline.
    ///
    /// - Throws: ``SeenStoreError/ServerError`` of kind ``SeenStoreError/ServerError/Kind/timedOut(seconds:)``
    ///   when the deadline passes first, else the connection's own error.
    func finishConnecting(resetting: Bool) throws(SeenStoreError.ServerError) {
        guard PQstatus(handle) != CONNECTION_BAD else { throw connectionError() }
        var state = PGRES_POLLING_WRITING
        while true {
            switch state {
            case PGRES_POLLING_OK:
                _ = PQsetnonblocking(handle, 1)
                return
            case PGRES_POLLING_FAILED:
                throw connectionError()
            default:
                let events = state == PGRES_POLLING_READING ? Int16(POLLIN) : Int16(POLLOUT)
                guard wait(for: events) else {
                    abandoned = true
                    throw budgetExceeded()
                }
            }
            state = resetting ? PQresetPoll(handle) : PQconnectPoll(handle)
        }
    }

    /// Opens the connection again (`PQresetStart`, `PQresetPoll`) under the deadline.
    func reconnectBeforeDeadline() throws(SeenStoreError.ServerError) {
        guard millisecondsLeft != 0 else { throw budgetExceeded() }
        guard PQresetStart(handle) == 1 else { throw connectionError() }
        try finishConnecting(resetting: true)
    }

    /// The error for a connection that ran out of time.
    func budgetExceeded() -> SeenStoreError.ServerError {
        SeenStoreError.ServerError(
            kind: .connectionFailed,
            location: info.location(environment: environment, connection: handle),
            message: "the server did not answer within the network budget")
    }

    /// Runs one statement: `blocking` without a deadline; else `send`, then flushes and reads
    /// under the deadline and returns the first failed result or the last one (`nil` when the
    /// deadline passed or the connection broke: the connection is then abandoned).
    func run(send: () -> Int32, blocking: () -> OpaquePointer?) -> OpaquePointer? {
        guard deadline != nil else { return blocking() }
        guard !abandoned, send() == 1 else { return nil }
        // Flush what libpq could not write at once.
        while true {
            let flushed = PQflush(handle)
            if flushed == 0 { break }
            guard flushed == 1, wait(for: Int16(POLLOUT | POLLIN)) else {
                abandoned = true
                return nil
            }
            _ = PQconsumeInput(handle)
        }
        var kept: OpaquePointer?
        while true {
            while PQisBusy(handle) == 1 {
                guard wait(for: Int16(POLLIN)), PQconsumeInput(handle) == 1 else {
                    abandoned = true
                    if let kept { PQclear(kept) }
                    return nil
                }
            }
            guard let next = PQgetResult(handle) else { break }
            // The first failure is the one to report; the results after it say nothing more.
            if let kept, PQresultStatus(kept) == PGRES_FATAL_ERROR {
                PQclear(next)
                continue
            }
            if let kept { PQclear(kept) }
            kept = next
        }
        return kept
    }
}
