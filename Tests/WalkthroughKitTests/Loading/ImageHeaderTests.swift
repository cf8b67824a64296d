import Testing
import WalkthroughKit

/// The PNG and JPEG headers read in Swift (what `validate` and the gate check an image by):
/// the size a file declares, refused when it cannot be an image, never a trap.
struct ImageHeaderTests {
    /// A PNG signature and an `IHDR` chunk of `width` × `height`, 8-bit RGBA, then `extra`.
    private func png(width: UInt32, height: UInt32, extra: [UInt8] = []) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [
                UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
                UInt8(value & 0xFF),
            ]
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
            + [0, 0, 0, 0] + extra
    }

    @Test func aPNGHeaderGivesItsSize() throws {
        let bytes = png(width: 640, height: 480)
        let header = try bytes.withUnsafeBytes { buffer throws(ImageDecodingError) in
            try ImageHeader.read(buffer)
        }
        #expect(header.width == 640 && header.height == 480)
    }

    /// A fuzzer's finding (`fuzz/corpus/image/png-huge-size-overflow`): a header so large that the
    /// bound on its compressed data overflowed an `Int` and trapped. It is read, not trapped on.
    @Test func aHugeDeclaredSizeIsNoTrap() throws {
        let bytes = png(width: 0x556E_7361, height: 0x2A65_0001)
        let header = try bytes.withUnsafeBytes { buffer throws(ImageDecodingError) in
            try ImageHeader.read(buffer)
        }
        #expect(header.width == 0x556E_7361 && header.height == 0x2A65_0001)
    }

    @Test func moreCompressedDataThanTheImageCanNeedIsRefused() {
        // A 1×1 image with an IDAT chunk that claims 1 MiB.
        let idat: [UInt8] = [0x00, 0x10, 0x00, 0x00] + Array("IDAT".utf8)
        let bytes = png(width: 1, height: 1, extra: idat)
        #expect(throws: ImageDecodingError.self) {
            try bytes.withUnsafeBytes { buffer throws(ImageDecodingError) in
                try ImageHeader.read(buffer)
            }
        }
    }
}
