/// A key press decoded from terminal input: a key code and the modifiers held with it.
///
/// Ctrl-C is `Key(.character("c"), modifiers: .control)`: in raw mode the terminal sends it as a
/// byte instead of raising SIGINT, and the player treats it like SIGINT.
package struct Key: Sendable, Hashable, CustomStringConvertible {
    /// Which key.
    package var code: KeyCode
    /// Shift, Alt and Control, where the terminal reported them.
    package var modifiers: KeyModifiers

    /// Creates a key.
    package init(_ code: KeyCode, modifiers: KeyModifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// Ctrl-C.
    package static let controlC = Key(.character("c"), modifiers: .control)

    /// A readable name, such as `Ctrl-C`, `Alt-x`, `Shift-Right` or `Enter`.
    package var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        parts.append(code.description)
        return parts.joined(separator: "-")
    }
}

/// The key part of a ``Key``.
package enum KeyCode: Sendable, Hashable, CustomStringConvertible {
    /// A printable character: a letter, a digit, a space, or any other text (for Ctrl-letter, the
    /// lowercase letter with ``KeyModifiers/control``).
    case character(Character)
    /// Enter (CR or LF).
    case enter
    /// Escape, alone.
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward).
    case delete
    /// A function key, F1 to F24.
    case function(Int)

    /// The key's name.
    package var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "BackTab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .insert: return "Insert"
        case .delete: return "Delete"
        case .function(let number): return "F\(number)"
        }
    }
}

/// Modifier keys held with a key.
package struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    package let rawValue: UInt8

    /// Creates modifiers from raw bits.
    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    package static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option).
    package static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    package static let control = KeyModifiers(rawValue: 1 << 2)
}
