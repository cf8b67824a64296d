@preconcurrency import Glibc
package import WalkthroughKit

/// The walkthroughs `walkthrough serve` serves, by id: the definitions of its folders, read
/// again on request (SIGHUP, a file changed). A file that stops being valid keeps its last good
/// version and is named in ``Snapshot/problems`` (and so by `/readyz`) until it is fixed.
package final class DefinitionCatalog: Sendable {
    /// One served walkthrough and the file it came from.
    package struct Entry: Sendable {
        /// The walkthrough, as loaded (not localized).
        package var walkthrough: Walkthrough
        /// Its definition file.
        package var file: String
    }

    /// A file that could not be served as it is now.
    package struct Problem: Sendable, Hashable {
        /// The definition file.
        package var file: String
        /// What is wrong with it (its first error).
        package var message: String
    }

    /// The catalog at one moment.
    package struct Snapshot: Sendable {
        /// The walkthroughs by id.
        package var entries: [String: Entry] = [:]
        /// The ids, sorted.
        package var ids: [String] = []
        /// The walkthroughs in the order of ``ids``: what a bulk evaluation answers for.
        package var walkthroughs: [Walkthrough] = []
        /// The files that are not served as they are now, in file order.
        package var problems: [Problem] = []
    }

    /// The folders read, in order: the first that has an id serves it.
    package let folders: [String]
    private let current = Locked(Snapshot())

    /// A catalog of the definitions in `folders`, read once now.
    package init(folders: [String]) {
        self.folders = folders
        _ = reload()
    }

    /// The catalog now.
    package var snapshot: Snapshot { current.withLock { $0 } }

    /// Reads every folder again. A file that is no longer valid keeps the version it last
    /// served; an id defined twice is served from the first folder (and file) that has it.
    ///
    /// - Returns: The problems found, to log.
    @discardableResult
    package func reload() -> [Problem] {
        let previous = snapshot
        let previousByFile = Dictionary(
            previous.entries.values.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var next = Snapshot()
        for folder in folders {
            guard let names = DefinitionResolver.definitionFiles(in: folder) else {
                next.problems.append(
                    Problem(
                        file: folder,
                        message: "cannot be read: " + FileSystem.describe(errno: errno)))
                continue
            }
            for name in names {
                let file = FileSystem.joined(folder, name)
                let report = DefinitionLoader.validate(contentsOf: file, images: .pathsOnly)
                if report.isJSONSchema { continue }
                var entry: Entry
                if let walkthrough = report.walkthrough {
                    entry = Entry(walkthrough: walkthrough, file: file)
                } else {
                    let message =
                        report.errors.first?.description ?? "not a walkthrough definition"
                    next.problems.append(Problem(file: file, message: message))
                    guard let kept = previousByFile[file] else { continue }
                    entry = kept
                }
                let id = entry.walkthrough.id
                if let other = next.entries[id] {
                    next.problems.append(
                        Problem(
                            file: file,
                            message: "defines \"\(id)\", which \(other.file) serves already"))
                    continue
                }
                next.entries[id] = entry
            }
        }
        next.ids = next.entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        next.walkthroughs = next.ids.compactMap { next.entries[$0]?.walkthrough }
        current.withLock { $0 = next }
        return next.problems
    }
}
