#if PICTURES
package import WalkthroughKit

/// Decodes PNG and JPEG files into RGBA pixels with Debian's libpng and libjpeg (the
/// `Pictures` trait).
///
/// The format comes from the file's first bytes, not its name. The header is read first and
/// its width and height checked against ``ImageLimits`` before a single pixel is decoded, so a
/// file claiming 100000 × 100000 pixels costs nothing; a damaged file is an error, never a
/// crash, and nothing is ever printed.
package enum ImageDecoder {
    /// Reads and decodes the image file at `path`.
    package static func decode(
        contentsOf path: String, limits: ImageLimits = .standard
    ) throws(ImageDecodingError) -> DecodedImage {
        let result = FileReader.withContents(of: path, limit: limits.maximumFileSize) {
            bytes in
            Result { () throws(ImageDecodingError) in try decode(bytes, limits: limits) }
        }
        switch result {
        case .success(let decoded): return try decoded.get()
        case .failure(let problem): throw ImageDecodingError(problem, limits: limits)
        }
    }

    /// The bytes of the image file at `path`, at most ``ImageLimits/maximumFileSize`` of them.
    package static func fileBytes(
        of path: String, limits: ImageLimits = .standard
    ) throws(ImageDecodingError) -> [UInt8] {
        switch FileReader.withContents(of: path, limit: limits.maximumFileSize, { Array($0) }) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw ImageDecodingError(problem, limits: limits)
        }
    }

    /// Decodes an image held in memory, checking its size against `limits` first.
    ///
    /// - Parameter atLeast: The fewest pixels a row and the fewest rows the caller will draw
    ///   from (`nil`: all of them). An image larger than that in both directions is reduced
    ///   while it is decoded, never held whole: a PNG row by row into that size or a little
    ///   more (each pixel the average of those its box covers), a JPEG by libjpeg's own scaling
    ///   to the smallest eighth of its size that is still as large. The aspect is kept.
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .standard,
        atLeast: (width: Int, height: Int)? = nil
    ) throws(ImageDecodingError) -> DecodedImage {
        let header = try ImageHeader.read(bytes)
        if let problem = limits.problem(width: header.width, height: header.height) {
            throw problem
        }
        let reduction = atLeast.flatMap { ImageReduction(header: header, atLeast: $0) }
        switch header.format {
        case .png:
            if let reduction,
                let reduced = try PNGDecoding.decode(bytes, header: header, reducedTo: reduction)
            {
                return reduced
            }
            return try PNGDecoding.decode(bytes, header: header)
        case .jpeg:
            return try JPEGDecoding.decode(
                bytes, header: header, reduction: reduction,
                memoryLimit: limits.maximumDecodedBytes)
        case .gif, .webp:
            // `ImageHeader.read(_:)` refuses them: the player decodes PNG and JPEG only.
            throw .unreadable(reason: "it is neither a PNG nor a JPEG file")
        }
    }
}

/// Allocates `count` bytes for pixels and lets `fill` write them; `fill` returns whether it
/// succeeded.
func withPixelBuffer(
    count: Int, _ fill: (UnsafeMutableRawPointer) -> Bool
) -> [UInt8]? {
    var succeeded = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        buffer.initialize(repeating: 0)
        succeeded = fill(buffer.baseAddress!)
        initialized = count
    }
    return succeeded ? pixels : nil
}
#endif
