#if PICTURES
import WalkthroughKit

/// The kitty graphics protocol and iTerm2's inline images: both take the image file's bytes
/// (base64), and the terminal scales them into the cells given.
package enum GraphicsProtocols {
    /// The most base64 bytes in one kitty escape sequence, as the protocol asks.
    package static let kittyChunkSize = 4096

    /// Deletes every image kitty shows (placements and data), answering nothing.
    package static let kittyDeleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// A kitty sequence that shows `image` in `size` cells at the cursor, leaving the cursor
    /// where it was: a PNG file's bytes as they are (`f=100`), anything else as RGBA pixels
    /// (`f=32`) scaled to at most 10 × 20 pixels a cell. `q=2`: the terminal answers nothing.
    package static func kitty(_ image: LoadedImage, size: CellSize) -> String {
        let control: String
        let payload: [UInt8]
        if image.format == .png {
            control = "a=T,f=100"
            payload = image.fileBytes
        } else {
            let pixels = PixelSize(width: image.decoded.width, height: image.decoded.height)
            let width = min(pixels.width, size.columns * 10)
            let height = max(min(pixels.height, width * pixels.height / max(pixels.width, 1)), 1)
            control = "a=T,f=32,s=\(width),v=\(height)"
            payload = PixelScaling.rgba(image.decoded, width: width, height: height)
        }
        let encoded = Array(Base64.encode(payload).utf8)
        var sequence = ""
        var offset = 0
        repeat {
            let end = min(offset + kittyChunkSize, encoded.count)
            let more = end < encoded.count ? 1 : 0
            let keys =
                offset == 0
                ? "\(control),c=\(size.columns),r=\(size.rows),C=1,q=2,m=\(more)" : "m=\(more)"
            sequence +=
                "\u{1B}_G\(keys);" + String(decoding: encoded[offset..<end], as: UTF8.self)
                + "\u{1B}\\"
            offset = end
        } while offset < encoded.count
        return sequence
    }

    /// An iTerm2 sequence (OSC 1337) that shows `image`'s file in `size` cells at the cursor.
    package static func iterm(_ image: LoadedImage, size: CellSize) -> String {
        "\u{1B}]1337;File=inline=1;size=\(image.fileBytes.count);width=\(size.columns);"
            + "height=\(size.rows);preserveAspectRatio=1:" + Base64.encode(image.fileBytes)
            + "\u{07}"
    }
}
#endif
