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
    zlib += bigEndian(adler32(raw))

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
        let body = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }
    chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
    chunk("IDAT", zlib)
    chunk("IEND", [])
    return png
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
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

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
