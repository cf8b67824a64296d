/// The front door's first step, which every question takes: the memo (``SeenMemo``) of a
/// launch that found the walkthrough already seen. A question it answers parses nothing and
/// opens no store; any other gets the definition loaded from the bytes the step read, and an
/// answer "already seen" from the store is remembered for the next question.
extension FirstRunGate {
    /// What the first step found.
    package enum Recalled {
        /// The memo answered: the user has seen the walkthrough, as this record says.
        case remembered(SeenRecord)
        /// It did not: the definition's bytes, read once, and what remembering needs.
        case read([UInt8], Read)
        /// Nothing was read: the memo cannot answer this question, or the definition's file
        /// cannot be read (``load(_:after:)`` then reports why).
        case unread
    }

    /// What ``remember(_:after:)`` needs from before the store was read, and what loading the
    /// bytes read needs.
    package struct Read: Sendable {
        var memo: SeenMemo
        var before: SeenMemo.Stamp
        var startedAt: Timestamp
        var definition: Definition

        /// Where the definition's bytes came from: a file, or bytes in memory.
        enum Definition: Sendable {
            case file(String)
            case bytes(name: String?, baseDirectory: String?)
        }
    }

    /// The memo's answer for `source`: the record it remembers for these definition bytes,
    /// the store file as it is now and ``user``; else the definition's bytes, read once.
    ///
    /// Only a question whose answer "already seen" depends on nothing else is asked of it:
    /// not when the quiet switch (`WALKTHROUGH_DISABLE`, CI) is on or the administrator's
    /// policy disables any walkthrough, which answer first, nor
    /// for a store that is not a SQLite file (a server's answer changes without the file
    /// changing), a `Walkthrough` value, or when there is no cache folder (`$XDG_CACHE_HOME`,
    /// `$HOME`).
    package func recall(_ source: DefinitionSource) -> Recalled {
        // A user name the store would refuse needs no check here: no memo is ever written for
        // one (the store's answer is the error), so none can match.
        let policy = policyInForce()
        guard policy.disable.isEmpty,
            QuietSwitch.reason(environment: variables, policy: policy) == nil,
            let storePath = store.sqliteFile(environment: variables, policy: policy),
            let folder = SeenMemo.folder(environment: variables),
            let stamp = SeenMemo.Stamp.ofStore(at: storePath)
        else { return .unread }
        let name: String
        switch source {
        case .file(let path):
            name = path
        case .named(let given):
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
                Self.recall(
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
            Self.recall($0, memo: &memo, stamp: stamp, definition: .file(name))
        }
        guard case .success(let recalled) = result else { return .unread }
        return recalled
    }

    /// The walkthrough `source` names, from the bytes ``recall(_:)`` read when it read them:
    /// what ``load(_:)`` gives for the same source.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``.
    package func load(
        _ source: DefinitionSource, after recalled: Recalled
    ) throws(FirstRunGateError) -> Walkthrough {
        guard case .read(let bytes, let read) = recalled else { return try load(source) }
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

    /// Remembers `record`, the answer "already seen" the store gave after ``recall(_:)``
    /// read the definition, for the next question.
    package func remember(_ record: SeenRecord, after recalled: Recalled) {
        guard case .read(_, let read) = recalled, record.user == read.memo.user else { return }
        read.memo.remember(record, before: read.before, startedAt: read.startedAt)
    }

    // MARK: - Private

    /// The memo's answer for the definition's `bytes`, else the bytes to load.
    ///
    /// The clock is read only for `read`, still before the gate reads the store (what
    /// ``SeenMemo/remember(_:before:startedAt:)`` needs): a question the memo answers never
    /// reads it.
    private static func recall(
        _ bytes: UnsafeRawBufferPointer, memo: inout SeenMemo, stamp: SeenMemo.Stamp,
        definition: Read.Definition
    ) -> Recalled {
        memo.definitionHash = FNV1a.hash64(bytes)
        if let record = memo.recall(stamp: stamp) { return .remembered(record) }
        return .read(
            Array(bytes),
            Read(memo: memo, before: stamp, startedAt: Timestamp.now, definition: definition))
    }
}
