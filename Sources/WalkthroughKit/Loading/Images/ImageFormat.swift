/// The image formats the player draws, told apart by their first bytes (never by the file's
/// extension).
package enum ImageFormat: String, Sendable, Hashable {
    case png
    case jpeg

    /// The format whose signature `bytes` start with, or `nil`.
    package static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= png.count, zip(bytes, png).allSatisfy({ $0 == $1 }) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }
}
