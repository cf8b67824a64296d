import FoundationEssentials

/// Image files made to break a decoder: each written into a folder by name, for the decoder's
/// own tests and for the end-to-end ones that play or validate a walkthrough using them.
package enum HostileImages {
    /// The names written by ``write(into:validPNG:)`` and what each is.
    package static let names: [String: String] = [
        "truncated.png": "a real PNG cut in half",
        "huge.png": "a PNG header claiming 100000×100000 pixels",
        "wide.png": "a PNG header claiming 8193×1 pixels",
        "text.png": "a text file named .png",
        "empty.png": "a zero-byte file",
        "jpeg-header.png": "the first bytes of a JPEG, named .png",
        "memory.png": "a PNG header of 8192×8192 RGBA: 256 MiB decoded, within the side limit",
        "bomb.png": "a 64×64 PNG whose image data inflates to 1 GiB of zeros",
    ]

    /// Writes every hostile file into `folder`; `validPNG` is a real PNG to cut. The bomb takes
    /// Python a few seconds to deflate: `bomb: false` leaves it out.
    package static func write(
        into folder: TemporaryFolder, validPNG: [UInt8], bomb includeBomb: Bool = true
    ) throws {
        _ = try folder.write(Data(validPNG.prefix(validPNG.count / 2)), to: "truncated.png")
        _ = try folder.write(Data(png(width: 100_000, height: 100_000, idat: [])), to: "huge.png")
        _ = try folder.write(Data(png(width: 8193, height: 1, idat: [])), to: "wide.png")
        _ = try folder.write("not an image at all\n", to: "text.png")
        _ = try folder.write(Data(), to: "empty.png")
        _ = try folder.write(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]), to: "jpeg-header.png")
        _ = try folder.write(Data(png(width: 8192, height: 8192, idat: [])), to: "memory.png")
        if includeBomb { _ = try folder.write(Data(try bomb(in: folder)), to: "bomb.png") }
    }

    /// A PNG (8-bit RGBA) of the given header and image data.
    package static func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        PNGChunks.file(width: width, height: height, colourType: 6, idat: idat)
    }

    /// 64×64 pixels whose IDAT is 1 GiB of zeros deflated (about 1 MiB), deflated by Python's
    /// zlib into `folder`.
    static func bomb(in folder: TemporaryFolder) throws -> [UInt8] {
        let path = folder.file("bomb.idat")
        let script = """
            import sys, zlib
            c = zlib.compressobj(9)
            zero = bytes(1 << 20)
            with open(sys.argv[1], "wb") as f:
                for _ in range(1024):
                    f.write(c.compress(zero))
                f.write(c.flush())
            """
        let result = try ChildProcess.run(["python3", "-c", script, path], timeout: 120)
        guard result.status == 0 else {
            throw TestSupportError("python3 could not make the PNG bomb: \(result.standardError)")
        }
        let idat = try Data(contentsOf: URL(fileURLWithPath: path))
        return png(width: 64, height: 64, idat: Array(idat))
    }
}
