import Foundation
import WalkthroughKit

/// What the `serve` suite serves: a folder of 10 walkthroughs, a keys file with one service
/// key, and a store of many users, in a folder of the run.
///
/// The store (``SeenDatabase``) has a record of `bench-02` for every user and a record of
/// `bench`, the walkthrough evaluated alone, for every other one: half the single evaluations
/// answer "seen", half "due", and the bulk ones read two records or one.
struct ServeFixture {
    /// The walkthrough evaluated alone and stepped through.
    static let walkthrough = SeenDatabase.walkthrough
    /// Pages of each walkthrough.
    static let pages = 3
    /// The ids of the walkthroughs served: `bench`, then `bench-02` to `bench-10`.
    static let ids = [walkthrough] + (2...10).map { "bench-" + ($0 < 10 ? "0" : "") + String($0) }

    /// The suite's folder.
    let folder: String
    /// The folder of definitions served.
    let definitions: String
    /// The keys file (mode 0600).
    let keys: String
    /// The service key's secret, sent as `Authorization: Bearer SECRET`.
    let secret: String
    /// The store, as built (the server and the raw C baseline each get a copy).
    let store: String
    /// Users in the store: `SeenDatabase.user(0 ..< users)`.
    let users: Int

    /// Writes the definitions and the keys, and builds the store of `users` users.
    init(_ context: BenchContext, users: Int) throws {
        folder = try context.folder.folder("serve")
        definitions = try context.folder.folder("serve/walkthroughs")
        for (index, id) in Self.ids.enumerated() {
            try Data(Self.definition(id: id, number: index + 1).utf8).write(
                to: URL(fileURLWithPath: definitions + "/" + id + ".json"))
        }
        var random = SystemRandomNumberGenerator()
        secret = "bench-" + (0..<4).map { _ in String(random.next() as UInt64, radix: 16) }.joined()
        keys = folder + "/serve-keys.json"
        let text = #"{"keys": [{"name": "bench", "role": "service", "secret": "\#(secret)"}]}"#
        _ = try FileSystem.createPrivateFile(keys, contents: Array(text.utf8))
        self.users = users
        store = folder + "/store-\(users).sqlite3"
        context.progress("building a store of \(Format.count(users)) users for serve")
        try SeenDatabase.build(
            path: store, users: users, records: [(Self.walkthrough, 2), (Self.ids[1], 1)])
        try BenchFolder.flush(store)
    }

    /// A walkthrough of ``pages`` short pages.
    static func definition(id: String, number: Int) -> String {
        let pages = (1...pages).map { page in
            #"    {"id": "page-\#(page)", "heading": "Step \#(page) of \#(number)", "#
                + #""content": "What walkthrough \#(number) says on page \#(page)."}"#
        }
        return """
            {
              "id": "\(id)",
              "version": 1,
              "title": "Walkthrough \(number)",
              "pages": [
            \(pages.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// The body of an evaluation request for `user`.
    static func context(user: String) -> String {
        #"{"context":{"targetingKey":"\#(user)"}}"#
    }

    /// The `Authorization` and `Content-Type` headers every request sends.
    var headers: [(String, String)] {
        [("Authorization", "Bearer " + secret), ("Content-Type", "application/json")]
    }
}
