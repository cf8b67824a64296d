#if SERVER
import CMicroHTTPD
@preconcurrency import Glibc
import Synchronization
import WalkthroughKit

/// The HTTP server: libmicrohttpd's epoll thread pool, keep-alive and TLS, answering each
/// request with ``respond``. It parses nothing itself: libmicrohttpd reads requests; this
/// gathers a request's headers, query and body, enforces the limits, and sends the answer.
package final class HTTPDaemon: @unchecked Sendable {
    /// How the daemon listens and what it allows.
    package struct Settings: Sendable {
        /// Where to listen.
        package var address: ListenAddress
        /// The threads of the pool, each with its own epoll set: ``defaultThreads``.
        package var threads = Settings.defaultThreads
        /// Connections answered; past it, 503.
        package var maxConnections = 1024
        /// The largest body read (64 KiB); a larger one gets 413.
        package var bodyLimit = 64 * 1024
        /// The largest header section (16 KiB); a larger one gets 431.
        package var headerLimit = 16 * 1024
        /// Each connection's buffer, which libmicrohttpd holds as long as the connection is
        /// open: the header section and its bookkeeping for each field (56 bytes), then the
        /// answer's head. 8 KiB over the header limit lets a 16 KiB section carry more than 100
        /// fields (httpd's default limit); more fields than fit get libmicrohttpd's own 431.
        /// 64 bytes less than that leaves room for the allocator's own header within whole
        /// pages (24 KiB), for a process that maps each buffer on its own (`walkthrough
        /// serve`), so that 1,000 idle connections take about 24 MiB.
        package var connectionMemory: Int { headerLimit + 8 * 1024 - 64 }
        /// Seconds a request may take to arrive.
        package var requestTimeout: UInt32 = 10
        /// Seconds a keep-alive connection may idle between requests.
        package var idleTimeout: UInt32 = 60
        /// The certificate chain and private key (PEM text), for TLS.
        package var tls: (certificate: String, key: String)?

        /// Two threads a processor the system has online, from 2 to 16. More threads than
        /// that answer few more requests on a busy machine and make some wait longer: each
        /// thread's connections wait while the scheduler runs the others (docs/benchmarks.md,
        /// serve).
        package static var defaultThreads: Int {
            min(16, max(2, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }

        /// Settings for `address`, with the contract's limits.
        package init(address: ListenAddress) {
            self.address = address
        }
    }

    /// Hands a request to the application, which calls `reply` once with what it gets (and
    /// who asked, for the log): at once, or later from another thread (a step, once it is
    /// durable), while the connection waits suspended.
    package typealias Responder =
        @Sendable (
            _ request: ServerRequest, _ reply: @escaping @Sendable (ServerResponse) -> Void
        ) -> Void
    /// Told of each answered request: the request, the response, and how long it took.
    package typealias RequestLogger =
        @Sendable (ServerRequest, ServerResponse, Duration) -> Void

    /// The settings it started with.
    package let settings: Settings
    private let respond: Responder
    private let logRequest: RequestLogger
    private var daemon: OpaquePointer?
    /// The open connections: admitted or not, answering, a request arriving.
    private let connections: ConnectionTable
    /// Whether ``stop(grace:)`` began: answers then close their connections.
    private let stopping = Atomic(false)
    /// The requests whose connection waits, suspended, for a later answer (by the request's
    /// identity), and whether the daemon is stopped (then nothing is resumed any more).
    private let waiting = Locked(
        (requests: [ObjectIdentifier: (pending: Pending, connection: UInt)](), stopped: false))

    /// A daemon that answers with `respond` once started.
    package init(
        settings: Settings, respond: @escaping Responder,
        log: @escaping RequestLogger
    ) {
        self.settings = settings
        self.respond = respond
        self.logRequest = log
        connections = ConnectionTable(
            limit: settings.maxConnections,
            requestTimeout: .seconds(Int(settings.requestTimeout)))
    }

    deinit {
        if let daemon { MHD_stop_daemon(daemon) }
        connections.stop()
    }

    /// Has the process's allocator map each connection's buffer (``Settings/connectionMemory``
    /// or larger) on its own and give it back when the connection closes. Its arenas would
    /// otherwise keep what a burst of connections used, fragmented: 1,000 idle connections
    /// after a load took 52.6–62.9 MiB, 48.9 with this (docs/benchmarks.md#serve).
    /// Process-wide, so the `walkthrough serve` process calls it, never a library in a host's.
    package static func mapConnectionBuffersApart(_ settings: Settings) {
        _ = wk_malloc_map_from(settings.connectionMemory)
    }

    /// Starts listening.
    ///
    /// - Returns: The port listened on (the one the system chose for port 0).
    /// - Throws: ``ServeError/cannotListen(address:reason:)``.
    package func start() throws(ServeError) -> UInt16 {
        let context = Unmanaged.passUnretained(self).toOpaque()
        // MHD refuses connections past its own limit without an answer; it is set above
        // ours so that the ones between get a 503. It divides that limit evenly among its
        // threads, which accept unevenly (a thread the scheduler leaves waiting accepts none
        // while the others fill up): twice the room, so that up to half the threads may lag
        // before one refuses a connection the server would have answered.
        let limit = UInt32(2 * (settings.maxConnections + 64))
        let connectionMemory = settings.connectionMemory
        let started: OpaquePointer? = settings.address.withSocketAddress { address in
            let tls = settings.tls
            return wk_mhd_start(
                address, UInt32(settings.threads), limit, settings.idleTimeout,
                connectionMemory, tls?.certificate, tls?.key,
                "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2",
                { context, connection, url, method, _, upload, uploadSize, requestContext in
                    guard let context, let connection, let uploadSize, let requestContext
                    else { return MHD_Result.NO }
                    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context)
                        .takeUnretainedValue()
                    return daemon.handle(
                        connection, url: url, method: method, upload: upload,
                        uploadSize: uploadSize, requestContext: requestContext)
                }, context,
                { context, connection, requestContext, _ in
                    guard let context, let connection, let requestContext else { return }
                    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context)
                        .takeUnretainedValue()
                    daemon.completed(connection, requestContext)
                },
                { context, connection, socketContext, event in
                    guard let context, let connection, let socketContext else { return }
                    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context)
                        .takeUnretainedValue()
                    daemon.connection(
                        connection, socketContext: socketContext,
                        started: event == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED)
                }, context)
        }
        guard let started else {
            throw .cannotListen(
                address: settings.address.description,
                reason: errno == 0
                    ? "libmicrohttpd could not start" : FileSystem.describe(errno: errno))
        }
        daemon = started
        return wk_mhd_port(started)
    }

    /// Stops accepting, lets the requests being answered finish (at most `grace`), then
    /// closes every connection.
    ///
    /// A request is in flight once its headers are in: one whose body is still arriving is
    /// read and answered too. Answers sent meanwhile close their connections.
    package func stop(grace: Duration = .seconds(10)) {
        guard let daemon else { return }
        stopping.store(true, ordering: .relaxed)
        let listening = MHD_quiesce_daemon(daemon)
        if listening >= 0 { close(listening) }
        let clock = ContinuousClock()
        var deadline = clock.now + grace
        // The daemon's threads answer what is in flight; wait for them, at most `grace`.
        while connections.answering > 0, clock.now < deadline {
            usleep(2_000)
        }
        // A request still waiting for the store is answered 503 (its step may yet be
        // written: a client sending it again finds it done), so that no connection is left
        // suspended when the daemon stops.
        let late = waiting.withLock { Array($0.requests.values) }
        for (pending, connection) in late {
            var response = ServerResponse.problem(
                503, detail: "The server stopped before the store answered; send it again.")
            response.headers.append(("Retry-After", "1"))
            answered(pending, connection: connection, with: response)
        }
        deadline = clock.now + .seconds(1)
        while connections.answering > 0, clock.now < deadline {
            usleep(2_000)
        }
        waiting.withLock { $0.stopped = true }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        connections.stop()
    }

    // MARK: - libmicrohttpd's calls

    /// A request on its way in: its headers (read once, when they are in), its body so far,
    /// when it began, and once handed to the application, the request and its answer.
    private final class Pending: @unchecked Sendable {
        let headers: [String: String]
        var body: [UInt8] = []
        var tooLarge = false
        let began = ContinuousClock.now
        /// The request as the application got it (set on the connection's thread).
        var request: ServerRequest?
        /// The answer not yet sent, whether the connection waits for it (suspended), and
        /// whether an answer came (only the first counts).
        let answer = Locked((response: ServerResponse?.none, suspended: false, came: false))
        init(headers: [String: String]) { self.headers = headers }
    }

    /// A connection opened (`started`) or closed. An opened one's entry in the table is kept
    /// with it, in its socket context (the table holds it until it closes).
    private func connection(
        _ connection: OpaquePointer, socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
        started: Bool
    ) {
        let socket = wk_mhd_connection_socket(connection)
        if started {
            let entry = connections.opened(socket)
            socketContext.pointee = Unmanaged.passUnretained(entry).toOpaque()
        } else {
            connections.closed(socket)
            socketContext.pointee = nil
        }
    }

    /// The table's entry for `connection`, kept in its socket context.
    private func entry(of connection: OpaquePointer) -> ConnectionTable.Connection? {
        wk_mhd_socket_context(connection).map {
            Unmanaged<ConnectionTable.Connection>.fromOpaque($0).takeUnretainedValue()
        }
    }

    private func completed(
        _ connection: OpaquePointer,
        _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) {
        if let entry = entry(of: connection) { connections.requestEnded(entry) }
        guard let pending = requestContext.pointee else { return }
        Unmanaged<Pending>.fromOpaque(pending).release()
        requestContext.pointee = nil
    }

    private func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = requestContext.pointee else {
            // The headers are in: a request begins.
            let pending = Pending(
                headers: values(of: connection, kind: MHD_ValueKind.HEADER_KIND, decoding: false))
            requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
            let admitted = entry(of: connection).map(connections.requestBegan) ?? true
            wk_mhd_set_timeout(connection, settings.requestTimeout)
            if let early = earlyAnswer(admitted: admitted, headers: pending.headers) {
                // Logged like any other request: its method and path, without a body.
                let request = ServerRequest(
                    method: method.map { String(cString: $0) } ?? "GET",
                    path: url.map { String(cString: $0) } ?? "/")
                return send(early, to: connection, for: request, began: pending.began)
            }
            return MHD_Result.YES
        }
        let pending = Unmanaged<Pending>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if ContinuousClock.now - pending.began > .seconds(Int(settings.requestTimeout)) {
                return MHD_Result.NO  // too slow: the connection is closed
            }
            if !pending.tooLarge, let upload {
                let count = uploadSize.pointee
                if pending.body.count + count > settings.bodyLimit {
                    pending.tooLarge = true
                    pending.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                        pending.body.append(
                            contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        if let request = pending.request {
            // Called again once resumed: the answer has come.
            let response = pending.answer.withLock { answer in
                defer { answer.response = nil }
                return answer.response
            }
            guard let response else { return MHD_Result.YES }
            return send(response, to: connection, for: request, began: pending.began)
        }
        wk_mhd_set_timeout(connection, settings.idleTimeout)
        let request = ServerRequest(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            query: values(of: connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND, decoding: true),
            headers: pending.headers, body: pending.body)
        pending.request = request
        guard !pending.tooLarge else {
            return send(tooLarge(), to: connection, for: request, began: pending.began)
        }
        let address = UInt(bitPattern: connection)
        respond(request) { [self] response in
            answered(pending, connection: address, with: response)
        }
        // Answered at once (most requests), or the connection waits, suspended.
        let now = pending.answer.withLock { answer -> ServerResponse? in
            if let response = answer.response {
                answer.response = nil
                return response
            }
            answer.suspended = true
            waiting.withLock { $0.requests[ObjectIdentifier(pending)] = (pending, address) }
            MHD_suspend_connection(connection)
            return nil
        }
        guard let now else { return MHD_Result.YES }
        return send(now, to: connection, for: request, began: pending.began)
    }

    /// Keeps `response` for the request `pending`, and resumes its connection when it waits
    /// for it (libmicrohttpd then calls ``handle`` again, which sends it). Only the first
    /// answer counts.
    private func answered(
        _ pending: Pending, connection: UInt, with response: ServerResponse
    ) {
        pending.answer.withLock { answer in
            guard !answer.came else { return }
            answer.came = true
            answer.response = response
            guard answer.suspended else { return }
            answer.suspended = false
            waiting.withLock { waiting in
                waiting.requests[ObjectIdentifier(pending)] = nil
                if !waiting.stopped, let connection = OpaquePointer(bitPattern: connection) {
                    MHD_resume_connection(connection)
                }
            }
        }
    }

    /// The answer to a request refused on its headers alone: its connection opened past the
    /// limit, a header section or a declared body over the limits.
    private func earlyAnswer(admitted: Bool, headers: [String: String]) -> ServerResponse? {
        if !admitted {
            var response = ServerResponse.problem(
                503,
                detail: "The server has \(settings.maxConnections) connections open; try again.")
            response.headers.append(("Retry-After", "1"))
            response.headers.append(("Connection", "close"))
            return response
        }
        let headerBytes = headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
        if headerBytes > settings.headerLimit {
            return ServerResponse.problem(
                431,
                detail:
                    "The request's headers are \(headerBytes) bytes; at most \(settings.headerLimit) are read."
            )
        }
        if let length = headers["content-length"].flatMap({ Int($0) }), length > settings.bodyLimit
        {
            return tooLarge()
        }
        return nil
    }

    private func tooLarge() -> ServerResponse {
        ServerResponse.problem(
            413,
            detail:
                "The body is over \(settings.bodyLimit / 1024) KiB, the most a request may send.")
    }

    private func send(
        _ response: ServerResponse, to connection: OpaquePointer, for request: ServerRequest?,
        began: ContinuousClock.Instant
    ) -> MHD_Result {
        var response = response
        if stopping.load(ordering: .relaxed), response.header("Connection") == nil {
            response.headers.append(("Connection", "close"))
        }
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let made else { return MHD_Result.NO }
        defer { MHD_destroy_response(made) }
        for header in response.headers {
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        if let request {
            logRequest(request, response, ContinuousClock.now - began)
        }
        return result
    }

    /// The connection's headers (by lower-case name) or query parameters (decoded).
    private func values(
        of connection: OpaquePointer, kind: MHD_ValueKind, decoding: Bool
    ) -> [String: String] {
        final class Gathered {
            var values: [String: String]
            let decoding: Bool
            init(decoding: Bool) {
                self.decoding = decoding
                // Headers: room for a usual request's, not grown as they come. A query is
                // most often empty, and then allocates nothing.
                values = decoding ? [:] : [String: String](minimumCapacity: 12)
            }
        }
        let gathered = Gathered(decoding: decoding)
        withExtendedLifetime(gathered) {
            _ = MHD_get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return MHD_Result.YES }
                    let gathered = Unmanaged<Gathered>.fromOpaque(context).takeUnretainedValue()
                    let text = value.map { String(cString: $0) } ?? ""
                    if gathered.decoding {
                        gathered.values[
                            PercentEncoding.decoded(String(cString: key), plusIsSpace: true)] =
                            PercentEncoding.decoded(text, plusIsSpace: true)
                    } else {
                        gathered.values[ServerRequest.lowercasedName(key)] = text
                    }
                    return MHD_Result.YES
                }, Unmanaged.passUnretained(gathered).toOpaque())
        }
        return gathered.values
    }
}
#endif
