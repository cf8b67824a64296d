/// How a launch asks the memo (``SeenMemo``): ``answer(for:user:store:environment:)`` before
/// anything else, from single environment variables and the definition's bytes read once. A
/// launch the memo answers parses nothing, opens no store and builds no dictionary of the
/// environment; any other gets the bytes to load (``FirstRunGate/load(_:from:)``) and, after
/// the store's answer, ``FirstRunGate/remember(_:after:)``.
///
/// The launch's own code is here, its small helpers inlined, in a file that sorts beside the
/// memo's other files (objects link in the order of their files' names). That does not gather
/// all of it: the compiler emits outlined copies, value witnesses and generic specializations
/// with the type's or the generic function's own file (docs/benchmarks.md, "Gathering those
/// functions").
extension SeenMemo {
    /// The memo's answer, or the definition's bytes to load instead.
    ///
    /// Never wrapped in an `Optional`, and no `Optional` of the launch's own types on the way:
    /// each would have its generic metadata instantiated on every launch (``unread`` says
    /// there is nothing).
    package enum Answer {
        /// The memo answered: the user has seen the walkthrough, as this record says.
        case remembered(SeenRecord)
        /// It did not: the bytes read, for ``FirstRunGate/load(_:from:)``.
        case read([UInt8], Read)
        /// Nothing was read: the memo cannot answer this launch, or the definition's file
        /// cannot be read (``FirstRunGate/load(_:)`` then reports why).
        case unread
    }

    /// What ``FirstRunGate/remember(_:after:)`` needs from before the store was read, and what
    /// loading the bytes ``answer(for:user:store:environment:)`` read needs.
    package struct Read: Sendable {
        var memo: SeenMemo
        var before: Stamp
        var startedAt: Timestamp
        var definition: Definition

        /// Where the definition's bytes came from: a file (found as ``FirstRunGate/load(_:)``
        /// finds it), or bytes in memory.
        enum Definition: Sendable {
            case file(String)
            case bytes(name: String?, baseDirectory: String?)
        }
    }

    /// The memo's answer for a launch: the record it remembers for these definition bytes, this
    /// store file as it is now and this user; else the definition's bytes, read once, to load.
    ///
    /// Only a question whose answer "already seen" depends on nothing else is asked of it: not
    /// when the quiet switch (`WALKTHROUGH_DISABLE`, `CI`) is on, which answers first, nor for
    /// a store that is not a SQLite file (a server's answer changes without the file changing),
    /// a `Walkthrough` value, or when there is no cache folder (`$XDG_CACHE_HOME`, `$HOME`).
    ///
    /// - Parameters:
    ///   - source: The definition, as ``FirstRunGate/load(_:)`` takes it.
    ///   - user: The user named by the caller; `nil` for the login name.
    ///   - store: The store, as ``FirstRunGate/store``.
    ///   - environment: The environment the gate will use; `nil` for the process's, read a
    ///     variable at a time.
    package static func answer(
        for source: DefinitionSource, user: String?, store: SeenStoreLocation,
        environment: [String: String]?
    ) -> Answer {
        let variable = { ProcessEnvironment.variable($0, in: environment) }
        let user = user ?? UserName.current(variable: variable)
        // A user name the store would refuse needs no check here: no memo is ever written for
        // one (the store's answer is the error), so none can match.
        guard QuietSwitch.reason(variable: variable) == nil,
            let storePath = store.sqliteFile(variable: variable),
            let folder = folder(variable: variable),
            let stamp = Stamp.ofStore(at: storePath)
        else { return .unread }
        let name: String
        switch source {
        case .file(let path):
            name = path
        case .named(let given):
            let resolver = DefinitionResolver(
                searchPath: DefinitionResolver.searchPath(variable: variable))
            guard let path = try? resolver.resolve(given) else { return .unread }
            name = path
        case .resource(let path, let bundle):
            guard let found = ResourceBundle.file(path, bundle: bundle) else { return .unread }
            name = found
        case .bytes(let bytes, let given, let baseDirectory):
            // Never a file's path: the prefix keeps the two kinds of key apart.
            var memo = SeenMemo(
                storePath: storePath, user: user,
                definitionName: "bytes:" + (given ?? "") + "\u{0}" + (baseDirectory ?? ""),
                definitionHash: 0, folder: folder)
            return bytes.withUnsafeBytes {
                answer(
                    $0, memo: &memo, stamp: stamp,
                    definition: .bytes(name: given, baseDirectory: baseDirectory))
            }
        case .walkthrough:
            return .unread
        }
        var memo = SeenMemo(
            storePath: storePath, user: user, definitionName: name, definitionHash: 0,
            folder: folder)
        let result = FileReader.withContents(of: name, limit: DefinitionFormat.maximumFileSize) {
            answer($0, memo: &memo, stamp: stamp, definition: .file(name))
        }
        guard case .success(let answered) = result else { return .unread }
        return answered
    }

    // MARK: - Private

    /// The memo's answer for the definition's `bytes`, else the bytes to load.
    ///
    /// The clock is read only for `read`, still before the gate reads the store (what
    /// ``SeenMemo/remember(_:before:startedAt:)`` needs): a launch the memo answers never reads
    /// it.
    private static func answer(
        _ bytes: UnsafeRawBufferPointer, memo: inout SeenMemo, stamp: Stamp,
        definition: Read.Definition
    ) -> Answer {
        memo.definitionHash = FNV1a.hash64(bytes)
        if let record = memo.recall(stamp: stamp) { return .remembered(record) }
        return .read(
            Array(bytes),
            Read(memo: memo, before: stamp, startedAt: Timestamp.now, definition: definition))
    }
}
