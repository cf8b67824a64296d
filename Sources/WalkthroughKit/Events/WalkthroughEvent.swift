/// One thing that happened in a session, as a store that records events keeps it: the
/// funnel's raw material (see `FunnelStats`).
///
/// A session writes its events in the same transaction as the progress they describe, so the
/// events and the records never disagree: `started` and `page` with the first page, `page` with
/// every page shown after it, `finished` with the outcome, `quit`, `interrupted` and `snoozed`
/// when playing stops. Page indices are 0-based positions in the definition (the command line shows them
/// from 1); times are the store's, to the millisecond.
package struct WalkthroughEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A session began showing the walkthrough: in `locale` (if any), resuming an unfinished
        /// run or not, forced (a replay asked for) or not.
        case started(locale: String?, resumed: Bool, forced: Bool)
        /// A page was shown.
        case page
        /// The walkthrough finished, completed or skipped.
        case finished(Navigator.FinishOutcome)
        /// The user stopped part-way; the progress is kept.
        case quit
        /// A signal (`SIGINT`, `SIGTERM`, `SIGHUP`) ended playing; the progress is kept.
        case interrupted(signal: String)
        /// The user was first assigned to the walkthrough's experiment, at the moment a variant
        /// was first shown to them or they were first held out (the event's ``variant`` says
        /// which).
        case exposed
        /// The user put the walkthrough off ("later": the player's `z`): the session ended
        /// with the record `snoozed` until a time; the progress is kept.
        case snoozed

        /// The event's name, as stored and printed: `started`, `page`, `finished`, `quit`,
        /// `interrupted`, `exposed`, `snoozed`.
        public var name: String {
            switch self {
            case .started: return "started"
            case .page: return "page"
            case .finished: return "finished"
            case .quit: return "quit"
            case .interrupted: return "interrupted"
            case .exposed: return "exposed"
            case .snoozed: return "snoozed"
            }
        }
    }

    /// When it happened (UTC, whole milliseconds).
    public var time: Timestamp
    /// Whose session it was.
    public var user: String
    /// The walkthrough's id.
    public var walkthrough: String
    /// The walkthrough's version in that session.
    public var version: Int
    /// What happened.
    public var kind: Kind
    /// The page (0-based index in the definition) the event happened on.
    public var page: Int
    /// The locale the session was given, if any.
    public var locale: String?
    /// The user's group in the walkthrough's experiment (a variant's id, or `holdout`), once
    /// the user was exposed to it; `nil` outside an experiment.
    public var variant: String?
    /// The id of that experiment, with ``variant``.
    public var experiment: String?

    /// Creates an event.
    public init(
        time: Timestamp, user: String, walkthrough: String, version: Int, kind: Kind, page: Int,
        locale: String? = nil, variant: String? = nil, experiment: String? = nil
    ) {
        self.variant = variant
        self.experiment = experiment
        self.time = time
        self.user = user
        self.walkthrough = walkthrough
        self.version = version
        self.kind = kind
        self.page = page
        self.locale = locale
    }
}

/// What a session asks a store to write at once: some events and, in the same transaction,
/// the change of progress they describe.
package struct SessionStep: Sendable, Hashable {
    /// The change to the user's record.
    public enum Change: Sendable, Hashable {
        /// ``SeenStore/saveProgress(user:walkthrough:version:page:)`` with this page (0-based).
        case progress(page: Int)
        /// ``SeenStore/markSeen(user:walkthrough:version:outcome:)`` with this outcome.
        case seen(Navigator.FinishOutcome)
        /// The record `snoozed` on this page (0-based) until the time (``SeenWriteRule/snooze``).
        case snoozed(page: Int, until: Timestamp)
    }

    /// One event of the step; the store stamps every event of a step with the same time.
    public struct Event: Sendable, Hashable {
        /// What happened.
        public var kind: WalkthroughEvent.Kind
        /// The page (0-based) it happened on.
        public var page: Int

        /// Creates an event of a step.
        public init(_ kind: WalkthroughEvent.Kind, page: Int) {
            self.kind = kind
            self.page = page
        }
    }

    /// Whose session it is.
    public var user: String
    /// The walkthrough's id.
    public var walkthrough: String
    /// The walkthrough's version.
    public var version: Int
    /// The record's change, if the step has one (`quit` and `interrupted` do not).
    public var change: Change?
    /// The events, in order.
    public var events: [Event]
    /// The session's locale, kept with every event.
    public var locale: String?
    /// The user's group in the experiment (a variant's id, or `holdout`), kept with every
    /// event; `nil` outside an experiment.
    public var variant: String?
    /// The experiment's id, with ``variant``.
    public var experiment: String?
    /// The id a client gave the step (`walkthrough serve`'s steps: a UUID): a store that keeps
    /// them writes a step with an id at most once, however often it is sent
    /// (``EventRecordingStore/write(batch:)``).
    public var clientID: String?

    /// Creates a step.
    public init(
        user: String, walkthrough: String, version: Int, change: Change?, events: [Event],
        locale: String? = nil, variant: String? = nil, experiment: String? = nil,
        clientID: String? = nil
    ) {
        self.clientID = clientID
        self.variant = variant
        self.experiment = experiment
        self.user = user
        self.walkthrough = walkthrough
        self.version = version
        self.change = change
        self.events = events
        self.locale = locale
    }

    /// The step's events, stamped `time`.
    public func stamped(_ time: Timestamp) -> [WalkthroughEvent] {
        events.map {
            WalkthroughEvent(
                time: time, user: user, walkthrough: walkthrough, version: version,
                kind: $0.kind, page: $0.page, locale: locale, variant: variant,
                experiment: experiment)
        }
    }
}

/// Which events `EventRecordingStore.forEachEvent(matching:_:)` reads.
package struct EventFilter: Sendable, Hashable {
    /// Only this walkthrough's events, when set.
    public var walkthrough: String?
    /// Only this user's events, when set.
    public var user: String?
    /// Only events at or after this time, when set.
    public var since: Timestamp?

    /// A filter; every field left `nil` lets everything through.
    public init(walkthrough: String? = nil, user: String? = nil, since: Timestamp? = nil) {
        self.walkthrough = walkthrough
        self.user = user
        self.since = since
    }

    /// Whether `event` passes (ids and names compared by their UTF-8 bytes, as the stores do).
    public func matches(_ event: WalkthroughEvent) -> Bool {
        if let walkthrough, !walkthrough.utf8.elementsEqual(event.walkthrough.utf8) {
            return false
        }
        if let user, !user.utf8.elementsEqual(event.user.utf8) { return false }
        if let since, event.time.millisecondsSince1970 < since.millisecondsSince1970 {
            return false
        }
        return true
    }
}
