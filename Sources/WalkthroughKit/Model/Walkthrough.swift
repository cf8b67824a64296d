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
    /// The `snooze` of a definition that gives none: 24 hours.
    package static let defaultSnooze: Duration = .seconds(86_400)

    /// The fields, shared by copies until one of them changes: a walkthrough is handed from
    /// the catalog to every decision and answer, and a copy is then one reference, not one
    /// per string and array it holds.
    private var storage: CopyOnWrite<Fields>

    /// The identifier the store records this walkthrough under.
    public var id: String {
        get { storage.value.id }
        set { storage.value.id = newValue }
        _modify { yield &storage.value.id }
    }
    /// The definition's version, 1 or more. A user who saw an older version sees it again.
    ///
    /// - Precondition: `version >= 1`, checked on every assignment.
    public var version: Int {
        get { storage.value.version }
        set {
            storage.value.version = newValue
            precondition(storage.value.version >= 1, "a walkthrough's version is 1 or more")
        }
        _modify {
            yield &storage.value.version
            precondition(storage.value.version >= 1, "a walkthrough's version is 1 or more")
        }
    }
    /// The title shown above every page, if any.
    public var title: String? {
        get { storage.value.title }
        set { storage.value.title = newValue }
        _modify { yield &storage.value.title }
    }
    /// How freely the user may jump between pages.
    public var navigation: NavigationMode {
        get { storage.value.navigation }
        set { storage.value.navigation = newValue }
        _modify { yield &storage.value.navigation }
    }
    /// Whether the user may skip the rest of the walkthrough.
    public var skippable: Bool {
        get { storage.value.skippable }
        set { storage.value.skippable = newValue }
        _modify { yield &storage.value.skippable }
    }
    /// The label of the action that finishes the walkthrough on its last page.
    public var finishLabel: String {
        get { storage.value.finishLabel }
        set { storage.value.finishLabel = newValue }
        _modify { yield &storage.value.finishLabel }
    }
    /// The pages, in order. Never empty in a loaded walkthrough.
    ///
    /// - Precondition: never empty, checked on every assignment: the navigator, the players and
    ///   the store all rely on a walkthrough having a page.
    public var pages: [Page] {
        get { storage.value.pages }
        set {
            storage.value.pages = newValue
            precondition(!storage.value.pages.isEmpty, "a walkthrough has at least one page")
        }
        _modify {
            yield &storage.value.pages
            precondition(!storage.value.pages.isEmpty, "a walkthrough has at least one page")
        }
    }
    /// The locale the definition's texts are written in when a field gives several: a key of
    /// every translated field (`"en"` unless the definition's `defaultLocale` says otherwise).
    public var defaultLocale: String {
        get { storage.value.defaultLocale }
        set { storage.value.defaultLocale = newValue }
        _modify { yield &storage.value.defaultLocale }
    }
    /// Every locale the definition has text in, the default first, then in the order they
    /// first appear in the file (`["en", "zh-Hant", "zh-Hans"]`).
    public var locales: [String] {
        get { storage.value.locales }
        set { storage.value.locales = newValue }
        _modify { yield &storage.value.locales }
    }
    /// The locale the walkthrough is shown in: the best match among ``locales`` for the locale
    /// asked of ``localized(for:)``, else ``defaultLocale``. Each field is matched on its own,
    /// so a field not translated into it shows its default text.
    public var locale: String {
        get { storage.value.locale }
        set { storage.value.locale = newValue }
        _modify { yield &storage.value.locale }
    }
    /// The locale asked of ``localized(for:)``, `nil` before (or for no preference): players show
    /// their own words (key help, labels) in it, whichever locales the definition has.
    public var requestedLocale: LanguageTag? {
        get { storage.value.requestedLocale }
        set { storage.value.requestedLocale = newValue }
        _modify { yield &storage.value.requestedLocale }
    }
    /// The walkthrough's own fields (`title`, `finishLabel`) in every language the definition
    /// gives them in; empty when it writes them as plain strings.
    package var translations: Translations {
        get { storage.value.translations }
        set { storage.value.translations = newValue }
        _modify { yield &storage.value.translations }
    }
    /// The definition's `translations`: for each locale, the fingerprint of the source text
    /// each translation was made from, by the text's path (`pages.personalize.heading`), as
    /// `walkthrough translate import` records them. A text whose source has another
    /// fingerprint now is stale; it is still shown.
    public var sourceFingerprints: [String: [String: String]] {
        get { storage.value.sourceFingerprints }
        set { storage.value.sourceFingerprints = newValue }
        _modify { yield &storage.value.sourceFingerprints }
    }
    /// The folder that page image paths are relative to: the definition file's folder, or `nil`
    /// when the walkthrough was not loaded from a file.
    public var baseDirectory: String? {
        get { storage.value.baseDirectory }
        set { storage.value.baseDirectory = newValue }
        _modify { yield &storage.value.baseDirectory }
    }
    /// `when`: the conditions under which the walkthrough is due (``DueDecision``); empty
    /// rules leave only "not seen at this version".
    package var when: ShowRules {
        get { storage.value.when }
        set { storage.value.when = newValue }
        _modify { yield &storage.value.when }
    }
    /// `experiment`: the variants tried on the walkthrough's users, if any (`Experiment`).
    package var experiment: Experiment? {
        get { storage.value.experiment }
        set { storage.value.experiment = newValue }
        _modify { yield &storage.value.experiment }
    }
    /// `priority`: among several walkthroughs due at once, the higher is shown first
    /// (`walkthrough next`); 0 by default.
    package var priority: Int {
        get { storage.value.priority }
        set { storage.value.priority = newValue }
        _modify { yield &storage.value.priority }
    }
    /// `snooze`: how long "later" (the player's `z`) puts the walkthrough off; 24 hours unless
    /// the definition says otherwise.
    package var snooze: Duration {
        get { storage.value.snooze }
        set { storage.value.snooze = newValue }
        _modify { yield &storage.value.snooze }
    }
    /// `layout`: spreads of two pages, the orientation and the transition (``Walkthrough/PageLayout``).
    public var layout: PageLayout {
        get { storage.value.layout }
        set { storage.value.layout = newValue }
        _modify { yield &storage.value.layout }
    }

    /// The stored fields; equal walkthroughs have equal fields.
    private struct Fields: Hashable {
        var id: String
        var version: Int
        var title: String?
        var navigation: NavigationMode
        var skippable: Bool
        var finishLabel: String
        var pages: [Page]
        var defaultLocale: String
        var locales: [String]
        var locale: String
        var requestedLocale: LanguageTag?
        var translations: Translations
        var sourceFingerprints: [String: [String: String]]
        var baseDirectory: String?
        var when: ShowRules
        var experiment: Experiment?
        var priority: Int
        var snooze: Duration
        var layout: PageLayout
    }

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
        precondition(!pages.isEmpty, "a walkthrough has at least one page")
        precondition(version >= 1, "a walkthrough's version is 1 or more")
        storage = CopyOnWrite(
            Fields(
                id: id, version: version, title: title, navigation: navigation,
                skippable: skippable, finishLabel: finishLabel, pages: pages,
                defaultLocale: defaultLocale, locales: locales ?? [defaultLocale],
                locale: defaultLocale, requestedLocale: nil, translations: translations,
                sourceFingerprints: [:], baseDirectory: baseDirectory, when: when,
                experiment: experiment, priority: priority, snooze: Walkthrough.defaultSnooze,
                layout: layout))
    }

    /// The path of a page's image resolved against ``baseDirectory``, or `nil` when the page has
    /// no image. When the walkthrough has no base directory the path is returned as written.
    public func imagePath(of page: Page) -> String? {
        guard let image = page.image else { return nil }
        guard let base = baseDirectory, !base.isEmpty else { return image }
        return FileSystem.joined(base, image)
    }
}
