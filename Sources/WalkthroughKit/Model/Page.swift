/// One page of a walkthrough: a heading, an optional image and some content.
///
/// This is the `pageHeadings[i]`, `pageImages[i]` and `pageContent[i]` of the iOS original,
/// joined into one value.
public struct Page: Sendable, Hashable {
    /// The page's identifier, unique within its walkthrough (`page-N`, 1-based, when the file
    /// gives none).
    public var id: String
    /// The page's heading. Never empty in a loaded walkthrough.
    public var heading: String
    /// The page's body text. May be empty; may contain newlines.
    public var content: String
    /// The image path exactly as the definition file wrote it, relative to the file's folder.
    public var image: String?
    /// Text shown where the image cannot be (a terminal, a screen reader).
    public var imageAlt: String?
    /// The page's fields in every language the definition gives them in (`heading`, `content`,
    /// `imageAlt`, `image`); empty for a page written in one language. The fields above hold
    /// the text of the locale the walkthrough is shown in.
    package var translations: Translations
    /// `since`: the version of the walkthrough the page was added in (1 by default). A user
    /// who finished an earlier version is shown only the pages added after it ("what's new").
    public var since: Int
    /// The page's own `when`: only `ShowRules.environment` applies; a page whose conditions
    /// do not hold is left out.
    package var when: ShowRules

    /// Creates a page.
    package init(
        id: String, heading: String, content: String, image: String? = nil,
        imageAlt: String? = nil, translations: Translations = [:], since: Int = 1,
        when: ShowRules = ShowRules()
    ) {
        self.since = since
        self.when = when
        self.id = id
        self.heading = heading
        self.content = content
        self.image = image
        self.imageAlt = imageAlt
        self.translations = translations
    }
}
