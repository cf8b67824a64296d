/// The top-level `translations`: for each locale, the fingerprint of the source each
/// translation was made from, by the text's path (`walkthrough translate import` writes it).
extension DefinitionValidator {
    /// One recorded fingerprint and where it is.
    struct FingerprintEntry {
        /// The locale, canonical.
        var locale: String
        /// The text's path (`pages.personalize.heading`).
        var textPath: String
        /// The fingerprint as written.
        var fingerprint: String
        /// The JSON path of the fingerprint, for diagnostics.
        var path: String
        /// Where the fingerprint is.
        var position: SourcePosition
    }

    /// Reads `translations`: an object of locales to objects of paths to fingerprints; a
    /// malformed locale or fingerprint is an error, each entry is kept for
    /// ``checkFingerprints(of:)``.
    mutating func fingerprints(_ document: JSONDocument, _ value: Int) {
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)),
                path: "translations", at: document.position(of: value))
            return
        }
        for member in document.members(of: value) {
            let key = document.text(of: document.nodes[member.key])
            let localePath = JSONPath.appending(key: key, to: "translations")
            guard let tag = LanguageTag(key) else {
                report(.invalidLocale(key), path: localePath, at: document.position(of: member.key))
                continue
            }
            guard document.nodes[member.value].kind == .object else {
                report(
                    .wrongType(expected: .object, found: document.type(of: member.value)),
                    path: localePath, at: document.position(of: member.value))
                continue
            }
            for entry in document.members(of: member.value) {
                let textPath = document.text(of: document.nodes[entry.key])
                let path = JSONPath.appending(key: textPath, to: localePath)
                guard let fingerprint = string(document, entry.value, path: path) else {
                    continue
                }
                guard TranslationFingerprint.isWellFormed(fingerprint) else {
                    report(
                        .invalidFingerprint(fingerprint), path: path,
                        at: document.position(of: entry.value))
                    continue
                }
                fingerprintEntries.append(
                    FingerprintEntry(
                        locale: tag.description, textPath: textPath, fingerprint: fingerprint,
                        path: path, position: document.position(of: entry.value)))
            }
        }
    }

    /// Keeps the fingerprints in `walkthrough` and warns about each that names no text
    /// (`unknownKey`) and each translation made from another source than the current one
    /// (`staleTranslation`).
    mutating func checkFingerprints(of walkthrough: inout Walkthrough) {
        guard !fingerprintEntries.isEmpty else { return }
        var recorded: [String: [String: String]] = [:]
        for entry in fingerprintEntries {
            recorded[entry.locale, default: [:]][entry.textPath] = entry.fingerprint
        }
        walkthrough.sourceFingerprints = recorded
        var texts: [String: [String: TranslationText]] = [:]
        for locale in recorded.keys {
            texts[locale] = Dictionary(
                TranslationCatalog.texts(of: walkthrough, locale: locale).map { ($0.path, $0) },
                uniquingKeysWith: { first, _ in first })
        }
        for entry in fingerprintEntries {
            guard let text = texts[entry.locale]?[entry.textPath] else {
                let known = texts[entry.locale].map { Array($0.keys).sorted() } ?? []
                report(
                    .unknownKey(
                        key: entry.textPath,
                        suggestion: Suggestion.closest(to: entry.textPath, in: known)),
                    path: entry.path, at: entry.position)
                continue
            }
            if text.isStale {
                report(
                    .staleTranslation(locale: entry.locale, text: entry.textPath),
                    path: entry.path, at: entry.position)
            }
        }
    }
}
