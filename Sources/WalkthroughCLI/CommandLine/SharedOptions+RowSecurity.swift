import WalkthroughKit

extension StoreOptions {
    /// The user to act for once the store is open: `--user` when given, else the user a
    /// row-security store binds this role to (PostgreSQL `current_user`), else `login`, the
    /// login name ``user(environment:command:)`` worked out.
    func user(_ login: String, boundBy store: (any AdministeredSeenStore)?) -> String {
        guard user == nil, let bound = store?.enforcedUser else { return login }
        return bound
    }
}
