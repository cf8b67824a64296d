import FoundationEssentials
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// A picture drawn in a few dozen cells is decoded reduced, never whole: a PNG row by row into
/// the size asked, a JPEG by libjpeg's own scaling. Checked against the whole decode (libpng's
/// simplified API, libjpeg at full size) averaged in the test over each output pixel's box.
struct ReducedDecodingTests {
    static let images = repositoryRoot() + "/walkthroughs/images"

    /// `image` averaged over boxes to `width` × `height`, colours weighted by alpha, as the
    /// reduced PNG decode defines it: the reference, written here apart from the decoder.
    static func boxAverage(_ image: DecodedImage, width: Int, height: Int) -> [Int] {
        var sums = [Int](repeating: 0, count: width * height * 5)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let source = (y * image.width + x) * 4
                let target = ((y * height / image.height) * width + x * width / image.width) * 5
                let alpha = Int(image.pixels[source + 3])
                sums[target] += alpha
                for channel in 0..<3 {
                    sums[target + 1 + channel] += Int(image.pixels[source + channel]) * alpha
                }
                sums[target + 4] += 1
            }
        }
        var result: [Int] = []
        for pixel in 0..<(width * height) {
            let sum = Array(sums[(pixel * 5)..<(pixel * 5 + 5)])
            let colours = (1...3).map { sum[0] == 0 ? 0 : (sum[$0] + sum[0] / 2) / sum[0] }
            result += colours + [(sum[0] + sum[4] / 2) / sum[4]]
        }
        return result
    }

    /// A 301 × 203 picture with colour, texture and every alpha from clear to opaque.
    static func picture() -> DecodedImage {
        let width = 301
        let height = 203
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [
                    UInt8((x * 255) / width), UInt8((y * 255) / height),
                    UInt8(((x * 7 + y * 13) % 64) * 4), UInt8(((x + y) * 255) / (width + height)),
                ]
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(34, 24), (68, 48), (300, 202), (1, 1)])
    func aPNGDecodedReducedIsTheBoxAverageOfTheWholeDecode(width: Int, height: Int) throws {
        let png = try #require(PNGEncoding.encode(Self.picture()))
        let whole = try png.withUnsafeBytes { try ImageDecoder.decode($0) }
        let reduced = try png.withUnsafeBytes {
            try ImageDecoder.decode($0, atLeast: (width, height))
        }
        // The aspect is kept, and neither side is smaller than asked.
        #expect(reduced.width >= width && reduced.height >= height)
        #expect(reduced.width <= whole.width && reduced.height <= whole.height)
        #expect(reduced.pixels.count < whole.pixels.count)
        #expect(
            abs(reduced.width * whole.height - reduced.height * whole.width) <= whole.width
                + whole.height)
        let expected = Self.boxAverage(whole, width: reduced.width, height: reduced.height)
        let got = reduced.pixels.map(Int.init)
        let worst = zip(expected, got).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1, "largest difference from the box average: \(worst)")
    }

    @Test func theFoodPinPicturesReduceAsTheirWholeDecodeAverages() throws {
        for number in 1...3 {
            let path = "\(Self.images)/foodpin-intro-\(number).png"
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            let whole = try ImageDecoder.decode(contentsOf: path)
            let reduced = try bytes.withUnsafeBytes {
                try ImageDecoder.decode($0, atLeast: (68, 48))
            }
            #expect(reduced.width == 77 && reduced.height == 48, "\(number)")
            let expected = Self.boxAverage(whole, width: reduced.width, height: reduced.height)
            let worst = zip(expected, reduced.pixels.map(Int.init)).map { abs($0 - $1) }.max()
            #expect((worst ?? 0) <= 1, "picture \(number): \(worst ?? 0)")
        }
    }

    @Test func aPictureNoLargerThanAskedIsDecodedWhole() throws {
        let png = try #require(PNGEncoding.encode(Self.picture()))
        let whole = try png.withUnsafeBytes { try ImageDecoder.decode($0) }
        for asked in [(301, 203), (400, 100), (100, 400)] {
            let decoded = try png.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: asked) }
            #expect(decoded == whole, "\(asked)")
        }
    }

    @Test func aJPEGIsDecodedAtTheSmallestEighthThatIsLargeEnough() throws {
        let source = try ImageDecoder.decode(contentsOf: "\(Self.images)/foodpin-intro-2.png")
        let jpeg = try #require(JPEGEncoding.encode(source, quality: 90))
        let whole = try jpeg.withUnsafeBytes { try ImageDecoder.decode($0) }
        // 320 × 200: 68 × 48 needs 2/8 (80 × 50); 34 × 24 needs 1/8 (40 × 25).
        for (asked, size) in [((68, 48), (80, 50)), ((34, 24), (40, 25)), ((300, 10), (320, 200))] {
            let reduced = try jpeg.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: asked) }
            #expect(reduced.width == size.0 && reduced.height == size.1, "\(asked)")
            // libjpeg's scaled IDCT is not a box filter, but close to one.
            let expected = Self.boxAverage(whole, width: reduced.width, height: reduced.height)
            let total = zip(expected, reduced.pixels.map(Int.init)).map { abs($0 - $1) }
                .reduce(0, +)
            #expect(
                total / expected.count < 6, "\(asked): mean difference \(total / expected.count)")
        }
    }

    /// A file that states its gamma (gAMA: 1.0, linear light, as some tools write; 1/2.2;
    /// 0.22) is drawn reduced as the whole decode, libpng's simplified API, gives it: for 8-bit
    /// colour in and out that API leaves the samples as they are, and so does the row decode.
    @Test(arguments: [100_000, 45_455, 22_000])
    func aPNGThatStatesItsGammaReducesAsItsWholeDecode(gamma: UInt32) throws {
        let plain = try #require(PNGEncoding.encode(Self.picture()))
        let png = PNGChunks.inserting(
            PNGChunks.chunk("gAMA", PNGChunks.bigEndian(gamma)), afterHeaderOf: plain)
        let whole = try png.withUnsafeBytes { try ImageDecoder.decode($0) }
        let reduced = try png.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: (68, 48)) }
        let expected = Self.boxAverage(whole, width: reduced.width, height: reduced.height)
        let worst = zip(expected, reduced.pixels.map(Int.init)).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1, "largest difference from the box average: \(worst)")
    }

    @Test func aDamagedPNGDecodedReducedIsAnError() throws {
        let png = try #require(PNGEncoding.encode(Self.picture()))
        for length in [60, png.count / 2, png.count - 20] {
            var cut = Array(png.prefix(length))
            if length == png.count - 20 {
                // Whole in length, garbage in the image data.
                cut = png
                for index in (png.count / 2)..<(png.count / 2 + 64) { cut[index] ^= 0x5A }
            }
            #expect(throws: ImageDecodingError.self, "\(length)") {
                try cut.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: (34, 24)) }
            }
        }
    }

    /// The reduced decode skips zlib's Adler-32 of the inflated rows, because each chunk's CRC
    /// already covers every compressed byte: one flipped bit in the stream's own Adler-32 (the
    /// last 4 bytes of the image data, before the chunk's CRC and the 12-byte IEND) is still
    /// an error, caught by the CRC.
    @Test func aFlippedBitInTheImageDataIsCaughtByTheChunkCRC() throws {
        let png = try #require(PNGEncoding.encode(Self.picture()))
        #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
        var damaged = png
        damaged[png.count - 12 - 4 - 1] ^= 0x01
        #expect(throws: ImageDecodingError.self) {
            try damaged.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: (34, 24)) }
        }
        let whole = try png.withUnsafeBytes { try ImageDecoder.decode($0, atLeast: (34, 24)) }
        #expect(whole.width >= 34)
    }
}
