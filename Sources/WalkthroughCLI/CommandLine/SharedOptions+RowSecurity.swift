import WalkthroughKit

extension StoreOptions {
    /// The user to act for once the store is open: `--user` when given, else the user a
    /// row-security store binds this role to (PostgreSQL `current_user`), else `login`, the
    /// login name ``user(environment:command:)`` worked out; the rule of
    /// `FirstRunGate.actingUser(chosen:login:store:)`, which the gate follows too.
    func user(_ login: String, boundBy store: (any AdministeredSeenStore)?) -> String {
        FirstRunGate.actingUser(chosen: user, login: login, store: store)
    }

    /// The first-run gate for a command: `--user` (checked, or the login name, checked) and
    /// `--db` (or the default store), opened with `WALKTHROUGH_BUSY_TIMEOUT`. `seen`, `due`,
    /// `play` and `mark` ask it, as an embedding tool does, with the administrator's policy
    /// read once.
    ///
    /// - Throws: A usage error for a bad `--user`, login name or `--db`; a ``SeenStoreError``
    ///   when nothing gives a default location or the busy timeout is not a number.
    func gate(environment: [String: String], command: String) throws -> FirstRunGate {
        let checked = try user(environment: environment, command: command)
        // The policy is read once for the launch: where the store is, and every question.
        let policy = AdministratorPolicy.inForce(environment: environment)
        let path = try databasePath(environment: environment, command: command, policy: policy)
        let options = try StoreOpenOptions(environment: environment).sqlite
        var gate = FirstRunGate(
            user: user == nil ? nil : checked, store: .path(path, options: options),
            environment: environment)
        gate.administratorPolicy = policy
        return gate
    }
}
