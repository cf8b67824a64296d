/// The formats a translator's file may be in.
package enum TranslationFormat: String, Sendable, Hashable, CaseIterable {
    /// XLIFF 2.1 (`.xlf`, `.xliff`): what CAT tools exchange.
    case xliff
    /// GNU gettext's PO (`.po`): Poedit, Weblate, Pootle.
    case po

    /// The format a file name's extension names, or `nil`.
    package init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".po") || lower.hasSuffix(".pot") {
            self = .po
        } else if lower.hasSuffix(".xlf") || lower.hasSuffix(".xliff") {
            self = .xliff
        } else {
            return nil
        }
    }
}

/// What a translator's file says about one text.
package struct TranslationUnit: Sendable, Hashable {
    /// The text's path (`pages.personalize.heading`).
    package var path: String
    /// The source text the file shows, if any.
    package var source: String?
    /// The translation; empty when the translator gave none.
    package var target: String
    /// The fingerprint of the source the translation was made from (`source-hash`), if given.
    package var fingerprint: String?
    /// Whether the file marks the translation as needing review (PO `#, fuzzy`, XLIFF
    /// `state="initial"`).
    package var needsReview: Bool
    /// The line the unit starts on, for messages.
    package var line: Int
}

/// A translator's file, read: its target locale (if it says) and its units in order.
package struct TranslationFile: Sendable, Hashable {
    /// The target locale the file names (PO `Language:`, XLIFF `trgLang`), if any.
    package var locale: String?
    /// The units, in file order.
    package var units: [TranslationUnit]
}

/// The limits a translator's file is read within.
package enum TranslationLimits {
    /// The largest file read: 16 MiB.
    package static let maximumFileSize = 16 * 1024 * 1024
    /// The longest string of a file: 1 MiB of UTF-8. A longer one is refused, never expanded.
    package static let maximumStringSize = 1024 * 1024
    /// The deepest nesting of XML elements read.
    package static let maximumDepth = 32
}

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
