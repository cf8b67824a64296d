package import FoundationEssentials
@preconcurrency import Glibc

/// A fresh folder under the system's temporary folder (`TMPDIR`, or `/tmp`), removed with
/// everything in it when the value is released.
///
/// A test that made something in it read-only (permission bits, or the immutable attribute as
/// root) need not undo that first: when removing fails, the attribute and the bits are cleared
/// and the removal tried again.
package final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    package let path: String

    /// Creates the folder (`mkdtemp`, mode 0700).
    ///
    /// - Throws: ``TestSupportError`` when the temporary folder cannot hold a new folder.
    package init() throws {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        if base.isEmpty { base = "/tmp" }
        var template = Array((base + "/walkthrough-tests.XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let created else {
            throw TestSupportError("cannot create a folder in \(base): errno \(errno)")
        }
        path = String(cString: created)
    }

    deinit {
        if (try? FileManager.default.removeItem(atPath: path)) != nil { return }
        _ = try? ChildProcess.run(["chattr", "-R", "-i", path])
        _ = try? ChildProcess.run(["chmod", "-R", "u+rwX", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`; `name` may hold subfolders (`state/seen.sqlite3`).
    package func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Whether `name` exists in the folder.
    package func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }

    /// Writes `text` to `name` in the folder (creating its subfolders) and returns the file's
    /// path.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` to `name` in the folder (creating its subfolders) and returns the file's
    /// path.
    @discardableResult
    package func write(_ data: Data, to name: String) throws -> String {
        let file = file(name)
        if let slash = file.lastIndex(of: "/") {
            try FileManager.default.createDirectory(
                atPath: String(file[..<slash]), withIntermediateDirectories: true)
        }
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}
