/// One text of a walkthrough a translator translates, in one locale: where it is, the default
/// locale's text, and the locale's text if it has one.
package struct TranslationText: Sendable, Hashable {
    /// The stable path of the text: `title`, `finishLabel`, `pages.ID.heading`, `pages.ID.content`,
    /// `pages.ID.imageAlt` (a page by its id, so that moving pages keeps the paths).
    package var path: String
    /// The default locale's text.
    package var source: String
    /// The locale's text, or `nil` when the field has none in that locale.
    package var target: String?
    /// The fingerprint of the source the translation was made from, as the definition's
    /// `translations` records it, or `nil` when it records none.
    package var recordedFingerprint: String?

    /// Creates a text.
    package init(
        path: String, source: String, target: String? = nil, recordedFingerprint: String? = nil
    ) {
        self.path = path
        self.source = source
        self.target = target
        self.recordedFingerprint = recordedFingerprint
    }

    /// The fingerprint of the current source.
    package var fingerprint: String { TranslationFingerprint.of(source) }

    /// Whether the translation was made from another source than the current one: the source
    /// changed after it was translated.
    package var isStale: Bool {
        target != nil && recordedFingerprint.map { $0 != fingerprint } == true
    }
}

/// What a translator sees of a walkthrough: its localizable texts, in file order, and the
/// counts `walkthrough translate status` prints.
package enum TranslationCatalog {
    /// The fields of a page a translator translates, in the order they are listed.
    package static let pageFields: [LocalizedField] = [.heading, .content, .imageAlt]

    /// The texts of `walkthrough` in `locale` (a canonical tag, as ``Walkthrough/locales``
    /// spells them): the title, the finish label (when the definition gives its own), then
    /// each page's heading, content and image alt text. Empty
    /// sources (a page without content) have nothing to translate and are left out.
    package static func texts(of walkthrough: Walkthrough, locale: String) -> [TranslationText] {
        let recorded = walkthrough.sourceFingerprints[locale] ?? [:]
        var texts: [TranslationText] = []
        func add(_ path: String, _ source: String?, _ translations: [String: String]?) {
            guard let source, !source.isEmpty else { return }
            texts.append(
                TranslationText(
                    path: path, source: source, target: translations?[locale],
                    recordedFingerprint: recorded[path]))
        }
        add("title", walkthrough.title, walkthrough.translations[.title])
        // A finish label the definition leaves to the default is the player's own words,
        // translated with them.
        if !walkthrough.hasDefaultFinishLabel {
            add(
                "finishLabel", walkthrough.finishLabel, walkthrough.translations[.finishLabel])
        }
        for page in walkthrough.pages {
            add(path(page: page.id, field: .heading), page.heading, page.translations[.heading])
            add(path(page: page.id, field: .content), page.content, page.translations[.content])
            add(
                path(page: page.id, field: .imageAlt), page.imageAlt,
                page.translations[.imageAlt])
        }
        return texts
    }

    /// The path of a page's field: `pages.personalize.heading`.
    package static func path(page id: String, field: LocalizedField) -> String {
        "pages." + id + "." + field.rawValue
    }

    /// The locales a translator may work on: every locale of the definition but the default,
    /// then those only its `translations` names, in order.
    package static func locales(of walkthrough: Walkthrough) -> [String] {
        var locales = walkthrough.locales.filter { $0 != walkthrough.defaultLocale }
        for locale in walkthrough.sourceFingerprints.keys.sorted()
        where !locales.contains(locale) && locale != walkthrough.defaultLocale {
            locales.append(locale)
        }
        return locales
    }

    /// How far one locale's translation is.
    package struct Counts: Sendable, Hashable {
        /// The locale.
        package var locale: String
        /// Texts with a translation made from the current source (or with no fingerprint
        /// recorded, which nothing can call stale).
        package var translated = 0
        /// Texts without a translation in the locale.
        package var missing = 0
        /// Texts whose translation was made from an older source.
        package var stale = 0
        /// Every text.
        package var total: Int { translated + missing + stale }
    }

    /// The counts of every locale of ``locales(of:)``.
    package static func counts(of walkthrough: Walkthrough) -> [Counts] {
        locales(of: walkthrough).map { locale in
            var counts = Counts(locale: locale)
            for text in texts(of: walkthrough, locale: locale) {
                if text.target == nil {
                    counts.missing += 1
                } else if text.isStale {
                    counts.stale += 1
                } else {
                    counts.translated += 1
                }
            }
            return counts
        }
    }
}
