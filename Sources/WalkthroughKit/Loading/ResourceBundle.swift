/// The tool's own SwiftPM resource bundles, found without Foundation's `Bundle`.
///
/// On Linux SwiftPM copies a target's resources into a folder named
/// `<Package>_<Target>.resources` next to the executable it builds, and the `Bundle.module` it
/// generates looks there. This does the same from the running executable's path
/// (`/proc/self/exe`), so that a tool need not load Foundation to find its walkthrough.
enum ResourceBundle {
    /// The suffix of a resource bundle's folder name.
    static let suffix = ".resources"

    /// The path of the file at `path` inside the tool's resource bundle `bundle` (its name
    /// without `.resources`), or inside the first bundle in name order that has one; `nil` when
    /// none has it, or the executable's folder cannot be read.
    static func file(_ path: String, bundle: String?) -> String? {
        guard !path.isEmpty, let folder = executableFolder(),
            let names = FileSystem.names(in: folder)
        else { return nil }
        let relative = path.hasPrefix("/") ? String(path.drop(while: { $0 == "/" })) : path
        let bundles = names.filter { name in
            guard name.hasSuffix(suffix), !name.hasPrefix(".") else { return false }
            return bundle.map { name == $0 + suffix } ?? true
        }
        for name in bundles.sorted() {
            let candidate = FileSystem.joined(FileSystem.joined(folder, name), relative)
            if FileSystem.isRegularFile(candidate) { return candidate }
        }
        return nil
    }

    /// What a report says was not found: `walkthroughs/foodpin.json in the tool's resources
    /// (the *.resources folders next to /usr/local/bin/mytool)`.
    static func describe(_ path: String, bundle: String?) -> String {
        let bundles = bundle.map { $0 + suffix } ?? "*" + suffix
        let place = executableFolder() ?? "the executable"
        return "\(path) in the tool's resources (\(bundles) in \(place))"
    }

    /// The folder of the running executable.
    private static func executableFolder() -> String? {
        FileSystem.currentExecutable().map(FileSystem.folder(of:))
    }
}
