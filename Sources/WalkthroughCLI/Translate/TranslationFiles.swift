@preconcurrency import Glibc
import WalkthroughKit

/// Reading and writing the files of `walkthrough translate`: a translator's file and a
/// definition, read within their limits; a file written whole or not at all.
enum TranslationFiles {
    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// - Throws: A failure (exit 66) naming the file and why it cannot be read (74 when too
    ///   large is not the reason: 65).
    static func read(_ path: String, limit: Int) throws(CommandLineError) -> [UInt8] {
        switch FileReader.withContents(of: path, limit: limit, { Array($0) }) {
        case .success(let bytes): return bytes
        case .failure(let problem):
            let shown = CharacterSafety.escapedInLine(path)
            switch problem.kind {
            case .fileNotFound:
                throw .failure("Error: \(shown): no such file", exitCode: .missingInput)
            case .isDirectory:
                throw .failure("Error: \(shown): is a folder, not a file", exitCode: .missingInput)
            case .unreadable(let reason):
                throw .failure(
                    "Error: \(shown): cannot be read: \(reason)", exitCode: .missingInput)
            case .fileTooLarge(let limit):
                throw .failure(
                    "Error: \(shown): larger than \(limit / 1024 / 1024) MiB, the most read",
                    exitCode: .invalidDefinition)
            }
        }
    }

    /// Writes `bytes` to `path` whole or not at all (a temporary file beside it, renamed over
    /// it), keeping the permissions of a file already there.
    ///
    /// - Throws: A failure (exit 74) naming the file and why.
    static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        var target = path
        // A definition reached through a symbolic link is written where the link points.
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        let mode: mode_t? = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
        do {
            let folder = try ExportFolder(creating: FileSystem.folder(of: target))
            let name = String(target.split(separator: "/").last ?? Substring(target))
            try folder.write(bytes, to: name)
        } catch {
            let reason: String
            switch error {
            case .cannotWrite(_, let why), .cannotCreateFolder(_, let why): reason = why
            case .diskFull: reason = "no space left on device"
            case .notAFolder(let folder): reason = "\(folder) is not a folder"
            case .symbolicLink(let link): reason = "\(link) is a symbolic link"
            }
            throw .failure(
                "Error: cannot write \(CharacterSafety.escapedInLine(path)): \(reason); "
                    + "check the folder's permissions and free space",
                exitCode: .ioError)
        }
        if let mode { chmod(target, mode) }
    }
}
