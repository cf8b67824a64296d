import WalkthroughKit

/// Phrases several commands print, worded in one place.
enum Wording {
    /// The walkthrough's title in its default locale (messages to scripts do not change with
    /// the user's language), or its id when it has none.
    static func name(of walkthrough: Walkthrough) -> String {
        let title =
            walkthrough.translations[.title]?[walkthrough.defaultLocale] ?? walkthrough.title
        if let title, !title.isEmpty { return title }
        return walkthrough.id
    }

    /// `completed`, `skipped`, `in progress` or `snoozed`.
    static func outcome(_ outcome: SeenRecord.Outcome) -> String {
        switch outcome {
        case .completed: return "completed"
        case .skipped: return "skipped"
        case .inProgress: return "in progress"
        case .snoozed: return "snoozed"
        }
    }

    /// `1 record`, `2 records`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `2/3`: a 0-based page index as the user counts pages.
    static func position(_ index: Int, of count: Int) -> String {
        "\(index + 1)/\(count)"
    }
}
