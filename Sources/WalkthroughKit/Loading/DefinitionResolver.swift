@preconcurrency import Glibc

/// Finds the definition file a command-line argument or a tool means: a path, or a file name or
/// walkthrough id looked up in a list of folders.
///
/// The `walkthrough` command and ``FirstRunGate`` share it, so `walkthrough play foodpin.json`,
/// `walkthrough play foodpin` and a tool asking for `"foodpin"` all find the same file.
///
/// ```swift
/// let resolver = DefinitionResolver(environment: ProcessEnvironment.current)
/// let path = try resolver.resolve("foodpin")   // "walkthroughs/foodpin.json"
/// ```
package struct DefinitionResolver: Sendable, Hashable {
    /// The folder searched after those of `$WALKTHROUGH_PATH`, relative to the current
    /// directory.
    public static let defaultFolder = "walkthroughs"

    /// The folders searched, in order.
    public var searchPath: [String]

    /// Creates a resolver that searches `searchPath`, in order.
    public init(searchPath: [String]) {
        self.searchPath = searchPath
    }

    /// Creates a resolver that searches each folder of `$WALKTHROUGH_PATH` (colon-separated;
    /// empty entries are ignored), then `./walkthroughs`.
    package init(environment: some EnvironmentVariables) {
        self.init(searchPath: Self.searchPath(environment: environment))
    }

    /// The folders `walkthrough` searches: each of `$WALKTHROUGH_PATH`, then
    /// ``defaultFolder``.
    package static func searchPath(environment: some EnvironmentVariables) -> [String] {
        let listed = (environment["WALKTHROUGH_PATH"] ?? "")
            .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        return listed + [defaultFolder]
    }

    /// The definition file `argument` names.
    ///
    /// 1. An argument holding a `/` is a path, and only a path: the file there, or an error.
    /// 2. A bare name ending in `.json` that names an existing file in the current folder is that
    ///    file (so `walkthrough play foodpin.json` works inside `walkthroughs/`).
    /// 3. Otherwise, in each folder in order: `folder/argument.json` (unless `argument` ends in
    ///    `.json`), then `folder/argument` — regular files only.
    /// 4. Otherwise, in each folder in order, a `.json` definition whose `"id"` is `argument`.
    ///
    /// A bare name never stops at whatever happens to have that name in the current folder (a
    /// project folder or a script called `onboarding`): only step 2 looks there.
    ///
    /// - Throws: ``DefinitionError/notFound(path:)`` for a missing path,
    ///   ``DefinitionError/isDirectory(path:)`` for a folder given as a path, and
    ///   ``DefinitionError/notFoundOnSearchPath(name:searched:)`` naming every folder searched
    ///   (`.` first for a file name, which step 2 looked for in the current folder).
    public func resolve(_ argument: String) throws(DefinitionError) -> String {
        guard !argument.isEmpty else { throw .notFound(path: argument) }
        if argument.utf8.contains(UInt8(ascii: "/")) {
            switch Self.kind(of: argument) {
            case .file: return argument
            case .directory: throw .isDirectory(path: argument)
            case .missing: throw .notFound(path: argument)
            }
        }
        let isFileName = argument.hasSuffix(".json")
        if isFileName, Self.kind(of: argument) == .file { return argument }
        for folder in searchPath {
            let candidates =
                isFileName
                ? [FileSystem.joined(folder, argument)]
                : [
                    FileSystem.joined(folder, argument + ".json"),
                    FileSystem.joined(folder, argument),
                ]
            for candidate in candidates where FileSystem.isRegularFile(candidate) {
                return candidate
            }
        }
        if !isFileName {
            for folder in searchPath {
                if let match = Self.definition(withID: argument, in: folder) { return match }
            }
        }
        throw .notFoundOnSearchPath(
            name: argument, searched: isFileName ? ["."] + searchPath : searchPath)
    }

    // MARK: - Private

    private enum Kind {
        case file
        case directory
        case missing
    }

    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }

    /// The first `.json` file of `folder`, in name order, that loads as a walkthrough whose id is
    /// `id`. Files that do not load are passed over, and so is anything but a regular file: a
    /// FIFO named `x.json` would block the search until something wrote to it.
    private static func definition(withID id: String, in folder: String) -> String? {
        guard let names = FileSystem.names(in: folder) else { return nil }
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = FileSystem.joined(folder, name)
            guard FileSystem.isRegularFile(path) else { continue }
            if DefinitionLoader.validate(contentsOf: path).walkthrough?.id == id { return path }
        }
        return nil
    }
}
