/// The gate's memo (``SeenMemo``): a launch that finds nothing due because the user has seen
/// the walkthrough remembers that answer, and the next launch with the same definition bytes,
/// store file and user gives it again without parsing the definition, opening the store or
/// building the environment's dictionary.
///
/// The one-call gate asks in two steps: ``recall(_:user:store:variable:)`` before anything else
/// (from single environment variables, the definition's bytes read once: the memo's answer, or
/// the bytes to load), and after the store's answer ``remember(_:after:)``.
extension FirstRunGate {
    /// What ``remember(_:after:)`` needs from before the store was read, and what loading the
    /// bytes ``recall(_:user:store:variable:)`` read needs.
    package struct MemoRead: Sendable {
        var memo: SeenMemo
        var before: SeenMemo.Stamp
        var startedAt: Timestamp
        var definition: Definition

        /// Where the definition's bytes came from: a file (found as ``load(_:)`` finds it), or
        /// bytes in memory.
        enum Definition: Sendable {
            case file(String)
            case bytes(name: String?, baseDirectory: String?)
        }
    }

    /// The memo's answer, or the definition's bytes to load instead.
    ///
    /// Never wrapped in an `Optional`, and no `Optional` of the launch's own types on the way:
    /// each would have its generic metadata instantiated on every launch (``unread`` says
    /// there is nothing).
    package enum MemoRecall {
        /// The memo answered: the user has seen the walkthrough, as this record says.
        case remembered(SeenRecord)
        /// It did not: the bytes read, for ``load(_:from:)``.
        case read([UInt8], MemoRead)
        /// Nothing was read: the memo cannot answer this launch, or the definition's file
        /// cannot be read (``load(_:)`` then reports why).
        case unread
    }

    /// The memo's answer for a launch, from single variables of the environment: the record
    /// it remembers for these definition bytes, this store file as it is now and this user;
    /// else the definition's bytes, read once, to load.
    ///
    /// Only a question whose answer "already seen" depends on nothing else is asked of it: not
    /// when the quiet switch (`WALKTHROUGH_DISABLE`, `CI`) is on, which answers first, nor for
    /// a store that is not a SQLite file (a server's answer
    /// changes without the file changing), a `Walkthrough` value, or when there is no cache
    /// folder (`$XDG_CACHE_HOME`, `$HOME`).
    ///
    /// - Parameters:
    ///   - source: The definition, as ``load(_:)`` takes it.
    ///   - user: The user named by the caller; `nil` for the login name.
    ///   - store: The store, as ``store``.
    ///   - variable: Looks up one variable of the environment the gate will use.
    package static func recall(
        _ source: DefinitionSource, user: String?, store: SeenStoreLocation,
        variable: (String) -> String?
    ) -> MemoRecall {
        let startedAt = Timestamp.now
        let user = user ?? UserName.current(variable: variable)
        // A user name the store would refuse needs no check here: no memo is ever written for
        // one (the store's answer is the error), so none can match.
        guard QuietSwitch.reason(variable: variable) == nil,
            let storePath = store.sqliteFile(variable: variable),
            let folder = SeenMemo.folder(variable: variable),
            let stamp = SeenMemo.Stamp.ofStore(at: storePath)
        else { return .unread }
        let name: String
        let file: String
        switch source {
        case .file(let path):
            (name, file) = (path, path)
        case .named(let given):
            let resolver = DefinitionResolver(
                searchPath: DefinitionResolver.searchPath(variable: variable))
            guard let path = try? resolver.resolve(given) else { return .unread }
            (name, file) = (path, path)
        case .resource(let path, let bundle):
            guard let found = ResourceBundle.file(path, bundle: bundle) else { return .unread }
            (name, file) = (found, found)
        case .bytes(let bytes, let given, let baseDirectory):
            // Never a file's path: the prefix keeps the two kinds of key apart.
            var memo = SeenMemo(
                storePath: storePath, user: user,
                definitionName: "bytes:" + (given ?? "") + "\u{0}" + (baseDirectory ?? ""),
                definitionHash: 0, folder: folder)
            return bytes.withUnsafeBytes {
                recall(
                    $0, memo: &memo, stamp: stamp, startedAt: startedAt,
                    definition: .bytes(name: given, baseDirectory: baseDirectory))
            }
        case .walkthrough:
            return .unread
        }
        var memo = SeenMemo(
            storePath: storePath, user: user, definitionName: name, definitionHash: 0,
            folder: folder)
        let result = FileReader.withContents(of: file, limit: DefinitionFormat.maximumFileSize) {
            recall($0, memo: &memo, stamp: stamp, startedAt: startedAt, definition: .file(file))
        }
        guard case .success(let recalled) = result else { return .unread }
        return recalled
    }

    /// The walkthrough in `bytes`, which ``recall(_:user:store:variable:)`` read: what
    /// ``load(_:)`` gives for the same source and bytes.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``.
    package func load(
        _ bytes: [UInt8], from read: MemoRead
    ) throws(FirstRunGateError)
        -> Walkthrough
    {
        let name: String?
        let baseDirectory: String?
        switch read.definition {
        case .file(let path): (name, baseDirectory) = (path, DefinitionLoader.directory(of: path))
        case .bytes(let given, let folder): (name, baseDirectory) = (given, folder)
        }
        let report = bytes.withUnsafeBytes {
            DefinitionLoader.validate(
                bytes: $0, name: name, baseDirectory: baseDirectory, images: .pathsOnly)
        }
        guard let walkthrough = report.walkthrough else {
            throw .definition(DefinitionError(report: report))
        }
        return walkthrough
    }

    /// Remembers `record`, the answer "already seen" that the store gave after
    /// ``recall(_:user:store:variable:)`` returned `read`, for the next launch.
    package func remember(_ record: SeenRecord, after read: MemoRead) {
        guard record.user == read.memo.user else { return }
        read.memo.remember(record, before: read.before, startedAt: read.startedAt)
    }

    // MARK: - Private

    /// The memo's answer for the definition's `bytes`, else the bytes to load.
    private static func recall(
        _ bytes: UnsafeRawBufferPointer, memo: inout SeenMemo, stamp: SeenMemo.Stamp,
        startedAt: Timestamp, definition: MemoRead.Definition
    ) -> MemoRecall {
        memo.definitionHash = FNV1a.hash64(bytes)
        if let record = memo.recall(stamp: stamp) { return .remembered(record) }
        return .read(
            Array(bytes),
            MemoRead(memo: memo, before: stamp, startedAt: startedAt, definition: definition))
    }
}
