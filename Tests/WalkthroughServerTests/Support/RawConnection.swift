#if SERVER
@preconcurrency import Glibc
import WalkthroughTestSupport

/// A TCP connection to a server on 127.0.0.1, written and read byte by byte: for what curl will
/// not send (malformed requests, a request trickled a byte at a time, thousands of connections
/// at once, a body held back), and to see exactly what the server sends back.
///
/// ```swift
/// let connection = try RawConnection(port: server.port)
/// connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
/// #expect(connection.readResponse(timeout: 10)?.status == 200)
/// ```
final class RawConnection {
    /// One response as it came.
    struct Response {
        /// The status code.
        var status: Int
        /// The status line and the header lines, as sent.
        var head: String
        /// The headers, by lower-case name (the last of a repeated one).
        var headers: [String: String]
        /// The header lines, in order (`Name: value`).
        var headerLines: [String]
        /// The body.
        var body: [UInt8]

        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The socket.
    let descriptor: Int32
    /// Bytes received and not yet taken by a response.
    private var buffer: [UInt8] = []
    /// Whether the server closed (or reset) the connection.
    private(set) var closedByServer = false

    /// Connects to 127.0.0.1:`port`.
    ///
    /// - Throws: ``TestSupportError`` when the connection is refused or fails.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestSupportError("socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // Not closed here: an initializer that throws once every property is set still runs
            // `deinit`, which closes it. Closing it twice would close whatever another thread
            // opened meanwhile under the same number (a child's pipe: "Bad file descriptor").
            let code = errno
            throw TestSupportError(
                "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(code)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `bytes`; `false` when the server had closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(
                    descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends `text` as UTF-8; `false` when the server had closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Reads one response; `nil` when the connection closed first or `timeout` seconds passed.
    /// Interim (1xx) responses are skipped unless `interim`.
    func readResponse(timeout: Double, interim: Bool = false) -> Response? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if let response = takeResponse() {
                if (100..<200).contains(response.status), !interim { continue }
                return response
            }
            if closedByServer { return nil }
            if !receive(until: deadline), !closedByServer { return nil }
        }
    }

    /// Waits until the server closes the connection (an end of file or a reset), reading and
    /// dropping whatever it sends; `false` when it is still open after `timeout` seconds.
    func waitForClose(timeout: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !closedByServer {
            guard receive(until: deadline) else { return closedByServer }
            buffer.removeAll()
        }
        return true
    }

    /// Opens `count` connections at once (before any is written to).
    ///
    /// - Throws: ``TestSupportError`` when one cannot be made.
    static func many(_ count: Int, port: Int) throws -> [RawConnection] {
        try (0..<count).map { _ in try RawConnection(port: port) }
    }

    /// Lets this process hold `count` descriptors, when its hard limit allows.
    static func allowDescriptors(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0,
            limit.rlim_cur < rlim_t(count)
        else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Whether the server closed the connection, looking without waiting.
    var isClosed: Bool {
        _ = receive(until: .now)
        return closedByServer
    }

    // MARK: - Reading

    /// Reads what has arrived, waiting until `deadline` for something; `false` when nothing
    /// came in time or the connection closed.
    private func receive(until deadline: ContinuousClock.Instant) -> Bool {
        guard !closedByServer else { return false }
        let milliseconds = max(0, Int(((deadline - .now) / .milliseconds(1)).rounded(.up)))
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptors, 1, Int32(min(milliseconds, Int(Int32.max))))
        if ready < 0, errno == EINTR { return true }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count < 0, errno == EINTR { return true }
        guard count > 0 else {
            closedByServer = true
            return false
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// The first whole response in the buffer, taken out of it.
    private func takeResponse() -> Response? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = buffer.indices.dropLast(3).first(where: { index in
                buffer[index..<index + 4].elementsEqual(separator)
            })
        else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(
                line[line.index(after: colon)...].drop(while: { $0 == " " }))
        }
        let bodyStart = end + 4
        let length: Int
        if let declared = headers["content-length"].flatMap({ Int($0) }) {
            length = declared
        } else if (100..<200).contains(status) || status == 204 || status == 304 {
            length = 0
        } else {
            // No length: the body runs to the end of the connection.
            guard closedByServer else { return nil }
            length = buffer.count - bodyStart
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        return Response(
            status: status, head: head, headers: headers, headerLines: lines, body: body)
    }
}
#endif
