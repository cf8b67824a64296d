/// A loaded, validated walkthrough: an ordered, non-empty list of pages and how to move through them.
///
/// Values come from `DefinitionLoader`, which applies every default and rule of the definition
/// format, or from the memberwise initializer for walkthroughs built in code.
///
/// ```swift
/// let report = DefinitionLoader.validate(contentsOf: "walkthroughs/foodpin.json")
/// if let walkthrough = report.walkthrough {
///     print(walkthrough.title ?? walkthrough.id, walkthrough.pages.count)
/// }
/// ```
public struct Walkthrough: Sendable, Hashable {
    /// The finish label used when a definition gives none.
    public static let defaultFinishLabel = "Get Started"

    /// The identifier the store records this walkthrough under.
    public var id: String
    /// The definition's version, 1 or more. A user who saw an older version sees it again.
    ///
    /// - Precondition: `version >= 1`, checked on every assignment.
    public var version: Int {
        didSet { precondition(version >= 1, "a walkthrough's version is 1 or more") }
    }
    /// The title shown above every page, if any.
    public var title: String?
    /// How freely the user may jump between pages.
    public var navigation: NavigationMode
    /// Whether the user may skip the rest of the walkthrough.
    public var skippable: Bool
    /// The label of the action that finishes the walkthrough on its last page.
    public var finishLabel: String
    /// The pages, in order. Never empty in a loaded walkthrough.
    ///
    /// - Precondition: never empty, checked on every assignment: the navigator, the players and
    ///   the store all rely on a walkthrough having a page.
    public var pages: [Page] {
        didSet { precondition(!pages.isEmpty, "a walkthrough has at least one page") }
    }
    /// The locale the definition's texts are written in when a field gives several: a key of
    /// every translated field (`"en"` unless the definition's `defaultLocale` says otherwise).
    public var defaultLocale: String
    /// Every locale the definition has text in, the default first, then in the order they
    /// first appear in the file (`["en", "zh-Hant", "zh-Hans"]`).
    public var locales: [String]
    /// The locale the walkthrough is shown in: the best match among ``locales`` for the locale
    /// asked of ``localized(for:)``, else ``defaultLocale``. Each field is matched on its own,
    /// so a field not translated into it shows its default text.
    public var locale: String
    /// The locale asked of ``localized(for:)``, `nil` before (or for no preference): players show
    /// their own words (key help, labels) in it, whichever locales the definition has.
    public var requestedLocale: LanguageTag?
    /// The walkthrough's own fields (`title`, `finishLabel`) in every language the definition
    /// gives them in; empty when it writes them as plain strings.
    package var translations: Translations
    /// The definition's `translations`: for each locale, the fingerprint of the source text
    /// each translation was made from, by the text's path (`pages.personalize.heading`), as
    /// `walkthrough translate import` records them. A text whose source has another
    /// fingerprint now is stale; it is still shown.
    public var sourceFingerprints: [String: [String: String]] = [:]
    /// The folder that page image paths are relative to: the definition file's folder, or `nil`
    /// when the walkthrough was not loaded from a file.
    public var baseDirectory: String?
    /// `when`: the conditions under which the walkthrough is due (``DueDecision``); empty
    /// rules leave only "not seen at this version".
    package var when: ShowRules
    /// `experiment`: the variants tried on the walkthrough's users, if any (`Experiment`).
    package var experiment: Experiment?
    /// `priority`: among several walkthroughs due at once, the higher is shown first
    /// (`walkthrough next`); 0 by default.
    package var priority: Int
    /// `snooze`: how long "later" (the player's `z`) puts the walkthrough off; 24 hours unless
    /// the definition says otherwise.
    package var snooze: Duration = Walkthrough.defaultSnooze
    /// The `snooze` of a definition that gives none: 24 hours.
    package static let defaultSnooze: Duration = .seconds(86_400)
    /// `layout`: spreads of two pages, the orientation and the transition (``Walkthrough/PageLayout``).
    public var layout: PageLayout

    /// Creates a walkthrough in code.
    ///
    /// - Precondition: `pages` is not empty and `version >= 1`; the loader guarantees both for
    ///   walkthroughs it returns.
    package init(
        id: String, version: Int = 1, title: String? = nil, navigation: NavigationMode = .free,
        skippable: Bool = true, finishLabel: String = Walkthrough.defaultFinishLabel,
        pages: [Page], baseDirectory: String? = nil, defaultLocale: String = "en",
        locales: [String]? = nil, translations: Translations = [:], when: ShowRules = ShowRules(),
        experiment: Experiment? = nil, layout: PageLayout = PageLayout(), priority: Int = 0
    ) {
        self.when = when
        self.priority = priority
        self.experiment = experiment
        self.layout = layout
        precondition(!pages.isEmpty, "a walkthrough has at least one page")
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        self.id = id
        self.version = version
        self.title = title
        self.navigation = navigation
        self.skippable = skippable
        self.finishLabel = finishLabel
        self.pages = pages
        self.baseDirectory = baseDirectory
        self.defaultLocale = defaultLocale
        self.locales = locales ?? [defaultLocale]
        self.locale = defaultLocale
        self.requestedLocale = nil
        self.translations = translations
    }

    /// The path of a page's image resolved against ``baseDirectory``, or `nil` when the page has
    /// no image. When the walkthrough has no base directory the path is returned as written.
    public func imagePath(of page: Page) -> String? {
        guard let image = page.image else { return nil }
        guard let base = baseDirectory, !base.isEmpty else { return image }
        return FileSystem.joined(base, image)
    }
}
