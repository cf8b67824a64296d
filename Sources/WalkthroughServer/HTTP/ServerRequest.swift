@preconcurrency import Glibc

/// One HTTP request as the routes see it: its method, path, query, headers and whole body.
package struct ServerRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    package var method: String
    /// The path without its query, as sent (still percent-encoded).
    package var path: String
    /// The query's parameters, decoded; the last of a repeated name wins.
    package var query: [String: String]
    /// The headers, by lower-case name.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// Creates a request.
    package init(
        method: String, path: String, query: [String: String] = [:],
        headers: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        // Names arrive in lower case from the daemon: then the dictionary is kept as it is.
        self.headers =
            headers.keys.allSatisfy(Self.isLowercase)
            ? headers
            : Dictionary(
                headers.map { (Self.lowercased($0.key), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The value of the header `name` (any case), if sent.
    package func header(_ name: String) -> String? {
        headers[Self.lowercased(name)]
    }

    /// A header's name in lower case, as ``headers`` keys it (the name itself when it has no
    /// upper-case letter, as most do).
    package static func lowercased(_ name: String) -> String {
        isLowercase(name) ? name : name.lowercased()
    }

    /// ``lowercased(_:)`` for a name as libmicrohttpd gives it (a C string): its ASCII
    /// letters lowered as its bytes are copied, which is the whole of a header name's case.
    package static func lowercasedName(_ name: UnsafePointer<CChar>) -> String {
        let count = strlen(name)
        return name.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            guard !UnsafeBufferPointer(start: bytes, count: count).contains(where: { $0 >= 0x80 })
            else { return lowercased(String(cString: bytes)) }
            return String(unsafeUninitializedCapacity: count) { buffer in
                for index in 0..<count {
                    let byte = bytes[index]
                    let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                    buffer[index] = isUpper ? byte + 32 : byte
                }
                return count
            }
        }
    }

    private static func isLowercase(_ name: String) -> Bool {
        !name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }
    }
}
