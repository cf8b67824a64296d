/// A tag as CLDR's locale matching compares it: aliases replaced and the likely subtags added,
/// so that every tag of a known language has a language, a script and a region.
///
/// `iw-IL` is `he-Hebr-IL`, `sh` is `sr-Latn-RS`, `zh-cmn-Hans` is `zh-Hans-CN`, `pt` is
/// `pt-Latn-BR`, `zh-MO` is `zh-Hant-MO`. A language CLDR does not know keeps the subtags it
/// has (an absent one is the empty string).
package struct MatchingLocale: Hashable, Sendable {
    package let language: String
    package let script: String
    package let region: String

    /// The canonical, maximized form of `tag`'s language, script and region (variants and
    /// extensions play no part in matching).
    package init(_ tag: LanguageTag) {
        var language = tag.language.replacing("-", with: "_")
        var script = tag.script
        var region = tag.region.map { LocaleMatchingData.regionAliases[$0] ?? $0 }
        // An extended language subtag names the language itself (RFC 5646: `zh-yue` is
        // `yue`), unless CLDR has an alias for the pair (`zh_cmn` → `zh`).
        if LocaleMatchingData.languageAliases[language] == nil,
            let extended = language.split(separator: "_").last, language.contains("_")
        {
            language = String(extended)
        }
        if let alias = LocaleMatchingData.languageAliases[language] {
            let parts = alias.split(separator: "_").map(String.init)
            language = parts[0]
            for part in parts.dropFirst() {
                if part.count == 4 {
                    script = script ?? part
                } else {
                    region = region ?? part
                }
            }
        }
        // Likely subtags (UTS #35, "Likely Subtags"): the first of language_script_region,
        // language_region, language_script and language that the table has, then the same
        // with `und` for a language it does not list (`tlh` is `tlh-Latn-US`, as `und` is
        // `en-Latn-US`); only the missing subtags are taken.
        let lookups = [
            [language, script, region], [language, region], [language, script], [language],
            ["und", script, region], ["und", region], ["und", script], ["und"],
        ]
        for lookup in lookups where !lookup.contains(where: { $0 == nil }) {
            let key = lookup.compactMap { $0 }.joined(separator: "_")
            guard let likely = LocaleMatchingData.likelySubtags[key] else { continue }
            let parts = likely.split(separator: "_").map(String.init)
            if parts.count == 3 {
                script = script ?? parts[1]
                region = region ?? parts[2]
            }
            break
        }
        self.language = language
        self.script = script ?? ""
        self.region = region ?? ""
    }

    /// The distance from a user who wants `desired` to text in `supported`, CLDR's
    /// `languageMatching` rules added up level by level: languages (`nb` → `no` 1, `yue` →
    /// `zh` 10, any other pair 80), then scripts (`sr-Latn` ⇄ `sr-Cyrl` 5, another pair 50),
    /// then regions (`en-GB` → `en-AU` 3, `es-419` → `es-MX` 4, `es-419` → `es-ES` 5). 0 is the
    /// same locale.
    package static func distance(desired: MatchingLocale, supported: MatchingLocale) -> Int {
        var total = 0
        if desired.language != supported.language {
            total += level([desired.language], [supported.language])
        }
        if desired.script != supported.script {
            total += level(
                [desired.language, desired.script], [supported.language, supported.script])
        }
        if desired.region != supported.region {
            total += level(
                [desired.language, desired.script, desired.region],
                [supported.language, supported.script, supported.region])
        }
        return total
    }

    /// Whether CLDR marks `language`'s two scripts as read by the same readers: a rule between
    /// them that holds both ways (only Serbian's `sr_Latn` ⇄ `sr_Cyrl` in CLDR 41).
    package static func scriptsAreMutuallyIntelligible(
        _ language: String, _ first: String, _ second: String
    ) -> Bool {
        (LocaleMatchingData.rules[2] ?? []).contains { rule in
            !rule.oneway && rule.desired[0] == language && rule.supported[0] == language
                && Set([rule.desired[1], rule.supported[1]]) == Set([first, second])
        }
    }

    /// The first rule of the level (1, 2 or 3 subtags) that matches, either way unless it is
    /// one-way; CLDR ends each level with a `*` rule, so one always does.
    private static func level(_ desired: [String], _ supported: [String]) -> Int {
        for rule in LocaleMatchingData.rules[desired.count] ?? [] {
            if matches(rule.desired, desired) && matches(rule.supported, supported) {
                return rule.distance
            }
            if !rule.oneway && matches(rule.desired, supported) && matches(rule.supported, desired)
            {
                return rule.distance
            }
        }
        return 80
    }

    private static func matches(_ pattern: [String], _ subtags: [String]) -> Bool {
        zip(pattern, subtags).allSatisfy { pattern, subtag in
            if pattern == "*" { return true }
            if pattern.hasPrefix("$!") {
                return !(LocaleMatchingData.matchVariables["$" + pattern.dropFirst(2)] ?? [])
                    .contains(subtag)
            }
            if pattern.hasPrefix("$") {
                return LocaleMatchingData.matchVariables[pattern]?.contains(subtag) ?? false
            }
            return pattern == subtag
        }
    }
}
