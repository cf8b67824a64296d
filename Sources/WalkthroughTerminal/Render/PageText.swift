import WalkthroughKit

/// The words both players show for a page, in one place so that the terminal and plain modes say
/// the same thing. Everything returned is raw definition text: sanitise before writing.
enum PageText {
    /// The image line: the image's alt text and its file's name, for example
    /// `Image: A pin on a plate (foodpin-intro-1.png)`; `nil` when the page has neither. The alt
    /// text comes first because it is what a reader (or a screen reader) needs.
    static func imageLine(
        of page: Page, in walkthrough: Walkthrough, strings: PlayerStrings
    ) -> String? {
        let name = walkthrough.imagePath(of: page).map(fileName(of:)).flatMap {
            $0.isEmpty ? nil : $0
        }
        let alt = page.imageAlt.flatMap { $0.isEmpty ? nil : $0 }
        switch (name, alt) {
        case (let name?, let alt?):
            return strings.text(.imageAltAndFile, ["alt": alt, "file": name])
        case (let name?, nil): return strings.text(.imageFile, ["file": name])
        case (nil, let alt?): return strings.text(.imageAlt, ["alt": alt])
        case (nil, nil): return nil
        }
    }

    /// The last component of a path.
    static func fileName(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
            ?? trimmed
    }

    /// The position as a user counts it: `2/3`.
    static func position(_ index: Int, of count: Int) -> String {
        "\(index + 1)/\(count)"
    }

    /// The position of the pages shown as a user counts it: `2/3` for one page, `1–2/5` (an en
    /// dash) for a spread.
    static func position(of pages: ClosedRange<Int>, count: Int) -> String {
        guard pages.count > 1 else { return position(pages.lowerBound, of: count) }
        return "\(pages.lowerBound + 1)\u{2013}\(pages.upperBound + 1)/\(count)"
    }

    /// What the key that finishes the walkthrough says on the last page: `Enter: Get Started`.
    static func finishHint(_ walkthrough: Walkthrough, strings: PlayerStrings) -> String {
        strings.text(.hintFinish, ["finish": strings.finishLabel(of: walkthrough)])
    }
}
