/// SGR styles the renderer uses when colour is on.
enum TextStyle {
    case bold
    case dim
    case warning

    /// The SGR sequence that turns the style on.
    var sequence: String {
        switch self {
        case .bold: return "\u{1B}[1m"
        case .dim: return "\u{1B}[2m"
        case .warning: return "\u{1B}[33m"
        }
    }

    /// Resets every attribute.
    static let reset = "\u{1B}[0m"

    /// `text` in this style when `colour` is on, else `text` unchanged. `text` must already be
    /// sanitised: this is where the renderer's own escape sequences are added.
    func apply(to text: String, colour: Bool) -> String {
        guard colour, !text.isEmpty else { return text }
        return sequence + text + TextStyle.reset
    }
}
