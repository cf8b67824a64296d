#if PICTURES
import WalkthroughKit

/// Resamples an image to another size: each new pixel is the average of the source pixels it
/// covers (a box filter, so shrinking a large photo keeps its colours), composited over black.
enum PixelScaling {
    /// `image` at `width` × `height`, as RGB triples (3 bytes a pixel).
    static func rgb(_ image: DecodedImage, width: Int, height: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: width * height * 3)
        let sourceWidth = image.width
        let sourceHeight = image.height
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let top = y * sourceHeight / height
                let bottom = max((y + 1) * sourceHeight / height, top + 1)
                for x in 0..<width {
                    let left = x * sourceWidth / width
                    let right = max((x + 1) * sourceWidth / width, left + 1)
                    var red = 0
                    var green = 0
                    var blue = 0
                    var count = 0
                    // Large boxes are sampled on a grid of at most 8 × 8 pixels.
                    let stepY = max((bottom - top) / 8, 1)
                    let stepX = max((right - left) / 8, 1)
                    var sy = top
                    while sy < bottom {
                        var sx = left
                        var offset = (sy * sourceWidth + sx) * 4
                        while sx < right {
                            let alpha = Int(pixels[offset + 3])
                            red += Int(pixels[offset]) * alpha
                            green += Int(pixels[offset + 1]) * alpha
                            blue += Int(pixels[offset + 2]) * alpha
                            count += 1
                            sx += stepX
                            offset += stepX * 4
                        }
                        sy += stepY
                    }
                    let target = (y * width + x) * 3
                    let divisor = max(count * 255, 1)
                    output[target] = UInt8(red / divisor)
                    output[target + 1] = UInt8(green / divisor)
                    output[target + 2] = UInt8(blue / divisor)
                }
            }
        }
        return output
    }

    /// `image` at `width` × `height`, as RGBA (4 bytes a pixel, opaque).
    static func rgba(_ image: DecodedImage, width: Int, height: Int) -> [UInt8] {
        let rgb = rgb(image, width: width, height: height)
        var output = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            output[pixel * 4] = rgb[pixel * 3]
            output[pixel * 4 + 1] = rgb[pixel * 3 + 1]
            output[pixel * 4 + 2] = rgb[pixel * 3 + 2]
        }
        return output
    }
}
#endif
