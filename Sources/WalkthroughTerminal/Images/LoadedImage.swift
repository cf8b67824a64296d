#if PICTURES
package import WalkthroughKit

/// An image file read and decoded: its bytes (for the protocols that take the file), its size
/// in the file, and its pixels (for the encoders that draw them), whole or reduced.
package struct LoadedImage: Sendable {
    /// The format its first bytes say.
    package let format: ImageFormat
    /// The file's bytes.
    package let fileBytes: [UInt8]
    /// Its size in the file (the decoded pixels may be fewer).
    package let size: PixelSize
    /// The decoded pixels: the whole image, or at least ``decodedAtLeast`` of it.
    package let decoded: DecodedImage
    /// The size the pixels were decoded for (`nil`: whole).
    package let decodedAtLeast: PixelSize?

    /// Reads and decodes the file at `path` within `limits`, whole or, with `atLeast`, reduced
    /// to no fewer pixels than that in each direction (``ImageDecoder/decode(_:limits:atLeast:)``).
    package init(
        contentsOf path: String, limits: ImageLimits = .standard, atLeast: PixelSize? = nil
    ) throws(ImageDecodingError) {
        let bytes = try ImageDecoder.fileBytes(of: path, limits: limits)
        try self.init(fileBytes: bytes, limits: limits, atLeast: atLeast)
    }

    /// Decodes `fileBytes` again for drawing at `atLeast`: this image when its pixels already
    /// serve that size.
    package func decoded(atLeast wanted: PixelSize, limits: ImageLimits) -> LoadedImage? {
        if let decodedAtLeast {
            guard wanted.width > decodedAtLeast.width || wanted.height > decodedAtLeast.height
            else { return self }
        } else {
            return self
        }
        return try? LoadedImage(fileBytes: fileBytes, limits: limits, atLeast: wanted)
    }

    private init(
        fileBytes bytes: [UInt8], limits: ImageLimits, atLeast: PixelSize?
    ) throws(ImageDecodingError) {
        var format: ImageFormat?
        var header: ImageHeader?
        let decoded = try bytes.withUnsafeBytes { raw in
            format = ImageFormat.sniff(raw)
            return Result { () throws(ImageDecodingError) in
                header = try ImageHeader.read(raw)
                return try ImageDecoder.decode(
                    raw, limits: limits, atLeast: atLeast.map { ($0.width, $0.height) })
            }
        }.get()
        self.format = format ?? .png
        self.fileBytes = bytes
        self.size = PixelSize(
            width: header?.width ?? decoded.width, height: header?.height ?? decoded.height)
        self.decoded = decoded
        self.decodedAtLeast = atLeast
    }
}
#endif
