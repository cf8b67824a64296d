@preconcurrency import Glibc
import Synchronization
import WalkthroughKit

/// A loopback TCP proxy in front of a server, that a test switches between the ways a network
/// fails: forwarding, refusing, never answering, cutting a connection after N bytes, and
/// delaying every chunk by N ms. No outside tool: a listening socket and a POSIX thread per
/// connection.
///
/// ```swift
/// let proxy = try FaultProxy(host: "127.0.0.1", port: 5432)
/// proxy.mode = .neverAnswer
/// // postgresql://…@127.0.0.1:\(proxy.port)/… now hangs on every connection
/// ```
///
/// A mode applies to the connections accepted after it is set (and `.refuse` closes the
/// listening socket, so that connecting is refused by the kernel as with a stopped server).
package final class FaultProxy: Sendable {
    /// What the proxy does with a new connection.
    package enum Mode: Sendable, Hashable {
        /// Passes bytes both ways.
        case forward
        /// Nothing listens: connecting is refused.
        case refuse
        /// Accepts, reads, and never sends a byte back.
        case neverAnswer
        /// Forwards the first `bytes` bytes (both directions together), then cuts the
        /// connection.
        case cutAfter(bytes: Int)
        /// Forwards every chunk after `milliseconds`.
        case delay(milliseconds: Int)
    }

    /// The port it listens on, on 127.0.0.1.
    package let port: Int
    private let target: sockaddr_in
    private let state: Mutex<State>

    private struct State {
        var mode = Mode.forward
        var listener: Int32 = -1
        var stopped = false
        var open: Set<Int32> = []
        var accepted = 0
        /// Listening sockets shut down and not yet closed: the accept loop, the one thread
        /// that polls them, closes them, so that none is closed while it is polled.
        var retired: [Int32] = []
    }

    /// How many connections it accepted so far.
    package var accepted: Int { state.withLock { $0.accepted } }

    /// Starts forwarding 127.0.0.1:`port` (a free one) to `host`:`targetPort`.
    package init(host: String, port targetPort: Int) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(targetPort).bigEndian)
        inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr)
        target = address
        let listener = try Self.listen(port: 0)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = getsockname(listener, $0, &length)
            }
        }
        port = Int(UInt16(bigEndian: bound.sin_port))
        state = Mutex(State(listener: listener))
        let proxy = self
        _ = BackgroundThread { proxy.acceptLoop() }
    }

    deinit { stop() }

    /// What new connections get; setting it cuts the connections open now.
    package var mode: Mode {
        get { state.withLock { $0.mode } }
        set {
            let toClose: [Int32] = state.withLock { state in
                state.mode = newValue
                var closing = Array(state.open)
                state.open.removeAll()
                if newValue == .refuse, state.listener >= 0 {
                    closing.append(state.listener)
                    state.retired.append(state.listener)
                    state.listener = -1
                } else if newValue != .refuse, state.listener < 0, !state.stopped {
                    state.listener = (try? Self.listen(port: port)) ?? -1
                }
                return closing
            }
            for descriptor in toClose { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Stops listening and cuts every connection.
    package func stop() {
        let toClose: [Int32] = state.withLock { state in
            state.stopped = true
            var closing = Array(state.open)
            if state.listener >= 0 {
                closing.append(state.listener)
                state.retired.append(state.listener)
            }
            state.open.removeAll()
            state.listener = -1
            return closing
        }
        for descriptor in toClose { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    // MARK: - Private

    private static func listen(port: Int) throws -> Int32 {
        try LoopbackListener.open(port: port).descriptor
    }

    private func acceptLoop() {
        while true {
            let (listener, stopped, retired) = state.withLock { state in
                defer { state.retired.removeAll() }
                return (state.listener, state.stopped, state.retired)
            }
            for descriptor in retired { close(descriptor) }
            if stopped { return }
            guard listener >= 0 else {
                usleep(10_000)
                continue
            }
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let mode = state.withLock { state in
                state.open.insert(client)
                state.accepted += 1
                return state.mode
            }
            let proxy = self
            _ = BackgroundThread { proxy.serve(client, mode: mode) }
        }
    }

    private func serve(_ client: Int32, mode: Mode) {
        defer {
            state.withLock { _ = $0.open.remove(client) }
            close(client)
        }
        if case .neverAnswer = mode {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(client, &buffer, buffer.count) > 0 {}
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard server >= 0 else { return }
        defer {
            state.withLock { _ = $0.open.remove(server) }
            close(server)
        }
        var address = target
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return }
        state.withLock { _ = $0.open.insert(server) }
        var budget: Int? = nil
        if case .cutAfter(let bytes) = mode { budget = bytes }
        var pause: UInt32 = 0
        if case .delay(let milliseconds) = mode { pause = UInt32(milliseconds * 1000) }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            var descriptors = [
                pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                pollfd(fd: server, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, 1000) >= 0 else { return }
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let from = index == 0 ? client : server
                let to = index == 0 ? server : client
                var wanted = buffer.count
                if let left = budget { wanted = min(wanted, left) }
                if wanted == 0 { return }
                let got = read(from, &buffer, wanted)
                if got <= 0 { return }
                if pause > 0 { usleep(pause) }
                var sent = 0
                while sent < got {
                    let written = buffer.withUnsafeBytes {
                        write(to, $0.baseAddress! + sent, got - sent)
                    }
                    if written <= 0 { return }
                    sent += written
                }
                if let left = budget {
                    budget = left - got
                    if budget == 0 { return }
                }
            }
        }
    }
}
