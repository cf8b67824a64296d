import FoundationEssentials
package import Testing

/// A folder of golden text files, checked by default and written when the environment has
/// `UPDATE_GOLDEN=1`.
package struct GoldenFolder: Sendable {
    /// The folder's path.
    package let path: String

    /// The folder `name` beside the test target folder that holds `file`: called with
    /// `#filePath` from `Tests/Target/Support/X.swift`, it is `Tests/Target/name`.
    package init(_ name: String, besideTargetOf file: String) {
        let support = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        let target = support[..<(support.lastIndex(of: "/") ?? support.endIndex)]
        path = target + "/" + name
    }

    /// The folder at `path`: for a golden kept outside the tests (`docs/openapi.json`).
    package init(path: String) {
        self.path = path
    }

    /// Whether goldens are being regenerated.
    package static var updating: Bool {
        ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
    }

    /// Checks `text` against the golden file `name`, or writes it when updating.
    package func check(
        _ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = path + "/" + name
        if Self.updating {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: file),
            "missing golden file \(name); run the tests with UPDATE_GOLDEN=1 to create it",
            sourceLocation: sourceLocation)
        let expected = String(decoding: data, as: UTF8.self)
        #expect(
            text == expected, "\(name) differs; run with UPDATE_GOLDEN=1 if the change is intended",
            sourceLocation: sourceLocation)
    }
}
