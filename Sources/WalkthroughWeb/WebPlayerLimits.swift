import WalkthroughKit

/// The web player's sizes, the same for the exported page and the web client.
package enum WebPlayerLimits {
    /// Walkthroughs with more pages than this show no dots, only `N/M`: a row of thousands of
    /// dots helps no one.
    package static let maxDots = 30
    /// The narrowest window, in CSS pixels, where `"spread": "always"` shows two pages: two
    /// columns of 18 rem and the gutter.
    package static let alwaysSpreadPixels = 640
    /// The narrowest window, in CSS pixels, where `"spread": "auto"` shows two pages.
    package static let autoSpreadPixels = Walkthrough.PageLayout.autoSpreadPixels
}
