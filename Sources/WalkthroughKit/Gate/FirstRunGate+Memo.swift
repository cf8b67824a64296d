/// The gate's memo (``SeenMemo``): a launch that finds nothing due because the user has seen
/// the walkthrough remembers that answer, and the next launch with the same definition bytes,
/// store file and user gives it again without parsing the definition, opening the store or
/// building the environment's dictionary.
///
/// The one-call gate asks in three steps: ``memoProbe(_:user:store:variable:)`` before anything
/// else (from single environment variables), ``recall(_:)`` (the definition's bytes read once:
/// the memo's answer, or the bytes to load), and after the store's answer
/// ``remember(_:after:)``.
extension FirstRunGate {
    /// What the memo knows of a launch before the definition is read.
    package struct MemoProbe: Sendable {
        /// The key, but for the definition's hash.
        var memo: SeenMemo
        /// The store file's stamp, taken after ``startedAt``.
        var stamp: SeenMemo.Stamp
        /// When the probe began.
        var startedAt: Timestamp
        /// Where the definition's bytes come from.
        var definition: Definition

        /// A definition's bytes: a file's (found as ``load(_:)`` finds it), or bytes in memory.
        enum Definition: Sendable {
            case file(String)
            case bytes([UInt8], name: String?, baseDirectory: String?)
        }
    }

    /// What ``remember(_:after:)`` needs from before the store was read, and what loading the
    /// bytes ``recall(_:)`` read needs.
    package struct MemoRead: Sendable {
        var memo: SeenMemo
        var before: SeenMemo.Stamp
        var startedAt: Timestamp
        var definition: MemoProbe.Definition
    }

    /// The memo's answer, or the definition's bytes to load instead.
    ///
    /// Not wrapped in an `Optional`: its generic metadata would be instantiated on every
    /// launch (``unread`` says there is nothing).
    package enum MemoRecall {
        /// The memo answered: the user has seen the walkthrough, as this record says.
        case remembered(SeenRecord)
        /// It did not: the bytes read, for ``load(_:from:)``.
        case read([UInt8], MemoRead)
        /// Nothing was read: the memo cannot answer this launch, or the file cannot be read
        /// (``load(_:)`` then reports why).
        case unread
    }

    /// What the memo needs to answer a launch, or `nil` when it cannot answer one.
    ///
    /// Only a question whose answer "already seen" depends on nothing else is asked of it: not
    /// when the quiet switch (`WALKTHROUGH_DISABLE`, `CI`) is on, which answers first, nor for
    /// a user name a store would refuse, a store that is not a SQLite file (a server's answer
    /// changes without the file changing), a `Walkthrough` value, or when there is no cache
    /// folder (`$XDG_CACHE_HOME`, `$HOME`).
    ///
    /// - Parameters:
    ///   - source: The definition, as ``load(_:)`` takes it.
    ///   - user: The user named by the caller; `nil` for the login name.
    ///   - store: The store, as ``store``.
    ///   - variable: Looks up one variable of the environment the gate will use.
    package static func memoProbe(
        _ source: DefinitionSource, user: String?, store: SeenStoreLocation,
        variable: (String) -> String?
    ) -> MemoProbe? {
        let startedAt = Timestamp.now
        let user = user ?? UserName.current(variable: variable)
        guard QuietSwitch.reason(variable: variable) == nil,
            (try? UserName.validate(user)) != nil,
            let storePath = store.sqliteFile(variable: variable),
            let folder = SeenMemo.folder(variable: variable),
            let stamp = SeenMemo.Stamp.ofStore(at: storePath)
        else { return nil }
        let name: String
        let definition: MemoProbe.Definition
        switch source {
        case .file(let path):
            (name, definition) = (path, .file(path))
        case .named(let given):
            let resolver = DefinitionResolver(
                searchPath: DefinitionResolver.searchPath(variable: variable))
            guard let path = try? resolver.resolve(given) else { return nil }
            (name, definition) = (path, .file(path))
        case .resource(let path, let bundle):
            guard let file = ResourceBundle.file(path, bundle: bundle) else { return nil }
            (name, definition) = (file, .file(file))
        case .bytes(let bytes, let given, let baseDirectory):
            // Never a file's path: the prefix keeps the two kinds of key apart.
            name = "bytes:" + (given ?? "") + "\u{0}" + (baseDirectory ?? "")
            definition = .bytes(bytes, name: given, baseDirectory: baseDirectory)
        case .walkthrough:
            return nil
        }
        return MemoProbe(
            memo: SeenMemo(
                storePath: storePath, user: user, definitionName: name, definitionHash: 0,
                folder: folder),
            stamp: stamp, startedAt: startedAt, definition: definition)
    }

    /// Reads the definition's bytes once: the record the memo remembers for them, else the
    /// bytes to load; ``MemoRecall/unread`` when the file cannot be read.
    package static func recall(_ probe: MemoProbe) -> MemoRecall {
        func recall(_ bytes: UnsafeRawBufferPointer) -> MemoRecall {
            var memo = probe.memo
            memo.definitionHash = FNV1a.hash64(bytes)
            if let record = memo.recall(stamp: probe.stamp) { return .remembered(record) }
            return .read(
                Array(bytes),
                MemoRead(
                    memo: memo, before: probe.stamp, startedAt: probe.startedAt,
                    definition: probe.definition))
        }
        switch probe.definition {
        case .bytes(let bytes, _, _):
            return bytes.withUnsafeBytes(recall)
        case .file(let path):
            guard
                case .success(let recalled) = FileReader.withContents(
                    of: path, limit: DefinitionFormat.maximumFileSize, recall)
            else { return .unread }
            return recalled
        }
    }

    /// The walkthrough in `bytes`, which ``recall(_:)`` read: what ``load(_:)`` gives for the
    /// same source and bytes.
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
        case .bytes(_, let given, let folder): (name, baseDirectory) = (given, folder)
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
    /// ``recall(_:)`` returned `read`, for the next launch.
    package func remember(_ record: SeenRecord, after read: MemoRead?) {
        guard let read, record.user == read.memo.user else { return }
        read.memo.remember(record, before: read.before, startedAt: read.startedAt)
    }
}
