/// What the interactive player does for a key.
package enum KeyAction: Sendable, Hashable {
    /// Go to the next page, or finish on the last one.
    case next
    /// Go to the previous page.
    case back
    /// Jump to a page, counted from 1.
    case jump(page: Int)
    /// Skip the rest of the walkthrough.
    case skip
    /// Stop playing; progress is kept.
    case quit
    /// Show or hide the help overlay.
    case help
    /// Ctrl-C: stop as SIGINT would.
    case interrupt
    /// Scroll the page's content up one line.
    case scrollUp
    /// Scroll the page's content down one line.
    case scrollDown
}

/// The interactive player's keys, as docs/commands.md lists them under `play`.
///
/// → `l` `n` Space Enter: next · ← `h` `p` `b`: back · `1`–`9`: jump · `s`: skip · `q` Esc:
/// quit · `?`: help · Ctrl-C: interrupt · ↑ ↓ (and Page Up/Down): scroll content that does not
/// fit. Letters work in either case; modifiers on arrows are ignored.
package enum KeyBindings {
    /// The action bound to `key`, or `nil` when the key does nothing.
    package static func action(for key: Key) -> KeyAction? {
        if key == .controlC { return .interrupt }
        switch key.code {
        case .right, .enter: return .next
        case .left: return .back
        case .up, .pageUp: return .scrollUp
        case .down, .pageDown: return .scrollDown
        case .escape: return .quit
        case .character(let character):
            guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
            return action(for: character)
        default: return nil
        }
    }

    private static func action(for character: Character) -> KeyAction? {
        if let digit = character.wholeNumberValue, character.isASCII, (1...9).contains(digit) {
            return .jump(page: digit)
        }
        switch character.lowercased() {
        case "l", "n", " ": return .next
        case "h", "p", "b": return .back
        case "s": return .skip
        case "q": return .quit
        case "?": return .help
        default: return nil
        }
    }
}
