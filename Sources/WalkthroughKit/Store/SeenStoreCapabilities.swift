/// What else an `any SeenStore` can do (keep events, experiments, administration), found
/// without the Swift runtime's conformance search wherever that is possible.
///
/// `store as? any EventRecordingStore` makes the runtime look for the conformance among every
/// protocol-conformance record of the process the first time a type is cast to a protocol:
/// thousands of records, some 300,000 instructions and dozens of pages of the binary touched,
/// paid on a tool's launch by the gate (`callgrind` over `walkthrough seen` and the embed host,
/// docs/benchmarks.md). The package's own stores are recognised by their class instead, a
/// comparison of metadata pointers; only a store type of the host's own takes the runtime's
/// way. Every such cast in the package goes through here.
package enum SeenStoreCapabilities {
    /// The store as one that keeps events, or `nil`.
    package static func eventRecording(_ store: any SeenStore) -> (any EventRecordingStore)? {
        if let known = known(store) { return known.eventRecording }
        return store as? any EventRecordingStore
    }

    /// The store as one that keeps experiments' exposures and goals, or `nil`.
    package static func experiments(_ store: any SeenStore) -> (any ExperimentStore)? {
        if let known = known(store) { return known.experiments }
        return store as? any ExperimentStore
    }

    /// The store as one that can make a write with less patience for another process's lock,
    /// or `nil`: only the package's stores on a file (a host's own type cannot conform).
    package static func lockWaitLimited(_ store: any SeenStore) -> (any LockWaitLimitedStore)? {
        if let sqlite = store as? SQLiteSeenStore { return sqlite }
        if let replica = store as? ReplicaSeenStore { return replica }
        return nil
    }

    /// The store as one the `walkthrough` command administers, or `nil`.
    package static func administered(_ store: any SeenStore) -> (any AdministeredSeenStore)? {
        if let known = known(store) { return known.administered }
        return store as? any AdministeredSeenStore
    }

    // MARK: - Private

    /// One of the package's own stores, with what it conforms to.
    private struct Known {
        var eventRecording: any EventRecordingStore
        var experiments: (any ExperimentStore)?
        var administered: (any AdministeredSeenStore)?
    }

    /// The package's store classes, tested by class (no conformance search); `nil` for any
    /// other type, whose conformances only the runtime can tell.
    private static func known(_ store: any SeenStore) -> Known? {
        if let sqlite = store as? SQLiteSeenStore {
            return Known(eventRecording: sqlite, experiments: sqlite, administered: sqlite)
        }
        if let replica = store as? ReplicaSeenStore {
            return Known(eventRecording: replica, experiments: replica, administered: replica)
        }
        if let server = store as? PostgresSeenStore {
            return Known(eventRecording: server, experiments: server, administered: server)
        }
        return nil
    }
}
