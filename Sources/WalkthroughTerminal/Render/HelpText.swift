import WalkthroughKit

/// The key help of the interactive player: the hint line at the bottom and the `?` overlay.
enum HelpText {
    /// The hints at the bottom of the screen, as separate items (raw definition text inside: the
    /// finish label).
    ///
    /// `←/→ move  1-9 jump  s skip  q quit  ? help`; on the last page the finish label comes
    /// first (`Enter: Get Started  ← back  …`); no skip hint when the walkthrough is not
    /// skippable, no back hint for a single page. The jump hint names only the pages a jump
    /// reaches now, up to `jumpLimit` (0-based; a linear walkthrough refuses the pages past the
    /// one after the furthest reached), and is left out when that is page 1 alone. A vertical
    /// walkthrough says ↑/↓ where a horizontal one says ←/→.
    static func keyHints(
        for walkthrough: Walkthrough, onLastPage: Bool, jumpLimit: Int, strings: PlayerStrings
    ) -> [String] {
        let count = walkthrough.pages.count
        let vertical = walkthrough.layout.orientation == .vertical
        var items: [String] = []
        if onLastPage {
            items.append(PageText.finishHint(walkthrough, strings: strings))
            if count > 1 { items.append(strings.text(vertical ? .hintBackVertical : .hintBack)) }
        } else {
            items.append(strings.text(vertical ? .hintMoveVertical : .hintMove))
        }
        if let last = lastJumpKey(jumpLimit) {
            items.append(strings.text(.hintJump, ["last": String(last)]))
        }
        if walkthrough.skippable { items.append(strings.text(.hintSkip)) }
        items += [strings.text(.hintQuit), strings.text(.hintHelp)]
        return items
    }

    /// The lines of the help overlay, before wrapping; the jump line as in
    /// ``keyHints(for:onLastPage:jumpLimit:strings:)``.
    static func overlay(
        for walkthrough: Walkthrough, onLastPage: Bool, jumpLimit: Int, strings: PlayerStrings
    ) -> [String] {
        let count = walkthrough.pages.count
        let finish = TextSanitizer.sanitize(strings.finishLabel(of: walkthrough))
        let vertical = walkthrough.layout.orientation == .vertical
        var lines = [strings.text(.overlayTitle)]
        lines.append(
            strings.text(
                vertical ? .overlayNextVertical : .overlayNext,
                ["action": onLastPage ? finish : strings.text(.overlayNextPage)]))
        if count > 1 {
            lines.append(strings.text(vertical ? .overlayPreviousVertical : .overlayPrevious))
        }
        if let last = lastJumpKey(jumpLimit) {
            lines.append(strings.text(.overlayJump, ["last": String(last)]))
        }
        if walkthrough.skippable { lines.append(strings.text(.overlaySkip)) }
        lines.append(
            strings.text(
                .overlaySnooze, ["duration": RuleDuration.format(walkthrough.snooze)]))
        lines.append(strings.text(vertical ? .overlayScrollVertical : .overlayScroll))
        lines.append(strings.text(.overlayQuit))
        lines.append(strings.text(.overlayHelp))
        return lines
    }

    /// The highest digit key that jumps to a page reachable now (pages up to `jumpLimit`,
    /// 0-based; keys 1-9), or `nil` when only page 1 is: no jump worth offering.
    private static func lastJumpKey(_ jumpLimit: Int) -> Int? {
        let last = min(jumpLimit + 1, 9)
        return last > 1 ? last : nil
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
