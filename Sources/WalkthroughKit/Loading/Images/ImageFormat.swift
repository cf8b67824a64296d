/// The image formats the project knows, told apart by their first bytes (never by the file's
/// extension): the player decodes PNG and JPEG (``isDecoded``); the HTML export copies all four,
/// so that every file it writes is named for what it is and a browser shows it as an image
/// whichever way it is opened.
///
/// SVG is not among them: opened on its own, an SVG file is a document that may run script.
package enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case jpeg
    case gif
    case webp

    /// The format whose signature `bytes` start with, or `nil`.
    package static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + signature.count else { return false }
            return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            return .gif
        }
        if starts(with: Array("RIFF".utf8)), starts(with: Array("WEBP".utf8), at: 8) {
            return .webp
        }
        return nil
    }

    /// Whether the player decodes it (PNG and JPEG, with Debian's libpng and libjpeg).
    package var isDecoded: Bool { self == .png || self == .jpeg }

    /// The extension a copy is given.
    package var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .gif: return "gif"
        case .webp: return "webp"
        }
    }

    /// "PNG, JPEG, GIF or WebP", for messages.
    package static let names = "PNG, JPEG, GIF or WebP"
}
