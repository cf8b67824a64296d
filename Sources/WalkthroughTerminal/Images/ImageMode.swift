/// How the interactive player draws a page's image (`play --images`, `WALKTHROUGH_IMAGES`).
package enum ImageMode: String, Sendable, Hashable, CaseIterable {
    /// Decide from the terminal: symbols inside tmux (which inherits the outer terminal's
    /// variables); else kitty when `TERM=xterm-kitty` or `KITTY_WINDOW_ID` is set, iterm when
    /// `TERM_PROGRAM` is `iTerm.app` or `WezTerm`, sixel (with the `Chafa` trait) when the
    /// terminal's device-attributes answer lists 4, else symbols; none in plain mode and with
    /// `TERM=dumb`.
    case auto
    /// The kitty graphics protocol.
    case kitty
    /// Sixel graphics; drawn only by a build with the `Chafa` trait, else as ``symbols``.
    case sixel
    /// iTerm2's inline image protocol (iTerm2, WezTerm).
    case iterm
    /// Colour block art made of text (monochrome when colour is off): works everywhere.
    case symbols
    /// No image: its alt text and file name, as the plain player shows.
    case none
}

/// What the player ends up drawing images with, once `ImageMode.auto` is decided.
package enum ResolvedImageMode: Sendable, Hashable {
    case kitty
    case sixel
    case iterm
    case symbols(SymbolColours)
    case none
}

/// The colours symbol art uses.
package enum SymbolColours: Sendable, Hashable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColour
    /// The 256-colour palette.
    case palette256
    /// No colour (`NO_COLOR`): shapes from dithered light and dark.
    case monochrome
}
