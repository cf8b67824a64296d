@preconcurrency import Glibc
import WalkthroughKit

/// One keep-alive HTTP/1.1 connection to a server on 127.0.0.1, blocking, for the few requests
/// the benchmark makes itself: a body to serve as nginx's static file, a check that the key is
/// accepted, and the idle connections whose memory the `serve` suite measures. The load itself
/// comes from wrk.
final class LoopbackHTTP {
    /// An answer: its status and body.
    struct Response {
        /// The status code.
        var status: Int
        /// The body (as many bytes as `Content-Length` said).
        var body: [UInt8]

        /// The body as text, for messages.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The socket; -1 once closed.
    private var socket: Int32
    /// Bytes read past the last response.
    private var buffered: [UInt8] = []

    /// Connects to `127.0.0.1:port`; reads and writes give up after `timeout` seconds.
    ///
    /// - Throws: ``BenchError`` when the connection is refused or cannot be made.
    init(port: UInt16, timeout: Int = 10) throws {
        socket = Glibc.socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else {
            throw BenchError("cannot create a socket: \(FileSystem.describe(errno: errno))")
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(socket, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = FileSystem.describe(errno: errno)
            Glibc.close(socket)
            socket = -1
            throw BenchError("cannot connect to 127.0.0.1:\(port): \(reason)")
        }
    }

    deinit {
        close()
    }

    /// Closes the connection.
    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    /// Sends one request and reads its response.
    ///
    /// - Throws: ``BenchError`` when the connection fails or the answer is not HTTP.
    func exchange(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: String = ""
    ) throws -> Response {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + body
        try send(Array(request.utf8))
        return try readResponse()
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw BenchError("cannot send a request: \(FileSystem.describe(errno: errno))")
            }
            offset += written
        }
    }

    private func readResponse() throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find(separator, in: buffered)
            if headerEnd == nil { try receive() }
        }
        let head = String(decoding: buffered[..<headerEnd!], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusWords = lines.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."),
            let status = Int(statusWords[1])
        else { throw BenchError("not an HTTP response: \(head.prefix(80))") }
        var length = 0
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].filter(\.isNumber)) ?? 0
            }
        }
        let bodyStart = headerEnd! + separator.count
        while buffered.count < bodyStart + length { try receive() }
        let body = Array(buffered[bodyStart..<bodyStart + length])
        buffered.removeFirst(bodyStart + length)
        return Response(status: status, body: body)
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw BenchError(
                    count == 0
                        ? "the server closed the connection"
                        : "cannot read a response: \(FileSystem.describe(errno: errno))")
            }
            buffered += chunk[0..<count]
            return
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// `127.0.0.1:port` as a socket address.
    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A port on 127.0.0.1 that nothing listens on now (the system's choice for port 0), for
    /// a program that cannot pick its own and say which.
    static func freePort() throws -> UInt16 {
        let probe = Glibc.socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else {
            throw BenchError("cannot create a socket: \(FileSystem.describe(errno: errno))")
        }
        defer { Glibc.close(probe) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
            }
        }
        guard bound else {
            throw BenchError("cannot find a free port: \(FileSystem.describe(errno: errno))")
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
