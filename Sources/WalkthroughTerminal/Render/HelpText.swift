import WalkthroughKit

/// The key help of the interactive player: the hint line at the bottom and the `?` overlay.
enum HelpText {
    /// The hints at the bottom of the screen, as separate items (raw definition text inside: the
    /// finish label).
    ///
    /// `←/→ move  1-9 jump  s skip  q quit  ? help`; on the last page the finish label comes
    /// first (`Enter: Get Started  ← back  …`); no skip hint when the walkthrough is not
    /// skippable, no jump or back hints for a single page.
    static func keyHints(for walkthrough: Walkthrough, onLastPage: Bool) -> [String] {
        let count = walkthrough.pages.count
        var items: [String] = []
        if onLastPage {
            items.append(PageText.finishHint(walkthrough))
            if count > 1 { items.append("← back") }
        } else {
            items.append("←/→ move")
        }
        if count > 1 { items.append("1-\(min(count, 9)) jump") }
        if walkthrough.skippable { items.append("s skip") }
        items += ["q quit", "? help"]
        return items
    }

    /// The lines of the help overlay, before wrapping.
    static func overlay(for walkthrough: Walkthrough, onLastPage: Bool) -> [String] {
        let count = walkthrough.pages.count
        let finish = TextSanitizer.sanitize(walkthrough.finishLabel)
        var lines = ["Keys"]
        lines.append("→ l n Space Enter: " + (onLastPage ? finish : "next page"))
        if count > 1 {
            lines.append("← h p b: previous page")
            lines.append("1-\(min(count, 9)): jump to that page")
        }
        if walkthrough.skippable { lines.append("s: skip the rest") }
        lines.append("↑ ↓: scroll a long page")
        lines.append("q Esc: quit (progress is kept)")
        lines.append("?: show or hide this help")
        return lines
    }

    /// Packs items onto lines of at most `width` columns, two spaces apart; an item wider than a
    /// line, or holding a newline (a finish label may), is wrapped on its own.
    static func pack(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for item in items {
            let itemWidth = DisplayWidth.of(item)
            let fits = itemWidth <= width && !item.contains("\n")
            if used > 0 && fits && used + 2 + itemWidth <= width {
                line += "  " + item
                used += 2 + itemWidth
                continue
            }
            if used > 0 { lines.append(line) }
            if fits {
                line = item
                used = itemWidth
            } else {
                let wrapped = TextWrapper.wrap(item, width: width)
                lines += wrapped.dropLast()
                line = wrapped.last ?? ""
                used = DisplayWidth.of(line)
            }
        }
        if used > 0 || !line.isEmpty { lines.append(line) }
        return lines
    }
}
