/// What else an `any SeenStore` can do (keep events, experiments, administration): the
/// package's stores say it through ``AdministeredSeenStore``'s requirements; a store type of
/// the host's own is asked by the runtime (`as?`). Every such question in the package goes
/// through here.
package enum SeenStoreCapabilities {
    /// The store as one that keeps events, or `nil`.
    package static func eventRecording(_ store: any SeenStore) -> (any EventRecordingStore)? {
        store as? any EventRecordingStore
    }

    /// The store as one that keeps experiments' exposures and goals, or `nil`.
    package static func experiments(_ store: any SeenStore) -> (any ExperimentStore)? {
        if let administered = administered(store) { return administered.experiments }
        return store as? any ExperimentStore
    }

    /// The store as one that keeps donations (`when.events`), or `nil`.
    package static func donations(_ store: any SeenStore) -> (any DonationStore)? {
        if let administered = administered(store) { return administered.donations }
        return store as? any DonationStore
    }

    /// The store as one that can make a write with less patience for another process's lock,
    /// or `nil`: only the package's stores on a file (a host's own type cannot conform).
    package static func lockWaitLimited(_ store: any SeenStore) -> (any LockWaitLimitedStore)? {
        administered(store)?.lockWaitLimited
    }

    /// The store as one the `walkthrough` command administers, or `nil`.
    package static func administered(_ store: any SeenStore) -> (any AdministeredSeenStore)? {
        store as? any AdministeredSeenStore
    }
}
