/// Where a walkthrough comes from, for ``FirstRunGate`` (and the one-call gate built on it).
///
/// A tool names its walkthrough the way that suits it: a path, a file name or id looked up like
/// `walkthrough play` does, a file in its own SwiftPM resources, bytes or a string it carries,
/// or a ``Walkthrough`` it built in code. A string literal is ``named(_:)``:
///
/// ```swift
/// let gate = FirstRunGate()
/// _ = try gate.status(of: "foodpin")                     // $WALKTHROUGH_PATH, ./walkthroughs
/// _ = try gate.status(of: .file("/usr/share/mytool/tour.json"))
/// _ = try gate.status(of: .resource("walkthroughs/tour.json"))
/// _ = try gate.status(of: .json(#"{"id": "tour", "pages": [{"heading": "Hi", "content": ""}]}"#))
/// ```
public enum DefinitionSource: Sendable, Hashable {
    /// The definition file at this path, absolute or relative to the current directory; no
    /// search.
    case file(String)
    /// A path, or a file name (`foodpin.json`) or walkthrough id (`foodpin`) looked up with
    /// `DefinitionResolver`: each folder of `$WALKTHROUGH_PATH`, then `./walkthroughs`.
    case named(String)
    /// A definition the tool ships in its own SwiftPM resources: `path` inside the resource
    /// bundle, such as `walkthroughs/foodpin.json` for a target declared with
    /// `resources: [.copy("walkthroughs")]`. Image paths resolve against the file's folder
    /// inside the bundle.
    ///
    /// The bundle is the `.resources` folder SwiftPM puts next to the executable
    /// (`YourTool_YourTool.resources`), found from the running executable's own path, so from
    /// any current folder and without Foundation's `Bundle`. `bundle` names it (without
    /// `.resources`) when more than one has a file at `path`; without it the first in name
    /// order that has one is used. No bundle with the file is "not found", never a trap.
    ///
    /// ```swift
    /// let result = Onboarding.presentIfNeeded(.resource("walkthroughs/foodpin.json"))
    /// ```
    case resource(String, bundle: String? = nil)
    /// A definition held in memory. `name` is used in diagnostics and gives the default id
    /// (its last component without `.json`); `baseDirectory` is where image paths resolve.
    case bytes([UInt8], name: String?, baseDirectory: String?)
    /// A walkthrough already loaded or built in code; nothing is read.
    case walkthrough(Walkthrough)

    /// A definition written as a JSON string; see ``bytes(_:name:baseDirectory:)``.
    public static func json(
        _ text: String, name: String? = nil, baseDirectory: String? = nil
    ) -> DefinitionSource {
        .bytes(Array(text.utf8), name: name, baseDirectory: baseDirectory)
    }

    /// Loads and checks the definition.
    ///
    /// - Parameter resolver: Looks up ``named(_:)`` sources; the other cases do not use it. By
    ///   default: each folder of `$WALKTHROUGH_PATH` in the process's environment, then
    ///   `./walkthroughs`.
    /// - Throws: ``DefinitionError``: a file that is missing, unreadable or too large, a name
    ///   found nowhere on the search path, or a definition that breaks a rule of the format
    ///   (``DefinitionError/invalid(_:)`` lists every problem). Warnings do not make it throw.
    package func load(
        resolver: DefinitionResolver = DefinitionResolver(
            environment: ProcessEnvironment.current())
    ) throws(DefinitionError) -> Walkthrough {
        try load(resolver: resolver, images: .headers)
    }

    /// ``load(resolver:)`` with image files checked as `images` says: the gate deciding whether
    /// to show opens none of them (``ImageChecking/pathsOnly``).
    package func load(
        resolver: DefinitionResolver, images: ImageChecking
    ) throws(DefinitionError) -> Walkthrough {
        switch self {
        case .file(let path):
            return try DefinitionLoader.load(contentsOf: path, images: images)
        case .named(let name):
            return try DefinitionLoader.load(contentsOf: resolver.resolve(name), images: images)
        case .resource(let path, let bundle):
            guard let file = ResourceBundle.file(path, bundle: bundle) else {
                throw .notFound(path: ResourceBundle.describe(path, bundle: bundle))
            }
            return try DefinitionLoader.load(contentsOf: file, images: images)
        case .bytes(let bytes, let name, let baseDirectory):
            return try DefinitionLoader.load(
                bytes: bytes, name: name, baseDirectory: baseDirectory)
        case .walkthrough(let walkthrough):
            return walkthrough
        }
    }
}

extension DefinitionSource: ExpressibleByStringLiteral {
    /// A string literal names a definition: ``named(_:)``, a path or a file name or id looked up
    /// on the search path.
    public init(stringLiteral value: String) {
        self = .named(value)
    }
}
