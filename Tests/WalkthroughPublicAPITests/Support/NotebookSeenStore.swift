import Foundation
import Synchronization
import WalkthroughKit

/// A tool's own ``SeenStore``, written outside the module: only the five required methods,
/// relying on the protocol's defaults for `hasSeen` and `resetAllUsers`.
///
/// It keeps its records in a dictionary, like a tool that stores them in its own settings file
/// would, and follows the protocol's rules: `markSeen` never replaces a seen record of a newer
/// version, and `saveProgress` never downgrades a seen record.
final class NotebookSeenStore: SeenStore {
    private let notebook = Mutex<[String: SeenRecord]>([:])
    private let calls = Mutex<[String: Int]>([:])

    func record(user: String, walkthrough: String) throws -> SeenRecord? {
        count("record")
        return notebook.withLock { $0[Self.key(user, walkthrough)] }
    }

    func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws {
        count("markSeen")
        notebook.withLock { records in
            let key = Self.key(user, walkthrough)
            let old = records[key]
            if let old, old.outcome != .inProgress, old.version > version { return }
            records[key] = SeenRecord(
                user: user, walkthrough: walkthrough, version: version,
                outcome: SeenRecord.Outcome(outcome), lastPage: old?.lastPage ?? 0,
                updatedAt: Timestamp.now)
        }
    }

    func saveProgress(user: String, walkthrough: String, version: Int, page: Int) throws {
        count("saveProgress")
        notebook.withLock { records in
            let key = Self.key(user, walkthrough)
            if let old = records[key], old.isSeen(atLeast: version) { return }
            records[key] = SeenRecord(
                user: user, walkthrough: walkthrough, version: version, outcome: .inProgress,
                lastPage: page, updatedAt: Timestamp.now)
        }
    }

    func reset(user: String, walkthrough: String?) throws -> Int {
        count("reset")
        return notebook.withLock { records in
            let doomed = records.filter {
                $0.value.user == user && (walkthrough == nil || $0.value.walkthrough == walkthrough)
            }
            for key in doomed.keys { records[key] = nil }
            return doomed.count
        }
    }

    func records(user: String?) throws -> [SeenRecord] {
        count("records")
        return notebook.withLock { records in
            records.values.filter { user == nil || $0.user == user }.sorted {
                ($0.user, $0.walkthrough) < ($1.user, $1.walkthrough)
            }
        }
    }

    /// How many times the required method `method` ran, to show that the defaults go through
    /// them.
    func calls(to method: String) -> Int {
        calls.withLock { $0[method, default: 0] }
    }

    private func count(_ method: String) {
        calls.withLock { $0[method, default: 0] += 1 }
    }

    private static func key(_ user: String, _ walkthrough: String) -> String {
        user + "\u{0}" + walkthrough
    }
}

/// A store whose disk is gone: every call throws.
final class UnreachableSeenStore: SeenStore {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "the settings server is unreachable" }
    }

    func record(user: String, walkthrough: String) throws -> SeenRecord? { throw Unreachable() }
    func markSeen(
        user: String, walkthrough: String, version: Int, outcome: Navigator.FinishOutcome
    ) throws {
        throw Unreachable()
    }
    func saveProgress(user: String, walkthrough: String, version: Int, page: Int) throws {
        throw Unreachable()
    }
    func reset(user: String, walkthrough: String?) throws -> Int { throw Unreachable() }
    func records(user: String?) throws -> [SeenRecord] { throw Unreachable() }
}
