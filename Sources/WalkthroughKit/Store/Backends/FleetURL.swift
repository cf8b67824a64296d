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

    /// `location` without its password, as it may be shown: the `:password` of the user part
    /// and any `password=` query parameter (its name percent-decoded) are dropped; everything
    /// else is kept as written. The one rule for every place a fleet URL is shown, with the
    /// fleet's product or without it.
    package static func displayed(_ location: String) -> String {
        guard let schemeEnd = location.firstRange(of: "://") else { return location }
        let head = location[..<schemeEnd.upperBound]
        let rest = location[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        var tail = String(rest[authorityEnd...])
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                authority = String(userInfo[..<colon]) + String(authority[at...])
            }
        }
        if let question = tail.firstIndex(of: "?") {
            let path = tail[..<question]
            let kept = tail[tail.index(after: question)...].split(separator: "&").filter {
                parameter in
                let key = parameter.split(separator: "=", maxSplits: 1).first ?? ""
                return PercentEncoding.decoded(String(key)).lowercased() != "password"
            }
            tail = String(path) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        return String(head) + authority + tail
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
