import WalkthroughKit

/// Finding and loading the definition a `FILE|ID` argument names, the same way in every command.
enum Definitions {
    /// The walkthrough `argument` names: a path, else a file name or id looked up in
    /// `$WALKTHROUGH_PATH`, then `./walkthroughs`.
    ///
    /// - Throws: ``DefinitionError``: not found (exit 66, naming the places searched), unreadable
    ///   (66), or invalid with every problem (65).
    static func load(
        _ argument: String, environment: [String: String]
    ) throws(DefinitionError) -> Walkthrough {
        let path = try DefinitionResolver(environment: environment).resolve(argument)
        return try DefinitionLoader.load(contentsOf: path)
    }

    /// The walkthrough id an `ID` argument of `reset` stands for: the id of the definition when
    /// the argument is the path of an existing file (it holds a `/` or ends in `.json`, as
    /// ``DefinitionResolver`` reads paths), else the argument itself. Records may outlive their
    /// definitions, so an id is never looked up on the search path.
    ///
    /// - Throws: ``DefinitionError`` when the argument is a file that is not a valid definition.
    static func id(forRecordArgument argument: String) throws(DefinitionError) -> String {
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".json")
        guard looksLikePath, [.regularFile, .other].contains(FileSystem.kind(of: argument)) else {
            return argument
        }
        return try DefinitionLoader.load(contentsOf: argument).id
    }
}
