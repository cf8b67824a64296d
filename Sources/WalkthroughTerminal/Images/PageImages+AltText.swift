#if !PICTURES
package import WalkthroughKit

/// The player's images in a build without the `Pictures` trait: none is ever drawn, and
/// every page shows its image's alt text (the player never makes one: see
/// ``PictureBuild/drawsImages``).
package final class PageImages {
    /// How images would be drawn.
    package let mode: ResolvedImageMode

    /// Creates a cache that draws nothing.
    package init(mode: ResolvedImageMode, limits: ImageLimits = .standard) {
        self.mode = mode
    }

    /// `nil`: the alt text is shown.
    package func pixelSize(of page: Page, in walkthrough: Walkthrough) -> PixelSize? { nil }

    /// `nil`: the alt text is shown.
    package func art(of page: Page, in walkthrough: Walkthrough, size: CellSize) -> ImageArt? {
        nil
    }

    /// Nothing to decode.
    package func prefetch(_ page: Page, in walkthrough: Walkthrough) {}

    /// Nothing to forget.
    package func reload() {}
}
#endif
