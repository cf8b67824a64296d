/// A BCP 47 language tag (RFC 5646), such as `en`, `zh-Hant`, `zh-TW` or `sr-Latn-RS`.
///
/// Definitions key their translations by tags, `--locale` takes one, and a host tool passes the
/// one its user chose. Parsing checks that the tag is well formed (the RFC's syntax, its
/// grandfathered tags included) without any locale data: FoundationEssentials has none, and the
/// engine does not need Foundation's `Locale` to match a handful of keys. Tags compare
/// case-insensitively, so a tag keeps its parts in their conventional case (`zh-Hant-TW`).
///
/// ```swift
/// let tag = LanguageTag("zh-hant-tw")!      // zh-Hant-TW
/// tag.language                              // "zh"
/// tag.script                                // "Hant"
/// LanguageTag("zh_TW")                      // nil: BCP 47 separates subtags with "-"
/// ```
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The primary language subtag, lowercase (`zh`), with any extended language subtags
    /// (`zh-yue`); for a grandfathered or private-use tag, the whole tag.
    public let language: String
    /// The script subtag in title case (`Hant`), if the tag has one.
    public let script: String?
    /// The region subtag in uppercase (`TW`, `419`), if the tag has one.
    public let region: String?
    /// Variants, extensions and private use, lowercase, in order (`["valencia"]`).
    public let rest: [String]
    /// Whether the tag is grandfathered or private use only (`i-klingon`, `x-pirate`): such a
    /// tag matches only itself.
    public let isIrregular: Bool

    /// Parses a well-formed tag; `nil` when `text` is not one.
    ///
    /// Letters may be in any case; subtags are separated by `-`. The tag is kept in canonical
    /// case (`EN-us` becomes `en-US`).
    public init?(_ text: String) {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        let lower = text.lowercased()
        if Self.grandfathered.contains(lower) || lower.hasPrefix("x-") {
            guard lower.hasPrefix("x-") ? Self.isPrivateUse(lower.split(separator: "-")) : true
            else { return nil }
            self.language = lower
            self.script = nil
            self.region = nil
            self.rest = []
            self.isIrregular = true
            return
        }
        let parts = lower.split(separator: "-", omittingEmptySubsequences: false)
        guard let parsed = Self.parse(parts) else { return nil }
        self = parsed
    }

    /// Creates a tag from parts already known to be well formed.
    private init(language: String, script: String?, region: String?, rest: [String]) {
        self.language = language
        self.script = script
        self.region = region
        self.rest = rest
        self.isIrregular = false
    }

    /// The tag in canonical case: `zh-Hant-TW`.
    public var description: String {
        var parts = [language]
        if let script { parts.append(script) }
        if let region { parts.append(region) }
        return (parts + rest).joined(separator: "-")
    }

    /// The tag with its likely script filled in when it has none (`zh-TW` → `zh-Hant-TW`,
    /// `zh` → `zh-Hans`, `sr-ME` → `sr-Latn-ME`), from CLDR's likely subtags; unchanged when
    /// it has a script or its language is not in the table.
    public var withLikelyScript: LanguageTag {
        guard script == nil, !isIrregular else { return self }
        let keys = (region.map { [primaryLanguage + "_" + $0] } ?? []) + [primaryLanguage]
        guard let likely = keys.lazy.compactMap({ LocaleMatchingData.likelySubtags[$0] }).first,
            case let parts = likely.split(separator: "_"), parts.count == 3
        else { return self }
        return LanguageTag(language: language, script: String(parts[1]), region: region, rest: rest)
    }

    /// The language, script and region only: `zh-Hant-TW-u-nu-hanidec` → `zh-Hant-TW`.
    var core: LanguageTag {
        rest.isEmpty
            ? self : LanguageTag(language: language, script: script, region: region, rest: [])
    }

    /// The tag without its region.
    var withoutRegion: LanguageTag {
        LanguageTag(language: language, script: script, region: nil, rest: [])
    }

    /// The primary language subtag alone (`zh` of `zh-yue`).
    private var primaryLanguage: String {
        language.split(separator: "-").first.map(String.init) ?? language
    }

    // MARK: - Syntax (RFC 5646, section 2.1)

    private static func parse(_ parts: [Substring]) -> LanguageTag? {
        guard let first = parts.first, isLetters(first), (2...8).contains(first.count) else {
            return nil
        }
        var index = 1
        var language = String(first)
        // extlang: up to three 3-letter subtags after a 2- or 3-letter language.
        if first.count <= 3 {
            var extensions = 0
            while index < parts.count, extensions < 3, parts[index].count == 3,
                isLetters(parts[index])
            {
                language += "-" + parts[index]
                index += 1
                extensions += 1
            }
        }
        var script: String?
        if index < parts.count, parts[index].count == 4, isLetters(parts[index]) {
            let subtag = parts[index]
            script = subtag.prefix(1).uppercased() + subtag.dropFirst()
            index += 1
        }
        var region: String?
        if index < parts.count,
            (parts[index].count == 2 && isLetters(parts[index]))
                || (parts[index].count == 3 && isDigits(parts[index]))
        {
            region = parts[index].uppercased()
            index += 1
        }
        var rest: [String] = []
        // Variants.
        while index < parts.count, isVariant(parts[index]) {
            rest.append(String(parts[index]))
            index += 1
        }
        // Extensions: a singleton other than x, then one or more subtags of 2 to 8. (A repeated
        // singleton makes a tag invalid but not ill-formed, as RFC 5646 words it.)
        while index < parts.count, parts[index].count == 1, parts[index] != "x" {
            rest.append(String(parts[index]))
            index += 1
            var count = 0
            while index < parts.count, (2...8).contains(parts[index].count) {
                rest.append(String(parts[index]))
                index += 1
                count += 1
            }
            guard count > 0 else { return nil }
        }
        // Private use: x, then one or more subtags of 1 to 8.
        if index < parts.count, parts[index] == "x" {
            guard isPrivateUse(parts[index...]) else { return nil }
            rest += parts[index...].map(String.init)
            index = parts.count
        }
        guard index == parts.count else { return nil }
        return LanguageTag(language: language, script: script, region: region, rest: rest)
    }

    private static func isPrivateUse(_ parts: some Collection<Substring>) -> Bool {
        parts.count >= 2 && parts.dropFirst().allSatisfy { (1...8).contains($0.count) }
    }

    private static func isVariant(_ subtag: Substring) -> Bool {
        if (5...8).contains(subtag.count) { return true }
        if subtag.count == 4, let first = subtag.utf8.first { return isDigit(first) }
        return false
    }

    private static func isLetters(_ text: Substring) -> Bool {
        text.utf8.allSatisfy {
            ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z")
        }
    }

    private static func isDigits(_ text: Substring) -> Bool {
        text.utf8.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }

    /// RFC 5646's grandfathered tags, irregular and regular, lowercase.
    private static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
        "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl",
        "sgn-ch-de", "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka",
        "zh-min", "zh-min-nan", "zh-xiang",
    ]
}
