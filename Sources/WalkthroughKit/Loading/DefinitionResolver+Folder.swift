extension DefinitionResolver {
    /// The definition files of `folder`: its `.json` files that are regular files and not
    /// hidden (a FIFO would block the reader), sorted by their bytes; `nil` when the folder
    /// cannot be listed. A JSON Schema among them is the caller's to leave out.
    package static func definitionFiles(in folder: String) -> [String]? {
        guard let names = FileSystem.names(in: folder) else { return nil }
        return names.filter {
            $0.hasSuffix(".json") && !$0.hasPrefix(".")
                && FileSystem.isRegularFile(FileSystem.joined(folder, $0))
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
