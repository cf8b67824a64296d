#if PICTURES
import CJPEG
@preconcurrency import Glibc
import WalkthroughKit

/// Writes RGBA pixels as a JPEG file with libjpeg: for the tests' and the benchmark's generated
/// images.
package enum JPEGEncoding {
    /// `image` as the bytes of a baseline JPEG of `quality` (1-100), or `nil` when libjpeg
    /// refuses it.
    package static func encode(_ image: DecodedImage, quality: Int = 85) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let message = UnsafeMutablePointer<CChar>.allocate(capacity: 200)
        defer { message.deallocate() }
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            walkthrough_jpeg_encode(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality),
                &output, &size, message, 200)
        }
        defer { free(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
#endif
