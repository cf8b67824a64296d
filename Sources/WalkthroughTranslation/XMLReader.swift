import WalkthroughKit

/// A small XML reader for translators' files: elements, attributes, text, CDATA, comments and
/// processing instructions, into a tree of ``XMLElement``s.
///
/// It is deliberately strict where XML is dangerous: a document type declaration (`<!DOCTYPE`,
/// and with it every entity declaration: "billion laughs", external entities) is refused, only
/// XML's five predefined entities and numeric character references are understood, a
/// character XML 1.0 does not allow is refused, nesting deeper than
/// ``TranslationLimits/maximumDepth`` is refused, and no text grows past
/// ``TranslationLimits/maximumStringSize``. Nothing is ever expanded or fetched.
package struct XMLReader {
    /// The name the messages give the file.
    let file: String
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// Reads `bytes` (UTF-8) into its root element.
    ///
    /// - Throws: ``TranslationError`` at the first problem, with its line.
    package static func read(_ bytes: [UInt8], file: String) throws(TranslationError) -> XMLElement
    {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw TranslationError.malformed(file: file, line: 1, reason: "the file is not UTF-8")
        }
        var reader = XMLReader(file: file, bytes: bytes)
        return try reader.document()
    }

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: - Document

    private mutating func document() throws(TranslationError) -> XMLElement {
        var root: XMLElement?
        var stack: [XMLElement] = []
        var text: [UInt8] = []

        func flushText(_ stack: inout [XMLElement], _ text: inout [UInt8]) {
            guard !text.isEmpty else { return }
            if !stack.isEmpty {
                stack[stack.count - 1].children.append(.text(String(decoding: text, as: UTF8.self)))
            }
            text.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if starts("<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if starts("<?") {
                    try skip(past: "?>", what: "a processing instruction")
                } else if starts("<![CDATA[") {
                    guard !stack.isEmpty else { throw malformed("CDATA outside the root element") }
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "a CDATA section")
                    text += bytes[start..<(index - 3)]
                    try checkText(text)
                } else if starts("<!DOCTYPE") || starts("<!ENTITY") || starts("<!") {
                    throw TranslationError.refused(
                        file: file, line: line,
                        reason: "a document type declaration (<!DOCTYPE …>): entity declarations "
                            + "are refused, nothing is expanded")
                } else if starts("</") {
                    flushText(&stack, &text)
                    index += 2
                    let name = try self.name()
                    skipSpace()
                    try expect(">")
                    guard let open = stack.popLast() else {
                        throw malformed("</\(name)> closes no element")
                    }
                    guard open.qualifiedName == name else {
                        throw malformed("</\(name)> closes <\(open.qualifiedName)>")
                    }
                    if stack.isEmpty {
                        root = open
                    } else {
                        stack[stack.count - 1].children.append(.element(open))
                    }
                } else {
                    flushText(&stack, &text)
                    guard root == nil else { throw malformed("a second root element") }
                    index += 1
                    var element = XMLElement(qualifiedName: try self.name(), line: line)
                    var selfClosing = false
                    while true {
                        let hadSpace = skipSpace()
                        guard index < bytes.count else {
                            throw malformed("the file ends inside a tag")
                        }
                        if bytes[index] == UInt8(ascii: ">") {
                            index += 1
                            break
                        }
                        if starts("/>") {
                            index += 2
                            selfClosing = true
                            break
                        }
                        guard hadSpace else {
                            throw malformed("expected a space before an attribute")
                        }
                        let attribute = try self.name()
                        skipSpace()
                        try expect("=")
                        skipSpace()
                        let value = try attributeValue()
                        guard element.attributes.allSatisfy({ $0.name != attribute }) else {
                            throw malformed("the attribute \(attribute) twice")
                        }
                        element.attributes.append((attribute, value))
                    }
                    if selfClosing {
                        if stack.isEmpty {
                            root = element
                        } else {
                            stack[stack.count - 1].children.append(.element(element))
                        }
                    } else {
                        guard stack.count < TranslationLimits.maximumDepth else {
                            throw TranslationError.refused(
                                file: file, line: line,
                                reason: "elements nested deeper than "
                                    + "\(TranslationLimits.maximumDepth) levels")
                        }
                        stack.append(element)
                    }
                }
            } else if byte == UInt8(ascii: "&") {
                guard !stack.isEmpty else { throw malformed("text outside the root element") }
                text += try reference()
                try checkText(text)
            } else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                if stack.isEmpty {
                    guard Self.isSpace(byte) else {
                        throw malformed("text outside the root element")
                    }
                } else if byte == 0x0D {
                    // Line ends are read as XML reads them (2.11): CR LF and a lone CR are LF.
                    text.append(0x0A)
                    line += 1
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                } else {
                    try checkCharacter(at: index)
                    text.append(byte)
                    if text.count > TranslationLimits.maximumStringSize { try checkText(text) }
                }
                index += 1
            }
        }
        guard stack.isEmpty else {
            throw malformed("the file ends inside <\(stack[stack.count - 1].qualifiedName)>")
        }
        guard let root else { throw malformed("no root element") }
        return root
    }

    // MARK: - Pieces

    private func starts(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            buffer.elementsEqual(bytes[index..<(index + count)])
        }
    }

    private mutating func skip(past literal: StaticString, what: String) throws(TranslationError) {
        let first = literal.withUTF8Buffer { $0[0] }
        while index < bytes.count {
            if bytes[index] == first, starts(literal) {
                index += literal.utf8CodeUnitCount
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw malformed("the file ends inside \(what)")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        return index > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func expect(_ literal: StaticString) throws(TranslationError) {
        guard starts(literal) else { throw malformed("expected '\(literal)'") }
        index += literal.utf8CodeUnitCount
    }

    /// A name: letters, digits and `_ - . :` (and any non-ASCII byte).
    private mutating func name() throws(TranslationError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte =
                byte >= 0x80
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            index += 1
        }
        guard index > start, index - start <= 256 else { throw malformed("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func attributeValue() throws(TranslationError) -> String {
        guard index < bytes.count,
            bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        else { throw malformed("expected an attribute value in quotes") }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            switch bytes[index] {
            case UInt8(ascii: "<"): throw malformed("'<' in an attribute value")
            case UInt8(ascii: "&"): value += try reference()
            default:
                try checkCharacter(at: index)
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                // Attribute values normalize white space to spaces (XML 1.0, 3.3.3).
                value.append(Self.isSpace(bytes[index]) ? 0x20 : bytes[index])
                index += 1
            }
            try checkText(value)
        }
        guard index < bytes.count else { throw malformed("the file ends inside an attribute") }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&…;` at `index`: one of the five predefined entities or a character reference.
    private mutating func reference() throws(TranslationError) -> [UInt8] {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - start < 12 {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw malformed("a '&' that starts no entity or character reference")
        }
        let body = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        index += 1
        switch body {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        guard body.hasPrefix("#") else {
            throw TranslationError.refused(
                file: file, line: line,
                reason: "the entity &\(CharacterSafety.escapedInLine(body)); (only XML's five "
                    + "and character references are read; nothing is expanded)")
        }
        let digits = body.dropFirst()
        let value =
            digits.hasPrefix("x")
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
            throw malformed(
                "&\(CharacterSafety.escapedInLine(body)); is not a character XML allows")
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// Refuses a byte that starts a character XML 1.0 does not allow (C0 controls other than
    /// tab, newline and carriage return).
    private func checkCharacter(at offset: Int) throws(TranslationError) {
        let byte = bytes[offset]
        if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
            throw malformed(
                "the control character \(CharacterSafety.codePoint(UInt32(byte))), which XML "
                    + "does not allow")
        }
    }

    private func checkText(_ text: [UInt8]) throws(TranslationError) {
        guard text.count <= TranslationLimits.maximumStringSize else {
            throw TranslationError.refused(
                file: file, line: line, reason: "a text longer than 1 MiB")
        }
    }

    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    private func malformed(_ reason: String) -> TranslationError {
        .malformed(file: file, line: line, reason: reason)
    }
}
