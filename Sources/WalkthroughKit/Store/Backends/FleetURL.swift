/// The locations the fleet's store claims, as `WalkthroughKit` knows them without the
/// `WalkthroughFleet` product: a `postgresql://` or `postgres://` URL.
package enum FleetURL {
    /// Whether `location` is a `postgresql://` or `postgres://` URL.
    package static func isURL(_ location: String) -> Bool {
        guard let scheme = SQLiteSeenStore.urlScheme(of: location)?.lowercased() else {
            return false
        }
        return scheme == "postgresql" || scheme == "postgres"
    }

    /// A fleet URL as it may be shown when the product that parses it is not linked: without
    /// a password, whether in its user part (`user:secret@` loses `:secret`) or its query (a
    /// `password=` parameter goes; the others stay).
    package static func displayed(_ location: String) -> String {
        let parts = location.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var shown = String(parts[0])
        // The user part: after "://", up to the last "@" before the first "/".
        if let scheme = shown.utf8.firstIndex(of: UInt8(ascii: ":")),
            shown.utf8[scheme...].starts(with: "://".utf8)
        {
            let start = shown.utf8.index(scheme, offsetBy: 3)
            let end =
                shown.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? shown.utf8.endIndex
            if let at = shown.utf8[start..<end].lastIndex(of: UInt8(ascii: "@")),
                let colon = shown.utf8[start..<at].firstIndex(of: UInt8(ascii: ":"))
            {
                shown = String(shown[..<colon] + shown[at...])
            }
        }
        guard parts.count == 2 else { return shown }
        let kept = parts[1].split(separator: "&").filter {
            !$0.lowercased().hasPrefix("password=")
        }
        return kept.isEmpty ? shown : shown + "?" + kept.joined(separator: "&")
    }

    /// The backend of a fleet URL in a process that has not enabled `WalkthroughFleet`: it
    /// opens nothing, and says which product is missing.
    package enum Missing: SeenStoreDriver {
        package static let backend = SeenStoreBackend.postgresql
        package static func claims(_ location: String) -> Bool { isURL(location) }
        package static func displayed(_ location: String) -> String {
            FleetURL.displayed(location)
        }
        package static func open(
            _ location: String, options: StoreOpenOptions, environment: [String: String]
        ) throws(SeenStoreError) -> any AdministeredSeenStore {
            throw .cannotOpen(
                path: displayed(location),
                reason: "a PostgreSQL store needs the WalkthroughFleet product, which this "
                    + "tool does not enable (Fleet.enable())")
        }
    }
}
