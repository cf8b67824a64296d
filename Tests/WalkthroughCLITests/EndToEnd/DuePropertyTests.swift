import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Seeded random definitions, records, events, environments and times: `walkthrough due` and
/// `walkthrough play` (the built binary) never disagree, on whether it is due and on which
/// pages it shows.
struct DuePropertyTests {
    /// A small deterministic generator (SplitMix64), so that a failing seed can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance() -> Bool { below(2) == 0 }
    }

    static func date(_ offset: TimeInterval) -> String {
        Timestamp.json(
            Timestamp(timeIntervalSince1970: Timestamp.now.timeIntervalSince1970 + offset))
    }

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
    func dueAndPlayNeverDisagree(seed: UInt64) throws {
        var random = Generator(state: seed)
        for round in 0..<12 {
            let sandbox = try Sandbox()
            let day: TimeInterval = 86_400
            let version = 1 + random.below(3)
            let count = 1 + random.below(4)
            var pages: [String] = []
            for index in 0..<count {
                var page = "{\"heading\": \"Heading \(index + 1)\", \"content\": \"\""
                page += ", \"since\": \(1 + random.below(version))"
                if random.below(4) == 0 { page += ", \"when\": {\"env\": {\"PAGE_FLAG\": true}}" }
                pages.append(page + "}")
            }
            var rules: [String] = []
            if random.below(4) == 0 { rules.append("\"after\": [\"first\"]") }
            if random.below(4) == 0 { rules.append("\"env\": {\"TOUR_FLAG\": \(random.chance())}") }
            // `until` after `from` (an empty range is an invalid definition).
            let from: TimeInterval? = random.below(4) == 0 ? (random.chance() ? -day : day) : nil
            if let from { rules.append("\"from\": \"\(Self.date(from))\"") }
            if random.below(4) == 0 {
                let until = from.map { $0 + 3 * day } ?? (random.chance() ? -2 * day : 2 * day)
                rules.append("\"until\": \"\(Self.date(until))\"")
            }
            if random.below(3) == 0 { rules.append("\"maxShows\": \(1 + random.below(3))") }
            if random.below(3) == 0 {
                rules.append("\"minInterval\": \"\(random.chance() ? "1m" : "7d")\"")
            }
            try sandbox.define(
                "tour.json",
                """
                {"id": "tour", "version": \(version), "title": "Tour",
                 "when": {\(rules.joined(separator: ", "))}, "pages": [\(pages.joined(separator: ", "))]}
                """)

            // A history written as earlier sessions would have, hours or days ago.
            let steps = random.below(4)
            for step in 0..<steps {
                let ago = TimeInterval(1 + random.below(200)) * 3600
                let then = Timestamp(
                    timeIntervalSince1970:
                        Timestamp.now.timeIntervalSince1970 - ago + TimeInterval(step))
                let store = try SQLiteSeenStore(path: sandbox.database, now: { then })
                let id = random.below(3) == 0 ? "first" : "tour"
                let shownVersion = 1 + random.below(version)
                let walkthrough = Walkthrough(
                    id: id, version: shownVersion,
                    pages: (0..<count).map { Page(id: "p\($0)", heading: "H", content: "") })
                let session = try Session(
                    walkthrough: walkthrough, user: "alice", store: store,
                    forced: random.below(4) == 0)
                try session.start()
                switch random.below(3) {
                case 0: try session.quit()
                case 1: try session.skip()
                default: while session.outcome == nil { try session.next() }
                }
            }
            var environment: [String: String] = [:]
            if random.below(5) == 0 { environment["CI"] = random.chance() ? "true" : "false" }
            if random.below(6) == 0 { environment["WALKTHROUGH_DISABLE"] = "1" }
            if random.chance() { environment["TOUR_FLAG"] = "on" }
            if random.chance() { environment["PAGE_FLAG"] = "1" }

            let due = try sandbox.execute(["due", "tour", "--json"], extra: environment)
            #expect(due.status <= 1, "seed \(seed) round \(round): \(due.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(due.standardOutput.utf8))
                    as? [String: Any], "\(due.standardError)")
            let isDue = try #require(object["due"] as? Bool)
            let shown = try #require(object["pages"] as? [Int])
            #expect(due.status == (isDue ? 0 : 1))

            let play = try sandbox.execute(
                ["play", "tour", "--plain", "--restart"],
                input: String(repeating: "n\n", count: count),
                extra: environment)
            #expect(play.status == 0, "\(play.standardError)")
            let context = "seed \(seed) round \(round): \(object) \(play.standardOutput)"
            if isDue {
                for (position, page) in shown.enumerated() {
                    #expect(
                        play.standardOutput.contains(
                            "Tour · \(position + 1)/\(shown.count) · Heading \(page)"), "\(context)"
                    )
                }
                #expect(!play.standardOutput.contains("Nothing to play"), "\(context)")
            } else {
                #expect(play.standardOutput.contains("Nothing to play"), "\(context)")
                #expect(!play.standardOutput.contains("Tour · 1/"), "\(context)")
            }
        }
    }
}
