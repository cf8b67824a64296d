import WalkthroughKit

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
