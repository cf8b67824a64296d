/// A valid PNG made from bytes, for tests that need real images without image files in the
/// repository: 8-bit RGB, one colour, the pixels in stored (uncompressed) deflate blocks.
///
/// ```swift
/// try folder.write(Data(tinyPNG(width: 40, height: 30, red: 200, green: 40, blue: 40)),
///                  to: "images/intro.png")
/// ```
package func tinyPNG(
    width: Int, height: Int, red: UInt8 = 208, green: UInt8 = 58, blue: UInt8 = 43
) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG has at least one pixel")
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 3 + 1) * height)
    for _ in 0..<height {
        raw.append(0)  // filter: none
        for _ in 0..<width { raw += [red, green, blue] }
    }
    // zlib: header, stored blocks of at most 65,535 bytes, Adler-32.
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65_535, raw.count - offset)
        let final: UInt8 = offset + count == raw.count ? 1 : 0
        zlib.append(final)
        zlib += [UInt8(count & 0xFF), UInt8(count >> 8)]
        zlib += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        zlib += raw[offset..<(offset + count)]
        offset += count
    } while offset < raw.count
    zlib += PNGChunks.bigEndian(adler32(raw))
    return PNGChunks.file(
        width: UInt32(width), height: UInt32(height), colourType: 2, idat: zlib)
}

private func adler32(_ bytes: [UInt8]) -> UInt32 {
    var low: UInt32 = 1
    var high: UInt32 = 0
    for byte in bytes {
        low = (low + UInt32(byte)) % 65_521
        high = (high + low) % 65_521
    }
    return high << 16 | low
}
