/// What the player draws where a page's image goes.
package enum ImageArt: Sendable, Hashable {
    /// Lines of symbol art, one a row of the placement, each as wide as the placement.
    case lines([String])
    /// One escape sequence (kitty, iTerm2, sixel) drawn at the placement's top-left cell.
    case sequence(String)
}
