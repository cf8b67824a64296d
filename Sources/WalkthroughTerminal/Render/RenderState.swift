package import WalkthroughKit

/// Everything the renderer draws from: the walkthrough, the page shown, and the player's own
/// state (help overlay, status line, scroll position, colour).
///
/// A plain value, so that drawing is a pure function (``Renderer/render(_:size:)``) that tests
/// pin with golden files.
package struct RenderState: Sendable, Hashable {
    /// The walkthrough being played.
    package var walkthrough: Walkthrough
    /// The page shown, 0-based.
    package var pageIndex: Int
    /// Whether the key help overlay covers the page.
    package var showsHelp: Bool
    /// A one-line message under the page, such as why a move was refused.
    package var status: String?
    /// How many lines of the page's content are scrolled out of view at the top. The renderer
    /// clamps it to what the size allows (``Renderer/maximumScroll(_:size:)``).
    package var scrollOffset: Int
    /// Whether to use colour and bold (SGR sequences); off when `NO_COLOR` is set.
    package var colour: Bool
    /// The size of the page's image when the player can draw it; `nil` shows the image line
    /// (alt text and file name) instead.
    package var imageSize: PixelSize?
    /// The two pages shown side by side, when the player shows spreads; `nil` shows the page
    /// at ``pageIndex`` alone.
    package var spread: ShownSpread?
    /// The last page (0-based) a jump may reach now, as the session's navigator says
    /// (``Navigator/furthestReachable``): under linear navigation no further than the page
    /// after the furthest reached. `nil` counts the page shown as the furthest reached.
    package var furthestReachable: Int?

    /// Creates a state.
    package init(
        walkthrough: Walkthrough, pageIndex: Int, showsHelp: Bool = false, status: String? = nil,
        scrollOffset: Int = 0, colour: Bool = false, imageSize: PixelSize? = nil,
        spread: ShownSpread? = nil, furthestReachable: Int? = nil
    ) {
        self.spread = spread
        self.furthestReachable = furthestReachable
        self.walkthrough = walkthrough
        self.pageIndex = pageIndex
        self.showsHelp = showsHelp
        self.status = status
        self.scrollOffset = scrollOffset
        self.colour = colour
        self.imageSize = imageSize
    }

    /// The page shown, with the index clamped into the walkthrough's pages.
    package var page: Page {
        walkthrough.pages[min(max(pageIndex, 0), walkthrough.pages.count - 1)]
    }

    /// The last page (0-based) the key help offers to jump to: ``furthestReachable``, or when
    /// it is `nil`, the page after the one shown under linear navigation and the last page under
    /// free navigation.
    package var jumpLimit: Int {
        furthestReachable
            ?? Navigator(
                count: walkthrough.pages.count, navigation: walkthrough.navigation,
                startingAt: spread?.pages.upperBound ?? pageIndex
            ).furthestReachable
    }

    /// Whether the page shown is the last (in a spread: whether the spread holds it).
    package var isLastPage: Bool {
        (spread?.pages.upperBound ?? pageIndex) >= walkthrough.pages.count - 1
    }
}

/// A spread on the screen: its pages (two, or an odd last page alone, drawn in the left half)
/// and the sizes of their images where the player draws them.
package struct ShownSpread: Sendable, Hashable {
    /// The pages, 0-based.
    package var pages: ClosedRange<Int>
    /// The size of each page's image (by position in ``pages``), `nil` where none is drawn.
    package var imageSizes: [PixelSize?]

    /// Creates a spread.
    package init(pages: ClosedRange<Int>, imageSizes: [PixelSize?] = []) {
        self.pages = pages
        self.imageSizes = imageSizes
    }

    /// The blank columns between the two pages.
    package static let gutter = 4
    /// The narrowest page of a spread: `always` shows spreads from twice this plus the gutter.
    package static let minimumPageColumns = 24

    /// Whether a terminal `columns` wide shows spreads under `spread`: `auto` from
    /// ``Walkthrough/PageLayout/autoSpreadColumns``, `always` wherever two pages of
    /// ``minimumPageColumns`` fit.
    package static func isShown(_ spread: Walkthrough.PageLayout.Spread, columns: Int) -> Bool {
        switch spread {
        case .never: return false
        case .auto: return columns >= Walkthrough.PageLayout.autoSpreadColumns
        case .always: return columns >= 2 * minimumPageColumns + gutter
        }
    }

    /// The width of each half of a spread on a screen `width` columns wide.
    package static func pageColumns(width: Int) -> Int {
        max((width - gutter) / 2, 1)
    }
}

/// One screen: its lines, and where the page's image is drawn over them.
package struct RenderedScreen: Sendable, Hashable {
    /// Exactly as many lines as the screen has rows; the image's rows are blank.
    package var lines: [String]
    /// Where each image goes, when it is drawn: one for a page, up to two for a spread.
    package var placedImages: [PlacedImage]

    /// Where the first image goes (a page's only one), when it is drawn.
    package var imagePlacement: ImagePlacement? { placedImages.first?.placement }
}

/// An image on the screen: whose it is and where it goes.
package struct PlacedImage: Sendable, Hashable {
    /// The page (0-based) the image belongs to.
    package var page: Int
    /// Where it goes.
    package var placement: ImagePlacement
}
