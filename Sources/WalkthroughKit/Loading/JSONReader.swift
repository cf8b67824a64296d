/// A JSON reader made for definition files: one pass over the bytes, positions on every value,
/// and the checks a definition needs that general decoders skip.
///
/// It rejects duplicate keys (Foundation's decoder silently keeps one), nesting deeper than
/// ``maximumDepth`` (without recursion, so 100,000 `[` cannot overflow the stack), invalid
/// UTF-8, an empty input, trailing content and a top level that is not an object. Integers stay
/// exact.
///
/// The result is a flat ``JSONDocument``: one node per value in one array, strings left as byte
/// ranges of the input (only strings with escapes are decoded while reading). That makes reading
/// a 10,000-page definition about twice as fast as building a tree of values, and
/// ``DefinitionValidator`` turns into `String`s only the values a walkthrough keeps.
/// ``parseObject(_:)`` still gives a ``JSONValue`` tree, for tests and tools that want one.
package struct JSONReader: ~Copyable {
    /// The deepest nesting of objects and arrays accepted. The format itself needs 4 levels
    /// (root, `pages`, a page, nothing deeper); the margin leaves room for growth.
    static let maximumDepth = 32

    /// Parses `bytes` as one JSON object and runs `body` with the document, which is valid only
    /// inside `body` (it points into `bytes`).
    ///
    /// - Throws: ``JSONReadError`` for the first problem found, with its position.
    package static func withDocument<Result>(
        _ bytes: UnsafeRawBufferPointer, _ body: (JSONDocument) -> Result
    ) throws(JSONReadError) -> Result {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONReadError(kind: .emptyFile, position: .start, path: "")
        }
        // Node offsets are 32-bit; definitions are refused long before (16 MiB).
        precondition(bytes.count < Int(Int32.max), "a JSON input must be smaller than 2 GiB")
        var reader = JSONReader(
            base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        try reader.parseDocument()
        return body(reader.document)
    }

    /// Parses `bytes` as one JSON object and returns it as a tree.
    ///
    /// - Throws: ``JSONReadError`` for the first problem found, with its position.
    package static func parseObject(
        _ bytes: UnsafeRawBufferPointer
    ) throws(JSONReadError) -> JSONValue {
        try withDocument(bytes) { document in document.value(at: 0) }
    }

    // MARK: - State

    let base: UnsafePointer<UInt8>
    let count: Int
    /// The nodes read so far.
    var document: JSONDocument
    /// The next byte to read.
    var index = 0
    /// The containers being read, outermost first.
    var stack: [Frame] = []

    /// A container being read.
    struct Frame {
        /// The container's node.
        var node: Int
        var isObject: Bool
        /// The members or elements read so far.
        var count = 0
        /// The node of the first member's key (objects).
        var firstKey = -1
        /// The node of the key of the member whose value is being read (objects only); `-1`
        /// while the key itself is being read, so paths then name the object.
        var key = -1
        /// Key (its UTF-8 bytes: code points, not Swift's canonical equivalence) → key node,
        /// built once an object has many members so duplicate checks stay linear overall.
        var keyIndex: [[UInt8]: Int]? = nil

        init(node: Int, isObject: Bool) {
            self.node = node
            self.isObject = isObject
        }
    }

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        // About one node per 30 bytes in a pretty-printed definition.
        document = JSONDocument(base: base, capacity: count / 24 + 16)
    }

    // MARK: - Document

    mutating func parseDocument() throws(JSONReadError) {
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            index = 3
            document.lineStarts[0] = 3
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
        try parseValues()
        skipWhitespace()
        if index < count {
            try checkUTF8AtIndex()
            throw JSONReadError(
                kind: .trailingContent(found: describeByte()), position: position(), path: "")
        }
    }

    /// Reads one value and everything nested in it, with an explicit stack instead of recursion.
    mutating func parseValues() throws(JSONReadError) {
        while true {
            skipWhitespace()
            guard index < count else { throw unexpectedEnd(expected: "a value") }
            let start = index
            switch base[index] {
            case UInt8(ascii: "{"):
                try checkDepth(start)
                index += 1
                skipWhitespace()
                let node = append(JSONNode(kind: .object, at: start))
                if index < count, base[index] == UInt8(ascii: "}") {
                    index += 1
                } else {
                    stack.append(Frame(node: node, isObject: true))
                    try readKey()
                    continue
                }
            case UInt8(ascii: "["):
                try checkDepth(start)
                index += 1
                skipWhitespace()
                let node = append(JSONNode(kind: .array, at: start))
                if index < count, base[index] == UInt8(ascii: "]") {
                    index += 1
                } else {
                    stack.append(Frame(node: node, isObject: false))
                    continue
                }
            case UInt8(ascii: "\""):
                append(try readString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                append(try readNumber())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                append(JSONNode(kind: .true, at: start))
            case UInt8(ascii: "f"):
                try readLiteral("false")
                append(JSONNode(kind: .false, at: start))
            case UInt8(ascii: "n"):
                try readLiteral("null")
                append(JSONNode(kind: .null, at: start))
            default:
                try checkUTF8AtIndex()
                throw unexpected(expected: "a value")
            }
            // The value is complete: count it in its container; close every container that
            // ends here.
            while true {
                guard !stack.isEmpty else { return }
                let top = stack.count - 1
                skipWhitespace()
                stack[top].count += 1
                if stack[top].isObject {
                    if stack[top].keyIndex != nil {
                        let key = stack[top].key
                        stack[top].keyIndex?[Array(document.text(of: document.nodes[key]).utf8)] =
                            key
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
                } else {
                    guard index < count else { throw unexpectedEnd(expected: "',' or ']'") }
                    if base[index] == UInt8(ascii: ",") {
                        index += 1
                        break
                    }
                    guard base[index] == UInt8(ascii: "]") else {
                        try checkUTF8AtIndex()
                        throw unexpected(expected: "',' or ']' after an array element")
                    }
                }
                index += 1
                let closed = stack.removeLast()
                document.nodes[closed.node].count = Int32(closed.count)
                document.nodes[closed.node].next = Int32(document.nodes.count)
            }
        }
    }

    /// Appends a node; a scalar's subtree ends right after it (a container's `next` is set when
    /// it closes).
    @discardableResult @inline(__always)
    private mutating func append(_ node: JSONNode) -> Int {
        var node = node
        let index = document.nodes.count
        node.next = Int32(index + 1)
        document.nodes.append(node)
        return index
    }

    /// Reads `"key":` into the innermost object frame, rejecting a key it already has.
    mutating func readKey() throws(JSONReadError) {
        let top = stack.count - 1
        stack[top].key = -1
        skipWhitespace()
        guard index < count else { throw unexpectedEnd(expected: "a key in double quotes") }
        guard base[index] == UInt8(ascii: "\"") else {
            try checkUTF8AtIndex()
            throw unexpected(expected: "a key in double quotes")
        }
        let key = append(try readString())
        if let firstLine = lineOfMember(namedBy: key, in: top) {
            let name = document.text(of: document.nodes[key])
            throw JSONReadError(
                kind: .duplicateKey(key: name, firstLine: firstLine),
                position: document.position(of: key),
                path: JSONPath.appending(key: name, to: path(upTo: top)))
        }
        if stack[top].firstKey < 0 { stack[top].firstKey = key }
        stack[top].key = key
        skipWhitespace()
        guard index < count else { throw unexpectedEnd(expected: "':' after the key") }
        guard base[index] == UInt8(ascii: ":") else {
            try checkUTF8AtIndex()
            throw unexpected(expected: "':' after the key")
        }
        index += 1
    }

    /// The line of the member whose key equals the key at node `key` that the object in frame
    /// `top` already has, if any.
    private mutating func lineOfMember(namedBy key: Int, in top: Int) -> Int? {
        let members = stack[top].count
        if members < 12 {
            var existing = stack[top].firstKey
            for _ in 0..<members {
                if document.key(existing, equalsKey: key) {
                    return document.position(ofOffset: Int(document.nodes[existing].offset)).line
                }
                existing = Int(document.nodes[existing + 1].next)
            }
            return nil
        }
        if stack[top].keyIndex == nil {
            var keyIndex: [[UInt8]: Int] = [:]
            keyIndex.reserveCapacity(members * 2)
            var existing = stack[top].firstKey
            for _ in 0..<members {
                keyIndex[Array(document.text(of: document.nodes[existing]).utf8)] = existing
                existing = Int(document.nodes[existing + 1].next)
            }
            stack[top].keyIndex = keyIndex
        }
        guard
            let existing = stack[top].keyIndex?[Array(document.text(of: document.nodes[key]).utf8)]
        else {
            return nil
        }
        return document.position(ofOffset: Int(document.nodes[existing].offset)).line
    }

    private func checkDepth(_ start: Int) throws(JSONReadError) {
        if stack.count >= Self.maximumDepth {
            throw JSONReadError(
                kind: .nestingTooDeep(limit: Self.maximumDepth),
                position: document.position(ofOffset: start),
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

    /// Reads a number; its value is read from its text when asked for
    /// (``JSONDocument/number(at:)``).
    mutating func readNumber() throws(JSONReadError) -> JSONNode {
        let start = index
        if base[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < count, isDigit(base[index]) else {
            throw invalidNumber(from: start)
        }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count, isDigit(base[index]) { index += 1 }
        }
        var isInteger = true
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, isDigit(base[index]) else {
                throw invalidNumber(from: start)
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
                throw invalidNumber(from: start)
            }
            while index < count, isDigit(base[index]) { index += 1 }
        }
        var node = JSONNode(kind: .number, at: start)
        node.end = Int32(index)
        if isInteger { node.flags.insert(.integer) }
        return node
    }

    private mutating func invalidNumber(from start: Int) -> JSONReadError {
        var end = index
        while end < count, Self.isNumberByte(base[end]) { end += 1 }
        return JSONReadError(
            kind: .invalidNumber(text(from: start, to: end)),
            position: document.position(ofOffset: start),
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
                document.lineStarts.append(Int32(index))
            default:
                return
            }
        }
    }

    /// The position of the next byte.
    func position() -> SourcePosition {
        document.position(ofOffset: index)
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
                path = JSONPath.appending(index: frame.count, to: path)
            } else if frame.key >= 0 {
                path = JSONPath.appending(
                    key: document.text(of: document.nodes[frame.key]), to: path)
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
            return "U+" + CharacterSafety.hex4(scalar?.value ?? UInt32(byte))
        }
        if byte < 0x20 || byte == 0x7F { return "U+" + CharacterSafety.hex4(UInt32(byte)) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        TextScanner.problem(in: scalar) != nil || scalar.properties.isWhitespace
    }

    /// Before reporting a syntax error at a non-ASCII byte, reports invalid UTF-8 there instead.
    mutating func checkUTF8AtIndex() throws(JSONReadError) {
        guard index < count, base[index] >= 0x80 else { return }
        let saved = index
        try skipUTF8Sequence()
        index = saved
    }

    static func typeStarting(with byte: UInt8) -> ValidationReport.JSONType? {
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
