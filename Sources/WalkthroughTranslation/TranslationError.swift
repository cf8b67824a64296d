import WalkthroughKit

/// Why a translator's file cannot be read or imported. Messages state the facts; the command
/// adds what to do.
package enum TranslationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file breaks its format's grammar at `line`.
    case malformed(file: String, line: Int, reason: String)
    /// The file uses something this reader refuses on purpose (a DOCTYPE, an entity
    /// declaration, inline codes).
    case refused(file: String, line: Int, reason: String)
    /// A unit names a path the definition has no text at.
    case unknownText(path: String, line: Int)
    /// A unit that names no path (a PO entry without msgctxt) whose source is that of no text,
    /// or of `count` texts.
    case unmatchedUnit(source: String, count: Int, line: Int)
    /// A unit was translated from another source than the definition's current one.
    case stale(paths: [String])
    /// A target holds a character no definition text may: a control or bidirectional control.
    case unsafeCharacter(path: String, scalar: UInt32)
    /// The file's locale is not the one asked for, or is the definition's default.
    case wrongLocale(String)
    /// The definition with the targets written in breaks a rule of the format.
    case invalidResult([String])

    /// The message.
    package var description: String {
        switch self {
        case .malformed(let file, let line, let reason):
            return "\(file), line \(line): \(reason)"
        case .refused(let file, let line, let reason):
            return "\(file), line \(line): \(reason)"
        case .unknownText(let path, let line):
            let place = line > 0 ? " (line \(line))" : ""
            return
                "the unit \(CharacterSafety.quoted(path))\(place) names no text of the "
                + "definition"
        case .unmatchedUnit(let source, let count, let line):
            let which = count == 0 ? "no text" : "\(count) texts"
            return
                "the entry at line \(line) has no msgctxt, and \(which) of the definition "
                + "\(count > 1 ? "have" : "has") its source \(CharacterSafety.quoted(source))"
        case .stale(let paths):
            return
                "\(paths.count) unit\(paths.count == 1 ? " was" : "s were") translated from an "
                + "earlier source text, which has changed since: "
                + paths.map(CharacterSafety.quoted).joined(separator: ", ")
        case .unsafeCharacter(let path, let scalar):
            return
                "the target of \(CharacterSafety.quoted(path)) holds "
                + "\(CharacterSafety.codePoint(scalar)), a control character no text may hold"
        case .wrongLocale(let reason):
            return reason
        case .invalidResult(let lines):
            return "the definition with these targets would be invalid: "
                + lines.joined(separator: "; ")
        }
    }
}
