import Testing
import WalkthroughTestSupport

/// Golden text files in `Tests/WalkthroughTerminalTests/Golden`, checked by default and written
/// when the environment has `UPDATE_GOLDEN=1`.
enum Golden {
    /// The folder of the golden files.
    static let folder = GoldenFolder("Golden", besideTargetOf: "\(#filePath)")

    /// Checks `text` against the golden file `name`, or writes it when updating.
    static func check(
        _ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try folder.check(text, against: name, sourceLocation: sourceLocation)
    }
}
