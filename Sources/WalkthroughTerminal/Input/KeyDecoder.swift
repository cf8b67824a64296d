/// Decodes the bytes a terminal sends for key presses, as a pure function.
///
/// The decoder never waits and never reads: it looks at the bytes it is given and answers with
/// the keys they hold and how many bytes it used. Bytes at the end that may be the start of a
/// longer sequence are left unused ("need more bytes") while `moreAvailable` is `true`; the
/// caller keeps them and calls again with what arrives next, so an arrow or a UTF-8 character
/// split across two reads is never lost. A lone ESC is the Escape key only once no further byte
/// came within a short time: the reader waits about 50 ms, then calls with
/// `moreAvailable: false`.
///
/// Understood: printable ASCII and UTF-8 text, Enter (CR or LF), Tab, Backspace (DEL or BS),
/// Ctrl-letter (Ctrl-C included), Escape, Alt-key (ESC then the key), arrows, Home, End, Page
/// Up/Down, Insert, Delete and F1–F12 in their CSI (`ESC [ C`) and SS3 (`ESC O C`) forms, with
/// xterm modifiers (`ESC [ 1 ; 5 C` is Ctrl-Right). Other complete sequences (mouse reports,
/// OSC/DCS strings a terminal answers queries with, unknown CSI) and invalid UTF-8 are consumed
/// and ignored.
///
/// ```swift
/// KeyDecoder.decode([0x1B, 0x5B], moreAvailable: true)        // no keys, 0 used: need more
/// KeyDecoder.decode([0x1B, 0x5B, 0x43], moreAvailable: true)  // [Right], 3 used
/// KeyDecoder.decode([0x1B], moreAvailable: false)             // [Esc], 1 used
/// ```
package enum KeyDecoder {
    /// The longest escape sequence kept while waiting for its end; a longer one is dropped as
    /// junk rather than held forever.
    package static let maximumSequenceLength = 4096

    /// Decodes as many keys as `bytes` holds.
    ///
    /// - Parameters:
    ///   - bytes: The bytes read so far and not yet used.
    ///   - moreAvailable: Whether more bytes may still arrive for a sequence that is not complete.
    ///     Pass `false` once the escape timeout has passed, to resolve a lone ESC as Escape.
    /// - Returns: The keys, and how many bytes they used; the rest should be kept for next time
    ///   (``KeyDecoding/needsMoreBytes``).
    package static func decode(_ bytes: some Collection<UInt8>, moreAvailable: Bool) -> KeyDecoding
    {
        let input = Array(bytes)
        var keys: [Key] = []
        var position = 0
        while position < input.count {
            switch decodeOne(input[position...], moreAvailable: moreAvailable) {
            case .key(let key, let length):
                keys.append(key)
                position += length
            case .ignored(let length):
                position += length
            case .needMore:
                return KeyDecoding(keys: keys, consumed: position, total: input.count)
            }
        }
        return KeyDecoding(keys: keys, consumed: position, total: input.count)
    }

    // MARK: - One event

    private enum Step {
        case key(Key, length: Int)
        case ignored(length: Int)
        case needMore
    }

    private static func decodeOne(_ bytes: ArraySlice<UInt8>, moreAvailable: Bool) -> Step {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B:
            return decodeEscape(bytes, moreAvailable: moreAvailable)
        case 0x0D, 0x0A:
            return .key(Key(.enter), length: 1)
        case 0x09:
            return .key(Key(.tab), length: 1)
        case 0x7F, 0x08:
            return .key(Key(.backspace), length: 1)
        case 0x00:
            return .key(Key(.character(" "), modifiers: .control), length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(first - 0x01 + 0x61))
            return .key(Key(.character(letter), modifiers: .control), length: 1)
        case 0x1C...0x1F:
            let symbol = Character(Unicode.Scalar(first - 0x1C + 0x34))
            return .key(Key(.character(symbol), modifiers: .control), length: 1)
        case 0x20...0x7E:
            return .key(Key(.character(Character(Unicode.Scalar(first)))), length: 1)
        default:
            return decodeUTF8(bytes, moreAvailable: moreAvailable)
        }
    }

    // MARK: - Escape sequences

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, moreAvailable: Bool) -> Step {
        let start = bytes.startIndex
        guard bytes.count >= 2 else {
            return moreAvailable ? .needMore : .key(Key(.escape), length: 1)
        }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            let step = decodeCSI(bytes, moreAvailable: moreAvailable)
            if case .needMore = step, !moreAvailable { return .key(Key(.escape), length: 1) }
            return step
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else {
                return moreAvailable ? .needMore : .key(Key(.escape), length: 1)
            }
            guard let code = ss3Code(bytes[start + 2]) else { return .ignored(length: 3) }
            return .key(Key(code), length: 3)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
            UInt8(ascii: "X"):
            let step = skipString(bytes, moreAvailable: moreAvailable)
            if case .needMore = step, !moreAvailable { return .key(Key(.escape), length: 1) }
            return step
        case 0x1B:
            // ESC ESC: the first is Escape; the second starts whatever follows.
            return .key(Key(.escape), length: 1)
        default:
            // ESC then a key: Alt-key.
            switch decodeOne(bytes.dropFirst(), moreAvailable: moreAvailable) {
            case .key(var key, let length):
                key.modifiers.insert(.alt)
                return .key(key, length: length + 1)
            case .ignored(let length):
                return .ignored(length: length + 1)
            case .needMore:
                return moreAvailable ? .needMore : .key(Key(.escape), length: 1)
            }
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>, moreAvailable: Bool) -> Step {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
                if index - start > maximumSequenceLength { return .ignored(length: index - start) }
            case 0x40...0x7E:
                let length = index - start + 1
                let parameters = bytes[(start + 2)..<index]
                guard let key = csiKey(parameters: Array(parameters), final: byte) else {
                    return .ignored(length: length)
                }
                return .key(key, length: length)
            default:
                // Not a valid CSI byte: drop what came so far and decode this byte afresh.
                return .ignored(length: index - start)
            }
        }
        return .needMore
    }

    /// OSC, DCS, APC, PM and SOS strings, ended by BEL or ST (`ESC \`); never keys.
    private static func skipString(_ bytes: ArraySlice<UInt8>, moreAvailable: Bool) -> Step {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex {
            if bytes[index] == 0x07 { return .ignored(length: index - start + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.endIndex else { break }
                if bytes[index + 1] == UInt8(ascii: "\\") {
                    return .ignored(length: index - start + 2)
                }
            }
            index += 1
        }
        if bytes.count > maximumSequenceLength { return .ignored(length: bytes.count) }
        return .needMore
    }

    private static func ss3Code(_ byte: UInt8) -> KeyCode? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        default: return nil
        }
    }

    private static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
        // Private parameter prefixes (`<`, `=`, `>`, `?`) mark reports, not keys.
        if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
        let numbers = parameters.split(
            separator: UInt8(ascii: ";"), omittingEmptySubsequences: false
        )
        .map { field -> Int? in
            guard !field.isEmpty, field.count <= 6,
                field.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        var modifiers: KeyModifiers = []
        if numbers.count >= 2 {
            guard let parsed = Self.modifiers(from: numbers[1]) else { return nil }
            modifiers = parsed
        }
        let code: KeyCode?
        switch final {
        case UInt8(ascii: "A"): code = .up
        case UInt8(ascii: "B"): code = .down
        case UInt8(ascii: "C"): code = .right
        case UInt8(ascii: "D"): code = .left
        case UInt8(ascii: "H"): code = .home
        case UInt8(ascii: "F"): code = .end
        case UInt8(ascii: "P"): code = .function(1)
        case UInt8(ascii: "Q"): code = .function(2)
        case UInt8(ascii: "R"): code = .function(3)
        case UInt8(ascii: "S"): code = .function(4)
        case UInt8(ascii: "Z"): return Key(.backTab, modifiers: .shift)
        case UInt8(ascii: "~"): code = numbers.first.flatMap { $0.flatMap(tildeCode) }
        default: code = nil
        }
        guard let code else { return nil }
        return Key(code, modifiers: modifiers)
    }

    /// xterm's modifier parameter: 1 + (shift 1 | alt 2 | control 4 | meta 8).
    private static func modifiers(from parameter: Int?) -> KeyModifiers? {
        guard let parameter, parameter >= 1, parameter <= 16 else { return nil }
        let bits = parameter - 1
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & (2 | 8) != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    private static func tildeCode(_ number: Int) -> KeyCode? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return nil
        }
    }

    // MARK: - UTF-8

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>, moreAvailable: Bool) -> Step {
        let start = bytes.startIndex
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .ignored(length: 1)
        }
        var index = start + 1
        while index < start + length {
            guard index < bytes.endIndex else {
                return moreAvailable ? .needMore : .ignored(length: index - start)
            }
            guard (0x80...0xBF).contains(bytes[index]) else {
                return .ignored(length: index - start)
            }
            index += 1
        }
        guard let decoded = String(validating: bytes[start..<index], as: UTF8.self),
            let scalar = decoded.unicodeScalars.first
        else {
            return .ignored(length: length)
        }
        return .key(Key(.character(Character(scalar))), length: length)
    }
}

/// What ``KeyDecoder/decode(_:moreAvailable:)`` found.
package struct KeyDecoding: Sendable, Hashable {
    /// The keys decoded, in order.
    package var keys: [Key]
    /// How many bytes from the start of the input the keys (and ignored junk) used.
    package var consumed: Int
    /// How many bytes the input had.
    package var total: Int

    /// Creates a result.
    package init(keys: [Key], consumed: Int, total: Int) {
        self.keys = keys
        self.consumed = consumed
        self.total = total
    }

    /// Whether bytes at the end were kept back as the start of an unfinished sequence.
    package var needsMoreBytes: Bool { consumed < total }
}
