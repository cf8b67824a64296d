/// Chooses which of a text's translations to show for a requested locale.
///
/// A definition gives a field as an object of tags to strings (`{"en": "Locate", "zh-Hant":
/// "定位"}`); each field is matched on its own, by the first rule that finds a key:
///
/// 1. the requested tag itself (tags compare case-insensitively);
/// 2. a key equal to it once both have their likely script (`zh-TW` and `zh-Hant-TW`; `zh-CN`,
///    `zh-SG` and `zh` are all `zh-Hans`, so a key `zh` serves `zh-Hans`);
/// 3. the key with the same language and script and no region (`zh-Hant-TW` → `zh-Hant`,
///    `en-GB` → `en`);
/// 4. a key with the same language and script and another region (`en-GB` → `en-US`), the
///    first such key in the definition's order;
/// 5. the definition's `defaultLocale`.
///
/// A match never crosses scripts: `zh-Hans` is never shown `zh-Hant` text, nor the reverse, and
/// `sr-Latn` never Cyrillic. This is RFC 4647 lookup with CLDR's likely scripts, as ICU's
/// `LocaleMatcher` does it, without the locale data Foundation would bring.
///
/// ```swift
/// let keys = ["en", "zh-Hant", "zh-Hans"]
/// LocaleMatcher.match(LanguageTag("zh-TW"), among: keys, defaultLocale: "en")   // "zh-Hant"
/// LocaleMatcher.match(LanguageTag("fr-FR"), among: keys, defaultLocale: "en")   // "en"
/// ```
public enum LocaleMatcher {
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

    /// The key by rules 1 to 4, or `nil` when only the default would do.
    static func bestKey(for requested: LanguageTag, among keys: [String]) -> String? {
        let tags = keys.map { (key: $0, tag: LanguageTag($0)) }
        // 1. The tag itself.
        if let exact = tags.first(where: { $0.tag == requested }) { return exact.key }
        guard !requested.isIrregular else { return nil }
        let wanted = requested.core.withLikelyScript
        let candidates = tags.compactMap { entry -> (key: String, tag: LanguageTag)? in
            guard let tag = entry.tag, !tag.isIrregular else { return nil }
            return (entry.key, tag.core.withLikelyScript)
        }.filter { $0.tag.language == wanted.language && $0.tag.script == wanted.script }
        // 2. Equal once both have their likely script.
        if let equal = candidates.first(where: { $0.tag.region == wanted.region }) {
            return equal.key
        }
        // 3. Same language and script, no region.
        if let general = candidates.first(where: { $0.tag.region == nil }) { return general.key }
        // 4. Same language and script, another region.
        return candidates.first?.key
    }
}
