import WalkthroughKit

/// The body of `POST /v1/users/{user}/walkthroughs/{id}/steps`: `{"id": UUID, "step":
/// "started"|"page"|"finished"|"skipped"|"snoozed"|"interrupted", "page": N, "version": V}`.
/// `page` is the page's position in the definition, from 1, as a record's `lastPage` counts.
struct StepRequest: Sendable {
    /// What happened.
    enum Kind: String, Sendable, CaseIterable {
        case started, page, finished, skipped, snoozed, interrupted
    }

    /// Why a body is not a step.
    struct Malformed: Error, Sendable {
        /// What is wrong, for the problem's `detail`.
        var detail: String
    }

    /// The client's id of the step (a UUID, lower-cased): sending it again writes nothing.
    var id: String
    /// What happened.
    var kind: Kind
    /// The page it happened on (0-based, as the store keeps it).
    var page: Int
    /// The walkthrough's version the user saw.
    var version: Int

    /// Reads a body, checked against the walkthrough served.
    init(body: [UInt8], walkthrough: Walkthrough) throws(Malformed) {
        let members: [JSONMember]
        do {
            members = try RequestJSON.members(of: body)
        } catch {
            // A problem's detail is a sentence.
            throw Malformed(
                detail: error.detail.prefix(1).uppercased() + error.detail.dropFirst() + ".")
        }
        func member(_ name: String) -> JSONValue.Storage? {
            members.first { $0.key == name }?.value.storage
        }
        guard case .string(let id) = member("id"), Self.isUUID(id) else {
            throw Malformed(
                detail: "\"id\" must be a UUID (8-4-4-4-12 hex digits), new for each step.")
        }
        let kinds = Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let name) = member("step"), let kind = Kind(rawValue: name) else {
            throw Malformed(detail: "\"step\" must be one of \(kinds).")
        }
        guard case .number(let number) = member("page"), let page = number.integerValue,
            (1...walkthrough.pages.count).contains(page)
        else {
            throw Malformed(
                detail: "\"page\" must be a page's position, 1 to \(walkthrough.pages.count).")
        }
        guard case .number(let versionNumber) = member("version"),
            let version = versionNumber.integerValue, (1...walkthrough.version).contains(version)
        else {
            throw Malformed(
                detail:
                    "\"version\" must be the walkthrough's version, 1 to \(walkthrough.version).")
        }
        self.id = id.lowercased()
        self.kind = kind
        self.page = page - 1
        self.version = version
    }

    /// The write the `walkthrough` command makes for this step; a `snoozed` step puts the
    /// walkthrough off until `snoozeUntil` (the walkthrough's `snooze` from now).
    func sessionStep(
        user: String, walkthrough: String, resumed: Bool, locale: String?,
        snoozeUntil: Timestamp
    ) -> SessionStep {
        let change: SessionStep.Change?
        let event: WalkthroughEvent.Kind
        switch kind {
        case .started:
            change = .progress(page: page)
            event = .started(locale: locale, resumed: resumed, forced: false)
        case .page:
            change = .progress(page: page)
            event = .page
        case .finished:
            change = .seen(.completed)
            event = .finished(.completed)
        case .skipped:
            change = .seen(.skipped)
            event = .finished(.skipped)
        case .snoozed:
            change = .snoozed(page: page, until: snoozeUntil)
            event = .snoozed
        case .interrupted:
            change = nil
            event = .interrupted(signal: "client")
        }
        return SessionStep(
            user: user, walkthrough: walkthrough, version: version, change: change,
            events: [SessionStep.Event(event, page: page)], locale: locale, clientID: id)
    }

    /// Whether `text` is a UUID: 8-4-4-4-12 hex digits.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
