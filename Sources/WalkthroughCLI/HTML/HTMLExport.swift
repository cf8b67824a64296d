import WalkthroughKit
import WalkthroughTerminal
import WalkthroughWeb

/// A walkthrough as the exported page plays it: every locale's texts, the page's own words in
/// each, and the images by the names the export copied them to.
///
/// Built from a loaded walkthrough with ``init(walkthrough:requested:images:)``; written out as
/// JSON data for the page's script (``data``) and as the first page's escaped HTML
/// (``HTMLDocument``).
struct HTMLExport {
    /// One page in one locale.
    struct Page {
        var heading: String
        var content: String
        /// The copied image's path inside the export (`images/intro.png`), `nil` when the page
        /// has none or it could not be copied.
        var image: String?
        var imageAlt: String?
    }

    /// The walkthrough in one of its locales.
    struct Locale {
        /// The definition's tag (`zh-Hant`).
        var tag: String
        var title: String
        var finishLabel: String
        /// The page's own words (buttons, labels, announcements) by the script's names.
        var words: [(String, String)]
        var pages: [Page]
    }

    /// An image path a page uses, and where in the definition it is first used (for warnings).
    struct ImageUse: Equatable {
        /// The path as the definition writes it, relative to its folder.
        var path: String
        /// `pages[0].image`, or `pages[0].image["zh-Hant"]` for a localized one.
        var location: String
    }

    var id: String
    var navigation: Walkthrough.NavigationMode
    var skippable: Bool
    /// Spreads, orientation and transition, as the definition's `layout` says.
    var layout: Walkthrough.PageLayout
    /// Every locale of the definition, its default first.
    var locales: [Locale]
    /// The index in ``locales`` of the one shown first.
    var initialLocale: Int

    /// The walkthrough in every locale, starting in the best match for `requested`.
    ///
    /// - Parameter images: The exported path of each image path the definition uses that was
    ///   copied; an image missing from it is shown as its alt text.
    init(walkthrough: Walkthrough, requested: LanguageTag?, images: [String: String]) {
        id = walkthrough.id
        navigation = walkthrough.navigation
        skippable = walkthrough.skippable
        layout = walkthrough.layout
        let initial = walkthrough.localized(for: requested).locale
        initialLocale = walkthrough.locales.firstIndex(of: initial) ?? 0
        // The page's own words follow each locale of a translated walkthrough (switching the
        // language switches them too); a walkthrough in one language gets them in the
        // requested locale, as `play` shows its key help.
        let translated = walkthrough.locales.count > 1
        locales = Self.shown(walkthrough).map { tag, shown in
            let strings = PlayerStrings(for: translated ? LanguageTag(tag) : requested)
            let title = shown.title.flatMap { $0.isEmpty ? nil : $0 } ?? shown.id
            // Every text from the definition by the terminal's character rule (HTMLText.shown).
            return Locale(
                tag: tag, title: HTMLText.shown(title),
                finishLabel: HTMLText.shown(strings.finishLabel(of: shown)),
                words: Self.words(strings),
                pages: shown.pages.map { page in
                    Page(
                        heading: HTMLText.shown(page.heading),
                        content: HTMLText.shown(page.content),
                        image: page.image.flatMap { images[$0] },
                        imageAlt: page.imageAlt.map(HTMLText.shown))
                })
        }
    }

    /// Every image path the walkthrough's pages use in any locale, each once, in the order of
    /// first use (page by page, locales in the definition's order).
    static func imageUses(of walkthrough: Walkthrough) -> [ImageUse] {
        let shown = shown(walkthrough)
        var uses: [ImageUse] = []
        var seen: Set<String> = []
        for (index, page) in walkthrough.pages.enumerated() {
            for (tag, localized) in shown {
                guard let path = localized.pages[index].image, seen.insert(path).inserted
                else { continue }
                var location = JSONPath.appending(
                    key: "image", to: JSONPath.appending(index: index, to: "pages"))
                if page.translations[.image]?[tag] != nil {
                    location = JSONPath.appending(key: tag, to: location)
                }
                uses.append(ImageUse(path: path, location: location))
            }
        }
        return uses
    }

    /// The walkthrough localized for each of its locales, with the locale's tag.
    private static func shown(_ walkthrough: Walkthrough) -> [(String, Walkthrough)] {
        walkthrough.locales.map { tag in (tag, walkthrough.localized(for: LanguageTag(tag))) }
    }

    private static func words(_ strings: PlayerStrings) -> [(String, String)] {
        [
            ("back", strings.text(.webBack)), ("next", strings.text(.webNext)),
            ("skip", strings.text(.webSkip)), ("pages", strings.text(.webPages)),
            ("page", strings.text(.webPage)), ("announce", strings.text(.webAnnounce)),
            ("language", strings.text(.webLanguage)),
            ("completed", strings.text(.webCompleted)), ("skipped", strings.text(.webSkipped)),
            ("restart", strings.text(.webRestart)), ("later", strings.text(.webLater)),
            ("imageAlt", strings.text(.imageAlt)),
        ]
    }

    /// The locale shown first.
    var initial: Locale { locales[initialLocale] }

    /// The page's data, read by its script: `{id, navigation, skippable, layout: {spread,
    /// orientation, transition}, spreadWidth, maxDots,
    /// initialLocale, locales: [{tag, title, finishLabel, words, pages: [{heading, content,
    /// image, imageAlt}]}]}`.
    var data: JSONText {
        .object([
            ("id", .string(id)),
            ("navigation", .string(navigation.rawValue)),
            ("skippable", .bool(skippable)),
            (
                "layout",
                .object([
                    ("spread", .string(layout.spread.rawValue)),
                    ("orientation", .string(layout.orientation.rawValue)),
                    ("transition", .string(layout.transition.rawValue)),
                ])
            ),
            // The narrowest window, in CSS pixels, that shows spreads.
            (
                "spreadWidth",
                .integer(
                    layout.spread == .always
                        ? WebPlayerLimits.alwaysSpreadPixels : WebPlayerLimits.autoSpreadPixels
                )
            ),
            ("maxDots", .integer(WebPlayerLimits.maxDots)),
            ("initialLocale", .integer(initialLocale)),
            (
                "locales",
                .array(
                    locales.map { locale in
                        .object([
                            ("tag", .string(locale.tag)),
                            ("title", .string(locale.title)),
                            ("finishLabel", .string(locale.finishLabel)),
                            ("words", .object(locale.words.map { ($0.0, .string($0.1)) })),
                            (
                                "pages",
                                .array(
                                    locale.pages.map { page in
                                        .object([
                                            ("heading", .string(page.heading)),
                                            ("content", .string(page.content)),
                                            ("image", page.image.map(JSONText.string) ?? .null),
                                            (
                                                "imageAlt",
                                                page.imageAlt.map(JSONText.string) ?? .null
                                            ),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
