import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough sync` on a store that is not a fleet replica: it says there is nothing to sync,
/// never that a server could not be reached, and changes nothing.
struct SyncCommandTests {
    @Test func aSQLiteStoreHasNothingToSync() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.database))
        let text = sandbox.run(["sync"])
        #expect(text.code == .success)
        #expect(
            text.standardOutput
                == "Nothing to sync: \"\(sandbox.database)\" is not a fleet replica (its writes "
                + "are already in the store).\n")
        let json = sandbox.run(["sync", "--json"])
        #expect(json.code == .success)
        let object =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
            as? [String: Any]
        #expect(object?["server"] as? String == "none")
        #expect(object?["pending"] as? Int == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.database)) == before)
    }
}
