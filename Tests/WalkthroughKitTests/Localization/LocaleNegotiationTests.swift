import Testing
import WalkthroughKit

/// Every rule of locale negotiation with its input and result: parsing tags, reading the
/// environment, and matching a field's keys.
struct LocaleNegotiationTests {
    // MARK: - Tags

    @Test(arguments: [
        ("en", "en"), ("EN-us", "en-US"), ("zh-hant-tw", "zh-Hant-TW"),
        ("sr-Latn-RS", "sr-Latn-RS"),
        ("es-419", "es-419"), ("zh-yue-HK", "zh-yue-HK"), ("ca-ES-valencia", "ca-ES-valencia"),
        ("de-DE-1996", "de-DE-1996"), ("en-US-u-ca-gregory", "en-US-u-ca-gregory"),
        ("x-pirate", "x-pirate"), ("i-klingon", "i-klingon"), ("en-GB-oed", "en-gb-oed"),
        ("en-x-private", "en-x-private"),
    ])
    func wellFormedTagsAreKeptInCanonicalCase(text: String, canonical: String) throws {
        let tag = try #require(LanguageTag(text), "\(text)")
        #expect(tag.description == canonical)
    }

    @Test(arguments: [
        "", "zh_TW", "englishlanguage", "e", "en-", "-en", "en--US", "en US", "日本語",
        "en-a", "en-x", "123", "en-USA1", "zh-Hant-TW-", "toolonglanguage",
    ])
    func malformedTagsAreRefused(text: String) {
        #expect(LanguageTag(text) == nil, "\(text)")
    }

    @Test(arguments: [
        ("zh-TW", "zh-Hant-TW"), ("zh-HK", "zh-Hant-HK"), ("zh-MO", "zh-Hant-MO"),
        ("zh", "zh-Hans"), ("zh-CN", "zh-Hans-CN"), ("zh-SG", "zh-Hans-SG"),
        ("sr", "sr-Cyrl"), ("sr-ME", "sr-Latn-ME"), ("uz-AF", "uz-Arab-AF"),
        ("pa-PK", "pa-Arab-PK"),
        ("az-IR", "az-Arab-IR"), ("en-GB", "en-Latn-GB"), ("zh-Hant", "zh-Hant"),
        ("qaa", "qaa"),
    ])
    func likelyScriptsComeFromCLDR(text: String, expected: String) throws {
        #expect(try #require(LanguageTag(text)).withLikelyScript.description == expected)
    }

    // MARK: - The environment

    @Test(arguments: [
        ("zh_TW.UTF-8", "zh-TW"), ("en_US", "en-US"), ("de", "de"), ("sr_RS@latin", "sr-Latn-RS"),
        ("uz_UZ@cyrillic", "uz-Cyrl-UZ"), ("ca_ES.UTF-8@valencia", "ca-ES-valencia"),
        ("de_DE@euro", "de-DE"), ("zh-Hant", "zh-Hant"), ("pt_BR.utf8", "pt-BR"),
    ])
    func posixLocaleNamesBecomeTags(value: String, expected: String) throws {
        #expect(try #require(LanguageTag(posixLocale: value)).description == expected)
    }

    @Test(arguments: ["C", "POSIX", "C.UTF-8", "C.utf8", "", "bad!name", "en_US_x"])
    func theCLocaleAndNonsenseNameNoLanguage(value: String) {
        #expect(LanguageTag(posixLocale: value) == nil, "\(value)")
    }

    @Test(
        arguments: [
            (["LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"], "zh-TW"),
            (["LC_MESSAGES": "fr_FR", "LANG": "de_DE"], "fr-FR"),
            (["LANG": "de_DE.UTF-8"], "de-DE"),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"], "ja-JP"),
            (["LC_ALL": "C", "LANG": "fr_FR.UTF-8"], nil),
            (["LC_ALL": "POSIX"], nil),
            (["LANG": "C.UTF-8"], nil),
            ([:], nil),
            (["LC_CTYPE": "zh_TW.UTF-8"], nil),
        ] as [([String: String], String?)])
    func theFirstNonEmptyVariableDecides(environment: [String: String], expected: String?) {
        #expect(LanguageTag.preferred(environment: environment)?.description == expected)
    }

    // MARK: - Matching

    private let chinese = ["en", "zh-Hant", "zh-Hans"]

    @Test(arguments: [
        // 1. the exact tag, case-insensitively
        ("zh-Hant", ["en", "zh-Hant"], "zh-Hant"),
        ("ZH-hant", ["en", "zh-Hant"], "zh-Hant"),
        ("en-GB", ["en", "en-GB", "en-US"], "en-GB"),
        // 2. equal once both have their likely script
        ("zh-TW", ["en", "zh-Hant-TW", "zh-Hant"], "zh-Hant-TW"),
        ("zh-Hans", ["en", "zh"], "zh"),
        ("zh-Hans-CN", ["en", "zh-CN"], "zh-CN"),
        ("sr-Cyrl-RS", ["en", "sr-RS"], "sr-RS"),
        // 3. same language and script, no region
        ("zh-TW", ["en", "zh-Hant", "zh-Hans"], "zh-Hant"),
        ("zh-HK", ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
        ("zh-MO", ["en", "zh-Hant"], "zh-Hant"),
        ("zh-CN", ["en", "zh-Hant", "zh-Hans"], "zh-Hans"),
        ("zh-SG", ["en", "zh-Hant", "zh"], "zh"),
        ("zh", ["en", "zh-Hant", "zh-Hans"], "zh-Hans"),
        ("zh-Hant-TW", ["en", "zh-Hant"], "zh-Hant"),
        ("en-GB", ["de", "en"], "en"),
        ("sr-ME", ["en", "sr-Latn", "sr-Cyrl"], "sr-Latn"),
        ("sr", ["en", "sr-Latn", "sr-Cyrl"], "sr-Cyrl"),
        // 4. same language and script, another region: the first in the definition's order
        ("en-GB", ["de", "en-US", "en-AU"], "en-AU"),
        ("pt", ["en", "pt-BR", "pt-PT"], "pt-BR"),
        // 5. the default locale
        ("fr-FR", ["en", "zh-Hant"], "en"),
        ("ja", ["en", "zh-Hant", "zh-Hans"], "en"),
        // never across scripts
        ("zh-Hans", ["en", "zh-Hant"], "en"),
        ("zh-CN", ["en", "zh-Hant"], "en"),
        ("zh-TW", ["en", "zh-Hans", "zh"], "en"),
        // but for Serbian, whose two scripts CLDR marks as read by the same readers
        ("sr-Latn", ["en", "sr"], "sr"),
        ("sr-ME", ["en", "sr-Cyrl"], "sr-Cyrl"),
        ("sr", ["en", "sr-Latn"], "sr-Latn"),
        // the nearest by CLDR's distances, not the first in the definition's order
        ("es-419", ["es-ES", "es-MX"], "es-MX"),
        ("en-GB", ["en-US", "en-AU"], "en-AU"),
        ("pt", ["pt-PT", "pt-BR"], "pt-BR"),
        ("zh-MO", ["zh-Hant-TW", "zh-Hant-HK"], "zh-Hant-HK"),
        // deprecated and alias codes
        ("iw", ["en", "he"], "he"), ("in", ["en", "id"], "id"), ("ji", ["en", "yi"], "yi"),
        ("tl", ["en", "fil"], "fil"), ("fil", ["en", "tl"], "tl"),
        ("sh", ["en", "sr-Latn"], "sr-Latn"),
        ("mo", ["en", "ro"], "ro"), ("cmn", ["en", "zh"], "zh"),
        ("zh-cmn-Hans", ["en", "zh-Hant", "zh-Hans"], "zh-Hans"),
        // Norwegian, and Cantonese readers of standard written Chinese
        ("nb", ["en", "no"], "no"), ("no", ["en", "nb"], "nb"), ("nn", ["en", "nb"], "nb"),
        ("yue", ["en", "zh-Hant", "zh-Hans"], "zh-Hant"),
        ("yue-Hans", ["en", "zh-Hans"], "zh-Hans"),
        // Zhuang readers of Chinese, one way only (found by the localized fuzzer)
        ("za-Hant", ["en", "zh-Hant", "zh-Hans"], "zh-Hant"),
        ("za", ["en", "zh-Hant", "zh-Hans"], "en"), ("zh", ["en", "za"], "en"),
        // an extended language subtag names the language, aliases applied (`aat` is `sq`)
        ("hzn-aat", ["en", "zh-Hant", "sq"], "sq"),
        // irregular tags match only themselves
        ("i-klingon", ["en", "i-klingon"], "i-klingon"),
        ("x-pirate", ["en", "en-US"], "en"),
    ])
    func eachRuleFindsItsKey(requested: String, keys: [String], expected: String) throws {
        let tag = try #require(LanguageTag(requested))
        #expect(LocaleMatcher.match(tag, among: keys, defaultLocale: "en") == expected)
    }

    @Test func noPreferenceGivesTheDefault() {
        #expect(LocaleMatcher.match(nil, among: chinese, defaultLocale: "en") == "en")
        #expect(LocaleMatcher.match(nil, among: chinese, defaultLocale: "zh-Hant") == "zh-Hant")
    }

    @Test func keysThatAreNotTagsAreNeverChosen() throws {
        let tag = try #require(LanguageTag("zh-TW"))
        #expect(LocaleMatcher.match(tag, among: ["en", "zh_TW"], defaultLocale: "en") == "en")
    }

    @Test func theEnvironmentReachesTheMatch() {
        let requested = LanguageTag.preferred(environment: ["LANG": "zh_TW.UTF-8"])
        #expect(LocaleMatcher.match(requested, among: chinese, defaultLocale: "en") == "zh-Hant")
        let simplified = LanguageTag.preferred(environment: ["LC_MESSAGES": "zh_CN.UTF-8"])
        #expect(LocaleMatcher.match(simplified, among: chinese, defaultLocale: "en") == "zh-Hans")
        let c = LanguageTag.preferred(environment: ["LC_ALL": "C", "LANG": "zh_TW.UTF-8"])
        #expect(LocaleMatcher.match(c, among: chinese, defaultLocale: "en") == "en")
    }

    /// Java and Android still write the old codes into `LANG`.
    @Test(arguments: [
        ("iw_IL.UTF-8", ["en", "he"], "he"), ("in_ID.UTF-8", ["en", "id"], "id"),
        ("no_NO.UTF-8", ["en", "nb"], "nb"), ("nb_NO.UTF-8", ["en", "no"], "no"),
        ("sr_RS@latin", ["en", "sr"], "sr"),
        ("zh_MO.UTF-8", ["zh-Hant-TW", "zh-Hant-HK"], "zh-Hant-HK"),
    ])
    func legacyPosixNamesMatchTheirLanguage(value: String, keys: [String], expected: String) {
        let requested = LanguageTag.preferred(environment: ["LANG": value])
        #expect(LocaleMatcher.match(requested, among: keys, defaultLocale: "en") == expected)
    }
}
