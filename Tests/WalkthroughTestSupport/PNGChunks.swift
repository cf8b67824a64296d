/// The pieces of a PNG file, for tests that write their own: the signature, chunks with their
/// CRC, and big-endian numbers.
package enum PNGChunks {
    /// The 8 bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: its length, its type, `data`, and the CRC-32 of type and data.
    package static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(kind.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// A whole file of one image-data chunk: signature, IHDR (8 bits a sample, `colourType`
    /// 2 for RGB or 6 for RGBA, not interlaced), IDAT and IEND.
    package static func file(
        width: UInt32, height: UInt32, colourType: UInt8, idat: [UInt8]
    ) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [8, colourType, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// `png` with `chunk` placed right after its header chunk (IHDR, always 25 bytes after
    /// the signature), where chunks such as gAMA and sRGB go.
    package static func inserting(_ chunk: [UInt8], afterHeaderOf png: [UInt8]) -> [UInt8] {
        let end = signature.count + 25
        return Array(png[..<end]) + chunk + Array(png[end...])
    }

    /// `value`'s 4 bytes, most significant first.
    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    /// CRC-32 (ISO-HDLC), as PNG chunks carry.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
