package import WalkthroughKit

/// An image file read and decoded: its bytes (for the protocols that take the file) and its
/// pixels (for the encoders that draw them).
package struct LoadedImage: Sendable {
    /// The format its first bytes say.
    package let format: ImageFormat
    /// The file's bytes.
    package let fileBytes: [UInt8]
    /// The decoded pixels.
    package let decoded: DecodedImage

    /// Reads and decodes the file at `path` within `limits`.
    package init(
        contentsOf path: String, limits: ImageLimits = .standard
    ) throws(ImageDecodingError) {
        let bytes = try ImageDecoder.fileBytes(of: path, limits: limits)
        var format: ImageFormat?
        let decoded = try bytes.withUnsafeBytes { raw in
            format = ImageFormat.sniff(raw)
            return Result { () throws(ImageDecodingError) in
                try ImageDecoder.decode(raw, limits: limits)
            }
        }.get()
        self.format = format ?? .png
        self.fileBytes = bytes
        self.decoded = decoded
    }
}
