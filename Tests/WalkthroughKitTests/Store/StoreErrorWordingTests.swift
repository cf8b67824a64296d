import Testing
import WalkthroughKit

/// The store's errors state facts an embedding tool's user can act on; the `walkthrough`
/// command's flags and commands (`--db`, `--plain`, `walkthrough mark`) are the command's to add,
/// since a tool that embeds the library has none of them.
struct StoreErrorWordingTests {
    static let commandWords = ["--db", "--plain", "--user", "walkthrough mark", "pass "]

    static let storeErrors: [SeenStoreError] = [
        .databaseMissing(path: "/s/seen.sqlite3"), .notADatabase(path: "/s/seen.sqlite3"),
        .newerSchema(path: "/s/seen.sqlite3", found: 9, supported: 2),
        .unrecognizedSchema(path: "/s/seen.sqlite3", detail: "no seen table"),
        .readOnlyFile(path: "/s/seen.sqlite3"), .readOnlyFolder(path: "/s/seen.sqlite3"),
        .cannotCreateFolder(path: "/s/seen.sqlite3", folder: "/s", reason: "permission denied"),
        .cannotOpen(path: "/s/seen.sqlite3", reason: "a folder is in its place"),
        .locked(path: "/s/seen.sqlite3", timeout: .seconds(60)),
        .corrupt(path: "/s/seen.sqlite3", detail: "malformed"), .diskFull(path: "/s/seen.sqlite3"),
        .ioError(path: "/s/seen.sqlite3", detail: "EIO"),
        .failed(path: "/s/seen.sqlite3", detail: "constraint"),
        .companionFile(path: "/s/seen.sqlite3", file: "/s/seen.sqlite3-journal", reason: "root's"),
        .interruptedWrite(path: "/s/seen.sqlite3", journal: "/s/seen.sqlite3-journal"),
        .unsafeFolder(path: "/s/seen.sqlite3", folder: "/s", reason: "others may write to it"),
        .untrustedLink(path: "/s/seen.sqlite3", owner: 1000), .invalidBusyTimeout("soon"),
        .noHomeDirectory,
    ]

    @Test(arguments: storeErrors)
    func storeErrorsNameNoCommandLineFlag(error: SeenStoreError) {
        for word in Self.commandWords {
            #expect(!error.description.contains(word), "\(word) in: \(error.description)")
        }
        #expect(!error.description.contains("\n"))
    }
}
