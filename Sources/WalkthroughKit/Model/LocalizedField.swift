/// A field of a definition that may be given in several languages: as a string, which serves
/// every locale, or as an object of BCP 47 tags to strings.
package enum LocalizedField: String, Sendable, Hashable, CaseIterable {
    /// The walkthrough's `title`.
    case title
    /// The walkthrough's `finishLabel`.
    case finishLabel
    /// A page's `heading`.
    case heading
    /// A page's `content`.
    case content
    /// A page's `imageAlt`.
    case imageAlt
    /// A page's `image`: a picture may hold words, so each language may have its own.
    case image
}

/// The translations of a walkthrough's or a page's fields: for each field the definition wrote
/// as an object, its text by tag, as the definition spells the tags.
///
/// A field written as a plain string has no entry: it serves every locale. The default
/// locale's text is among the translations, so that a walkthrough shown in one language can be
/// shown again in another (``Walkthrough/localized(for:)``).
package typealias Translations = [LocalizedField: [String: String]]
