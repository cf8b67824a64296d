import Foundation
import Testing

@testable import WalkthroughKit

/// The top-level `translations` fingerprints: read into the model, checked against the texts.
struct StaleTranslationTests {
    private func report(_ translations: String, heading: String = "Locate") -> ValidationReport {
        let json = """
            {
              "id": "t",
              "title": {"en": "Tour", "ja": "ツアー"},
              "pages": [
                {"id": "p", "heading": {"en": "\(heading)", "ja": "探す"}, "content": "Same"}
              ],
              "translations": \(translations)
            }
            """
        return DefinitionLoader.validate(bytes: Array(json.utf8), name: "t.json")
    }

    private var fingerprints: String {
        """
        {"ja": {"title": "\(TranslationFingerprint.of("Tour"))",
                "pages.p.heading": "\(TranslationFingerprint.of("Locate"))"}}
        """
    }

    @Test func currentFingerprintsAreKeptAndWarnNothing() throws {
        let report = report(fingerprints)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let walkthrough = try #require(report.walkthrough)
        #expect(
            walkthrough.sourceFingerprints["ja"]?["pages.p.heading"]
                == TranslationFingerprint.of("Locate"))
        // The content, a plain string, has no Japanese text yet: missing for a translator.
        let counts = TranslationCatalog.counts(of: walkthrough)
        #expect(counts == [TranslationCatalog.Counts(locale: "ja", translated: 2, missing: 1)])
    }

    @Test func anEditedSourceMakesItsTranslationStale() throws {
        let report = report(fingerprints, heading: "Find")
        #expect(report.errors.isEmpty)
        #expect(
            report.warnings.map(\.kind) == [
                .staleTranslation(locale: "ja", text: "pages.p.heading")
            ])
        #expect(report.warnings.first?.path == #"translations.ja["pages.p.heading"]"#)
        let walkthrough = try #require(report.walkthrough)
        // Still shown.
        #expect(walkthrough.localized(for: LanguageTag("ja")).pages[0].heading == "探す")
        #expect(
            TranslationCatalog.counts(of: walkthrough)
                == [TranslationCatalog.Counts(locale: "ja", translated: 1, missing: 1, stale: 1)])
    }

    @Test func malformedFingerprintsAndUnknownPathsAreReported() {
        let report = report(
            #"{"ja": {"title": "ABC", "pages.q.heading": "0123456789abcdef"}, "x_y": {}}"#)
        let kinds = report.diagnostics.map(\.kind)
        #expect(kinds.contains(.invalidFingerprint("ABC")))
        #expect(kinds.contains(.invalidLocale("x_y")))
        #expect(report.walkthrough == nil)
        let unknown = self.report(#"{"ja": {"pages.q.heading": "0123456789abcdef"}}"#)
        #expect(unknown.errors.isEmpty)
        #expect(
            unknown.warnings.map(\.kind)
                == [.unknownKey(key: "pages.q.heading", suggestion: "pages.p.heading")])
    }
}
