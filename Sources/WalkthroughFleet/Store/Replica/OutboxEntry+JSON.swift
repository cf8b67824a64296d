import WalkthroughKit

// MARK: - The outbox's JSON

extension OutboxEntry {
    /// The entry as the outbox keeps it: one JSON object on one line, a member per field and
    /// none for a field without a value.
    func encoded() -> String {
        var members: [(String, JSONText)] = [("user", .string(user))]
        if let record {
            members.append(
                (
                    "record",
                    .object(
                        [
                            ("walkthrough", .string(record.walkthrough)),
                            ("version", .integer(record.version)),
                            ("outcome", .string(record.outcome)),
                            ("lastPage", .integer(record.lastPage)),
                            ("updatedAt", .integer(Int(record.updatedAt))),
                        ]
                            + (record.snoozedUntil.map {
                                [("snoozedUntil", JSONText.integer(Int($0)))]
                            } ?? []))
                ))
        }
        members.append(("events", .array(events.map(Self.encoded))))
        if let goal {
            members.append(
                (
                    "goal",
                    .object([("name", .string(goal.name)), ("time", .integer(Int(goal.time)))])
                )
            )
        }
        if let donation {
            members.append(
                (
                    "donation",
                    .object([
                        ("name", .string(donation.name)), ("time", .integer(Int(donation.time))),
                    ])
                )
            )
        }
        if let reset {
            members.append(
                (
                    "reset",
                    .object([
                        ("walkthrough", .string(reset.walkthrough)),
                        ("at", .integer(Int(reset.at))),
                    ])
                ))
        }
        members.append(("stampedAt", .integer(Int(stampedAt))))
        return JSONText.object(members).renderedOnOneLine()
    }

    /// An entry the outbox kept, or `nil` when the text is not one: every field the entry needs
    /// there with the right type; members it does not know are passed over.
    static func decoded(_ text: String) -> OutboxEntry? {
        let bytes = Array(text.utf8)
        guard
            let tree = try? bytes.withUnsafeBytes({ raw throws(JSONReadError) in
                try JSONReader.parseObject(raw)
            })
        else { return nil }
        let object = Fields(tree)
        guard let user = object?.string("user"), let stampedAt = object?.int64("stampedAt")
        else { return nil }
        var entry = OutboxEntry(user: user, stampedAt: stampedAt)
        if let field = object?.field("record") {
            guard let record = Fields(field),
                let walkthrough = record.string("walkthrough"), let version = record.int("version"),
                let outcome = record.string("outcome"), let lastPage = record.int("lastPage"),
                let updatedAt = record.int64("updatedAt")
            else { return nil }
            entry.record = Record(
                walkthrough: walkthrough, version: version, outcome: outcome, lastPage: lastPage,
                updatedAt: updatedAt)
            if record.field("snoozedUntil") != nil {
                guard let until = record.int64("snoozedUntil") else { return nil }
                entry.record?.snoozedUntil = until
            }
        }
        if let field = object?.field("events") {
            guard case .array(let elements) = field.storage else { return nil }
            for element in elements {
                guard let event = decodedEvent(element) else { return nil }
                entry.events.append(event)
            }
        }
        if let field = object?.field("goal") {
            guard let goal = Fields(field), let name = goal.string("name"),
                let time = goal.int64("time")
            else { return nil }
            entry.goal = Goal(name: name, time: time)
        }
        if let field = object?.field("donation") {
            guard let donation = Fields(field), let name = donation.string("name"),
                let time = donation.int64("time")
            else { return nil }
            entry.donation = Goal(name: name, time: time)
        }
        if let field = object?.field("reset") {
            guard let reset = Fields(field), let walkthrough = reset.string("walkthrough"),
                let at = reset.int64("at")
            else { return nil }
            entry.reset = Reset(walkthrough: walkthrough, at: at)
        }
        return entry
    }

    private static func encoded(_ event: Event) -> JSONText {
        var members: [(String, JSONText)] = [
            ("time", .integer(Int(event.time))), ("walkthrough", .string(event.walkthrough)),
            ("version", .integer(event.version)), ("event", .string(event.event)),
            ("page", .integer(event.page)),
        ]
        let optional: [(String, JSONText?)] = [
            ("outcome", event.outcome.map(JSONText.string)),
            ("locale", event.locale.map(JSONText.string)),
            ("resumed", event.resumed.map(JSONText.bool)),
            ("forced", event.forced.map(JSONText.bool)),
            ("signal", event.signal.map(JSONText.string)),
            ("variant", event.variant.map(JSONText.string)),
            ("experiment", event.experiment.map(JSONText.string)),
        ]
        for case (let key, let value?) in optional { members.append((key, value)) }
        return .object(members)
    }

    private static func decodedEvent(_ value: JSONValue) -> Event? {
        guard let fields = Fields(value), let time = fields.int64("time"),
            let walkthrough = fields.string("walkthrough"), let version = fields.int("version"),
            let event = fields.string("event"), let page = fields.int("page")
        else { return nil }
        var decoded = Event(
            time: time, walkthrough: walkthrough, version: version, event: event, page: page)
        // An optional member is absent or of its type; anything else is not an entry.
        func optional<T>(_ key: String, _ read: (String) -> T?) -> T?? {
            guard fields.field(key) != nil else { return .some(nil) }
            return read(key).map { .some($0) }
        }
        guard let outcome = optional("outcome", fields.string),
            let locale = optional("locale", fields.string),
            let resumed = optional("resumed", fields.bool),
            let forced = optional("forced", fields.bool),
            let signal = optional("signal", fields.string),
            let variant = optional("variant", fields.string),
            let experiment = optional("experiment", fields.string)
        else { return nil }
        decoded.outcome = outcome
        decoded.locale = locale
        decoded.resumed = resumed
        decoded.forced = forced
        decoded.signal = signal
        decoded.variant = variant
        decoded.experiment = experiment
        return decoded
    }

    /// An object's members by key; `null` counts as absent.
    private struct Fields {
        let members: [JSONMember]

        init?(_ value: JSONValue) {
            guard case .object(let members) = value.storage else { return nil }
            self.members = members
        }

        func field(_ key: String) -> JSONValue? {
            guard let value = members.first(where: { $0.key == key })?.value else { return nil }
            if case .null = value.storage { return nil }
            return value
        }

        func string(_ key: String) -> String? {
            guard case .string(let text)? = field(key)?.storage else { return nil }
            return text
        }

        func int(_ key: String) -> Int? {
            guard case .number(let number)? = field(key)?.storage else { return nil }
            return number.integerValue
        }

        func int64(_ key: String) -> Int64? { int(key).map(Int64.init) }

        func bool(_ key: String) -> Bool? {
            guard case .bool(let value)? = field(key)?.storage else { return nil }
            return value
        }
    }

    /// A new entry's id: a random (version 4) UUID in lower case, as the outbox has always
    /// named its entries.
    static func newIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }
            .joined(separator: "-")
    }
}
