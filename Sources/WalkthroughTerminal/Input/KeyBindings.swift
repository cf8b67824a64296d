/// The interactive player's keys, as docs/commands.md lists them under `play`.
///
/// → `l` `n` Space Enter: next · ← `h` `p` `b`: back · `1`–`9`: jump · `s`: skip · `q` Esc:
/// quit · `?`: help · Ctrl-C: interrupt · ↑ ↓ (and Page Up/Down): scroll content that does not
/// fit. Letters work in either case; modifiers on arrows are ignored.
package enum KeyBindings {
    /// The action bound to `key`, or `nil` when the key does nothing.
    package static func action(for key: Key) -> PlayerCommand? {
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

    private static func action(for character: Character) -> PlayerCommand? {
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
