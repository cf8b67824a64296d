/// Word-at-a-time tests on 8 bytes, to skip plain ASCII text quickly.
///
/// Each answers whether *any* of the eight bytes of `word` has a property; they never miss one.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Loads 8 bytes at `pointer` without alignment requirements.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    /// Whether any byte is zero.
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highBits != 0
    }

    /// Whether any byte equals `byte`.
    @inline(__always)
    static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZeroByte(word ^ (ones &* UInt64(byte)))
    }

    /// Whether any byte is below 0x20 (a C0 control).
    @inline(__always)
    static func hasControl(_ word: UInt64) -> Bool {
        (word &- ones &* 0x20) & ~word & highBits != 0
    }

    /// Whether any byte is 0x7F or above (DEL or part of a non-ASCII character).
    @inline(__always)
    static func hasDeleteOrHigh(_ word: UInt64) -> Bool {
        ((word &+ ones) | word) & highBits != 0
    }

    /// Whether any byte is 0x80 or above (part of a non-ASCII character).
    @inline(__always)
    static func hasHigh(_ word: UInt64) -> Bool {
        word & highBits != 0
    }
}
