import Foundation
import WalkthroughKit

/// `userdefaults`: the iOS habit on this platform, Foundation's `UserDefaults` with one key per
/// user (`hasViewedWalkthrough.<user>`), against `SQLiteSeenStore` holding the same users.
///
/// - Durable write: `set(true, forKey:)` + `synchronize()` against `markSeen` (WAL,
///   `synchronous=FULL`), each for a user not seen before.
/// - Start-up + first check: a fresh process (this binary, re-run) that opens the defaults or
///   the store and checks one user; both sides run the same binary, so they pay the same
///   process start-up.
/// - Check in memory: `bool(forKey:)` on loaded defaults against `hasSeen` on an open store.
///
/// The defaults live in a private suite in `$XDG_CONFIG_HOME` inside the run's temporary folder
/// (one XML property list per suite), never in the real configuration.
enum UserDefaultsSuite {
    static func run(_ context: BenchContext) throws -> [Measurement] {
        let sizes = context.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
        let rounds = context.quick ? 3 : 7
        var writes: [Measurement] = []
        var startUps: [Measurement] = []
        var checks: [Measurement] = []
        for users in sizes {
            let fixture = try Fixture(context: context, users: users)
            writes.append(try durableWrite(fixture, context: context, rounds: rounds))
            startUps.append(try startUp(fixture, context: context, rounds: context.quick ? 3 : 9))
            checks.append(
                try checkInMemory(
                    fixture, operations: context.quick ? 2_000 : 10_000, rounds: rounds))
        }
        return writes + startUps + checks
    }

    /// The same users in a defaults suite and in a store.
    struct Fixture {
        var users: Int
        var suiteName: String
        var defaults: UserDefaults
        var storePath: String
        var store: SQLiteSeenStore

        init(context: BenchContext, users: Int) throws {
            self.users = users
            suiteName = "walkthrough-bench-\(users)"
            // Setting 100,000 keys one by one takes Foundation minutes: the property list is
            // written directly instead, exactly as `synchronize()` writes it, and then loaded.
            try UserDefaultsSuite.checkPrivate(context: context)
            context.progress("writing \(Format.count(users)) keys to UserDefaults")
            let file = context.folder.file("config/\(suiteName).plist")
            try UserDefaultsSuite.propertyList(users: users).write(to: URL(fileURLWithPath: file))
            guard let defaults = UserDefaults(suiteName: suiteName) else {
                throw BenchError("UserDefaults(suiteName: \(suiteName)) returned nil")
            }
            self.defaults = defaults
            guard defaults.bool(forKey: UserDefaultsSuite.key(SeenDatabase.user(users - 1))) else {
                throw BenchError("UserDefaults does not read the keys written to \(file)")
            }
            storePath = try context.copyOfDatabase(users: users, as: "defaults-\(users).sqlite3")
            store = try SQLiteSeenStore(path: storePath)
        }
    }

    /// Fails unless `XDG_CONFIG_HOME`, where Foundation keeps the suites, is the run's private
    /// folder (``PrivateEnvironment``): the suite must never touch the real configuration.
    static func checkPrivate(context: BenchContext) throws {
        let configuration = context.folder.file("config")
        guard ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] == configuration else {
            throw BenchError("XDG_CONFIG_HOME is not the run's private folder \(configuration)")
        }
    }

    /// An XML property list as Foundation writes a suite: one `true` per user.
    static func propertyList(users: Int) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
            "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        text.reserveCapacity(users * 64 + 256)
        for index in 0..<users {
            text += "\t<key>\(key(SeenDatabase.user(index)))</key>\n\t<true/>\n"
        }
        text += "</dict>\n</plist>\n"
        return Data(text.utf8)
    }

    /// The key the iOS habit uses for one user.
    static func key(_ user: String) -> String { "hasViewedWalkthrough." + user }

    static func durableWrite(
        _ fixture: Fixture, context: BenchContext, rounds: Int
    ) throws -> Measurement {
        // UserDefaults rewrites its whole file per write (a quarter of a second at 100,000
        // users): fewer of its writes per round; per-operation figures either way.
        let oursPerRound = 20
        let perRound = max(1, 20_000 / fixture.users)
        var written = 0
        var lastUser = ""
        func newUser() -> String {
            written += 1
            lastUser = "new-user-\(written)"
            return lastUser
        }
        var lastStoreUser = ""
        let result = try Interleaved.run(rounds: rounds) { _ in
            let names = (0..<oursPerRound).map { _ in newUser() }
            lastStoreUser = lastUser
            let elapsed = try Clock.measure {
                for name in names {
                    try fixture.store.markSeen(
                        user: name, walkthrough: SeenDatabase.walkthrough, version: 1,
                        outcome: .completed)
                }
            }
            return Double(elapsed) / 1e3 / Double(oursPerRound)
        } baseline: { _ in
            let keys = (0..<perRound).map { _ in key(newUser()) }
            var synchronized = true
            let elapsed = Clock.measure {
                for key in keys {
                    fixture.defaults.set(true, forKey: key)
                    synchronized = fixture.defaults.synchronize() && synchronized
                }
            }
            guard synchronized else { throw BenchError("UserDefaults.synchronize() failed") }
            return Double(elapsed) / 1e3 / Double(perRound)
        }
        // Both sides' last writes must be visible to a fresh process.
        try expectSeen(
            ["store-check", fixture.storePath, lastStoreUser, SeenDatabase.walkthrough], context)
        try expectSeen(["defaults-check", fixture.suiteName, key(lastUser)], context)
        return Measurement(
            .userDefaults, "durable write, \(Format.count(fixture.users)) users",
            metric: .microsecondsPerOperation, n: fixture.users, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }

    /// Runs a child check and fails unless it answers "seen".
    private static func expectSeen(_ arguments: [String], _ context: BenchContext) throws {
        let spawn = Spawn(
            executable: context.executable, arguments: [ChildCommand.marker] + arguments,
            environment: context.environment)
        let outcome = try spawn.run(capture: true)
        guard outcome.status == 0 else {
            throw BenchError(
                "a fresh process does not see the last write (\(arguments.joined(separator: " "))"
                    + " exited with \(outcome.status)) \(outcome.standardError)")
        }
    }

    static func startUp(
        _ fixture: Fixture, context: BenchContext, rounds: Int
    ) throws -> Measurement {
        var random = SplitMix64(seed: 0xDEF_0000 ^ UInt64(fixture.users))
        func child(_ arguments: [String]) -> Spawn {
            Spawn(
                executable: context.executable, arguments: [ChildCommand.marker] + arguments,
                environment: context.environment)
        }
        func check(_ spawn: Spawn) throws -> Double {
            let outcome = try spawn.run()
            guard outcome.status == 0 else {
                let again = try? spawn.run(capture: true)
                throw BenchError(
                    "\(spawn.arguments.joined(separator: " ")) exited with status \(outcome.status): "
                        + (again?.standardError ?? ""))
            }
            return Double(outcome.wallNanoseconds) / 1e6
        }
        let result = try Interleaved.run(rounds: rounds) { _ in
            let user = SeenDatabase.user(random.next(below: fixture.users))
            return try check(
                child(["store-check", fixture.storePath, user, SeenDatabase.walkthrough]))
        } baseline: { _ in
            let user = SeenDatabase.user(random.next(below: fixture.users))
            return try check(child(["defaults-check", fixture.suiteName, key(user)]))
        }
        return Measurement(
            .userDefaults, "start-up + first check, \(Format.count(fixture.users)) users",
            metric: .milliseconds, n: fixture.users, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }

    static func checkInMemory(
        _ fixture: Fixture, operations: Int, rounds: Int
    ) throws -> Measurement {
        var random = SplitMix64(seed: 0xC4EC_0000 ^ UInt64(fixture.users))
        let names = (0..<operations).map { _ in SeenDatabase.user(random.next(below: fixture.users))
        }
        let keys = names.map(key)
        let result = try Interleaved.run(rounds: rounds) { _ in
            var hits = 0
            let elapsed = try Clock.measure {
                for name in names
                where try fixture.store.hasSeen(
                    user: name, walkthrough: SeenDatabase.walkthrough, version: 1)
                {
                    hits += 1
                }
            }
            guard hits == operations else { throw BenchError("hasSeen missed users") }
            return Double(elapsed) / Double(operations)
        } baseline: { _ in
            var hits = 0
            let elapsed = Clock.measure {
                for key in keys where fixture.defaults.bool(forKey: key) { hits += 1 }
            }
            guard hits == operations else { throw BenchError("UserDefaults missed keys") }
            return Double(elapsed) / Double(operations)
        }
        return Measurement(
            .userDefaults, "check in memory, \(Format.count(fixture.users)) users",
            metric: .nanosecondsPerOperation, n: fixture.users, ours: Summary(result.ours),
            baseline: Summary(result.baseline))
    }
}
