#if PICTURES
import WalkthroughKit

/// An image's pixels: `width` × `height`, row by row from the top, 4 bytes a pixel (red, green,
/// blue, alpha; not premultiplied).
package struct DecodedImage: Sendable, Hashable {
    /// Pixels a row.
    package let width: Int
    /// Rows.
    package let height: Int
    /// `width * height * 4` bytes, RGBA.
    package let pixels: [UInt8]

    /// Creates an image; `pixels` must hold `width * height * 4` bytes.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA pixels of the given size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
#endif
