import WalkthroughKit

/// One write waiting in the replica's outbox: a record as this machine left it, with the
/// events of the same step, a goal the user reached, or a reset; kept as JSON (``encoded()``) in
/// `replica_outbox` and pushed once, by its id.
struct OutboxEntry: Sendable, Hashable {
    /// A record's state after a write, as the server merges it.
    struct Record: Sendable, Hashable {
        var walkthrough: String
        var version: Int
        var outcome: String
        var lastPage: Int
        var updatedAt: Int64
        /// A `snoozed` record's end, in milliseconds since 1970.
        var snoozedUntil: Int64? = nil
    }

    /// One event of the step, with its time.
    struct Event: Sendable, Hashable {
        var time: Int64
        var walkthrough: String
        var version: Int
        var event: String
        var page: Int
        var outcome: String?
        var locale: String?
        var resumed: Bool?
        var forced: Bool?
        var signal: String?
        /// The user's group in the walkthrough's experiment, and the experiment's id.
        var variant: String?
        var experiment: String?
    }

    /// Whose record.
    var user: String
    /// The record after the write (`nil` for a reset, or a step without a change).
    var record: Record?
    /// The events of the step.
    var events: [Event] = []
    /// A goal the user reached (`walkthrough goal`, `Onboarding.recordGoal`), with its time;
    /// absent from the entries of a step or a reset (and from those written before goals were
    /// queued).
    var goal: Goal?

    /// A goal reached, as `walkthrough_goals` keeps it.
    struct Goal: Sendable, Hashable {
        var name: String
        var time: Int64
    }
    /// A donation (`walkthrough donate`, `FirstRunGate.donate`), with its time; absent from
    /// every other entry (and from those written before donations were queued). Kept as
    /// `walkthrough_donations` keeps it: a name and a time, as a goal.
    var donation: Goal?
    /// For a reset: the walkthrough reset (`""`: all of the user's) and its time.
    var reset: Reset?

    /// A reset, as a tombstone.
    struct Reset: Sendable, Hashable {
        var walkthrough: String
        var at: Int64
    }

    /// The time the entry was made on this machine, in milliseconds since 1970.
    var stampedAt: Int64

    /// The entry for a step written at `stamp`, whose record is now `record`.
    init(step: SessionStep, record: SeenRecord?, stamp: Int64) {
        user = step.user
        stampedAt = stamp
        if step.change != nil, let record {
            self.record = Record(
                walkthrough: record.walkthrough, version: record.version,
                outcome: record.outcome.rawValue, lastPage: record.lastPage,
                updatedAt: record.updatedAt.millisecondsSince1970,
                snoozedUntil: record.snoozedUntil?.millisecondsSince1970)
        }
        events = step.events.map { event in
            let columns = EventColumns(event.kind)
            return Event(
                time: stamp, walkthrough: step.walkthrough, version: step.version,
                event: event.kind.name, page: event.page, outcome: columns.outcome,
                locale: step.locale, resumed: columns.resumed, forced: columns.forced,
                signal: columns.signal, variant: step.variant, experiment: step.experiment)
        }
    }

    /// An entry of `user`'s made at `stampedAt` with nothing in it yet, for the outbox's reader.
    init(user: String, stampedAt: Int64) {
        self.user = user
        self.stampedAt = stampedAt
    }

    /// The entry for `user` reaching `goal` at `stamp`.
    init(goal: String, user: String, stamp: Int64) {
        self.user = user
        stampedAt = stamp
        self.goal = Goal(name: goal, time: stamp)
    }

    /// The entry for `user` donating `name` at `stamp`.
    init(donation name: String, user: String, stamp: Int64) {
        self.user = user
        stampedAt = stamp
        donation = Goal(name: name, time: stamp)
    }

    /// The entry for a reset of `walkthrough` (`nil`: all of the user's) at `stamp`.
    init(resetOf user: String, walkthrough: String?, stamp: Int64) {
        self.user = user
        stampedAt = stamp
        reset = Reset(walkthrough: walkthrough ?? "", at: stamp)
    }
}
