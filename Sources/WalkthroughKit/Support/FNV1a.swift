/// FNV-1a over bytes: a small hash that is the same in every process, run and build, for names
/// and digests that outlive a process (a replica's file name, a prepared statement's name, the
/// gate's memo). Not for anything an adversary chooses to collide.
package enum FNV1a {
    /// The 64-bit FNV-1a hash of `bytes`, continuing from `value` (by default the offset basis).
    package static func hash64(
        _ bytes: some Sequence<UInt8>, continuing value: UInt64 = 0xcbf2_9ce4_8422_2325
    ) -> UInt64 {
        // Bytes held in one buffer (an array, a native string's UTF-8) are read from it
        // directly, not one generic iteration at a time.
        if let hashed = bytes.withContiguousStorageIfAvailable({
            hash64(buffer: $0, continuing: value)
        }) {
            return hashed
        }
        var value = value
        for byte in bytes { value = hash64(byte: byte, continuing: value) }
        return value
    }

    private static func hash64(
        buffer: UnsafeBufferPointer<UInt8>, continuing value: UInt64
    ) -> UInt64 {
        var value = value
        for byte in buffer { value = hash64(byte: byte, continuing: value) }
        return value
    }

    /// FNV-1a's step taken eight bytes at a time (little-endian words, then the last bytes one
    /// by one): not FNV-1a's published value, but as stable (the same in every process, run
    /// and build) with an eighth of the multiplications, for a tag over a whole response body.
    /// Two inputs of one length that differ in a single word always hash apart (each step is
    /// a bijection of the state).
    package static func hash64(
        wordsOf bytes: [UInt8], continuing value: UInt64 = 0xcbf2_9ce4_8422_2325
    ) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var value = value
            var offset = 0
            while offset + 8 <= raw.count {
                let word = UInt64(
                    littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                value = (value ^ word) &* 0x100_0000_01b3
                offset += 8
            }
            for byte in raw[offset...] { value = hash64(byte: byte, continuing: value) }
            return value
        }
    }

    /// ``hash64(_:continuing:)`` of one more byte.
    package static func hash64(byte: UInt8, continuing value: UInt64) -> UInt64 {
        (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The 32-bit FNV-1a hash of `bytes`.
    package static func hash32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var value: UInt32 = 2_166_136_261
        for byte in bytes { value = (value ^ UInt32(byte)) &* 16_777_619 }
        return value
    }

    /// `value` as lowercase hex digits, zero-padded to its full width (16 or 8 digits).
    package static func hex<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: Value.bitWidth / 4 - digits.count) + digits
    }
}
