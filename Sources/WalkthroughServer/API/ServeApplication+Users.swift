import WalkthroughKit

/// `/v1/users/{user}/…`: steps through a walkthrough, the record, goals, donations, and
/// resets.
extension ServeApplication {
    /// `POST /v1/users/{user}/walkthroughs/{id}/steps`: one step of a user's run, written as
    /// the `walkthrough` command writes it (the record and its events in one transaction),
    /// committed with the steps that arrived with it (``GroupCommit``) and answered with the
    /// record once durable. A step whose `id` was written before is not written again, and is
    /// answered with the record as it is.
    func step(
        user: String, walkthrough id: String, body: [UInt8],
        reply: @escaping @Sendable (ServerResponse) -> Void
    ) {
        guard let entry = catalog.snapshot.entries[id] else {
            return reply(Self.notServed(id))
        }
        let step: StepRequest
        do {
            step = try StepRequest(body: body, walkthrough: entry.walkthrough)
        } catch {
            return reply(.problem(400, detail: error.detail))
        }
        if let refused = Self.refusal(ofUser: user) { return reply(refused) }
        let snoozeUntil = Session.snoozed(from: clock(), for: entry.walkthrough.snooze)
        let recordsEvents = recordsEvents
        // Made from the record inside the commit's transaction: whether it resumes an
        // unfinished run is read there, and the answer's record too (the daemon's thread
        // reads nothing, and waits on no writer's lock).
        let pending = PendingStep(user: user, walkthrough: id) { prior in
            let resumed = prior?.outcome.isUnfinished == true && prior?.version == step.version
            var write = step.sessionStep(
                user: user, walkthrough: id, resumed: resumed, locale: nil,
                snoozeUntil: snoozeUntil)
            // WALKTHROUGH_EVENTS=off where the server runs: the record alone (and then no id
            // is kept either: a step sent twice is written twice, to the same record).
            if !recordsEvents { write.events = [] }
            return write
        }
        steps.submit(pending) { outcome in
            do {
                reply(.json(200, try outcome.get().record?.jsonObject ?? .null))
            } catch {
                reply(Self.notWritten(error))
            }
        }
    }

    /// 500 for a step the store did not write.
    private static func notWritten(_ error: any Error) -> ServerResponse {
        .problem(500, detail: "The store did not write the step: \(error)")
    }

    /// `GET /v1/users/{user}/walkthroughs/{id}`: the record, or 404.
    func record(user: String, walkthrough id: String) -> ServerResponse {
        if let refused = Self.refusal(ofUser: user) { return refused }
        do {
            guard let record = try store.record(user: user, walkthrough: id) else {
                return .problem(404, detail: "\(user) has no record of \"\(id)\".")
            }
            return .json(200, record.jsonObject)
        } catch {
            return .problem(500, detail: "The store did not answer: \(error)")
        }
    }

    /// `POST /v1/users/{user}/goals/{name}`: the user reached a goal (`walkthrough goal`).
    func goal(user: String, name: String) -> ServerResponse {
        if let refused = Self.refusal(ofName: name, kind: "goal") { return refused }
        if let refused = Self.refusal(ofUser: user) { return refused }
        guard let recorder = SeenStoreCapabilities.experiments(store) else {
            return .problem(500, detail: "This store keeps no goals.")
        }
        do {
            try recorder.recordGoal(name, user: user)
            return ServerResponse(status: 204)
        } catch {
            return .problem(500, detail: "The store did not record the goal: \(error)")
        }
    }

    /// `POST /v1/users/{user}/events/{name}`: the user did `name` (`walkthrough donate`), kept
    /// with its time for the rules of `when.events`; 204 once durable.
    func donate(user: String, name: String) -> ServerResponse {
        if let refused = Self.refusal(ofName: name, kind: "event") { return refused }
        if let refused = Self.refusal(ofUser: user) { return refused }
        guard let donations = SeenStoreCapabilities.donations(store) else {
            return .problem(500, detail: "This store keeps no donations.")
        }
        do {
            _ = try donations.donate(name, user: user)
            return ServerResponse(status: 204)
        } catch {
            return .problem(500, detail: "The store did not record the event: \(error)")
        }
    }

    /// `DELETE /v1/users/{user}/walkthroughs[/{id}]` (admin): removes the user's records (of
    /// one walkthrough, or all), as `walkthrough reset` does, and answers with the records
    /// removed.
    func reset(user: String, walkthrough id: String?) -> ServerResponse {
        if let refused = Self.refusal(ofUser: user) { return refused }
        do {
            let records = try store.records(user: user).filter { id == nil || $0.walkthrough == id }
            _ = try store.reset(user: user, walkthrough: id)
            return .json(200, .object([("removed", .array(records.map(\.jsonObject)))]))
        } catch {
            return .problem(500, detail: "The store did not reset: \(error)")
        }
    }
}
