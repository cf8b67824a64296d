/// Who a request comes from, once its `Authorization` header is checked.
package enum Principal: Sendable, Hashable {
    /// A `service` key, by its name in the keys file: evaluates and writes for any user.
    case service(name: String)
    /// An `admin` key, by its name: what a service key may do, and also resets and stats.
    case admin(name: String)
    /// A user token's `sub`: reads and writes that user's state only.
    case user(String)

    /// Whether this principal may read and write `user`'s state.
    package func mayActFor(_ user: String) -> Bool {
        switch self {
        case .service, .admin: return true
        case .user(let subject): return subject == user
        }
    }

    /// Whether this principal may reset records and read stats.
    package var isAdmin: Bool {
        if case .admin = self { return true }
        return false
    }

    /// How the request log names it: the key's name, or `user:NAME`; never a secret.
    package var logName: String {
        switch self {
        case .service(let name), .admin(let name): return name
        case .user(let subject): return "user:" + subject
        }
    }
}
