/// A JSON reader made for definition files: one pass over the bytes, positions on every value,
/// and the checks a definition needs that general decoders skip.
///
/// It rejects duplicate keys (Foundation's decoder silently keeps one), nesting deeper than
/// ``maximumDepth`` (without recursion, so 100,000 `[` cannot overflow the stack), invalid
/// UTF-8, an empty input, trailing content and a top level that is not an object. Integers stay
/// exact. Strings without escapes are decoded straight from the input bytes.
struct JSONReader: ~Copyable {
    /// The deepest nesting of objects and arrays accepted. The format itself needs 4 levels
    /// (root, `pages`, a page, nothing deeper); the margin leaves room for growth.
    static let maximumDepth = 32

    /// Parses `bytes` as one JSON object.
    ///
    /// - Throws: ``JSONReadError`` for the first problem found, with its position.
    static func parseObject(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONReadError(kind: .emptyFile, position: .start, path: "")
        }
        var reader = JSONReader(
            base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return try reader.parseDocument()
    }

    // MARK: - State

    let base: UnsafePointer<UInt8>
    let count: Int
    /// The next byte to read.
    var index = 0
    /// The current line, 1-based.
    var line = 1
    /// The offset of the current line's first byte.
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line, subtracted to count columns in scalars.
    var continuationBytes = 0
    /// The containers being read, outermost first.
    var stack: [Frame] = []

    /// A container being read.
    struct Frame {
        var isObject: Bool
        var position: SourcePosition
        var members: [JSONMember] = []
        var elements: [JSONValue] = []
        /// The key of the member whose value is being read (objects only); `nil` while the key
        /// itself is being read, so paths then name the object.
        var key: String? = nil
        var keyPosition = SourcePosition.start
        /// Key → member index, built once an object has many members so duplicate checks stay
        /// linear overall.
        var keyIndex: [String: Int]? = nil
    }

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    // MARK: - Document

    mutating func parseDocument() throws(JSONReadError) -> JSONValue {
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < count else {
            throw JSONReadError(kind: .emptyFile, position: position(), path: "")
        }
        let first = base[index]
        if first != UInt8(ascii: "{") {
            guard let type = Self.typeStarting(with: first) else {
                throw unexpected(expected: "a JSON object ('{')")
            }
            throw JSONReadError(kind: .notAnObject(found: type), position: position(), path: "")
        }
        let root = try parseValues()
        skipWhitespace()
        if index < count {
            try checkUTF8AtIndex()
            throw JSONReadError(
                kind: .trailingContent(found: describeByte()), position: position(), path: "")
        }
        return root
    }

    /// Reads one value and everything nested in it, with an explicit stack instead of recursion.
    mutating func parseValues() throws(JSONReadError) -> JSONValue {
        while true {
            skipWhitespace()
            guard index < count else { throw unexpectedEnd(expected: "a value") }
            let start = position()
            var value: JSONValue
            switch base[index] {
            case UInt8(ascii: "{"):
                try checkDepth(start)
                index += 1
                skipWhitespace()
                if index < count, base[index] == UInt8(ascii: "}") {
                    index += 1
                    value = JSONValue(storage: .object([]), position: start)
                } else {
                    stack.append(Frame(isObject: true, position: start))
                    // Pages have up to five members: one allocation instead of four regrowths.
                    stack[stack.count - 1].members.reserveCapacity(8)
                    try readKey()
                    continue
                }
            case UInt8(ascii: "["):
                try checkDepth(start)
                index += 1
                skipWhitespace()
                if index < count, base[index] == UInt8(ascii: "]") {
                    index += 1
                    value = JSONValue(storage: .array([]), position: start)
                } else {
                    stack.append(Frame(isObject: false, position: start))
                    continue
                }
            case UInt8(ascii: "\""):
                value = JSONValue(storage: .string(try readString()), position: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = JSONValue(storage: .number(try readNumber()), position: start)
            case UInt8(ascii: "t"):
                try readLiteral("true")
                value = JSONValue(storage: .bool(true), position: start)
            case UInt8(ascii: "f"):
                try readLiteral("false")
                value = JSONValue(storage: .bool(false), position: start)
            case UInt8(ascii: "n"):
                try readLiteral("null")
                value = JSONValue(storage: .null, position: start)
            default:
                try checkUTF8AtIndex()
                throw unexpected(expected: "a value")
            }
            // Attach the value to its container; close every container that ends here.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    // Only the key is copied out: copying the frame would share its arrays
                    // and turn every append into a copy.
                    let key = stack[top].key ?? ""
                    let keyPosition = stack[top].keyPosition
                    stack[top].members.append(
                        JSONMember(key: key, keyPosition: keyPosition, value: value))
                    if stack[top].keyIndex != nil {
                        let memberIndex = stack[top].members.count - 1
                        stack[top].keyIndex?[key] = memberIndex
                    }
                    guard index < count else { throw unexpectedEnd(expected: "',' or '}'") }
                    if base[index] == UInt8(ascii: ",") {
                        index += 1
                        try readKey()
                        break
                    }
                    guard base[index] == UInt8(ascii: "}") else {
                        try checkUTF8AtIndex()
                        throw unexpected(expected: "',' or '}' after an object member")
                    }
                    index += 1
                    let closed = stack.removeLast()
                    value = JSONValue(storage: .object(closed.members), position: closed.position)
                } else {
                    stack[top].elements.append(value)
                    guard index < count else { throw unexpectedEnd(expected: "',' or ']'") }
                    if base[index] == UInt8(ascii: ",") {
                        index += 1
                        break
                    }
                    guard base[index] == UInt8(ascii: "]") else {
                        try checkUTF8AtIndex()
                        throw unexpected(expected: "',' or ']' after an array element")
                    }
                    index += 1
                    let closed = stack.removeLast()
                    value = JSONValue(storage: .array(closed.elements), position: closed.position)
                }
            }
        }
    }

    /// Reads `"key":` into the innermost object frame, rejecting a key it already has.
    mutating func readKey() throws(JSONReadError) {
        stack[stack.count - 1].key = nil
        skipWhitespace()
        guard index < count else { throw unexpectedEnd(expected: "a key in double quotes") }
        guard base[index] == UInt8(ascii: "\"") else {
            try checkUTF8AtIndex()
            throw unexpected(expected: "a key in double quotes")
        }
        let keyPosition = position()
        let key = try readString()
        let top = stack.count - 1
        if let firstLine = lineOfMember(named: key, in: top) {
            throw JSONReadError(
                kind: .duplicateKey(key: key, firstLine: firstLine),
                position: keyPosition,
                path: JSONPath.appending(key: key, to: path(upTo: top)))
        }
        stack[top].key = key
        stack[top].keyPosition = keyPosition
        skipWhitespace()
        guard index < count else { throw unexpectedEnd(expected: "':' after the key") }
        guard base[index] == UInt8(ascii: ":") else {
            try checkUTF8AtIndex()
            throw unexpected(expected: "':' after the key")
        }
        index += 1
    }

    /// The line of the member named `key` the object in frame `top` already has, if any.
    private mutating func lineOfMember(named key: String, in top: Int) -> Int? {
        let count = stack[top].members.count
        if count < 12 {
            for index in 0..<count where stack[top].members[index].key == key {
                return stack[top].members[index].keyPosition.line
            }
            return nil
        }
        if stack[top].keyIndex == nil {
            var keyIndex: [String: Int] = [:]
            keyIndex.reserveCapacity(count * 2)
            for index in 0..<count { keyIndex[stack[top].members[index].key] = index }
            stack[top].keyIndex = keyIndex
        }
        guard let index = stack[top].keyIndex?[key] else { return nil }
        return stack[top].members[index].keyPosition.line
    }

    private func checkDepth(_ start: SourcePosition) throws(JSONReadError) {
        if stack.count >= Self.maximumDepth {
            throw JSONReadError(
                kind: .nestingTooDeep(limit: Self.maximumDepth), position: start,
                path: path(upTo: stack.count - 1))
        }
    }

    // MARK: - Scalars

    mutating func readLiteral(_ literal: StaticString) throws(JSONReadError) {
        let length = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for offset in 0..<length {
            guard index + offset < count, base[index + offset] == bytes[offset] else {
                index += offset
                if index >= count { throw unexpectedEnd(expected: "'\(literal)'") }
                try checkUTF8AtIndex()
                throw unexpected(expected: "'\(literal)'")
            }
        }
        index += length
    }

    mutating func readNumber() throws(JSONReadError) -> JSONNumber {
        let start = index
        let startPosition = position()
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var magnitude: UInt64 = 0
        var overflow = false
        guard index < count, isDigit(base[index]) else {
            throw invalidNumber(from: start, at: startPosition)
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count, isDigit(base[index]) {
                let digit = UInt64(base[index] &- UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                magnitude = sum
                index += 1
            }
        }
        var isInteger = true
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, isDigit(base[index]) else {
                throw invalidNumber(from: start, at: startPosition)
            }
            while index < count, isDigit(base[index]) { index += 1 }
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < count, isDigit(base[index]) else {
                throw invalidNumber(from: start, at: startPosition)
            }
            while index < count, isDigit(base[index]) { index += 1 }
        }
        var integerValue: Int?
        if isInteger, !overflow {
            if negative {
                if magnitude <= UInt64(Int.max) + 1 {
                    integerValue = magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
                }
            } else if magnitude <= UInt64(Int.max) {
                integerValue = Int(magnitude)
            }
        }
        return JSONNumber(
            text: text(from: start, to: index), isInteger: isInteger, integerValue: integerValue)
    }

    private mutating func invalidNumber(
        from start: Int, at startPosition: SourcePosition
    ) -> JSONReadError {
        var end = index
        while end < count, Self.isNumberByte(base[end]) { end += 1 }
        return JSONReadError(
            kind: .invalidNumber(text(from: start, to: end)), position: startPosition,
            path: path(upTo: stack.count - 1))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default: return false
        }
    }

    // MARK: - Whitespace and positions

    mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                continuationBytes = 0
            default:
                return
            }
        }
    }

    /// The position of the next byte.
    func position() -> SourcePosition {
        SourcePosition(
            offset: index, line: line, column: index - lineStart - continuationBytes + 1)
    }

    func text(from start: Int, to end: Int) -> String {
        String(
            decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The path of the value being read inside frame `top` and its parents.
    func path(upTo top: Int) -> String {
        var path = ""
        guard top >= 0 else { return path }
        for frame in stack[0...top] {
            if !frame.isObject {
                path = JSONPath.appending(index: frame.elements.count, to: path)
            } else if let key = frame.key {
                path = JSONPath.appending(key: key, to: path)
            }
        }
        return path
    }

    // MARK: - Errors

    func unexpected(expected: String) -> JSONReadError {
        JSONReadError(
            kind: .syntaxError(expected: expected, found: describeByte()), position: position(),
            path: path(upTo: stack.count - 1))
    }

    func unexpectedEnd(expected: String) -> JSONReadError {
        JSONReadError(
            kind: .syntaxError(expected: expected, found: "the end of the file"),
            position: position(), path: path(upTo: stack.count - 1))
    }

    /// The next character, for messages: `'x'`, or `U+0001` for an invisible one.
    func describeByte() -> String {
        guard index < count else { return "the end of the file" }
        let byte = base[index]
        if byte >= 0x80 {
            var end = index + 1
            while end < count, base[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
            let scalar = text(from: index, to: end).unicodeScalars.first
            if let scalar, !Self.isInvisible(scalar) { return "'\(scalar)'" }
            return "U+" + JSONPath.hex4(scalar?.value ?? UInt32(byte))
        }
        if byte < 0x20 || byte == 0x7F { return "U+" + JSONPath.hex4(UInt32(byte)) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        TextScanner.problem(in: scalar) != nil || scalar.properties.isWhitespace
    }

    /// Before reporting a syntax error at a non-ASCII byte, reports invalid UTF-8 there instead.
    mutating func checkUTF8AtIndex() throws(JSONReadError) {
        guard index < count, base[index] >= 0x80 else { return }
        let saved = (index, continuationBytes)
        try skipUTF8Sequence()
        (index, continuationBytes) = saved
    }

    static func typeStarting(with byte: UInt8) -> JSONType? {
        switch byte {
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }
}
