extension FirstRunGate {
    /// Records that ``user`` reached `goal` now, for the experiments that count it
    /// (`walkthrough goal NAME` does the same). The built-in stores keep goals (through the
    /// replica, queued on this machine while the server is out of reach); a store of the
    /// host's own (``SeenStoreLocation/store(_:)``) keeps none, and nothing is recorded.
    ///
    /// - Parameter goal: The goal's name, as the definition's `experiment.goals` lists it.
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)``, or
    ///   ``FirstRunGateError/store(_:)`` when the store cannot be written or keeps no goals.
    public func recordGoal(_ goal: String) throws(FirstRunGateError) {
        do {
            try UserName.validate(user)
        } catch {
            throw .invalidUser(name: user, problem: error)
        }
        do {
            guard
                let opened = try store.open(
                    environment: variables, mode: .create, policy: policyInForce()),
                let recorder = SeenStoreCapabilities.experiments(opened)
            else { return }
            // The user a row-secured store binds this role to, as every other write.
            try recorder.recordGoal(
                goal, user: Self.actingUser(chosen: chosenUser, login: user, store: opened))
        } catch {
            throw .store(error)
        }
    }
}
