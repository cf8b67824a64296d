#if PICTURES
import CPNG
import WalkthroughKit

/// Writes RGBA pixels as a PNG file, with libpng's simplified API: for the benchmark's and the
/// tests' generated images.
package enum PNGEncoding {
    /// `image` as the bytes of a PNG file (8-bit RGBA), or `nil` when libpng refuses it.
    package static func encode(_ image: DecodedImage) -> [UInt8]? {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        defer { png_image_free(&png) }
        var size = 0
        let measured = image.pixels.withUnsafeBytes { pixels in
            png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { buffer in
            image.pixels.withUnsafeBytes { pixels in
                png_image_write_to_memory(
                    &png, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }
}
#endif
