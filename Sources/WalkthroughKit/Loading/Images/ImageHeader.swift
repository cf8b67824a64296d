/// What an image's header says, read in Swift without decoding a pixel (and without libpng or
/// libjpeg, which only the player's pictures link): the format its first bytes say, and its
/// width and height.
///
/// A PNG's size is its `IHDR` chunk; a JPEG's is its frame header (the first `SOF` marker),
/// found by walking the marker segments from the start. What the player cannot decode is
/// refused here with the reason: a size of zero, a bit depth or colour type PNG does not define,
/// a JPEG coding libjpeg does not decode (lossless, hierarchical), a file that ends before its
/// size, and a PNG whose compressed data is larger than its size can ever need (a decompression
/// bomb).
package struct ImageHeader: Sendable, Hashable {
    /// The format its first bytes say.
    package let format: ImageFormat
    /// Its width in pixels.
    package let width: Int
    /// Its height in pixels.
    package let height: Int

    /// A header of the given format and size.
    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The header of the image file at `path`, which may be at most `limits`' file size.
    package static func read(
        contentsOf path: String, limits: ImageLimits = .standard
    ) throws(ImageDecodingError) -> ImageHeader {
        let result = FileReader.withContents(of: path, limit: limits.maximumFileSize) {
            bytes in
            Result { () throws(ImageDecodingError) in try read(bytes) }
        }
        switch result {
        case .success(let header): return try header.get()
        case .failure(let problem): throw ImageDecodingError(problem, limits: limits)
        }
    }

    /// The header of an image held in memory: PNG or JPEG.
    package static func read(
        _ bytes: UnsafeRawBufferPointer
    ) throws(ImageDecodingError) -> ImageHeader {
        guard !bytes.isEmpty else { throw .unreadable(reason: "the file is empty") }
        switch ImageFormat.sniff(bytes) {
        case .png: return try png(bytes)
        case .jpeg: return try jpeg(bytes)
        case .gif, .webp, nil: throw .unreadable(reason: "it is neither a PNG nor a JPEG file")
        }
    }

    // MARK: - PNG

    /// The `IHDR` chunk, which must come first: width, height, bit depth, colour type.
    private static func png(
        _ bytes: UnsafeRawBufferPointer
    ) throws(ImageDecodingError) -> ImageHeader {
        // Signature (8), length (4), "IHDR" (4), width (4), height (4), depth, colour type.
        guard bytes.count >= 8 + 8 + 13 + 4,
            bigEndian(bytes, at: 8, count: 4) == 13,
            bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52
        else {
            throw .unreadable(reason: "it is not a readable PNG: its header chunk is missing")
        }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        let depth = bytes[24]
        let colourType = bytes[25]
        let depths: [UInt8]
        switch colourType {
        case 0: depths = [1, 2, 4, 8, 16]  // grey
        case 3: depths = [1, 2, 4, 8]  // palette
        case 2, 4, 6: depths = [8, 16]  // RGB, grey and alpha, RGBA
        default: depths = []
        }
        guard depths.contains(depth) else {
            throw .unreadable(
                reason: "it is not a readable PNG: colour type \(colourType) with bit depth "
                    + "\(depth) is not a PNG format")
        }
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .unreadable(reason: "the header gives a size of \(width)×\(height)")
        }
        let header = ImageHeader(format: .png, width: width, height: height)
        try checkImageData(bytes, header: header)
        return header
    }

    /// Refuses a PNG whose compressed image data (its IDAT chunks together) is larger than the
    /// image could ever need: 8 bytes a pixel (16-bit RGBA) and a filter byte a row, uncompressed,
    /// plus room for interlacing and deflate's overhead. Such data is a decompression bomb (or
    /// garbage); libpng would otherwise inflate all of it after the last row.
    private static func checkImageData(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader
    ) throws(ImageDecodingError) {
        let rowBytes = 1 + header.width * 8
        // Saturating: a header's size can make the bound itself larger than an Int.
        let (raw, overflow) = header.height.multipliedReportingOverflow(by: rowBytes)
        let (padded, overflowPadding) = raw.addingReportingOverflow(raw / 4 + 64 * 1024)
        let limit = overflow || overflowPadding ? Int.max : padded
        var offset = 8
        var total = 0
        while offset + 8 <= bytes.count {
            let length = bigEndian(bytes, at: offset, count: 4)
            let isIDAT =
                bytes[offset + 4] == 0x49 && bytes[offset + 5] == 0x44
                && bytes[offset + 6] == 0x41 && bytes[offset + 7] == 0x54
            if isIDAT {
                total += length
                if total > limit {
                    throw .unreadable(
                        reason: "its compressed image data is larger than a "
                            + "\(header.width)×\(header.height) image can need (a decompression "
                            + "bomb?)")
                }
            }
            offset += 12 + length
        }
    }

    // MARK: - JPEG

    /// The first frame header (`SOF`), found by walking the marker segments after `SOI`.
    private static func jpeg(
        _ bytes: UnsafeRawBufferPointer
    ) throws(ImageDecodingError) -> ImageHeader {
        var offset = 2
        while true {
            // Markers may be padded with any number of 0xFF bytes.
            while offset < bytes.count, bytes[offset] == 0xFF,
                offset + 1 < bytes.count, bytes[offset + 1] == 0xFF
            {
                offset += 1
            }
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else {
                throw .unreadable(reason: "it is not a readable JPEG: it ends before its size")
            }
            let marker = bytes[offset + 1]
            // Markers without a segment: TEM and the restart markers.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA {
                throw .unreadable(reason: "it is not a readable JPEG: it has no frame header")
            }
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else {
                throw .unreadable(reason: "it is not a readable JPEG: a marker segment is damaged")
            }
            // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                // Sequential, extended, progressive; Huffman or arithmetic coded.
                guard [0xC0, 0xC1, 0xC2, 0xC9, 0xCA].contains(marker) else {
                    throw .unreadable(
                        reason: "it is not a readable JPEG: its coding (SOF\(marker - 0xC0)) "
                            + "is lossless or hierarchical, which is not decoded here")
                }
                guard offset + 9 <= bytes.count, length >= 8 else {
                    throw .unreadable(reason: "it is not a readable JPEG: it ends before its size")
                }
                let height = bigEndian(bytes, at: offset + 5, count: 2)
                let width = bigEndian(bytes, at: offset + 7, count: 2)
                guard width > 0, height > 0 else {
                    throw .unreadable(reason: "the header gives a size of \(width)×\(height)")
                }
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            offset += 2 + length
        }
    }

    /// The unsigned big-endian integer of `count` bytes at `offset` (which must be in range).
    private static func bigEndian(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int
    ) -> Int {
        var value = 0
        for index in offset..<(offset + count) { value = value << 8 | Int(bytes[index]) }
        return value
    }
}
