/// One line of `walkthrough export`'s JSON Lines read back into a ``SeenRecord``: the rules
/// `walkthrough import` holds every line to.
///
/// A line is `{"user","walkthrough","version","outcome","lastPage","updatedAt"}` exactly as
/// `export` writes a record: `lastPage` counts from 1, `updatedAt` is ISO 8601 in UTC; a
/// `snoozed` record adds `snoozedUntil`, as `updatedAt`. It is
/// read by the same JSON reader as definitions, so a duplicate key is refused as it is there,
/// and a number is an integer only as JSON writes one (`1.5` and `1e3` are not).
package enum SeenRecordLine {
    /// The longest line read, in bytes (1 MiB): a record's line is a few hundred bytes at
    /// most, and an input with no line break (`/dev/zero`) must not be held in memory whole.
    package static let maximumLength = 1_048_576

    /// Why a line is not a record, as a phrase (`"version" must be an integer`).
    package struct Problem: Error, Sendable, Hashable {
        /// What is wrong.
        package var message: String
    }

    /// The record on `line` (without its line break).
    ///
    /// - Throws: ``Problem`` saying what is wrong.
    package static func record(in line: UnsafeRawBufferPointer) throws(Problem) -> SeenRecord {
        func problem(_ message: String) -> Problem { Problem(message: message) }
        guard line.count <= maximumLength else {
            throw problem("it is longer than \(maximumLength) bytes (1 MiB)")
        }
        let object: JSONValue
        do {
            object = try JSONReader.parseObject(line)
        } catch {
            switch error.kind {
            case .duplicateKey(let key, _):
                throw problem("the key \(CharacterSafety.quoted(key)) is there twice")
            case .invalidUTF8:
                throw problem("it is not UTF-8 text")
            case .notAnObject:
                throw problem("it is not a JSON object")
            default:
                throw problem("it is not a JSON object (\(error.kind.message))")
            }
        }
        guard case .object(let members) = object.storage else {
            throw problem("it is not a JSON object")
        }
        func value(_ key: String) throws(Problem) -> JSONValue {
            guard let member = members.first(where: { $0.key == key }) else {
                throw problem("the key \"\(key)\" is missing")
            }
            return member.value
        }
        func string(_ key: String) throws(Problem) -> String {
            guard case .string(let text) = try value(key).storage else {
                throw problem("\"\(key)\" must be a string")
            }
            return text
        }
        func integer(_ key: String, from lowest: Int, to highest: Int) throws(Problem) -> Int {
            let found = try value(key)
            let wanted = "\"\(key)\" must be a whole number from \(lowest) to \(highest)"
            guard case .number(let number) = found.storage else {
                throw problem("\(wanted); it is \(found.type.withArticle)")
            }
            guard number.isInteger else {
                throw problem("\(wanted); \(number.text) is not an integer")
            }
            guard let integer = number.integerValue, (lowest...highest).contains(integer) else {
                throw problem(wanted)
            }
            return integer
        }

        let user = try string("user")
        do {
            try UserName.validate(user)
        } catch {
            throw problem("\"user\": \(error.description)")
        }
        let walkthrough = try string("walkthrough")
        guard !walkthrough.isEmpty, walkthrough.utf8.count <= 256,
            walkthrough.unicodeScalars.allSatisfy({ CharacterSafety.isAllowedInName($0.value) })
        else {
            throw problem(
                "\"walkthrough\" must be an id of 1 to 256 bytes with no control or bidirectional characters"
            )
        }
        let version = try integer("version", from: 1, to: DefinitionFormat.maximumVersion)
        guard let outcome = SeenRecord.Outcome(rawValue: try string("outcome")) else {
            throw problem(
                "\"outcome\" must be \"completed\", \"skipped\", \"inProgress\" or \"snoozed\"")
        }
        // Pages count from 1 in what users see.
        let lastPage = try integer("lastPage", from: 1, to: Int(Int32.max))
        guard let updatedAt = RFC3339.parseJSON(try string("updatedAt")),
            SQLiteSeenStore.updatedAtRange.contains(updatedAt.millisecondsSince1970)
        else {
            throw problem(
                "\"updatedAt\" must be an ISO 8601 time in UTC such as 2026-11-29T22:47:03.123Z")
        }
        var snoozedUntil: Timestamp?
        if outcome == .snoozed {
            guard let until = RFC3339.parseJSON(try string("snoozedUntil")),
                SQLiteSeenStore.updatedAtRange.contains(until.millisecondsSince1970)
            else {
                throw problem(
                    "\"snoozedUntil\" must be an ISO 8601 time in UTC such as "
                        + "2026-11-29T22:47:03.123Z")
            }
            snoozedUntil = until
        }
        return SeenRecord(
            user: user, walkthrough: walkthrough, version: version, outcome: outcome,
            lastPage: lastPage - 1, updatedAt: updatedAt, snoozedUntil: snoozedUntil)
    }
}
