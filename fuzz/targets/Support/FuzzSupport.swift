@preconcurrency import Glibc

// Helpers shared by the fuzz targets. Each target is one file with an
// `@_cdecl("LLVMFuzzerTestOneInput")` entry; `fuzz/build.sh` compiles it with this folder.

/// Stops the run with `message` when a property does not hold: libFuzzer sees the abort as a
/// crash and saves the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let text = "property violated: " + message() + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// Reads a fuzz input piece by piece: numbers from its first bytes, the rest as data.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    /// Whether every byte has been used.
    var isEmpty: Bool { bytes.isEmpty }

    /// The next byte, or 0 when none is left.
    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// The next byte as a number in `range`.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.count)
    }

    /// Every byte left.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    /// The bytes up to the next `separator` (which is used up too), or all that are left.
    mutating func piece(until separator: UInt8) -> [UInt8] {
        guard let end = bytes.firstIndex(of: separator) else { return rest() }
        defer { bytes = bytes[(end + 1)...] }
        return Array(bytes[..<end])
    }
}

/// Text from bytes, with invalid UTF-8 repaired (U+FFFD) as every reader of ours does.
func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Whether two strings have exactly the same Unicode scalars; `==` on `String` would call
/// canonically equivalent but different texts equal.
func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
    lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
}

/// `text` with every scalar that is not printable ASCII written as `\u{…}`, for messages.
func visible(_ text: String, limit: Int = 300) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(limit) {
        if scalar.value >= 0x20 && scalar.value < 0x7F {
            result.unicodeScalars.append(scalar)
        } else {
            result += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
    return result
}
