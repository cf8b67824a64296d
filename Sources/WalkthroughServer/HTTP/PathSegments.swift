import WalkthroughKit

/// A request path split at `/` into its segments, each percent-decoded on its own, so that an
/// encoded `/` (`%2F`) stays inside its segment and never reaches another route.
package struct PathSegments: Sendable, Hashable {
    /// The decoded segments (`/v1/walkthroughs/foodpin` → `["v1", "walkthroughs", "foodpin"]`).
    package var parts: [String]

    /// Splits `path`; `nil` when it does not start with `/`, or a segment is `.` or `..`
    /// (before or after decoding) or decodes to a control character or `/`.
    package init?(_ path: String) {
        guard path.hasPrefix("/") else { return nil }
        var parts: [String] = []
        for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let part = PercentEncoding.decoded(String(raw))
            if part == "." || part == ".." || part.contains("/")
                || part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            {
                return nil
            }
            parts.append(part)
        }
        // `/v1/walkthroughs/` names the same as `/v1/walkthroughs`.
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        self.parts = parts
    }
}
