import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Localized fields in definitions: what the loader accepts, what it reports, and what a
/// walkthrough shows in each locale.
struct LocalizedDefinitionTests {
    private let foodpin = repositoryRoot() + "/walkthroughs/foodpin.json"

    @Test func foodPinHasThreeLocalesAndShowsEach() throws {
        let report = DefinitionLoader.validate(contentsOf: foodpin)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let walkthrough = try #require(report.walkthrough)
        #expect(walkthrough.locales == ["en", "zh-Hant", "zh-Hans"])
        #expect(walkthrough.pages[1].heading == "Locate")
        #expect(walkthrough.title == "FoodPin")
        let traditional = walkthrough.localized(for: LanguageTag("zh-TW"))
        #expect(traditional.locale == "zh-Hant")
        #expect(traditional.title == "FoodPin 美食地圖")
        #expect(traditional.finishLabel == "開始使用")
        #expect(traditional.pages[1].heading == "在地圖上找到餐廳")
        #expect(traditional.pages[0].imageAlt == "一個準備好盛裝美食的紅色盤子")
        let simplified = walkthrough.localized(for: LanguageTag("zh-CN"))
        #expect(simplified.pages[1].heading == "在地图上找到餐厅")
        let french = walkthrough.localized(for: LanguageTag("fr"))
        #expect(french.locale == "en")
        #expect(french.pages[1].heading == "Locate")
        // Localized again: the translations are kept.
        #expect(traditional.localized(for: LanguageTag("en")).pages[1].heading == "Locate")
        #expect(traditional.id == walkthrough.id && traditional.version == walkthrough.version)
    }

    @Test func theTitleAloneIsTheLocalizedWalkthroughsTitle() throws {
        let walkthrough = try DefinitionLoader.load(contentsOf: foodpin)
        let plain = try DefinitionLoader.load(
            string: definition(
                root: #""id": "t", "title": "Tour""#, page: #""heading": "Hi", "content": "Same""#))
        for tag in [nil, "zh-TW", "zh-CN", "zh", "fr", "en-GB", "x-bogus"] {
            let requested = tag.flatMap { LanguageTag($0) }
            #expect(
                walkthrough.title(for: requested) == walkthrough.localized(for: requested).title)
            #expect(plain.title(for: requested) == "Tour")
        }
        #expect(walkthrough.title(for: LanguageTag("zh-TW")) == "FoodPin 美食地圖")
    }

    @Test func eachFieldFallsBackOnItsOwn() throws {
        let walkthrough = try DefinitionLoader.load(
            string: definition(
                root: #""id": "t", "title": {"en": "Tour", "de": "Rundgang"}"#,
                page: #""heading": {"en": "Hi", "de": "Hallo"}, "content": "Same for all""#))
        let german = walkthrough.localized(for: LanguageTag("de-AT"))
        #expect(german.title == "Rundgang")
        #expect(german.pages[0].heading == "Hallo")
        #expect(german.pages[0].content == "Same for all")
    }

    @Test func aDefaultLocaleOtherThanEnglish() throws {
        let walkthrough = try DefinitionLoader.load(
            string: definition(
                root: #""id": "t", "defaultLocale": "zh-hant""#,
                page: #""heading": {"zh-Hant": "定位", "en": "Locate"}, "content": """#))
        #expect(walkthrough.defaultLocale == "zh-Hant")
        #expect(walkthrough.pages[0].heading == "定位")
        #expect(walkthrough.localized(for: nil).pages[0].heading == "定位")
        #expect(walkthrough.localized(for: LanguageTag("en-US")).pages[0].heading == "Locate")
    }

    @Test func imagesMayDifferByLocale() throws {
        let folder = try TemporaryFolder()
        try folder.write("png", to: "en.png")
        try folder.write("png", to: "zh.png")
        let walkthrough = try DefinitionLoader.load(
            bytes: Array(
                definition(
                    root: #""id": "t""#,
                    page:
                        #""heading": "H", "content": "", "image": {"en": "en.png", "zh-Hant": "zh.png"}"#
                ).utf8), baseDirectory: folder.path)
        #expect(walkthrough.pages[0].image == "en.png")
        #expect(walkthrough.localized(for: LanguageTag("zh-TW")).pages[0].image == "zh.png")
    }

    @Test func aLocalizedImageIsCheckedLikeAnyImage() throws {
        let report = validate(
            definition(
                root: #""id": "t""#,
                page: #""heading": "H", "content": "", "image": {"en": "/etc/passwd"}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .absoluteImagePath("/etc/passwd"))
        #expect(diagnostic.path == "pages[0].image.en")
    }

    // MARK: - Diagnostics

    @Test func aKeyThatIsNotATagIsInvalidLocale() throws {
        let report = validate(
            definition(
                root: #""id": "t""#, page: #""heading": {"en": "H", "zh_TW": "定位"}, "content": """#)
        )
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .invalidLocale("zh_TW"))
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == "pages[0].heading.zh_TW")
        #expect(diagnostic.line == 3)
        #expect(diagnostic.message.contains(#""zh-TW""#), "\(diagnostic.message)")
        #expect(report.walkthrough == nil)
    }

    @Test func aDefaultLocaleThatIsNotATagIsInvalidLocale() throws {
        let report = validate(definition(root: #""id": "t", "defaultLocale": "en_US""#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .invalidLocale("en_US"))
        #expect(diagnostic.message.contains(#""en-US""#), "\(diagnostic.message)")
        #expect(diagnostic.path == "defaultLocale")
        #expect(diagnostic.line == 1)
    }

    @Test func anObjectWithoutTheDefaultLocaleIsMissingDefaultLocale() throws {
        let report = validate(
            definition(root: #""id": "t", "title": {"de": "Rundgang"}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .missingDefaultLocale(locale: "en"))
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == "title")
        #expect(diagnostic.formatted(file: "t.json").hasPrefix(#"t.json: title: has no "en" text"#))
        #expect(report.walkthrough == nil)
    }

    @Test func theDefaultLocaleMayBeDeclaredAfterTheFields() throws {
        let report = validate(
            definition(root: #""id": "t", "title": {"de": "Rundgang"}, "defaultLocale": "de""#))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.walkthrough?.title == "Rundgang")
    }

    @Test func aLocaleSomeFieldsLackIsMissingTranslationAtEachPlace() throws {
        let json = """
            {"id": "t", "title": {"en": "Tour", "zh-Hant": "導覽", "zh-Hans": "导览"},
             "pages": [
              {"heading": {"en": "One", "zh-Hant": "一"}, "content": "plain serves every locale"},
              {"heading": {"en": "Two"}, "content": {"en": "2", "zh-Hans": "二", "zh-Hant": "二"}}
             ]}
            """
        let report = validate(json)
        #expect(report.errors.isEmpty, "\(report.errors)")
        let lines = report.warnings.map { "\($0.path) \($0.kind.name) \($0.line ?? 0)" }
        #expect(
            lines == [
                "pages[0].heading missingTranslation 3",
                "pages[1].heading missingTranslation 4",
                "pages[1].heading missingTranslation 4",
            ])
        let named = report.warnings.compactMap { warning -> String? in
            if case .missingTranslation(let locale) = warning.kind { return locale }
            return nil
        }
        #expect(named == ["zh-Hans", "zh-Hant", "zh-Hans"])
        #expect(report.isValid && !report.passes(strict: true))
        #expect(report.walkthrough?.locales == ["en", "zh-Hant", "zh-Hans"])
    }

    @Test func theSameLocaleTwiceInOneFieldIsDuplicateLocale() throws {
        let report = validate(definition(root: #""id": "t", "title": {"en": "A", "EN": "B"}"#))
        let diagnostic = try onlyDiagnostic(report)
        #expect(diagnostic.kind == .duplicateLocale(key: "EN", first: "en"))
        #expect(diagnostic.path == "title.EN")
    }

    @Test func eachTranslationIsCheckedAsText() throws {
        let report = validate(
            definition(
                root: #""id": "t""#,
                page: #""heading": {"en": "H", "de": "  "}, "content": {"en": 3}"#))
        let kinds = report.errors.map { "\($0.path) \($0.kind.name)" }
        #expect(kinds == ["pages[0].heading.de emptyValue", "pages[0].content.en wrongType"])
    }

    @Test func aPlainDefinitionHasOneLocaleAndNoTranslations() throws {
        let walkthrough = try DefinitionLoader.load(string: definition(root: #""id": "t""#))
        #expect(walkthrough.locales == ["en"])
        #expect(walkthrough.translations.isEmpty)
        #expect(walkthrough.pages[0].translations.isEmpty)
        #expect(walkthrough.hasDefaultFinishLabel)
        #expect(walkthrough.localized(for: LanguageTag("zh-TW")).pages[0].heading == "H")
    }
}
