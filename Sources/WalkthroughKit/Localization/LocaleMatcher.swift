/// Chooses which of a text's translations to show for a requested locale.
///
/// A definition gives a field as an object of tags to strings (`{"en": "Locate", "zh-Hant":
/// "定位"}`); each field is matched on its own, as ICU's `LocaleMatcher` matches, by CLDR's data:
///
/// 1. the requested tag itself (tags compare case-insensitively);
/// 2. else the key at the smallest distance below 50, CLDR's default script distance (ICU's
///    threshold), and of keys at the same distance the first in the definition's order. Both
///    tags are first canonicalized (`iw` is `he`, `tl` is `fil`, `sh` is `sr-Latn`, `cmn` is
///    `zh`) and given their likely subtags (`zh-TW` is `zh-Hant-TW`, `pt` is `pt-Latn-BR`); the
///    distance adds up CLDR's `languageMatching` rules for the languages (`nb` and `no` 1, `yue`
///    to `zh` 10), the scripts and the regions (`en-GB` is nearer `en-AU` than `en-US`,
///    `es-419` nearer `es-MX` than `es-ES`, `zh-MO` nearer `zh-Hant-HK` than `zh-Hant-TW`);
/// 3. else the definition's `defaultLocale`.
///
/// One difference from ICU: a match never crosses scripts (`zh-Hans` is never shown `zh-Hant`
/// text, nor the reverse), unless CLDR marks the two scripts as read by the same readers with
/// a rule that holds both ways: in CLDR 41 only Serbian's Latin and Cyrillic, so `sr-Latn` is
/// shown `sr` (Cyrillic) text rather than the default, as ICU does.
///
/// ```swift
/// let keys = ["en", "zh-Hant", "zh-Hans"]
/// LocaleMatcher.match(LanguageTag("zh-TW"), among: keys, defaultLocale: "en")   // "zh-Hant"
/// LocaleMatcher.match(LanguageTag("fr-FR"), among: keys, defaultLocale: "en")   // "en"
/// LocaleMatcher.match(LanguageTag("yue"), among: keys, defaultLocale: "en")     // "zh-Hant"
/// ```
package enum LocaleMatcher {
    /// The distance a match must stay below: CLDR's default script distance, ICU's default
    /// threshold.
    package static let threshold = 50

    /// The key of `keys` to show for `requested`, by the rules above; `defaultLocale` when no
    /// key matches or nothing is requested.
    ///
    /// - Parameters:
    ///   - requested: The user's locale; `nil` (no preference, or the `C` locale) gives the
    ///     default.
    ///   - keys: The tags a field is translated into, as the definition writes them, in its
    ///     order. Keys that are not well-formed tags are never chosen.
    ///   - defaultLocale: The definition's default locale, returned when nothing matches.
    public static func match(
        _ requested: LanguageTag?, among keys: [String], defaultLocale: String
    ) -> String {
        guard let requested else { return defaultLocale }
        return bestKey(for: requested, among: keys) ?? defaultLocale
    }

    /// The key by rules 1 and 2, or `nil` when only the default would do.
    static func bestKey(for requested: LanguageTag, among keys: [String]) -> String? {
        let tags = keys.map { (key: $0, tag: LanguageTag($0)) }
        // 1. The tag itself.
        if let exact = tags.first(where: { $0.tag == requested }) { return exact.key }
        guard !requested.isIrregular else { return nil }
        // 2. The nearest, first of equals.
        let wanted = MatchingLocale(requested.core)
        var best: (key: String, distance: Int)?
        for entry in tags {
            guard let tag = entry.tag, !tag.isIrregular else { continue }
            let candidate = MatchingLocale(tag.core)
            guard
                wanted.script == candidate.script
                    || (wanted.language == candidate.language
                        && MatchingLocale.scriptsAreMutuallyIntelligible(
                            wanted.language, wanted.script, candidate.script))
            else { continue }
            let distance = MatchingLocale.distance(desired: wanted, supported: candidate)
            if distance < threshold, distance < best?.distance ?? threshold {
                best = (entry.key, distance)
            }
        }
        return best?.key
    }
}
