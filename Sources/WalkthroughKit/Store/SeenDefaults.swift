@preconcurrency import Glibc

/// A `UserDefaults`-shaped view of a ``SeenStore`` for one user, so that code written the iOS
/// way moves over with a one-line change.
///
/// ```swift
/// // iOS:
/// // if !UserDefaults.standard.bool(forKey: "hasViewedWalkthrough") { showWalkthrough() }
/// // UserDefaults.standard.set(true, forKey: "hasViewedWalkthrough")
/// let defaults = try SeenDefaults(user: "alice")
/// if !defaults.bool(forKey: "foodpin") { showWalkthrough() }
/// defaults.set(true, forKey: "foodpin")
/// ```
///
/// The key is a walkthrough id. ``set(_:forKey:)`` with `true` records the walkthrough as
/// `completed` at ``version``; ``bool(forKey:)`` is `true` when the user completed or skipped it
/// at ``version`` or a later one. With the default version 1 that means "has seen any version",
/// which is what the single iOS flag meant; pass the walkthrough's version to re-show it after a
/// version bump. `set(false, …)` and ``removeObject(forKey:)`` both remove the record.
///
/// Like `UserDefaults`, the methods do not throw. A read that fails answers `false`, so the
/// walkthrough is shown again rather than hidden; every failure goes to the `onError` handler,
/// which by default prints one line on standard error. Use the ``SeenStore`` itself where
/// failures must be handled.
public struct SeenDefaults: Sendable {
    /// The user every key is read and written for.
    public let user: String
    /// The store underneath.
    public let store: any SeenStore
    /// The walkthrough version ``set(_:forKey:)`` records and ``bool(forKey:)`` asks for.
    public let version: Int
    private let onError: @Sendable (any Error) -> Void

    /// A view of `store` for `user`.
    ///
    /// - Parameters:
    ///   - user: The user every key is read and written for.
    ///   - store: The store underneath.
    ///   - version: The version `set(true, …)` records and `bool(forKey:)` requires at least;
    ///     1 (the default) accepts any version.
    ///   - onError: Called with every error the store throws; the default prints it on
    ///     standard error.
    /// - Precondition: `version >= 1`.
    public init(
        user: String, store: any SeenStore, version: Int = 1,
        onError: @escaping @Sendable (any Error) -> Void = SeenDefaults.printToStandardError
    ) {
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        self.user = user
        self.store = store
        self.version = version
        self.onError = onError
    }

    /// A view for `user` of the store at `path` (an SQLite file, or a `postgresql://` URL), or
    /// at the default location (``SeenStoreLocation/defaultPath``: `$WALKTHROUGH_DB`, the
    /// administrator's policy's `db`, the default file) when `nil`.
    ///
    /// - Throws: ``SeenStoreError`` when the store cannot be opened.
    public init(user: String, path: String? = nil, version: Int = 1) throws(SeenStoreError) {
        let resolved: String
        if let path {
            resolved = path
        } else {
            resolved = try SeenStoreBackend.defaultLocation(
                environment: Environment.process,
                policy: AdministratorPolicy.inForce(environment: Environment.process))
        }
        let store = try SeenStoreBackend.open(resolved)
        self.init(user: user, store: store, version: version)
    }

    /// Whether the user has seen the walkthrough `key` (completed or skipped, at ``version`` or
    /// later). `false` when the store cannot be read.
    public func bool(forKey key: String) -> Bool {
        do {
            return try store.hasSeen(user: user, walkthrough: key, version: version)
        } catch {
            onError(error)
            return false
        }
    }

    /// Records the walkthrough `key` as seen (`completed` at ``version``) when `value` is
    /// `true`; removes its record when `false`.
    public func set(_ value: Bool, forKey key: String) {
        do {
            if value {
                try store.markSeen(
                    user: user, walkthrough: key, version: version, outcome: .completed)
            } else {
                _ = try store.reset(user: user, walkthrough: key)
            }
        } catch {
            onError(error)
        }
    }

    /// Removes the user's record of the walkthrough `key`, progress included.
    public func removeObject(forKey key: String) {
        do {
            _ = try store.reset(user: user, walkthrough: key)
        } catch {
            onError(error)
        }
    }

    /// The default error handler: one line on standard error, with any control character of the
    /// message (a database path can hold one) written as `\uXXXX`, never raw.
    @Sendable public static func printToStandardError(_ error: any Error) {
        fputs("walkthrough: \(CharacterSafety.escapedInLine(String(describing: error)))\n", stderr)
    }
}
