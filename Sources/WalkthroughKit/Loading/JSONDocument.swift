import Glibc

/// A parsed JSON document as one flat array of nodes, in document order, over the input bytes.
///
/// This is what ``JSONReader`` produces and ``DefinitionValidator`` walks. Instead of a tree of
/// enums holding arrays (one allocation per object, a copy of every value that moves), each value
/// is a fixed-size ``JSONNode`` in one array; an object's members follow it as key and value
/// nodes, an array's elements follow it, and every node knows where its subtree ends
/// (``JSONNode/next``). Strings stay as byte ranges of the input until someone asks for them, so
/// keys are compared by their bytes and only the values a walkthrough keeps become `String`s.
///
/// A document points into the bytes it was read from: it is only used inside
/// ``JSONReader/withDocument(_:_:)``'s closure, while those bytes are alive, and never kept.
package struct JSONDocument {
    /// The input.
    let base: UnsafePointer<UInt8>
    /// Every value; `nodes[0]` is the root object.
    package var nodes: [JSONNode] = []
    /// The decoded text of the strings that contain escapes (``JSONNode/Flags/escaped``), by
    /// ``JSONNode/count``.
    var decoded: [String] = []
    /// The offset of each line's first byte: `lineStarts[0]` is 0 (3 after a byte order mark),
    /// then one entry per newline. Positions are worked out from it when asked for (only
    /// diagnostics need them), instead of being stored in every node.
    var lineStarts: [Int32] = [0]

    init(base: UnsafePointer<UInt8>, capacity: Int) {
        self.base = base
        nodes.reserveCapacity(capacity)
    }

    // MARK: - Values

    /// The type of the value at `node`, as diagnostics name it.
    func type(of node: Int) -> ValidationReport.JSONType {
        nodes[node].type
    }

    /// Where the value at `node` starts.
    package func position(of node: Int) -> SourcePosition {
        position(ofOffset: Int(nodes[node].offset))
    }

    /// The line and column of the byte at `offset`.
    ///
    /// The line comes from a binary search of ``lineStarts``; the column counts the Unicode
    /// scalars from the line's start, that is its bytes less the UTF-8 continuation bytes
    /// (everything before `offset` has been checked to be valid UTF-8).
    func position(ofOffset offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        let lineStart = min(Int(lineStarts[low]), offset)
        var continuationBytes = 0
        for byteOffset in lineStart..<offset where base[byteOffset] & 0xC0 == 0x80 {
            continuationBytes += 1
        }
        return SourcePosition(
            offset: offset, line: low + 1, column: offset - lineStart - continuationBytes + 1)
    }

    /// The text of the string at `node`, or `nil` when it is not a string.
    package func string(at node: Int) -> String? {
        let value = nodes[node]
        guard value.kind == .string else { return nil }
        return text(of: value)
    }

    /// The decoded text of a string node.
    package func text(of value: JSONNode) -> String {
        if value.flags.contains(.escaped) { return decoded[Int(value.count)] }
        return String(
            decoding: UnsafeBufferPointer(
                start: base + Int(value.offset) + 1, count: Int(value.end - value.offset) - 1),
            as: UTF8.self)
    }

    /// The number at `node`, or `nil` when it is not a number.
    func number(at node: Int) -> JSONNumber? {
        let value = nodes[node]
        guard value.kind == .number else { return nil }
        let text = String(
            decoding: UnsafeBufferPointer(
                start: base + Int(value.offset), count: Int(value.end - value.offset)),
            as: UTF8.self)
        let isInteger = value.flags.contains(.integer)
        // JSON's integer grammar is a subset of what `Int.init?(_: String)` reads; it is `nil`
        // past Int's range, as `integerValue` must be.
        return JSONNumber(
            text: text, isInteger: isInteger, integerValue: isInteger ? Int(text) : nil)
    }

    /// The boolean at `node`, or `nil` when it is not `true` or `false`.
    func bool(at node: Int) -> Bool? {
        switch nodes[node].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    // MARK: - Containers

    /// The members of the object at `node`, as (key node, value node) pairs in file order.
    package func members(of node: Int) -> Members {
        Members(nodes: nodes, first: node + 1, count: Int(nodes[node].count))
    }

    /// The elements of the array at `node`, as node indices in order.
    package func elements(of node: Int) -> Elements {
        Elements(nodes: nodes, first: node + 1, count: Int(nodes[node].count))
    }

    /// The number of members or elements of the container at `node`.
    func count(of node: Int) -> Int {
        Int(nodes[node].count)
    }

    /// Whether the key at `node` is exactly `key`, code point for code point (RFC 8259), not
    /// by Swift's `==`, which calls canonically equivalent strings (`café` and `cafe` + U+0301,
    /// U+212A KELVIN SIGN and `K`) equal.
    ///
    /// A plain ASCII key is compared by its bytes. A key with escapes or other characters is
    /// decoded and compared by its Unicode scalars.
    func key(_ node: Int, equals key: StaticString) -> Bool {
        let value = nodes[node]
        guard value.flags.isDisjoint(with: [.escaped, .nonASCII]) else {
            return text(of: value).unicodeScalars.elementsEqual(key.description.unicodeScalars)
        }
        let length = Int(value.end - value.offset) - 1
        guard length == key.utf8CodeUnitCount else { return false }
        return memcmp(base + Int(value.offset) + 1, key.utf8Start, length) == 0
    }

    /// Whether the keys at `first` and `second` are the same, code point for code point.
    func key(_ first: Int, equalsKey second: Int) -> Bool {
        let left = nodes[first]
        let right = nodes[second]
        let plain: JSONNode.Flags = [.escaped, .nonASCII]
        guard left.flags.isDisjoint(with: plain), right.flags.isDisjoint(with: plain) else {
            return text(of: left).unicodeScalars.elementsEqual(text(of: right).unicodeScalars)
        }
        let length = Int(left.end - left.offset)
        guard length == Int(right.end - right.offset) else { return false }
        return memcmp(base + Int(left.offset), base + Int(right.offset), length) == 0
    }

    /// The (key node, value node) pairs of an object.
    package struct Members: Sequence {
        let nodes: [JSONNode]
        let first: Int
        let count: Int

        package func makeIterator() -> Iterator {
            Iterator(nodes: nodes, key: first, remaining: count)
        }

        package struct Iterator: IteratorProtocol {
            let nodes: [JSONNode]
            var key: Int
            var remaining: Int

            package mutating func next() -> (key: Int, value: Int)? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let member = (key: key, value: key + 1)
                key = Int(nodes[key + 1].next)
                return member
            }
        }
    }

    /// The element nodes of an array.
    package struct Elements: Sequence {
        let nodes: [JSONNode]
        let first: Int
        let count: Int

        package func makeIterator() -> Iterator {
            Iterator(nodes: nodes, element: first, remaining: count)
        }

        package struct Iterator: IteratorProtocol {
            let nodes: [JSONNode]
            var element: Int
            var remaining: Int

            package mutating func next() -> Int? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let current = element
                element = Int(nodes[element].next)
                return current
            }
        }
    }
}

/// One value of a ``JSONDocument``: a fixed-size record, 20 bytes.
///
/// Offsets and counts are 32-bit: definitions are refused above 16 MiB, long before that
/// matters (``JSONReader`` checks it).
package struct JSONNode {
    /// What the value is.
    package enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    /// Facts the reader noticed while scanning a string or a number.
    struct Flags: OptionSet {
        let rawValue: UInt8

        /// A string with at least one escape: its text is in ``JSONDocument/decoded``.
        static let escaped = Flags(rawValue: 1 << 0)
        /// A string with bytes outside ASCII.
        static let nonASCII = Flags(rawValue: 1 << 1)
        /// A string that may hold a character players must not print raw (DEL, a C1 control, a
        /// bidirectional control, or anything escaped): ``TextScanner`` looks at it. Strings
        /// without the flag cannot hold one, so the scan is skipped.
        static let mayNeedScan = Flags(rawValue: 1 << 2)
        /// A number written without fraction or exponent.
        static let integer = Flags(rawValue: 1 << 3)
    }

    package var kind: Kind
    var flags: Flags = []
    /// The byte offset of the value's first byte (a string's opening quote).
    package var offset: Int32
    /// Strings: the offset of the closing quote. Numbers: one past the last digit.
    package var end: Int32 = 0
    /// Objects: the number of members; arrays: of elements; escaped strings: the index of the
    /// decoded text.
    var count: Int32 = 0
    /// The index of the first node after this value and everything nested in it.
    var next: Int32 = 0

    init(kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = Int32(truncatingIfNeeded: offset)
    }

    /// The value's JSON type.
    var type: ValidationReport.JSONType {
        switch kind {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number: return flags.contains(.integer) ? .integer : .number
        case .true, .false: return .boolean
        case .null: return .null
        }
    }
}
