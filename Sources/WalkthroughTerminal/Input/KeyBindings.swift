package import WalkthroughKit

/// The interactive player's keys, as docs/commands.md lists them under `play`.
///
/// → `l` `n` Space Enter: next · ← `h` `p` `b`: back · `1`–`9`: jump · `s`: skip · `z`: later
/// (snooze) · `q` Esc: quit · `?`: help · Ctrl-C: interrupt · ↑ ↓ (and Page Up/Down): scroll
/// content that does not fit. Letters work in either case; modifiers on arrows are ignored.
///
/// A vertical walkthrough (`layout.orientation`) adds `j` (as ↓) and `k` (as ↑); there ↓ and
/// ↑ scroll on past the content's end to the next or previous page
/// (``InteractiveController``), so ↓ `j` Page Down move on and ↑ `k` Page Up move back.
package enum KeyBindings {
    /// The action bound to `key` in a walkthrough of `orientation`, or `nil` when the key does
    /// nothing.
    package static func action(
        for key: Key, orientation: Walkthrough.PageLayout.Orientation = .horizontal
    ) -> PlayerCommand? {
        if key == .controlC { return .interrupt }
        if orientation == .vertical, case .character(let character) = key.code,
            key.modifiers.isDisjoint(with: [.control, .alt])
        {
            switch character.lowercased() {
            case "j": return .scrollDown
            case "k": return .scrollUp
            default: break
            }
        }
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

    private static func action(for character: Character) -> PlayerCommand? {
        if let digit = character.wholeNumberValue, character.isASCII, (1...9).contains(digit) {
            return .jump(page: digit)
        }
        switch character.lowercased() {
        case "l", "n", " ": return .next
        case "h", "p", "b": return .back
        case "s": return .skip
        case "z": return .snooze
        case "q": return .quit
        case "?": return .help
        default: return nil
        }
    }
}
