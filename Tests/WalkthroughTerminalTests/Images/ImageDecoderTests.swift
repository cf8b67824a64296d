import FoundationEssentials
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Decoding with libpng and libjpeg: the same pixels every time, the size checked from the
/// header first, and every damaged or hostile file an error rather than a crash.
struct ImageDecoderTests {
    static let images = repositoryRoot() + "/walkthroughs/images"

    /// A 64-bit FNV-1a hash of the pixels, to pin them without a golden file of raw bytes.
    static func fingerprint(_ image: DecodedImage) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in image.pixels {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }

    @Test func foodPinPicturesDecodeToTheSamePixelsEveryTime() throws {
        for number in 1...3 {
            let path = "\(Self.images)/foodpin-intro-\(number).png"
            let first = try ImageDecoder.decode(contentsOf: path)
            let second = try ImageDecoder.decode(contentsOf: path)
            #expect(first.width == 320 && first.height == 200)
            #expect(first.pixels.count == 320 * 200 * 4)
            #expect(Self.fingerprint(first) == Self.fingerprint(second))
        }
        // The pin on page 2 is red in the middle of its head's ring, the map pale green.
        let map = try ImageDecoder.decode(contentsOf: "\(Self.images)/foodpin-intro-2.png")
        let pin = Array(map.pixels[((50 * 320) + 168) * 4..<((50 * 320) + 168) * 4 + 4])
        #expect(pin == [214, 69, 65, 255])
        let land = Array(map.pixels[((10 * 320) + 10) * 4..<((10 * 320) + 10) * 4 + 4])
        #expect(land == [225, 240, 228, 255])
    }

    @Test func aJPEGDecodesCloseToThePNGItWasMadeFrom() throws {
        let png = try ImageDecoder.decode(contentsOf: "\(Self.images)/foodpin-intro-2.png")
        let jpeg = try #require(JPEGEncoding.encode(png, quality: 90))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try jpeg.withUnsafeBytes { try ImageDecoder.decode($0) }
        let again = try jpeg.withUnsafeBytes { try ImageDecoder.decode($0) }
        #expect(decoded.width == 320 && decoded.height == 200)
        #expect(decoded.pixels == again.pixels)
        // Lossy, but close: the average difference per channel is small.
        var difference = 0
        for index in 0..<png.pixels.count {
            difference += abs(Int(png.pixels[index]) - Int(decoded.pixels[index]))
        }
        #expect(difference / png.pixels.count < 4)
    }

    @Test func theFormatComesFromTheBytesNotTheName() throws {
        let folder = try TemporaryFolder()
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(Self.images)/foodpin-intro-1.png"))
        let path = try folder.write(png, to: "picture.jpg")
        let image = try ImageDecoder.decode(contentsOf: path)
        #expect(image.width == 320)
        let header = try ImageHeader.read(contentsOf: path)
        #expect(header.format == .png)
    }

    @Test func hostileFilesAreErrorsNotCrashes() throws {
        let folder = try TemporaryFolder()
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(Self.images)/foodpin-intro-1.png"))
        try HostileImages.write(into: folder, validPNG: Array(png), bomb: false)
        let tooLarge: Set<String> = ["huge.png", "wide.png", "memory.png"]
        for name in HostileImages.names.keys.sorted() where name != "bomb.png" {
            do {
                _ = try ImageDecoder.decode(contentsOf: folder.file(name))
                Issue.record("\(name) (\(HostileImages.names[name]!)) decoded")
            } catch {
                switch error {
                case .tooLarge:
                    #expect(tooLarge.contains(name), "\(name): \(error.message)")
                case .unreadable:
                    #expect(!tooLarge.contains(name), "\(name): \(error.message)")
                }
            }
        }
        #expect(throws: ImageDecodingError.unreadable(reason: "the file is not there")) {
            try ImageDecoder.decode(contentsOf: folder.file("missing.png"))
        }
    }

    @Test func theSizeIsCheckedBeforeDecoding() throws {
        let claim = HostileImages.png(width: 100_000, height: 100_000, idat: [])
        let error = #expect(throws: ImageDecodingError.self) {
            try claim.withUnsafeBytes { try ImageDecoder.decode($0) }
        }
        #expect(error?.message.contains("100000×100000") == true)
        // Within the side limit but not the memory cap.
        let limits = ImageLimits(
            maximumSide: 8192, maximumDecodedBytes: 1 << 20, maximumFileSize: 1 << 20)
        let square = HostileImages.png(width: 1024, height: 1024, idat: [])
        #expect(throws: ImageDecodingError.self) {
            try square.withUnsafeBytes { try ImageDecoder.decode($0, limits: limits) }
        }
    }

    @Test func aJPEGCutShortIsAnError() throws {
        let png = try ImageDecoder.decode(contentsOf: "\(Self.images)/foodpin-intro-3.png")
        let jpeg = try #require(JPEGEncoding.encode(png))
        for length in [3, 100, jpeg.count / 2, jpeg.count - 2] {
            let cut = Array(jpeg.prefix(length))
            #expect(throws: ImageDecodingError.self) {
                try cut.withUnsafeBytes { try ImageDecoder.decode($0) }
            }
        }
    }
}
