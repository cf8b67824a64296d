extension ValidationReport.Diagnostic.Kind {
    /// A sentence that says what is wrong and what to do about it. The location is not part of
    /// it; ``ValidationReport/Diagnostic/description`` adds it.
    public var message: String {
        switch self {
        case .fileNotFound:
            return "no such file; check the path"
        case .isDirectory:
            return "is a directory, not a definition file; name a .json file inside it"
        case .unreadable(let reason):
            return "cannot be read (\(reason)); check the file's permissions"
        case .fileTooLarge(let limit):
            return
                "the file is larger than \(limit) bytes (\(limit / 1_048_576) MiB), the limit for "
                + "a definition; split it into several walkthroughs"
        case .emptyFile:
            return "the file is empty; a definition is a JSON object with a \"pages\" array"
        case .invalidUTF8(let offset):
            return "not valid UTF-8 at byte offset \(offset); save the file as UTF-8"
        case .syntaxError(let expected, let found):
            return "JSON syntax error: expected \(expected), found \(found)"
        case .unterminatedString:
            return "JSON syntax error: this string is never closed; add the missing '\"'"
        case .controlCharacterInString(let scalar):
            return
                "JSON syntax error: raw control character U+\(CharacterSafety.hex4(scalar)) in a string; "
                + "write it as an escape such as \\n or \\t"
        case .invalidEscape(let text):
            return
                "JSON syntax error: invalid escape \(text) in a string; use \\\" \\\\ \\/ \\b \\f "
                + "\\n \\r \\t or \\u followed by four hexadecimal digits (surrogates in pairs)"
        case .invalidNumber(let text):
            return "JSON syntax error: invalid number '\(text)'; write a plain number such as 1"
        case .nestingTooDeep(let limit):
            return
                "nested deeper than \(limit) levels of objects and arrays; a definition needs "
                + "only 4 (root, pages, a page and its fields)"
        case .duplicateKey(let key, let firstLine):
            return
                "duplicate key \(CharacterSafety.quoted(key)); it is already on line \(firstLine); "
                + "keep only one"
        case .trailingContent(let found):
            return
                "unexpected \(found) after the end of the top-level object; remove it"
        case .notAnObject(let found):
            return
                "the top level is \(found.withArticle); a definition is a JSON object "
                + "such as {\"pages\": [...]}"
        case .requiredFieldMissing:
            return "required field is missing"
        case .wrongType(let expected, let found):
            return "expected \(expected.withArticle), found \(found.withArticle)"
        case .emptyValue:
            return "must not be empty or only whitespace; write some text"
        case .textTooLong(let length, let limit):
            return
                "is \(length) characters long, more than the \(limit) allowed; shorten it"
                + (limit >= DefinitionFormat.maximumContentLength
                    ? " or split it over several pages" : "")
        case .invalidID(let id):
            return
                "\(CharacterSafety.quoted(id)) is not a valid id; use \(DefinitionFormat.idRule)"
        case .invalidDefaultID(let fileName?):
            return
                "there is no \"id\", and the file name \(CharacterSafety.quoted(fileName)) does not make "
                + "a valid one; add an \"id\" of 1 to 64 letters, digits, '.', '_' or '-'"
        case .invalidDefaultID(nil):
            return
                "there is no \"id\", and no file name to take one from; add an \"id\" of 1 to 64 "
                + "letters, digits, '.', '_' or '-'"
        case .invalidVersion(let text):
            return
                "version \(text) is not allowed; use a whole number from 1 to "
                + "\(DefinitionFormat.maximumVersion), such as 1"
        case .invalidNavigation(let value):
            return "unknown navigation \(CharacterSafety.quoted(value)); use \"free\" or \"linear\""
        case .noPages:
            return "a walkthrough needs at least one page; add one to \"pages\""
        case .tooManyPages(let count, let limit):
            return
                "\(count) pages is too many; a walkthrough has at most \(limit), so split it "
                + "into several"
        case .duplicatePageID(let id, let firstIndex):
            return
                "duplicate page id \(CharacterSafety.quoted(id)); pages[\(firstIndex)] already has it; "
                + "give each page its own id"
        case .absoluteImagePath(let path):
            return
                "image path \(CharacterSafety.quoted(path)) is absolute; write it relative to the "
                + "definition's folder"
        case .imageOutsideFolder(let path):
            return
                "image path \(CharacterSafety.quoted(path)) leaves the definition's folder; keep images "
                + "in that folder or below it"
        case .imageNotFound(let path):
            return
                "image file \(CharacterSafety.quoted(path)) not found; the alt text will be shown "
                + "instead; check the path"
        case .imageUnreadable(let path, let reason):
            return
                "image file \(CharacterSafety.quoted(path)) cannot be drawn: \(reason); the alt text will "
                + "be shown instead; save it as a PNG or JPEG"
        case .imageTooLarge(let path, let width, let height, let limit):
            return
                "image file \(CharacterSafety.quoted(path)) is \(width)×\(height) pixels, more than the "
                + "\(limit) an image may have; the alt text will be shown instead; scale it down"
        case .imageAltWithoutImage:
            return
                "alt text for a picture, but the page has no \"image\"; players show it as "
                + "\"Image: …\"; add the \"image\" it describes, or remove \"imageAlt\""
        case .unknownKey(_, let suggestion?):
            return "unknown key; did you mean \(CharacterSafety.quoted(suggestion))?"
        case .unknownKey(_, nil):
            return "unknown key; it is ignored; remove it or check its spelling"
        case .controlCharacter(0x0D):
            return
                "contains a carriage return (U+000D); before a newline it is dropped, elsewhere "
                + "it is shown escaped; remove it (use \\n alone for a new line)"
        case .controlCharacter(let scalar):
            return
                "contains the control character U+\(CharacterSafety.hex4(scalar)); it will be shown "
                + "escaped; remove it"
        case .invalidLocale(let text):
            let hint =
                text.contains("_")
                ? "; BCP 47 separates subtags with '-': "
                    + CharacterSafety.quoted(text.replacingUnderscores())
                : ""
            return
                "\(CharacterSafety.quoted(text)) is not a well-formed BCP 47 language tag\(hint); write "
                + "a tag such as \"en\", \"zh-Hant\" or \"pt-BR\""
        case .missingDefaultLocale(let locale):
            return
                "has no \(CharacterSafety.quoted(locale)) text, and \(CharacterSafety.quoted(locale)) is the "
                + "default locale; add it, or set \"defaultLocale\" to a locale every translated "
                + "field has"
        case .staleTranslation(let locale, let text):
            return
                "the \(CharacterSafety.quoted(locale)) text of \(CharacterSafety.quoted(text)) was "
                + "translated from an earlier source text, which has changed since; \(locale) "
                + "users still see it: update it (walkthrough translate export, then import)"
        case .invalidFingerprint(let text):
            return
                "\(CharacterSafety.quoted(text)) is not a source fingerprint (16 lower-case "
                + "hexadecimal digits, written by walkthrough translate import)"
        case .missingTranslation(let locale):
            return
                "has no \(CharacterSafety.quoted(locale)) text, which other fields have; \(locale) "
                + "users see the default locale's text here; add a translation"
        case .duplicateLocale(let key, let first):
            return
                "\(CharacterSafety.quoted(key)) is the same locale as \(CharacterSafety.quoted(first)) "
                + "(language tags ignore case); keep one"
        case .ruleNotOnPage(let key):
            return
                "\(CharacterSafety.quoted(key)) applies to the whole walkthrough, not to a page; a page's "
                + "\"when\" takes only \"env\"; move it to the top-level \"when\""
        case .invalidMaxShows(let text):
            return
                "maxShows \(text) is not allowed; use a whole number from 1 to "
                + "\(DefinitionFormat.maximumShows), such as 3"
        case .invalidPriority(let text):
            return
                "priority \(text) is not allowed; use a whole number from "
                + "-\(DefinitionFormat.maximumPriority) to \(DefinitionFormat.maximumPriority) "
                + "(higher is shown first), such as 10"
        case .invalidDuration(let text):
            return
                "\(CharacterSafety.quoted(text)) is not a duration; use a whole number and a unit, "
                + "\(RuleDuration.forms)"
        case .invalidDate(let text):
            return
                "\(CharacterSafety.quoted(text)) is not a date; use an RFC 3339 date or date-time "
                + "(UTC without an offset), such as \"2026-12-01\", \"2026-12-01T09:00:00\", "
                + "\"2026-12-01T09:00:00Z\" or \"2026-12-01T09:00:00+02:00\""
        case .emptyDateRange(let from, let until):
            return
                "until \(CharacterSafety.quoted(until)) is not after from \(CharacterSafety.quoted(from)), so "
                + "the walkthrough is never due; move one of them"
        case .invalidVariableName(let name):
            return
                "\(CharacterSafety.quoted(name)) is not an environment variable name; use letters, "
                + "digits and '_', not starting with a digit"
        case .invalidEnvironmentValue(let found):
            return
                "expected true (set and not empty), false (unset or empty) or a string (equal "
                + "to it), found \(found.withArticle)"
        case .invalidSince(let text):
            return
                "since \(text) is not allowed; use the version the page was added in, a whole "
                + "number from 1 to the walkthrough's version"
        case .sinceAfterVersion(let since, let version):
            return
                "since \(since) is after the walkthrough's version \(version); use a version "
                + "from 1 to \(version), or raise \"version\""
        case .afterCycle(let ids):
            return
                "\"after\" makes a cycle (\(ids.map(CharacterSafety.quoted).joined(separator: " → "))), "
                + "so none of them can ever be due; remove one of these ids"
        case .unknownAfter(let id):
            return
                "no walkthrough \(CharacterSafety.quoted(id)) in this folder; this one is due only once "
                + "the user has completed or skipped it; check the id if it is not in another "
                + "folder"
        case .invalidExperiment(let problem), .invalidEventRule(let problem):
            return problem
        case .unknownPage(let id):
            return
                "no page has the id \(CharacterSafety.quoted(id)); use the id of one of the "
                + "definition's pages"
        case .duplicateVariant(let id, let firstIndex):
            return
                "variant id \(CharacterSafety.quoted(id)) is already used by variants[\(firstIndex)]; "
                + "give each variant its own id"
        case .invalidLayout(let field, let value):
            guard let choices = DefinitionFormat.layoutChoices[field] else {
                return
                    "layout is \(value), not an object; write it as "
                    + "{\"spread\": \"auto\", \"orientation\": \"vertical\", \"transition\": \"scroll\"}, "
                    + "or leave it out"
            }
            let listed = choices.map { "\"\($0)\"" }
            let allowed =
                "use " + listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "")
            // A string as written, quoted; else the type it is.
            return value.hasPrefix("\"")
                ? "\(field) \(value) is not allowed; \(allowed)"
                : "\(field) is \(value), not a string; \(allowed)"
        case .bidiControl(let scalar):
            return
                "contains the bidirectional control U+\(CharacterSafety.hex4(scalar)), which can make text "
                + "read in a misleading order; remove it"
        }
    }
}

extension String {
    /// The text with every `_` as `-`: `zh_TW` → `zh-TW`, the spelling a POSIX locale name
    /// would have as a language tag.
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
