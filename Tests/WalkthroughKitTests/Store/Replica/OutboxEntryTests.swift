import Foundation
import Testing

@testable import WalkthroughFleet
@testable import WalkthroughKit

/// The replica's outbox keeps each entry as JSON written by hand (the library has no Foundation).
/// Foundation's `JSONEncoder` wrote the outboxes of earlier releases and is the independent
/// reference: an entry it wrote reads back field for field, and what the library writes reads
/// back through `JSONDecoder` as the same entry.
struct OutboxEntryTests {
    /// The entry's fields, as the Codable struct of earlier releases declared them.
    struct OldEntry: Codable, Equatable, Sendable {
        struct Record: Codable, Equatable, Sendable {
            var walkthrough: String
            var version: Int
            var outcome: String
            var lastPage: Int
            var updatedAt: Int64
        }
        struct Event: Codable, Equatable, Sendable {
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
            var variant: String?
            var experiment: String?
        }
        struct Goal: Codable, Equatable, Sendable {
            var name: String
            var time: Int64
        }
        struct Reset: Codable, Equatable, Sendable {
            var walkthrough: String
            var at: Int64
        }
        var user: String
        var record: Record?
        var events: [Event]
        var goal: Goal?
        var reset: Reset?
        var stampedAt: Int64
    }

    static let entries: [OldEntry] = [
        OldEntry(
            user: "alice \"/\\ \u{1}é",
            record: .init(
                walkthrough: "tour/1", version: 3, outcome: "completed", lastPage: 2,
                updatedAt: 1_796_083_200_123),
            events: [
                .init(
                    time: 1_796_083_200_123, walkthrough: "tour/1", version: 3, event: "finished",
                    page: 2, outcome: "completed", locale: "zh-Hant", resumed: true,
                    forced: false, signal: nil, variant: "short", experiment: "tour-length"),
                .init(
                    time: -1, walkthrough: "tour/1", version: 3, event: "interrupted", page: 0,
                    signal: "SIGTERM"),
            ], stampedAt: 1_796_083_200_123),
        OldEntry(
            user: "bob", events: [], goal: .init(name: "first-pin", time: 42), stampedAt: 42),
        OldEntry(user: "carol", events: [], reset: .init(walkthrough: "", at: 7), stampedAt: 7),
    ]

    @Test(arguments: entries)
    func anEntryFoundationWroteReadsBackFieldForField(_ old: OldEntry) throws {
        let text = String(decoding: try JSONEncoder().encode(old), as: UTF8.self)
        let entry = try #require(OutboxEntry.decoded(text), "\(text)")
        #expect(Self.old(entry) == old)
    }

    @Test(arguments: entries)
    func whatTheLibraryWritesFoundationReadsAsTheSameEntry(_ old: OldEntry) throws {
        let entry = try #require(
            OutboxEntry.decoded(String(decoding: try JSONEncoder().encode(old), as: UTF8.self)))
        let written = entry.encoded()
        #expect(!written.contains("\n"), "one line")
        let read = try JSONDecoder().decode(OldEntry.self, from: Data(written.utf8))
        #expect(read == old, "\(written)")
        #expect(OutboxEntry.decoded(written) == entry)
    }

    @Test(arguments: [
        "", "[]", "{}", #"{"user": "a"}"#, #"{"user": 1, "stampedAt": 1}"#,
        #"{"user": "a", "stampedAt": 1.5}"#,
        #"{"user": "a", "stampedAt": 1, "record": {"walkthrough": "t"}}"#,
        #"{"user": "a", "stampedAt": 1, "events": [{"time": 1}]}"#,
        #"{"user": "a", "stampedAt": 1, "events": [{"time": 1, "walkthrough": "t", "version": 1, "event": "e", "page": 0, "resumed": "yes"}]}"#,
        #"{"user": "a", "stampedAt": 1, "goal": {"name": "g"}}"#,
    ])
    func textThatIsNotAnEntryIsRefused(_ text: String) {
        #expect(OutboxEntry.decoded(text) == nil)
    }

    @Test func newIdentifiersAreVersion4UUIDsFoundationReads() throws {
        var seen: Set<String> = []
        for _ in 0..<200 {
            let identifier = OutboxEntry.newIdentifier()
            let uuid = try #require(UUID(uuidString: identifier), "\(identifier)")
            #expect(uuid.uuidString.lowercased() == identifier)
            #expect(Array(identifier)[14] == "4")
            #expect("89ab".contains(Array(identifier)[19]))
            seen.insert(identifier)
        }
        #expect(seen.count == 200)
    }

    private static func old(_ entry: OutboxEntry) -> OldEntry {
        OldEntry(
            user: entry.user,
            record: entry.record.map {
                .init(
                    walkthrough: $0.walkthrough, version: $0.version, outcome: $0.outcome,
                    lastPage: $0.lastPage, updatedAt: $0.updatedAt)
            },
            events: entry.events.map {
                .init(
                    time: $0.time, walkthrough: $0.walkthrough, version: $0.version,
                    event: $0.event, page: $0.page, outcome: $0.outcome, locale: $0.locale,
                    resumed: $0.resumed, forced: $0.forced, signal: $0.signal, variant: $0.variant,
                    experiment: $0.experiment)
            },
            goal: entry.goal.map { .init(name: $0.name, time: $0.time) },
            reset: entry.reset.map { .init(walkthrough: $0.walkthrough, at: $0.at) },
            stampedAt: entry.stampedAt)
    }
}
