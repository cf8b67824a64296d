/// Writes JSON as UTF-8 bytes into one buffer, token by token: ``JSONText`` is written through
/// it, and a caller answering many requests writes through it directly, without building a
/// tree first. Commas, the colon after a key and (when pretty) line breaks and two-space
/// indents are its business; the caller says what comes, in order.
///
/// Strings are escaped completely: quotes, backslashes, every control character (C0, DEL, C1),
/// the line and paragraph separators and bidirectional controls, so output is safe to show in a
/// terminal and to paste into JavaScript.
package struct JSONWriter {
    /// What is written so far.
    package private(set) var bytes: [UInt8] = []
    /// Whether containers' members go on lines of their own, indented.
    private let pretty: Bool
    /// For each container open, innermost last: whether it has a member yet.
    private var open: [Bool] = []
    /// Whether a key was just written, so the next value is its value.
    private var afterKey = false

    /// A writer of one line (`pretty: false`: no space between tokens) or of pretty-printed
    /// JSON (two-space indent, no final newline).
    package init(pretty: Bool, capacity: Int = 256) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object: keys and values follow, then ``endObject()``.
    package mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open.append(false)
    }

    /// Closes the innermost object.
    package mutating func endObject() {
        endContainer(UInt8(ascii: "}"))
    }

    /// Opens an array: values follow, then ``endArray()``.
    package mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open.append(false)
    }

    /// Closes the innermost array.
    package mutating func endArray() {
        endContainer(UInt8(ascii: "]"))
    }

    /// A member's key, in an object; its value comes next.
    package mutating func key(_ name: String) {
        beginValue()
        Self.escape(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A string value.
    package mutating func string(_ value: String) {
        beginValue()
        Self.escape(value, into: &bytes)
    }

    /// An integer value.
    package mutating func integer(_ value: Int) {
        beginValue()
        Self.appendDecimal(value, to: &bytes)
    }

    /// A number with a fraction, in Swift's shortest form that reads back as the same value;
    /// `null` when it is not finite.
    package mutating func number(_ value: Double) {
        beginValue()
        bytes += (value.isFinite ? String(describing: value) : "null").utf8
    }

    /// A Boolean value.
    package mutating func bool(_ value: Bool) {
        beginValue()
        bytes += (value ? "true" : "false").utf8
    }

    /// `null`.
    package mutating func null() {
        beginValue()
        bytes += "null".utf8
    }

    /// A value `body` writes straight into the buffer, as JSON the caller answers for: keys it
    /// spelt, strings it passed through ``escape(_:into:)``. For an object written many times
    /// an answer, in one piece (it stays on one line in pretty output).
    package mutating func value(writtenBy body: (inout [UInt8]) -> Void) {
        beginValue()
        body(&bytes)
    }

    /// A comma before a container's next member, and its line, unless a key just came.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let hasMember = open.last else { return }
        if hasMember {
            bytes.append(UInt8(ascii: ","))
        } else {
            open[open.count - 1] = true
        }
        newline(indent: open.count)
    }

    private mutating func endContainer(_ closing: UInt8) {
        let hadMember = open.removeLast()
        if hadMember { newline(indent: open.count) }
        bytes.append(closing)
    }

    private mutating func newline(indent: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Appends `text`, a literal written as it is (JSON punctuation and keys), with one copy.
    package static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal digits (a `-` first when negative), with no string made.
    package static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int's 20 digits fit
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// Appends `string` as a JSON string literal.
    package static func escape(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings are printable ASCII without a quote or a backslash: copied whole (a
        // small string from a copy on the stack, a large one from its own buffer).
        var string = string
        let copied = string.withUTF8 { buffer in
            for byte in buffer
            where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "\\")
            {
                return false
            }
            bytes.append(contentsOf: buffer)
            return true
        }
        if copied {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: bytes += #"\""#.utf8
            case 0x5C: bytes += #"\\"#.utf8
            case 0x0A: bytes += #"\n"#.utf8
            case 0x0D: bytes += #"\r"#.utf8
            case 0x09: bytes += #"\t"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case _ where CharacterSafety.isUnsafeInLine(scalar.value):
                bytes += ("\\u" + CharacterSafety.hex4(scalar.value).lowercased()).utf8
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
