import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// A user's world in a temporary folder: a definitions folder on `WALKTHROUGH_PATH`, a database
/// path that does not exist yet, a home folder, and a login name. Nothing outside the folder is
/// read or written, the real home least of all.
final class Sandbox {
    /// The temporary folder; removed when the sandbox is released.
    let folder: TemporaryFolder
    /// `folder/walkthroughs`, the one folder of `WALKTHROUGH_PATH`.
    let definitions: String
    /// `folder/state/walkthrough/seen.sqlite3`: the `WALKTHROUGH_DB`, missing until written.
    let database: String
    /// The login name (`LOGNAME`).
    let user: String

    init(user: String = "alice") throws {
        folder = try TemporaryFolder()
        definitions = folder.path + "/walkthroughs"
        database = folder.path + "/state/walkthrough/seen.sqlite3"
        self.user = user
        try FileManager.default.createDirectory(
            atPath: definitions, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: folder.path + "/home", withIntermediateDirectories: true)
    }

    /// The variables a command sees: login name, database, search path, home, no terminal;
    /// a `postgresql://` store in direct mode (`WALKTHROUGH_REPLICA=off`), as round 2 tested
    /// it: the replica's tests set `WALKTHROUGH_REPLICA` themselves (``replicaEnvironment``).
    var environment: [String: String] {
        [
            "LOGNAME": user, "WALKTHROUGH_DB": database, "WALKTHROUGH_PATH": definitions,
            "HOME": folder.path + "/home", "PATH": "/usr/bin:/bin", "WALKTHROUGH_REPLICA": "off",
        ]
    }

    /// ``environment`` with the replica on, in the state folder under the sandbox's home.
    var replicaEnvironment: [String: String] {
        environment.merging(["WALKTHROUGH_REPLICA": ""]) { $1 }
    }

    /// Writes a definition into the definitions folder; returns its path.
    @discardableResult
    func define(_ name: String, _ json: String) throws -> String {
        try folder.write(json, to: "walkthroughs/" + name)
    }

    /// Copies an example of the repository (`foodpin.json`) into the definitions folder.
    @discardableResult
    func copyExample(_ name: String) throws -> String {
        let text = try String(
            contentsOfFile: repositoryRoot() + "/walkthroughs/" + name, encoding: .utf8)
        return try define(name, text)
    }

    /// Runs `walkthrough` in-process with the sandbox's environment (plus `extra`).
    func run(_ arguments: [String], extra: [String: String] = [:]) -> RunResult {
        walkthrough(arguments, environment: environment.merging(extra) { $1 })
    }

    /// Whether anything exists in the folder besides the definitions and the home folder.
    var createdFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != "walkthroughs" && $0 != "home" }.sorted()
    }
}

/// A definition with `count` pages headed `Page N`, and the given top-level fields.
func definition(
    id: String = "tour", version: Int = 1, pages count: Int = 3, navigation: String = "linear",
    skippable: Bool = true, title: String = "Tour"
) -> String {
    let pages = (1...count).map {
        "{\"heading\": \"Page \($0)\", \"content\": \"Text of page \($0).\"}"
    }
    return """
        {"id": "\(id)", "version": \(version), "title": "\(title)", "navigation": "\(navigation)",
         "skippable": \(skippable), "pages": [\(pages.joined(separator: ", "))]}
        """
}
