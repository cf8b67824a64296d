package import WalkthroughKit

/// The player's own words in one locale: key help, the help overlay, the image line, the
/// default finish label, refused moves, plain mode's hints.
///
/// The texts come from `localization/player.json`, a catalog a translator extends without
/// reading Swift (docs/localization.md); `scripts/generate-player-catalog.py` turns it into a
/// table compiled into the player. The locale is matched like a definition's fields
/// (`LocaleMatcher`): `zh-TW` gets Traditional Chinese, `zh-CN` Simplified, anything the
/// catalog lacks English. The command's messages to scripts (errors, `Recorded: …`) are not
/// here: they stay English.
package struct PlayerStrings: Sendable, Hashable {
    /// The catalog locale the words are in (`en`, `zh-Hant`, `zh-Hans`).
    public let locale: String
    private let index: Int

    /// The words for `requested`, or English when it is `nil` or not in the catalog.
    public init(for requested: LanguageTag?) {
        let locale = LocaleMatcher.match(
            requested, among: Self.catalogLocales, defaultLocale: Self.catalogLocales[0])
        self.locale = locale
        self.index = Self.catalogLocales.firstIndex(of: locale) ?? 0
    }

    /// The locales the catalog has, English first.
    public static var locales: [String] { catalogLocales }

    /// English.
    static let english = PlayerStrings(for: nil)

    /// The text of `message` with each `{name}` replaced by `values[name]`.
    package func text(_ message: PlayerMessage, _ values: [String: String] = [:]) -> String {
        let template = Self.catalog[index][message.rawValue]
        guard !values.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}")
        {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The finish label to show: the definition's, or the catalog's "Get Started" when the
    /// definition gives none.
    package func finishLabel(of walkthrough: Walkthrough) -> String {
        walkthrough.hasDefaultFinishLabel ? text(.finishDefault) : walkthrough.finishLabel
    }

    /// Why a move was refused, in this locale (page numbers from 1).
    func describe(_ error: NavigationError) -> String {
        switch error {
        case .atFirstPage:
            return text(.statusAtFirstPage)
        case .outOfBounds(let index, let count):
            let page = index == Int.max ? "\(index)+1" : String(index + 1)
            return count == 1
                ? text(.statusOutOfBoundsOne, ["page": page])
                : text(.statusOutOfBounds, ["page": page, "count": String(count)])
        case .jumpAheadNotAllowed(let index, let furthest):
            return text(
                .statusJumpAhead,
                ["page": String(index + 1), "furthest": String(furthest + 2)])
        case .notSkippable:
            return text(.statusNotSkippable)
        case .alreadyFinished:
            return text(.statusAlreadyFinished)
        }
    }
}
