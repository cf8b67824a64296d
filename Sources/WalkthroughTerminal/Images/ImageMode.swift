/// How the interactive player draws a page's image (`play --images`, `WALKTHROUGH_IMAGES`).
public enum ImageMode: String, Sendable, Hashable, CaseIterable {
    /// Decide from the terminal: see ``ImageModeDetection``.
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

/// What the player ends up drawing images with, once ``ImageMode/auto`` is decided.
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
