#if PICTURES
import WalkthroughKit

/// The size an image is decoded at when the caller draws it smaller: the same aspect, no
/// smaller than asked in either direction, and for a JPEG an eighth of the size libjpeg can
/// scale to by itself.
struct ImageReduction: Sendable, Hashable {
    /// Pixels a row of the decoded image.
    let width: Int
    /// Rows of the decoded image.
    let height: Int
    /// For a JPEG, the eighths of its size libjpeg decodes (1 to 7).
    let jpegEighths: Int

    /// The reduction of an image of `header`'s size for drawing at `atLeast`, or `nil` when
    /// the image is not larger than that in both directions (it is decoded whole).
    init?(header: ImageHeader, atLeast: (width: Int, height: Int)) {
        let wanted = (width: max(atLeast.width, 1), height: max(atLeast.height, 1))
        guard header.width > wanted.width, header.height > wanted.height else { return nil }
        // The scale that keeps both sides at least as large as wanted, as a fraction
        // numerator / denominator of the image's own size.
        let byWidth = wanted.width * header.height >= wanted.height * header.width
        let (numerator, denominator) =
            byWidth ? (wanted.width, header.width) : (wanted.height, header.height)
        width = Self.roundedUp(header.width * numerator, denominator)
        height = Self.roundedUp(header.height * numerator, denominator)
        // libjpeg-turbo's sizes for n/8: ceil(side × n / 8).
        jpegEighths =
            (1...8).first { eighths in
                Self.roundedUp(header.width * eighths, 8) >= wanted.width
                    && Self.roundedUp(header.height * eighths, 8) >= wanted.height
            } ?? 8
    }

    /// `value / divisor`, rounded up.
    static func roundedUp(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }
}
#endif
