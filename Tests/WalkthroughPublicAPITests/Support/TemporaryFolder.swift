import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// released.
final class TemporaryFolder {
    let path: String

    init() throws {
        let template = NSTemporaryDirectory() + "/walkthrough-public-api.XXXXXX"
        var bytes = Array(template.utf8CString)
        let created = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name` in the folder and returns the file's path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Whether `name` exists in the folder.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }
}

/// The repository's root folder, found from this file's location.
func repositoryRoot(_ file: String = #filePath) -> String {
    var url = URL(fileURLWithPath: file)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}

/// The built executable `name`, in the build folder this test bundle runs from.
func builtExecutable(_ name: String) -> String {
    let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = testExecutable.deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return repositoryRoot() + "/.build/debug/" + name
}
