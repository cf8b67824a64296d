@preconcurrency import Glibc

/// The file-system calls and path rules every target of the package shares: the one home for
/// `stat(2)` questions, `strerror(3)` texts and joining paths.
package enum FileSystem {
    /// What is at a path, from one `stat(2)` (following symbolic links).
    package enum Kind: Sendable, Hashable {
        /// Nothing (or nothing this process may look at).
        case missing
        /// A folder.
        case directory
        /// A regular file.
        case regularFile
        /// Anything else: a device, a FIFO, a socket.
        case other
    }

    /// The kind of `path`, following symbolic links.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// Whether `path` names a regular file (following symbolic links). A FIFO or a device named
    /// `x.json` is not one: reading it can block forever.
    package static func isRegularFile(_ path: String) -> Bool {
        kind(of: path) == .regularFile
    }

    /// `folder/name`, without doubling a trailing slash of `folder`.
    package static func joined(_ folder: String, _ name: String) -> String {
        folder.utf8.last == UInt8(ascii: "/") ? folder + name : folder + "/" + name
    }

    /// The folder part of `path`: `.` for a bare file name, `/` for a file at the root.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The system's text for an `errno` value, its first letter lower-cased to sit inside a
    /// sentence: `permission denied`, `no space left on device`.
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// The path of what `descriptor` has open, as the kernel names it now (the target of
    /// `/proc/self/fd/N`: no symbolic link in it), or `nil` when it cannot be read.
    package static func target(ofDescriptor descriptor: Int32) -> String? {
        absoluteLinkTarget("/proc/self/fd/\(descriptor)")
    }

    /// The path of the running executable, as the kernel names it (`/proc/self/exe`), or `nil`
    /// when it cannot be read.
    package static func currentExecutable() -> String? {
        absoluteLinkTarget("/proc/self/exe")
    }

    /// The names in `folder` (not `.` and `..`), in the order the system lists them, or `nil`
    /// when it cannot be listed.
    package static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The absolute path a symbolic link of the kernel's (`/proc/self/…`) points to.
    private static func absoluteLinkTarget(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0, buffer[0] == CChar(UInt8(ascii: "/")) else { return nil }
        return String(
            decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
