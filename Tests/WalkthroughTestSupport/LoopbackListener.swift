@preconcurrency import Glibc

/// A socket listening on 127.0.0.1 that accepts nothing: connections complete in the kernel and
/// then hear nothing, as from a hung server. Closed when the test lets it go.
///
/// ```swift
/// let silent = try LoopbackListener()
/// // http://127.0.0.1:\(silent.port) now connects and never answers
/// let nobody = try LoopbackListener.freePort()  // connecting there is refused
/// ```
package final class LoopbackListener {
    /// The listening socket.
    package let descriptor: Int32
    /// The port it listens on.
    package let port: Int

    /// Listens on `port` of 127.0.0.1, or on a free one the system picks (0).
    ///
    /// - Throws: ``TestSupportError`` when the port cannot be bound.
    package init(port: Int = 0) throws {
        (descriptor, self.port) = try Self.open(port: port)
    }

    deinit {
        close(descriptor)
    }

    /// `http://127.0.0.1:PORT`.
    package var base: String { "http://127.0.0.1:\(port)" }

    /// A port of 127.0.0.1 that nothing listens on: one the system had free a moment ago
    /// (bound, then closed), for a server that is down, or for a server to take at once.
    ///
    /// - Throws: ``TestSupportError`` when no port can be bound.
    package static func freePort() throws -> Int {
        try LoopbackListener().port
    }

    /// A socket listening on `port` of 127.0.0.1 (0: a free one), closed on exec, with
    /// `SO_REUSEADDR` (a port just left may be listened on again); the caller closes it.
    ///
    /// - Throws: ``TestSupportError`` when the port cannot be bound.
    package static func open(port: Int) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw TestSupportError("socket: \(String(cString: strerror(errno)))")
        }
        var yes: Int32 = 1
        setsockopt(
            descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else {
            let code = errno
            close(descriptor)
            throw TestSupportError(
                "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
