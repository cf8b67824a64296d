#if PICTURES
import CJPEG
import WalkthroughKit

/// JPEG through libjpeg(-turbo), by the C helpers of the CJPEG module, which catch libjpeg's
/// errors with setjmp in C so that no longjmp crosses a Swift frame.
enum JPEGDecoding {
    /// The longest message libjpeg writes (`JMSG_LENGTH_MAX`).
    private static let messageCapacity = 200

    /// Decodes the JPEG whole, or at `reduction`'s eighths of its size.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader, reduction: ImageReduction? = nil,
        memoryLimit: Int
    ) throws(ImageDecodingError) -> DecodedImage {
        var failure: String?
        let eighths = reduction?.jpegEighths ?? 8
        let width = ImageReduction.roundedUp(header.width * eighths, 8)
        let height = ImageReduction.roundedUp(header.height * eighths, 8)
        let count = width * height * 4
        let pixels = withPixelBuffer(count: count) { buffer in
            var succeeded = false
            withMessageBuffer { message in
                let data = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                succeeded =
                    walkthrough_jpeg_decode(
                        data, UInt(bytes.count), UInt32(header.width), UInt32(header.height),
                        UInt32(eighths), UInt32(width), UInt32(height),
                        buffer.assumingMemoryBound(to: UInt8.self), memoryLimit, message,
                        messageCapacity) == 0
                if !succeeded { failure = String(cString: message) }
            }
            return succeeded
        }
        guard let pixels else {
            throw .unreadable(reason: "the JPEG is damaged: \(failure ?? "libjpeg gave no reason")")
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    private static func withMessageBuffer(_ body: (UnsafeMutablePointer<CChar>) -> Void) {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: messageCapacity)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: messageCapacity)
        body(buffer)
    }
}
#endif
