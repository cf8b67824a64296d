import Foundation
import WalkthroughKit

/// The hidden subcommands the benchmark re-runs itself with, for measurements that need a fresh
/// process: start-up + first check, and one side's peak memory kept apart from the other's.
///
/// `walkthrough-bench __child KIND ARGUMENTS…`; never shown in the help.
enum ChildCommand {
    /// The first argument that selects a child run.
    static let marker = "__child"

    /// Runs the child command and returns its exit status.
    ///
    /// - `store-check DB USER WALKTHROUGH`: opens the store (creating nothing) and checks the
    ///   user: exit 0 seen, 1 not seen, 74 when the store cannot be opened.
    /// - `defaults-check SUITE KEY`: `UserDefaults(suiteName:)` and `bool(forKey:)` (the file is
    ///   found through `XDG_CONFIG_HOME`): exit 0 true, 1 false.
    /// - `definition-load ours|baseline FILE`: reads the file, then loads and validates it (ours)
    ///   or parses it with `JSONSerialization` (baseline), and prints `RSS_BEFORE HWM_AFTER` in
    ///   KiB: the resident set before the work and the peak after it.
    static func run(_ arguments: [String]) -> Int32 {
        switch (arguments.first, arguments.count) {
        case ("store-check", 4):
            return storeCheck(path: arguments[1], user: arguments[2], walkthrough: arguments[3])
        case ("defaults-check", 3):
            let defaults = UserDefaults(suiteName: arguments[1])
            return defaults?.bool(forKey: arguments[2]) == true ? 0 : 1
        case ("definition-load", 3):
            return definitionLoad(side: arguments[1], path: arguments[2])
        default:
            Console.error("walkthrough-bench: unknown child command \(arguments)")
            return 64
        }
    }

    private static func storeCheck(path: String, user: String, walkthrough: String) -> Int32 {
        do {
            let store = try SQLiteSeenStore(
                path: path, options: SQLiteSeenStore.Options(createIfMissing: false))
            return try store.hasSeen(user: user, walkthrough: walkthrough, version: 1) ? 0 : 1
        } catch {
            Console.error("walkthrough-bench: \(error)")
            return 74
        }
    }

    private static func definitionLoad(side: String, path: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            Console.error("walkthrough-bench: cannot read \(path)")
            return 66
        }
        let before = PeakMemory.residentKiB() ?? 0
        switch side {
        case "ours":
            let report = data.withUnsafeBytes {
                DefinitionLoader.validate(bytes: $0, name: "bench.json")
            }
            guard report.isValid else { return 65 }
        case "baseline":
            guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                return 65
            }
        default:
            return 64
        }
        print(before, PeakMemory.highWaterMarkKiB() ?? 0)
        return 0
    }
}
