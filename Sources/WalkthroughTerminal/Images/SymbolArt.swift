#if PICTURES
import WalkthroughKit

/// The project's own symbol art: each cell is `▀`, its foreground the upper half's colour and
/// its background the lower half's, so a cell shows two square-ish pixels. Without colour the
/// halves are dithered (a 4 × 4 Bayer matrix) to light or dark and drawn with `▀ ▄ █` and space.
///
/// Every line is exactly `columns` cells wide and ends by resetting the colours.
package enum SymbolArt {
    /// The lines of `image` drawn in `size`.
    package static func lines(
        _ image: DecodedImage, size: CellSize, colours: SymbolColours
    ) -> [String] {
        let width = size.columns
        let height = size.rows * 2
        let rgb = PixelScaling.rgb(image, width: width, height: height)
        // Without colour, light and dark are stretched over the image's own range of
        // lightness, so that a pale picture still shows its shapes.
        var range = (low: 255, high: 0)
        if colours == .monochrome {
            for pixel in 0..<(width * height) {
                let value = luma((rgb[pixel * 3], rgb[pixel * 3 + 1], rgb[pixel * 3 + 2]))
                range = (min(range.low, value), max(range.high, value))
            }
        }
        var lines: [String] = []
        lines.reserveCapacity(size.rows)
        for row in 0..<size.rows {
            var line = ""
            var previous: (top: String, bottom: String)?
            for column in 0..<width {
                let upper = (2 * row * width + column) * 3
                let lower = ((2 * row + 1) * width + column) * 3
                let top = (rgb[upper], rgb[upper + 1], rgb[upper + 2])
                let bottom = (rgb[lower], rgb[lower + 1], rgb[lower + 2])
                switch colours {
                case .monochrome:
                    let on = (
                        isLight(top, x: column, y: 2 * row, range: range),
                        isLight(bottom, x: column, y: 2 * row + 1, range: range)
                    )
                    switch on {
                    case (true, true): line += "█"
                    case (true, false): line += "▀"
                    case (false, true): line += "▄"
                    case (false, false): line += " "
                    }
                case .trueColour, .palette256:
                    let codes = (
                        top: colourCode(top, colours: colours, foreground: true),
                        bottom: colourCode(bottom, colours: colours, foreground: false)
                    )
                    if previous?.top != codes.top || previous?.bottom != codes.bottom {
                        line += "\u{1B}[\(codes.top);\(codes.bottom)m"
                        previous = codes
                    }
                    line += "▀"
                }
            }
            if colours != .monochrome { line += "\u{1B}[0m" }
            lines.append(line)
        }
        return lines
    }

    private static func colourCode(
        _ colour: (UInt8, UInt8, UInt8), colours: SymbolColours, foreground: Bool
    ) -> String {
        let prefix = foreground ? "38" : "48"
        if colours == .trueColour {
            return "\(prefix);2;\(colour.0);\(colour.1);\(colour.2)"
        }
        return "\(prefix);5;\(palette256(colour))"
    }

    /// The nearest entry of xterm's 256-colour palette: the 6 × 6 × 6 cube or the grey ramp.
    static func palette256(_ colour: (UInt8, UInt8, UInt8)) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: UInt8) -> Int {
            let value = Int(value)
            return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let (r, g, b) = (level(colour.0), level(colour.1), level(colour.2))
        let cube = (levels[r], levels[g], levels[b])
        let average = (Int(colour.0) + Int(colour.1) + Int(colour.2)) / 3
        let greyIndex = average > 238 ? 23 : max((average - 3) / 10, 0)
        let grey = 8 + 10 * greyIndex
        func distance(_ other: (Int, Int, Int)) -> Int {
            let dr = Int(colour.0) - other.0
            let dg = Int(colour.1) - other.1
            let db = Int(colour.2) - other.2
            return dr * dr + dg * dg + db * db
        }
        if distance((grey, grey, grey)) < distance(cube) { return 232 + greyIndex }
        return 16 + 36 * r + 6 * g + b
    }

    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    private static func luma(_ colour: (UInt8, UInt8, UInt8)) -> Int {
        (299 * Int(colour.0) + 587 * Int(colour.1) + 114 * Int(colour.2)) / 1000
    }

    /// Whether a pixel is drawn light, its lightness stretched over `range` and dithered by
    /// its position.
    private static func isLight(
        _ colour: (UInt8, UInt8, UInt8), x: Int, y: Int, range: (low: Int, high: Int)
    ) -> Bool {
        let span = max(range.high - range.low, 1)
        let value = (luma(colour) - range.low) * 255 / span
        let threshold = (bayer[(y % 4) * 4 + x % 4] * 2 + 1) * 255 / 32
        return value > threshold
    }
}
#endif
