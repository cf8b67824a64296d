// MARK: - Strings and UTF-8

extension JSONReader {
    /// Reads a string starting at its opening quote and returns its node.
    ///
    /// A string without escapes (nearly all of them) stays a byte range of the input; only a
    /// string with escapes is decoded, into ``JSONDocument/decoded``. The node's flags record
    /// whether the string has non-ASCII bytes and whether it may hold a character
    /// ``TextScanner`` warns about (DEL, a C1 control, a bidirectional control: their bytes
    /// start with 0x7F, 0xC2 or 0xE2; or any escape), so plain text is never scanned twice.
    mutating func readString() throws(JSONReadError) -> JSONNode {
        let opening = index
        var node = JSONNode(kind: .string, at: opening)
        index += 1
        let start = index
        while index < count {
            // Skip eight plain ASCII bytes at a time: no quote, backslash, control, DEL or
            // non-ASCII.
            while index &+ 8 <= count {
                let word = ByteScan.load(base + index)
                if ByteScan.hasByte(word, UInt8(ascii: "\"")) || ByteScan.hasByte(word, 0x5C)
                    || ByteScan.hasControl(word) || ByteScan.hasDeleteOrHigh(word)
                {
                    break
                }
                index &+= 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                node.end = Int32(index)
                index += 1
                return node
            }
            if byte == UInt8(ascii: "\\") {
                let text = try readEscapedString(from: start, opening: opening)
                node.end = Int32(index - 1)
                node.flags.formUnion([.escaped, .mayNeedScan])
                node.count = Int32(document.decoded.count)
                document.decoded.append(text)
                return node
            }
            if byte < 0x20 { throw controlCharacterInString(byte) }
            if byte >= 0x80 {
                node.flags.insert(.nonASCII)
                if byte == 0xC2 || byte == 0xE2 { node.flags.insert(.mayNeedScan) }
                try skipUTF8Sequence()
            } else {
                if byte == 0x7F { node.flags.insert(.mayNeedScan) }
                index += 1
            }
        }
        throw JSONReadError(
            kind: .unterminatedString, position: document.position(ofOffset: opening),
            path: path(upTo: stack.count - 1))
    }

    /// The slow path of ``readString()``: decodes escapes into a buffer.
    private mutating func readEscapedString(
        from start: Int, opening: Int
    ) throws(JSONReadError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
        while index < count {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer)
            case 0..<0x20:
                throw controlCharacterInString(byte)
            case 0x80...:
                let sequenceStart = index
                try skipUTF8Sequence()
                buffer.append(
                    contentsOf: UnsafeBufferPointer(
                        start: base + sequenceStart, count: index - sequenceStart))
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw JSONReadError(
            kind: .unterminatedString, position: document.position(ofOffset: opening),
            path: path(upTo: stack.count - 1))
    }

    /// Decodes one escape sequence starting at its backslash.
    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONReadError) {
        let escapeStart = index
        guard index + 1 < count else {
            index += 1
            throw unexpectedEnd(expected: "an escape sequence")
        }
        let letter = base[index + 1]
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            index += 1
            throw invalidEscape("\\" + describeByte().trimmingQuotes, at: escapeStart)
        }
        if let simple {
            buffer.append(simple)
            index += 2
            return
        }
        index += 2
        let first = try readHex4()
        var scalarValue = first
        if first >= 0xD800 && first <= 0xDBFF {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 1 < count, base[index] == UInt8(ascii: "\\"),
                base[index + 1] == UInt8(ascii: "u")
            else {
                throw invalidEscape("\\u" + CharacterSafety.hex4(first), at: escapeStart)
            }
            index += 2
            let second = try readHex4()
            guard second >= 0xDC00 && second <= 0xDFFF else {
                throw invalidEscape(
                    "\\u" + CharacterSafety.hex4(first) + "\\u" + CharacterSafety.hex4(second),
                    at: escapeStart
                )
            }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if first >= 0xDC00 && first <= 0xDFFF {
            throw invalidEscape("\\u" + CharacterSafety.hex4(first), at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw invalidEscape("\\u" + CharacterSafety.hex4(first), at: escapeStart)
        }
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { throw unexpectedEnd(expected: "four hexadecimal digits") }
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                try checkUTF8AtIndex()
                throw unexpected(expected: "four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func invalidEscape(_ text: String, at offset: Int) -> JSONReadError {
        JSONReadError(
            kind: .invalidEscape(text), position: document.position(ofOffset: offset),
            path: path(upTo: stack.count - 1))
    }

    private func controlCharacterInString(_ byte: UInt8) -> JSONReadError {
        JSONReadError(
            kind: .controlCharacterInString(scalar: UInt32(byte)), position: position(),
            path: path(upTo: stack.count - 1))
    }

    /// Checks the UTF-8 sequence whose lead byte is at `index` and moves past it.
    ///
    /// - Throws: ``ValidationReport/Diagnostic/Kind/invalidUTF8(offset:)`` with the offset of the lead byte for an
    ///   invalid lead byte, a missing or wrong continuation byte, an overlong form, a surrogate,
    ///   or a value past U+10FFFF.
    mutating func skipUTF8Sequence() throws(JSONReadError) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw invalidUTF8()
        }
        guard index + length <= count else { throw invalidUTF8() }
        let second = base[index + 1]
        guard second >= low && second <= high else { throw invalidUTF8() }
        for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 {
            throw invalidUTF8()
        }
        index += length
    }

    private func invalidUTF8() -> JSONReadError {
        JSONReadError(
            kind: .invalidUTF8(offset: index), position: position(),
            path: path(upTo: stack.count - 1))
    }
}

extension String {
    /// `'x'` without its quotes.
    fileprivate var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
