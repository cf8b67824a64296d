extension ValidationReport.Diagnostic {
    /// What a diagnostic is about, with the details a tool needs to act on it.
    ///
    /// Tools switch on this rather than parse messages. ``name`` is the stable spelling used in
    /// `walkthrough validate --json`.
    public enum Kind: Sendable, Hashable {
        // MARK: Reading the file

        /// The file does not exist.
        case fileNotFound
        /// The path names a directory.
        case isDirectory
        /// The file exists but cannot be read (permissions, an I/O error); `reason` says why.
        case unreadable(reason: String)
        /// The input is larger than `limit` bytes; it was not read past the limit.
        case fileTooLarge(limit: Int)

        // MARK: JSON

        /// The input is empty or only whitespace.
        case emptyFile
        /// The input is not UTF-8; `offset` is the 0-based byte offset of the first bad sequence.
        case invalidUTF8(offset: Int)
        /// Something other than what the JSON grammar allows here.
        case syntaxError(expected: String, found: String)
        /// A string is not closed before the end of the input.
        case unterminatedString
        /// A raw control character (U+0000-U+001F) inside a string, which JSON requires escaped.
        case controlCharacterInString(scalar: UInt32)
        /// A backslash escape JSON does not define, or a lone surrogate.
        case invalidEscape(String)
        /// A number JSON does not allow (`01`, `1.`, `-`).
        case invalidNumber(String)
        /// Objects and arrays nested deeper than `limit` levels.
        case nestingTooDeep(limit: Int)
        /// A key that the same object already has; `firstLine` is where the first one is.
        case duplicateKey(key: String, firstLine: Int)
        /// Something after the end of the top-level object.
        case trailingContent(found: String)
        /// The top-level value is not an object.
        case notAnObject(found: ValidationReport.JSONType)

        // MARK: The definition format

        /// A required field is absent.
        case requiredFieldMissing
        /// A field has the wrong JSON type.
        case wrongType(expected: ValidationReport.JSONType, found: ValidationReport.JSONType)
        /// A text that must say something is empty or only whitespace.
        case emptyValue
        /// A text longer than its field allows: `length` and `limit` in characters (Unicode code
        /// points); see `DefinitionFormat.maximumLabelLength` and
        /// `DefinitionFormat.maximumContentLength`.
        case textTooLong(length: Int, limit: Int)
        /// An id that does not match `^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`.
        case invalidID(String)
        /// No `id`, and the file name (`nil`: there is none) does not make a valid one.
        case invalidDefaultID(fileName: String?)
        /// A `version` that is not a whole number from 1 to `DefinitionFormat.maximumVersion`; the
        /// number as written.
        case invalidVersion(String)
        /// A `navigation` other than `"free"` or `"linear"`.
        case invalidNavigation(String)
        /// `pages` is empty.
        case noPages
        /// More pages than `limit`.
        case tooManyPages(count: Int, limit: Int)
        /// A page id that an earlier page (index `firstIndex`, 0-based) already has.
        case duplicatePageID(id: String, firstIndex: Int)
        /// An image path starting with `/`.
        case absoluteImagePath(String)
        /// An image path whose `..` components leave the definition's folder.
        case imageOutsideFolder(String)
        /// An image path with no file behind it (a warning: the alt text is shown instead).
        case imageNotFound(String)
        /// An image file that is not a PNG or JPEG, or is damaged (a warning: the alt text is shown
        /// instead).
        case imageUnreadable(path: String, reason: String)
        /// An image file wider or taller than 8192 pixels, or too large to decode (a warning: the
        /// alt text is shown instead).
        case imageTooLarge(path: String, width: Int, height: Int, limit: String)
        /// A page's `imageAlt` without an `image` (a warning): the alt text describes a picture
        /// that is not there, and players show it as the image line ("Image: …").
        case imageAltWithoutImage
        /// A key the format does not know (a warning), with the closest known key, if any.
        case unknownKey(key: String, suggestion: String?)
        /// A control character other than newline and tab in a text (a warning): C0, DEL or C1.
        case controlCharacter(scalar: UInt32)
        /// A bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069) in a text (a warning).
        case bidiControl(scalar: UInt32)

        // MARK: Locales

        /// A key of a translated field, or the `defaultLocale`, that is not a well-formed BCP 47
        /// language tag (`zh_TW`, `english`).
        case invalidLocale(String)
        /// A translated field without a text for the definition's default locale.
        case missingDefaultLocale(locale: String)
        /// A translated field without a text for `locale`, which other fields have (a warning; an
        /// error under `validate --strict`): users of that locale see the default text here.
        case missingTranslation(locale: String)
        /// The translation of a text into `locale` was made from another source text than the
        /// current one: the source changed since (`translations` records the fingerprint of the
        /// source each translation was made from). A warning; the translation is still shown.
        case staleTranslation(locale: String, text: String)
        /// A `translations` fingerprint that is not 16 lower-case hexadecimal digits.
        case invalidFingerprint(String)
        /// A key naming the same locale as an earlier key of the same field (`EN` after `en`:
        /// tags ignore case).
        case duplicateLocale(key: String, first: String)

        // MARK: Rules (`when`, `since`)

        /// A `when` key other than `env` on a page: only the walkthrough's `when` takes it.
        case ruleNotOnPage(key: String)
        /// A `maxShows` that is not a whole number from 1 to `DefinitionFormat.maximumShows`.
        case invalidMaxShows(String)
        /// A `priority` that is not a whole number from -1,000,000 to 1,000,000; the number as
        /// written.
        case invalidPriority(String)
        /// A `minInterval` that is not a duration such as `"30m"`, `"24h"` or `"7d"`.
        case invalidDuration(String)
        /// A `from` or `until` that is not an RFC 3339 date or date-time.
        case invalidDate(String)
        /// An `until` at or before `from`: the walkthrough could never be due.
        case emptyDateRange(from: String, until: String)
        /// A key of `env` that is not an environment variable name.
        case invalidVariableName(String)
        /// A value of `env` that is not `true`, `false` or a string.
        case invalidEnvironmentValue(found: ValidationReport.JSONType)
        /// A page `since` that is not a whole number of at least 1.
        case invalidSince(String)
        /// A page `since` above the walkthrough's `version`.
        case sinceAfterVersion(since: Int, version: Int)
        /// Walkthroughs whose `after` lists wait for each other in a ring (the ids in order, the
        /// first repeated at the end): none of them can ever be due.
        case afterCycle([String])
        /// An id in `after` that no definition in the folder has (a warning: it may live in
        /// another folder).
        case unknownAfter(String)
        /// An entry of `when.events` that breaks one of its rules; the text says which (a
        /// `min` or `max` that is not a whole number from 0 to 1,000, a `min` above the `max`,
        /// too many names).
        case invalidEventRule(String)

        // MARK: Experiments

        /// An `experiment` that breaks one of its rules; the text says which (an id that is not
        /// one, a weight that is not a positive whole number, a holdout outside 0–50, …).
        case invalidExperiment(String)
        /// A variant's `pages` names a page id the definition does not have.
        case unknownPage(String)
        /// A variant id that an earlier variant (index `firstIndex`, 0-based) already has.
        case duplicateVariant(id: String, firstIndex: Int)

        // MARK: Layout

        /// A `layout` field with a value it does not take (`spread` other than `never`, `auto` or
        /// `always`, …): the field's name and the value as written.
        case invalidLayout(field: String, value: String)

        /// Whether this kind of problem makes the definition invalid or only deserves attention.
        public var severity: ValidationReport.Diagnostic.Severity {
            switch self {
            case .imageNotFound, .imageUnreadable, .imageTooLarge, .imageAltWithoutImage,
                .unknownKey,
                .controlCharacter, .bidiControl, .missingTranslation, .unknownAfter,
                .staleTranslation:
                return .warning
            default: return .error
            }
        }

        /// Whether the problem is that the file could not be read at all (the command line's exit
        /// code 66), rather than that its content is wrong.
        public var isAccessProblem: Bool {
            switch self {
            case .fileNotFound, .isDirectory, .unreadable: return true
            default: return false
            }
        }

        /// The stable name of the kind, as `walkthrough validate --json` writes it.
        public var name: String {
            switch self {
            case .fileNotFound: return "fileNotFound"
            case .isDirectory: return "isDirectory"
            case .unreadable: return "unreadable"
            case .fileTooLarge: return "fileTooLarge"
            case .emptyFile: return "emptyFile"
            case .invalidUTF8: return "invalidUTF8"
            case .syntaxError: return "syntaxError"
            case .unterminatedString: return "unterminatedString"
            case .controlCharacterInString: return "controlCharacterInString"
            case .invalidEscape: return "invalidEscape"
            case .invalidNumber: return "invalidNumber"
            case .nestingTooDeep: return "nestingTooDeep"
            case .duplicateKey: return "duplicateKey"
            case .trailingContent: return "trailingContent"
            case .notAnObject: return "notAnObject"
            case .requiredFieldMissing: return "requiredFieldMissing"
            case .wrongType: return "wrongType"
            case .emptyValue: return "emptyValue"
            case .textTooLong: return "textTooLong"
            case .invalidID: return "invalidID"
            case .invalidDefaultID: return "invalidDefaultID"
            case .invalidVersion: return "invalidVersion"
            case .invalidNavigation: return "invalidNavigation"
            case .noPages: return "noPages"
            case .tooManyPages: return "tooManyPages"
            case .duplicatePageID: return "duplicatePageID"
            case .absoluteImagePath: return "absoluteImagePath"
            case .imageOutsideFolder: return "imageOutsideFolder"
            case .imageNotFound: return "imageNotFound"
            case .imageUnreadable: return "imageUnreadable"
            case .imageTooLarge: return "imageTooLarge"
            case .imageAltWithoutImage: return "imageAltWithoutImage"
            case .unknownKey: return "unknownKey"
            case .controlCharacter: return "controlCharacter"
            case .bidiControl: return "bidiControl"
            case .invalidLocale: return "invalidLocale"
            case .missingDefaultLocale: return "missingDefaultLocale"
            case .missingTranslation: return "missingTranslation"
            case .staleTranslation: return "staleTranslation"
            case .invalidFingerprint: return "invalidFingerprint"
            case .duplicateLocale: return "duplicateLocale"
            case .ruleNotOnPage: return "ruleNotOnPage"
            case .invalidMaxShows: return "invalidMaxShows"
            case .invalidPriority: return "invalidPriority"
            case .invalidDuration: return "invalidDuration"
            case .invalidDate: return "invalidDate"
            case .emptyDateRange: return "emptyDateRange"
            case .invalidVariableName: return "invalidVariableName"
            case .invalidEnvironmentValue: return "invalidEnvironmentValue"
            case .invalidSince: return "invalidSince"
            case .sinceAfterVersion: return "sinceAfterVersion"
            case .afterCycle: return "afterCycle"
            case .unknownAfter: return "unknownAfter"
            case .invalidEventRule: return "invalidEventRule"
            case .invalidExperiment: return "invalidExperiment"
            case .unknownPage: return "unknownPage"
            case .duplicateVariant: return "duplicateVariant"
            case .invalidLayout: return "invalidLayout"
            }
        }
    }
}

extension ValidationReport.Diagnostic.Kind {
    /// The loader's diagnostic for a file that could not be read.
    package init(_ problem: FileProblem.Kind) {
        switch problem {
        case .fileNotFound: self = .fileNotFound
        case .isDirectory: self = .isDirectory
        case .unreadable(let reason): self = .unreadable(reason: reason)
        case .fileTooLarge(let limit): self = .fileTooLarge(limit: limit)
        }
    }
}
