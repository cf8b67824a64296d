/// The sizes beyond which an image is not decoded (its alt text is shown instead), checked from
/// its header before any pixel is decoded.
package struct ImageLimits: Sendable, Hashable {
    /// The widest and tallest image, in pixels.
    package var maximumSide: Int
    /// The most bytes the decoded pixels (4 a pixel) may take.
    package var maximumDecodedBytes: Int
    /// The largest image file read.
    package var maximumFileSize: Int

    /// The player's and `validate`'s limits: 8192 pixels a side, 64 MiB of decoded pixels
    /// (4096 × 4096), a 32 MiB file.
    package static let standard = ImageLimits(
        maximumSide: 8192, maximumDecodedBytes: 64 << 20, maximumFileSize: 32 << 20)

    /// Creates limits.
    package init(maximumSide: Int, maximumDecodedBytes: Int, maximumFileSize: Int) {
        self.maximumSide = maximumSide
        self.maximumDecodedBytes = maximumDecodedBytes
        self.maximumFileSize = maximumFileSize
    }

    /// Why an image of this size is refused, or `nil` when it is within the limits.
    package func problem(width: Int, height: Int) -> ImageDecodingError? {
        guard width > 0, height > 0 else {
            return .unreadable(reason: "the header gives a size of \(width)×\(height)")
        }
        if width > maximumSide || height > maximumSide {
            return .tooLarge(width: width, height: height, limit: "\(maximumSide) pixels a side")
        }
        let (bytes, overflow) = width.multipliedReportingOverflow(by: height * 4)
        if overflow || bytes > maximumDecodedBytes {
            return .tooLarge(
                width: width, height: height,
                limit: "\(maximumDecodedBytes >> 20) MiB of decoded pixels")
        }
        return nil
    }
}
