#if PICTURES
import CPNG
import CPNGReduced
import WalkthroughKit

/// PNG through libpng's simplified API, which keeps libpng's longjmp error handling inside
/// libpng (an error is a return value with a message) and applies libpng's default limits to
/// ancillary chunks.
enum PNGDecoding {
    static func decode(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader
    ) throws(ImageDecodingError) -> DecodedImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0,
            Int(image.width) == header.width, Int(image.height) == header.height
        else {
            throw .unreadable(reason: "it is not a readable PNG: \(message(of: image))")
        }
        // PNG_FORMAT_RGBA, a macro Swift cannot import.
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let count = header.width * header.height * 4
        let pixels = withPixelBuffer(count: count) { buffer in
            png_image_finish_read(&image, nil, buffer, 0, nil) != 0
        }
        guard let pixels else {
            throw .unreadable(reason: "the PNG is damaged: \(message(of: image))")
        }
        return DecodedImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Decodes the PNG straight into `reduction`'s size, one row held at a time; `nil` for an
    /// interlaced file, which must be decoded whole.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader, reducedTo reduction: ImageReduction
    ) throws(ImageDecodingError) -> DecodedImage? {
        var status: Int32 = 0
        var failure = ""
        let pixels = withPixelBuffer(count: reduction.width * reduction.height * 4) { buffer in
            let capacity = 200
            let message = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
            defer { message.deallocate() }
            message.initialize(repeating: 0, count: capacity)
            status = walkthrough_png_decode_reduced(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                UInt32(header.width), UInt32(header.height), UInt32(reduction.width),
                UInt32(reduction.height), buffer.assumingMemoryBound(to: UInt8.self), message,
                capacity)
            failure = String(cString: message)
            return status >= 0
        }
        guard let pixels else {
            throw .unreadable(
                reason: "the PNG is damaged: \(failure.isEmpty ? "libpng gave no reason" : failure)"
            )
        }
        guard status == 0 else { return nil }
        return DecodedImage(width: reduction.width, height: reduction.height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }
}
#endif
