@preconcurrency import Glibc
import WalkthroughKit

/// Copies the images a walkthrough's pages use into the export's `images` folder, each under a
/// name the export chooses.
///
/// What is copied, and what is not (each refusal is a warning; the page then shows the alt
/// text, and the export is still written):
/// - the path must stay inside the definition's folder, written and resolved: no absolute path,
///   no `..` component, no symbolic link leading outside (the loader already refuses the first
///   two; an export of someone else's definition must not copy `/etc/passwd` into a web page);
/// - a regular file of at most ``sizeLimit`` bytes, whose first bytes are a PNG, JPEG, GIF or
///   WebP signature (``ImageFormat``);
/// - the copy is named `images/STEM.EXT`: the file name's stem with anything but letters,
///   digits, `-`, `_` and `.` replaced by `-`, the extension the format's own, and `-2`, `-3`…
///   added when two images would share a name. Nothing the definition writes decides where in
///   the export folder a file lands.
enum ExportImages {
    /// The largest image copied: 32 MiB.
    static let sizeLimit = 32 * 1_048_576

    /// What the copying did.
    struct Outcome {
        /// The exported path (`images/intro.png`) of each image path that was copied.
        var copied: [String: String] = [:]
        /// One line for each image that was not.
        var warnings: [String] = []
    }

    /// Copies each image of `uses` from `base` (the definition's folder) into `folder`.
    ///
    /// - Parameter definition: The definition's path, for the warnings.
    /// - Throws: ``HTMLExportError`` when the export folder cannot be written: a problem with
    ///   an image itself is a warning, not an error.
    static func copy(
        _ uses: [HTMLExport.ImageUse], from base: String?, definition: String,
        into folder: ExportFolder
    ) throws(HTMLExportError) -> Outcome {
        var outcome = Outcome()
        var names: Set<String> = []
        var madeFolder = false
        let root = base.flatMap(resolved)
        for use in uses {
            let read = readImage(use.path, from: base, root: root)
            guard case .success(let (bytes, format)) = read else {
                if case .failure(let problem) = read {
                    outcome.warnings.append(
                        "warning: \(definition): \(use.location): image "
                            + "\(CharacterSafety.quoted(use.path)) \(problem.text); the page shows its alt "
                            + "text instead")
                }
                continue
            }
            if !madeFolder {
                try folder.makeSubfolder("images")
                madeFolder = true
            }
            let name = uniqueName(for: use.path, format: format, taken: &names)
            try folder.write(bytes, to: name)
            outcome.copied[use.path] = name
        }
        return outcome
    }

    // MARK: - Reading

    /// Why an image is not copied, as the end of a warning's sentence.
    struct Problem: Error {
        var text: String
    }

    /// The bytes and format of the image at `path`, or why it is not copied.
    private static func readImage(
        _ path: String, from base: String?, root: String?
    ) -> Result<([UInt8], ImageFormat), Problem> {
        guard staysInside(path) else {
            return .failure(Problem(text: "leaves the definition's folder and is not copied"))
        }
        let source = base.map { $0.isEmpty ? path : FileSystem.joined($0, path) } ?? path
        switch FileSystem.kind(of: source) {
        case .missing: return .failure(Problem(text: "not found"))
        case .directory: return .failure(Problem(text: "is a folder, not an image file"))
        case .other: return .failure(Problem(text: "is not a regular file and is not read"))
        case .regularFile: break
        }
        if let root, let real = resolved(source), !real.hasPrefix(root + "/") {
            return .failure(
                Problem(
                    text: "leads out of the definition's folder through a symbolic link and is "
                        + "not copied"))
        }
        let read = FileReader.withContents(of: source, limit: sizeLimit) { bytes in
            ImageFormat.sniff(bytes).map { (Array(bytes), $0) }
        }
        switch read {
        case .success(let image?):
            return .success(image)
        case .success(nil):
            return .failure(Problem(text: "is not a \(ImageFormat.names) image"))
        case .failure(let problem):
            switch problem.kind {
            case .fileNotFound: return .failure(Problem(text: "not found"))
            case .fileTooLarge:
                return .failure(
                    Problem(text: "is larger than \(sizeLimit / 1_048_576) MiB, the limit"))
            case .unreadable(let reason):
                return .failure(Problem(text: "cannot be read (\(reason))"))
            default: return .failure(Problem(text: "cannot be read"))
            }
        }
    }

    /// Whether a relative path stays inside its folder as written: not empty, not absolute, no
    /// `..` component, no NUL.
    static func staysInside(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.unicodeScalars.contains("\u{0}") else {
            return false
        }
        return !path.split(separator: "/").contains("..")
    }

    /// `path` with every symbolic link resolved, or `nil` when it cannot be.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    // MARK: - Naming

    /// `images/STEM.EXT` for `path`, not yet in `taken` (compared without case, for folders on
    /// case-insensitive disks), which it is added to.
    static func uniqueName(
        for path: String, format: ImageFormat, taken: inout Set<String>
    ) -> String {
        let stem = safeStem(of: path)
        var candidate = stem
        var number = 1
        while !taken.insert((candidate + "." + format.fileExtension).lowercased()).inserted {
            number += 1
            candidate = stem + "-" + String(number)
        }
        return "images/" + candidate + "." + format.fileExtension
    }

    /// The file name of `path` without its extension, reduced to letters, digits, `-`, `_` and
    /// `.` (anything else becomes `-`), not starting with `.`, at most 64 characters; `image`
    /// when nothing is left.
    static func safeStem(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? "")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = name[..<dot]
        }
        var stem = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".":
                stem.unicodeScalars.append(scalar)
            default:
                stem += "-"
            }
        }
        while stem.hasPrefix(".") { stem.removeFirst() }
        stem = String(stem.prefix(64))
        return stem.isEmpty ? "image" : stem
    }
}
