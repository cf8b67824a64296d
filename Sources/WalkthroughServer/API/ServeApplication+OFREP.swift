import WalkthroughKit

/// OpenFeature's Remote Evaluation Protocol (OFREP v0.3.0): a walkthrough is a boolean flag,
/// true when it is due for the context's targeting key. Evaluating records nothing.
extension ServeApplication {
    /// `POST /ofrep/v1/evaluate/flags/{key}`.
    func evaluate(key: String, body: [UInt8], principal: Principal) -> ServerResponse {
        let context: OFREPContext
        do {
            context = try OFREPContext(body: body)
        } catch {
            return .json(
                400, FlagEvaluation.error(key: key, code: "PARSE_ERROR", detail: error.detail))
        }
        guard let entry = catalog.snapshot.entries[key] else {
            return .json(
                404,
                FlagEvaluation.error(
                    key: key, code: "FLAG_NOT_FOUND",
                    detail: "No walkthrough \"\(key)\" is served."))
        }
        if let refused = refusal(of: context, principal: principal, key: key) { return refused }
        let evaluation = evaluate(entry.walkthrough, context: context, now: clock())
        var writer = JSONWriter(pretty: false)
        evaluation.write(key: key, to: &writer)
        return .json(evaluation.status, body: writer.bytes)
    }

    /// `POST /ofrep/v1/evaluate/flags`: every walkthrough served, with an `ETag` over the
    /// answers and the next moment one of them changes by time alone.
    func evaluateAll(_ request: ServerRequest, principal: Principal) -> ServerResponse {
        let context: OFREPContext
        do {
            context = try OFREPContext(body: request.body)
        } catch {
            return .json(
                400, FlagEvaluation.error(key: nil, code: "PARSE_ERROR", detail: error.detail))
        }
        if let refused = refusal(of: context, principal: principal, key: nil) { return refused }
        let walkthroughs = catalog.snapshot.walkthroughs
        var decisions: [DueDecision] = []
        // What every walkthrough answers when the user's records could not be read.
        var failed: FlagEvaluation?
        if quiet == nil {
            // One read of the user's records for every walkthrough.
            do {
                decisions = try due(
                    walkthroughs, for: context.targetingKey ?? "", variables: context.variables,
                    at: clock())
            } catch {
                let failure = FlagEvaluation.failure(error)
                if case .failed(let status, _, _) = failure, status >= 500 {
                    // The store is not answering: the whole request fails, so that clients
                    // fall back to their defaults rather than trust half an answer.
                    var writer = JSONWriter(pretty: false)
                    failure.write(key: walkthroughs.first?.id ?? "", to: &writer)
                    return .json(status, body: writer.bytes)
                }
                failed = failure
            }
        }
        var writer = JSONWriter(pretty: false, capacity: 256 * walkthroughs.count)
        writer.beginObject()
        writer.key("flags")
        writer.beginArray()
        var changesAt: Timestamp?
        // Each answer written as it is made; a walkthrough and a decision are read in place
        // (by index): they are large values.
        for index in walkthroughs.indices {
            if let failed {
                failed.write(key: walkthroughs[index].id, to: &writer)
                continue
            }
            let answer =
                quiet != nil
                ? disabledAnswer(of: walkthroughs[index], context: context)
                : self.answer(
                    of: walkthroughs[index], context: context, decision: decisions[index])
            if let moment = answer.dueAt {
                changesAt = changesAt.map { min($0, moment) } ?? moment
            }
            answer.write(to: &writer)
        }
        writer.endArray()
        writer.endObject()
        let body = writer.bytes
        let tag = ETag.of(
            body, varying: changesAt.map { String($0.millisecondsSince1970) } ?? "")
        if let sent = request.header("if-none-match"), ETag.matches(sent, tag) {
            return ServerResponse(status: 304, headers: [("ETag", tag)])
        }
        return ServerResponse(
            status: 200,
            headers: [
                ("Content-Type", "application/json"), ("ETag", tag),
                ("Cache-Control", "no-cache"),
            ],
            body: body)
    }

    /// The answer when the context cannot be evaluated for this principal: no targeting key
    /// (400), or another user's for a user token (403).
    private func refusal(
        of context: OFREPContext, principal: Principal, key: String?
    ) -> ServerResponse? {
        guard let user = context.targetingKey, !user.isEmpty else {
            return .json(
                400,
                FlagEvaluation.error(
                    key: key, code: "TARGETING_KEY_MISSING",
                    detail: "The context has no targetingKey: set it to the user's name."))
        }
        guard principal.mayActFor(user) else { return Self.notYours(user) }
        return nil
    }

    /// The evaluation of `walkthrough` for the context's user, as the gate decides it.
    func evaluate(
        _ walkthrough: Walkthrough, context: OFREPContext, now: Timestamp
    ) -> FlagEvaluation {
        guard quiet == nil else {
            return .answer(disabledAnswer(of: walkthrough, context: context))
        }
        do {
            let decision = try due(
                walkthrough, for: context.targetingKey ?? "", variables: context.variables, at: now)
            return .answer(answer(of: walkthrough, context: context, decision: decision))
        } catch {
            return .failure(error)
        }
    }

    /// The answer for `walkthrough` while the server's quiet switch is on: `DISABLED`, the
    /// switch's sentence; every other answer starts from it.
    func disabledAnswer(of walkthrough: Walkthrough, context: OFREPContext) -> FlagAnswer {
        FlagAnswer(
            key: walkthrough.id, value: false, reason: "DISABLED", variant: "disabled",
            version: walkthrough.version, pages: walkthrough.pages.count,
            title: walkthrough.title(for: context.locale) ?? walkthrough.id,
            detail: quiet ?? "", dueAt: nil)
    }

    /// The answer for `walkthrough` for the context's user by `decision`.
    func answer(
        of walkthrough: Walkthrough, context: OFREPContext, decision: DueDecision
    ) -> FlagAnswer {
        var answer = disabledAnswer(of: walkthrough, context: context)
        let group = decision.groupName(in: walkthrough)
        switch decision.reason {
        case .due:
            answer.reason = group == nil ? "TARGETING_MATCH" : "SPLIT"
            answer.variant = group ?? "due"
        case .holdout:
            answer.reason = "SPLIT"
            answer.variant = "holdout"
        default:
            answer.reason = "TARGETING_MATCH"
            answer.variant = decision.reason.rawValue
        }
        answer.value = decision.isDue
        if decision.isDue { answer.pages = decision.pages.count }
        answer.detail = decision.detail
        answer.dueAt = decision.dueAt
        return answer
    }
}
