extension DiagnosticKind {
    /// A sentence that says what is wrong and what to do about it. The location is not part of
    /// it; ``Diagnostic/description`` adds it.
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
                "JSON syntax error: raw control character U+\(JSONPath.hex4(scalar)) in a string; "
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
                "duplicate key \(JSONPath.quoted(key)); it is already on line \(firstLine); "
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
                "\(JSONPath.quoted(id)) is not a valid id; use 1 to 64 letters, digits, '.', '_' "
                + "or '-', starting with a letter or digit"
        case .invalidDefaultID(let fileName?):
            return
                "there is no \"id\", and the file name \(JSONPath.quoted(fileName)) does not make "
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
            return "unknown navigation \(JSONPath.quoted(value)); use \"free\" or \"linear\""
        case .noPages:
            return "a walkthrough needs at least one page; add one to \"pages\""
        case .tooManyPages(let count, let limit):
            return
                "\(count) pages is too many; a walkthrough has at most \(limit), so split it "
                + "into several"
        case .duplicatePageID(let id, let firstIndex):
            return
                "duplicate page id \(JSONPath.quoted(id)); pages[\(firstIndex)] already has it; "
                + "give each page its own id"
        case .absoluteImagePath(let path):
            return
                "image path \(JSONPath.quoted(path)) is absolute; write it relative to the "
                + "definition's folder"
        case .imageOutsideFolder(let path):
            return
                "image path \(JSONPath.quoted(path)) leaves the definition's folder; keep images "
                + "in that folder or below it"
        case .imageNotFound(let path):
            return
                "image file \(JSONPath.quoted(path)) not found; the alt text will be shown "
                + "instead; check the path"
        case .imageUnreadable(let path, let reason):
            return
                "image file \(JSONPath.quoted(path)) cannot be drawn: \(reason); the alt text will "
                + "be shown instead; save it as a PNG or JPEG"
        case .imageTooLarge(let path, let width, let height, let limit):
            return
                "image file \(JSONPath.quoted(path)) is \(width)×\(height) pixels, more than the "
                + "\(limit) an image may have; the alt text will be shown instead; scale it down"
        case .unknownKey(_, let suggestion?):
            return "unknown key; did you mean \(JSONPath.quoted(suggestion))?"
        case .unknownKey(_, nil):
            return "unknown key; it is ignored; remove it or check its spelling"
        case .controlCharacter(0x0D):
            return
                "contains a carriage return (U+000D); before a newline it is dropped, elsewhere "
                + "it is shown escaped; remove it (use \\n alone for a new line)"
        case .controlCharacter(let scalar):
            return
                "contains the control character U+\(JSONPath.hex4(scalar)); it will be shown "
                + "escaped; remove it"
        case .invalidLocale(let text):
            let hint =
                text.contains("_")
                ? "; BCP 47 separates subtags with '-': "
                    + JSONPath.quoted(text.replacingUnderscores())
                : ""
            return
                "\(JSONPath.quoted(text)) is not a well-formed BCP 47 language tag\(hint); write "
                + "a tag such as \"en\", \"zh-Hant\" or \"pt-BR\""
        case .missingDefaultLocale(let locale):
            return
                "has no \(JSONPath.quoted(locale)) text, and \(JSONPath.quoted(locale)) is the "
                + "default locale; add it, or set \"defaultLocale\" to a locale every translated "
                + "field has"
        case .missingTranslation(let locale):
            return
                "has no \(JSONPath.quoted(locale)) text, which other fields have; \(locale) "
                + "users see the default locale's text here; add a translation"
        case .duplicateLocale(let key, let first):
            return
                "\(JSONPath.quoted(key)) is the same locale as \(JSONPath.quoted(first)) "
                + "(language tags ignore case); keep one"
        case .bidiControl(let scalar):
            return
                "contains the bidirectional control U+\(JSONPath.hex4(scalar)), which can make text "
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
