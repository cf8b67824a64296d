extension FirstRunGate {
    /// Records that ``user`` put the walkthrough off until `until` (by default now plus its
    /// `snooze`) without playing it (`walkthrough mark --snoozed`): one open (creating the
    /// database when missing), one read, one write. No event is written, as for the other
    /// outcomes `mark` records.
    ///
    /// - Returns: The user recorded for, the record as it was, whether the store kept it
    ///   (``SeenWriteRule/snooze``: a seen record of this version or a newer one), and the time
    ///   it is put off until.
    /// - Throws: ``FirstRunGateError/invalidUser(name:problem:)`` or
    ///   ``FirstRunGateError/store(_:)``.
    package func snooze(
        _ walkthrough: Walkthrough, until: Timestamp? = nil
    ) throws(FirstRunGateError) -> (
        user: String, prior: SeenRecord?, kept: Bool, until: Timestamp
    ) {
        do {
            try UserName.validate(user)
        } catch {
            throw .invalidUser(name: user, problem: error)
        }
        let until = until ?? Session.snoozed(from: clock(), for: walkthrough.snooze)
        do {
            guard
                let opened = try store.open(
                    environment: variables, mode: .create, policy: policyInForce())
            else {
                preconditionFailure("a store opened to create is never missing")
            }
            let user = Self.actingUser(chosen: chosenUser, login: user, store: opened)
            let prior = try opened.record(user: user, walkthrough: walkthrough.id)
            let kept = SeenWriteRule.snooze.keeps(
                prior, version: walkthrough.version, outcome: .snoozed)
            let page = prior?.outcome.isUnfinished == true ? prior?.lastPage ?? 0 : 0
            if let recorder = SeenStoreCapabilities.eventRecording(opened) {
                try recorder.write(
                    SessionStep(
                        user: user, walkthrough: walkthrough.id, version: walkthrough.version,
                        change: .snoozed(page: page, until: until), events: []))
            } else {
                try opened.saveProgress(user: user, walkthrough: walkthrough, page: page)
            }
            return (user, prior, kept, until)
        } catch {
            throw .store(error)
        }
    }
}
