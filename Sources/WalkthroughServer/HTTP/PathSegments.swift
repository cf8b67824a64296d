import WalkthroughKit

/// A request path split at `/` into its segments, each percent-decoded on its own, so that an
/// encoded `/` (`%2F`) stays inside its segment and never reaches another route.
package struct PathSegments: Sendable, Hashable {
    /// The decoded segments (`/v1/walkthroughs/foodpin` → `["v1", "walkthroughs", "foodpin"]`).
    package var parts: [String]

    /// Splits `path`; `nil` when it does not start with `/`, or a segment is `.` or `..`
    /// (before or after decoding) or decodes to a control character or `/`.
    package init?(_ path: String) {
        var path = path
        let decoded: [String]? = path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            var parts: [String] = []
            // Each segment from after one `/` to the next (or the end), empty ones included.
            var start = 1
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                var part = String(decoding: raw, as: UTF8.self)
                if raw.contains(UInt8(ascii: "%")) {
                    part = PercentEncoding.decoded(part)
                    guard part.withUTF8(Self.isAllowed) else { return nil }
                } else {
                    guard Self.isAllowed(raw) else { return nil }
                }
                parts.append(part)
                guard end < bytes.count else { return parts }
                start = end + 1
            }
        }
        guard var parts = decoded else { return nil }
        // `/v1/walkthroughs/` names the same as `/v1/walkthroughs`.
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        self.parts = parts
    }

    /// Whether a decoded segment may name something: not `.` or `..`, and no control
    /// character or `/`.
    private static func isAllowed(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
        let isDots =
            !part.isEmpty && part.count <= 2 && part.allSatisfy { $0 == UInt8(ascii: ".") }
        return !isDots
            && !part.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") })
    }
}
