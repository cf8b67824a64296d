import CPNGReduced
import Testing
import WalkthroughKit
import WalkthroughTerminal

/// The reduced PNG decode's C (Sources/CPNGReduced) at sizes the player's limits never let
/// through: its 32-bit column sums are folded into 64-bit ones before they could overflow.
struct PNGReducedTests {
    /// Decodes `png` of `width` × `height` to `outWidth` × `outHeight`, by the C function itself.
    static func reduced(
        _ png: [UInt8], width: Int, height: Int, outWidth: Int, outHeight: Int
    ) -> (status: Int32, pixels: [UInt8], message: String) {
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        var message = [CChar](repeating: 0, count: 200)
        let status = png.withUnsafeBufferPointer { bytes in
            walkthrough_png_decode_reduced(
                bytes.baseAddress, UInt(bytes.count), UInt32(width), UInt32(height),
                UInt32(outWidth), UInt32(outHeight), &pixels, &message, message.count)
        }
        let text = String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (status, pixels, text)
    }

    @Test func aBoxOfMoreRowsThan32BitSumsHoldAveragesRight() throws {
        // 70,000 rows of one colour in one output pixel: a column's red sum, 70,000 × 255 × 255,
        // is past 2^32, so a sum that was never folded would wrap and give another colour.
        let width = 2
        let height = 70_000
        let pixels = [UInt8](
            (0..<(width * height)).flatMap { _ in [255, 100, 50, 255] as [UInt8] })
        let png = try #require(
            PNGEncoding.encode(DecodedImage(width: width, height: height, pixels: pixels)))
        let result = Self.reduced(png, width: width, height: height, outWidth: 1, outHeight: 1)
        #expect(result.status == 0, "\(result.message)")
        #expect(result.pixels == [255, 100, 50, 255])
    }

    @Test func aSizeOutsideTheImageIsAnErrorNotAWrite() throws {
        let png = try #require(
            PNGEncoding.encode(
                DecodedImage(width: 4, height: 4, pixels: [UInt8](repeating: 9, count: 64))))
        let result = Self.reduced(png, width: 4, height: 4, outWidth: 5, outHeight: 2)
        #expect(result.status == -1)
        #expect(result.message == "the reduced size is not within the image")
    }
}
