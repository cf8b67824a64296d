@preconcurrency import Glibc

/// Where `walkthrough serve` listens: an IPv4 or IPv6 address and a port (`127.0.0.1:8080`,
/// `[::1]:8080`, `localhost:8080`, `0.0.0.0:443`).
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, as given (`localhost` reads as `127.0.0.1`).
    package var host: String
    /// The port; 0 lets the system choose one.
    package var port: UInt16
    /// Whether ``host`` is IPv6.
    package var isIPv6: Bool { host.contains(":") }

    /// `127.0.0.1:8080`, the default.
    package static let loopback = ListenAddress(host: "127.0.0.1", port: 8080)

    /// An address and port.
    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; `nil` when it is not an IP address (or `localhost`) and a port.
    package init?(parsing text: String) {
        var hostPart: Substring
        var portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"),
                text[text.index(after: close)...].hasPrefix(":")
            else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
            if hostPart.contains(":") { return nil }  // IPv6 needs its brackets
        }
        guard let port = UInt16(portPart), !hostPart.isEmpty else { return nil }
        let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        self.init(host: host, port: port)
        guard withSocketAddress({ _ in true }) == true else { return nil }
    }

    /// Whether only this machine can reach it (127.0.0.0/8 or ::1): plain HTTP is allowed there.
    package var isLoopback: Bool {
        isIPv6 ? host == "::1" : host.hasPrefix("127.")
    }

    /// `HOST:PORT`, with an IPv6 address in brackets.
    package var description: String {
        (isIPv6 ? "[\(host)]" : host) + ":\(port)"
    }

    /// Calls `body` with the address as a `sockaddr`; `nil` when ``host`` is not an IP address.
    func withSocketAddress<Result>(
        _ body: (UnsafePointer<sockaddr>) -> Result
    ) -> Result? {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
