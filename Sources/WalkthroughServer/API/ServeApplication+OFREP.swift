import WalkthroughKit

/// OpenFeature's Remote Evaluation Protocol (OFREP v0.3.0): a walkthrough is a boolean flag,
/// true when it is due for the context's targeting key. Evaluating records nothing.
extension ServeApplication {
    /// One flag's evaluation, or why there is none.
    enum Evaluation {
        /// The flag's evaluation object, and the next moment time alone changes it.
        case answer(JSONText, changesAt: Timestamp?)
        /// An OFREP error: the status, `errorCode` and `errorDetails`.
        case failed(status: Int, code: String, detail: String)

        /// The evaluation object, or the error object, for `key`.
        func object(key: String) -> JSONText {
            switch self {
            case .answer(let object, _):
                return object
            case .failed(_, let code, let detail):
                return Self.error(key: key, code: code, detail: detail)
            }
        }

        /// The error of a decision that could not be taken: a user name the store refuses
        /// (400), or a store that did not answer (500).
        static func failure(_ error: FirstRunGateError) -> Evaluation {
            if case .invalidUser = error {
                return .failed(status: 400, code: "INVALID_CONTEXT", detail: "\(error)")
            }
            return .failed(
                status: 500, code: "GENERAL", detail: "The store did not answer: \(error)")
        }

        /// `{"key","errorCode","errorDetails"}`.
        static func error(key: String?, code: String, detail: String) -> JSONText {
            var members: [(String, JSONText)] = []
            if let key { members.append(("key", .string(key))) }
            members.append(("errorCode", .string(code)))
            members.append(("errorDetails", .string(detail)))
            return .object(members)
        }
    }

    /// `POST /ofrep/v1/evaluate/flags/{key}`.
    func evaluate(key: String, body: [UInt8], principal: Principal) -> ServerResponse {
        let context: OFREPContext
        do {
            context = try OFREPContext(body: body)
        } catch {
            return .json(400, Evaluation.error(key: key, code: "PARSE_ERROR", detail: error.detail))
        }
        guard let entry = catalog.snapshot.entries[key] else {
            return .json(
                404,
                Evaluation.error(
                    key: key, code: "FLAG_NOT_FOUND",
                    detail: "No walkthrough \"\(key)\" is served."))
        }
        if let refused = refusal(of: context, principal: principal, key: key) { return refused }
        let evaluation = evaluate(entry.walkthrough, context: context, now: clock())
        switch evaluation {
        case .answer(let object, _):
            return .json(200, object)
        case .failed(let status, _, _):
            return .json(status, evaluation.object(key: key))
        }
    }

    /// `POST /ofrep/v1/evaluate/flags`: every walkthrough served, with an `ETag` over the
    /// answers and the next moment one of them changes by time alone.
    func evaluateAll(_ request: ServerRequest, principal: Principal) -> ServerResponse {
        let context: OFREPContext
        do {
            context = try OFREPContext(body: request.body)
        } catch {
            return .json(400, Evaluation.error(key: nil, code: "PARSE_ERROR", detail: error.detail))
        }
        if let refused = refusal(of: context, principal: principal, key: nil) { return refused }
        let snapshot = catalog.snapshot
        let walkthroughs = snapshot.ids.compactMap { snapshot.entries[$0]?.walkthrough }
        var evaluations: [Evaluation]
        if quiet != nil {
            evaluations = walkthroughs.map { evaluation(of: $0, context: context, decision: nil) }
        } else {
            // One read of the user's records for every walkthrough.
            do {
                let user = context.targetingKey ?? ""
                evaluations = try due(
                    walkthroughs, for: user, variables: context.variables, at: clock()
                ).map { walkthrough, decision in
                    evaluation(of: walkthrough, context: context, decision: decision)
                }
            } catch {
                let failed = Evaluation.failure(error)
                if case .failed(let status, _, _) = failed, status >= 500 {
                    // The store is not answering: the whole request fails, so that clients
                    // fall back to their defaults rather than trust half an answer.
                    return .json(status, failed.object(key: walkthroughs.first?.id ?? ""))
                }
                evaluations = walkthroughs.map { _ in failed }
            }
        }
        var flags: [JSONText] = []
        var changesAt: Timestamp?
        for (walkthrough, evaluation) in zip(walkthroughs, evaluations) {
            if case .answer(_, let moment?) = evaluation {
                changesAt = changesAt.map { min($0, moment) } ?? moment
            }
            flags.append(evaluation.object(key: walkthrough.id))
        }
        let body = JSONText.object([("flags", .array(flags))]).bytesOnOneLine()
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
                Evaluation.error(
                    key: key, code: "TARGETING_KEY_MISSING",
                    detail: "The context has no targetingKey: set it to the user's name."))
        }
        guard principal.mayActFor(user) else { return Self.notYours(user) }
        return nil
    }

    /// The evaluation of `walkthrough` for the context's user, as the gate decides it.
    func evaluate(
        _ walkthrough: Walkthrough, context: OFREPContext, now: Timestamp
    ) -> Evaluation {
        guard quiet == nil else {
            return evaluation(of: walkthrough, context: context, decision: nil)
        }
        do {
            let decision = try due(
                walkthrough, for: context.targetingKey ?? "", variables: context.variables, at: now)
            return evaluation(of: walkthrough, context: context, decision: decision)
        } catch {
            return .failure(error)
        }
    }

    /// The evaluation of `walkthrough` for the context's user by `decision` (`nil`: the
    /// server's quiet switch is on).
    func evaluation(
        of walkthrough: Walkthrough, context: OFREPContext, decision: DueDecision?
    ) -> Evaluation {
        let shown = walkthrough.localized(for: context.locale)
        func metadata(pages: Int, detail: String, dueAt: Timestamp?) -> JSONText {
            var members: [(String, JSONText)] = [
                ("version", .integer(walkthrough.version)),
                ("pages", .integer(pages)),
                ("title", .string(shown.title ?? walkthrough.id)),
                ("detail", .string(detail)),
            ]
            if let dueAt { members.append(("dueAt", .string(Timestamp.json(dueAt)))) }
            return .object(members)
        }
        guard let decision else {
            return .answer(
                .object([
                    ("key", .string(walkthrough.id)), ("value", .bool(false)),
                    ("reason", .string("DISABLED")), ("variant", .string("disabled")),
                    (
                        "metadata",
                        metadata(pages: walkthrough.pages.count, detail: quiet ?? "", dueAt: nil)
                    ),
                ]), changesAt: nil)
        }
        let group = decision.groupName(in: walkthrough)
        let reason: String
        let variant: String
        switch decision.reason {
        case .due:
            reason = group == nil ? "TARGETING_MATCH" : "SPLIT"
            variant = group ?? "due"
        case .holdout:
            reason = "SPLIT"
            variant = "holdout"
        default:
            reason = "TARGETING_MATCH"
            variant = decision.reason.rawValue
        }
        let pages = decision.isDue ? decision.pages.count : walkthrough.pages.count
        return .answer(
            .object([
                ("key", .string(walkthrough.id)), ("value", .bool(decision.isDue)),
                ("reason", .string(reason)), ("variant", .string(variant)),
                (
                    "metadata",
                    metadata(pages: pages, detail: decision.detail, dueAt: decision.dueAt)
                ),
            ]), changesAt: decision.dueAt)
    }
}
