import FoundationEssentials
import Testing

/// Golden text files in `Tests/WalkthroughTerminalTests/Golden`, checked by default and written
/// when the environment has `UPDATE_GOLDEN=1`.
enum Golden {
    /// The folder of the golden files, found from this source file's path.
    static let directory: String = {
        let source = "\(#filePath)"
        let support = source[..<(source.lastIndex(of: "/") ?? source.endIndex)]
        let tests = support[..<(support.lastIndex(of: "/") ?? support.endIndex)]
        return tests + "/Golden"
    }()

    /// Whether goldens are being regenerated.
    static var updating: Bool {
        ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
    }

    /// Checks `text` against the golden file `name`, or writes it when updating.
    static func check(
        _ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = directory + "/" + name
        if updating {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: path),
            "missing golden file \(name); run the tests with UPDATE_GOLDEN=1 to create it",
            sourceLocation: sourceLocation)
        let expected = String(decoding: data, as: UTF8.self)
        #expect(
            text == expected, "\(name) differs; run with UPDATE_GOLDEN=1 if the change is intended",
            sourceLocation: sourceLocation)
    }
}
