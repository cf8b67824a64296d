/// Why an HTML export could not be written: exit 74, one line naming the path.
enum HTMLExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder (or one above it) cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// Something other than a folder is where a folder must be.
    case notAFolder(path: String)
    /// The export's `images` folder is a symbolic link: writing through it could land anywhere.
    case symbolicLink(path: String)
    /// A file cannot be written (or put in place).
    case cannotWrite(path: String, reason: String)
    /// The disk (or the quota) is full.
    case diskFull(path: String)

    var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            return "cannot create the folder \(path) (\(reason)); choose a folder you may write "
                + "to with --html"
        case .notAFolder(let path):
            return "\(path) exists and is not a folder; remove it or choose another folder with "
                + "--html"
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; the export writes only into real folders: "
                + "remove it or choose another folder with --html"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason)); check the folder's permissions"
        case .diskFull(let path):
            return "cannot write \(path): the disk is full; free some space and export again"
        }
    }
}
