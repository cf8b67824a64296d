extension FirstRunGate {
    /// Records the user's exposure to the holdout of the walkthrough's experiment, the first
    /// time the gate holds them out.
    ///
    /// - Throws: ``FirstRunGateError/store(_:)``.
    func recordHoldout(of walkthrough: Walkthrough, recordsEvents: Bool) throws(FirstRunGateError) {
        guard recordsEvents, walkthrough.experiment != nil else { return }
        do {
            guard let opened = try store.open(environment: environment, create: true) else {
                return
            }
            try ExperimentExposure.recordHoldout(
                of: walkthrough, user: user, store: opened, recordsEvents: recordsEvents)
        } catch {
            throw .store(error)
        }
    }

    /// Records that ``user`` reached `goal` now, for the experiments that count it
    /// (`walkthrough goal NAME` does the same).
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
            guard let opened = try store.open(environment: environment, create: true),
                let recorder = opened as? any ExperimentStore
            else { return }
            try recorder.recordGoal(goal, user: user)
        } catch {
            throw .store(error)
        }
    }
}
