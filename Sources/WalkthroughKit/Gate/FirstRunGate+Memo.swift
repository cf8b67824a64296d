/// The gate's side of its memo (``SeenMemo``): loading the bytes a launch the memo did not
/// answer read (``SeenMemo/answer(for:user:store:environment:)``), and remembering the store's
/// answer "already seen" for the next launch.
extension FirstRunGate {
    /// The walkthrough in `bytes`, which ``SeenMemo/answer(for:user:store:environment:)``
    /// read: what ``load(_:)`` gives for the same source and bytes.
    ///
    /// - Throws: ``FirstRunGateError/definition(_:)``.
    package func load(
        _ bytes: [UInt8], from read: SeenMemo.Read
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
    /// ``SeenMemo/answer(for:user:store:environment:)`` returned `read`, for the next launch.
    package func remember(_ record: SeenRecord, after read: SeenMemo.Read) {
        guard record.user == read.memo.user else { return }
        read.memo.remember(record, before: read.before, startedAt: read.startedAt)
    }
}
