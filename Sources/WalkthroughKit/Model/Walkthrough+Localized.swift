extension Walkthrough {
    /// The walkthrough with every translated field in the language that best matches
    /// `requested`, field by field (`LocaleMatcher`): what a player shows a user of that
    /// locale. Fields written as plain strings are the same in every locale.
    ///
    /// The translations are kept, so the result can be localized again; the id, version and
    /// pages are unchanged, and so is the seen state, which belongs to the id whatever the
    /// locale.
    ///
    /// ```swift
    /// let walkthrough = try DefinitionLoader.load(contentsOf: "walkthroughs/foodpin.json")
    /// let shown = walkthrough.localized(for: LanguageTag("zh-TW"))
    /// shown.locale          // "zh-Hant"
    /// shown.pages[1].heading // "在地圖上找到餐廳"
    /// ```
    ///
    /// - Parameter requested: The user's locale, or `nil` for the default locale.
    public func localized(for requested: LanguageTag?) -> Walkthrough {
        var result = self
        result.requestedLocale = requested
        result.locale = LocaleMatcher.match(requested, among: locales, defaultLocale: defaultLocale)
        guard locales.count > 1 else { return result }
        let rank = Dictionary(
            locales.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { $1 })
        // Fields mostly share one set of locales: match each set once.
        var chosen: [[String]: String] = [:]
        func text(_ field: LocalizedField, in translations: Translations) -> String? {
            guard let values = translations[field] else { return nil }
            let keys = Self.ordered(values.keys, rank: rank)
            if let key = chosen[keys] { return values[key] }
            let key = LocaleMatcher.match(requested, among: keys, defaultLocale: defaultLocale)
            chosen[keys] = key
            return values[key]
        }
        if let title = text(.title, in: translations) { result.title = title }
        if let label = text(.finishLabel, in: translations) { result.finishLabel = label }
        result.pages = pages.map { page in
            var page = page
            if let heading = text(.heading, in: page.translations) { page.heading = heading }
            if let content = text(.content, in: page.translations) { page.content = content }
            if let alt = text(.imageAlt, in: page.translations) { page.imageAlt = alt }
            if let image = text(.image, in: page.translations) { page.image = image }
            return page
        }
        return result
    }

    /// The title ``localized(for:)`` gives, without translating the rest: what an answer
    /// that names a walkthrough shows.
    package func title(for requested: LanguageTag?) -> String? {
        guard locales.count > 1, let values = translations[.title] else { return title }
        let rank = Dictionary(
            locales.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { $1 })
        let keys = Self.ordered(values.keys, rank: rank)
        return values[LocaleMatcher.match(requested, among: keys, defaultLocale: defaultLocale)]
    }

    /// A field's locales in the definition's order of `locales` (`rank`), then by name.
    private static func ordered(
        _ locales: Dictionary<String, String>.Keys, rank: [String: Int]
    ) -> [String] {
        locales.sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
    }

    /// Whether the finish label is the format's default, which a player may show in its own
    /// language: the definition gave no `finishLabel`, or gave the default's words.
    public var hasDefaultFinishLabel: Bool {
        translations[.finishLabel] == nil && finishLabel == Walkthrough.defaultFinishLabel
    }
}

extension Page {
    /// Sets each translated field to its text in `locale`, as the loader does with the default
    /// locale.
    mutating func useTranslations(of locale: String) {
        if let heading = translations[.heading]?[locale] { self.heading = heading }
        if let content = translations[.content]?[locale] { self.content = content }
        if let alt = translations[.imageAlt]?[locale] { imageAlt = alt }
        if let image = translations[.image]?[locale] { self.image = image }
    }
}
