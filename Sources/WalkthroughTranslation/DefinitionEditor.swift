import WalkthroughKit

/// Writes one locale's texts and fingerprints into a definition's bytes, changing nothing
/// else: every other key, its order, the indentation and the other languages stay byte for
/// byte.
///
/// The definition is read with the loader's own ``JSONReader``, which gives every value's
/// offset; the editor finds the span of each value it changes and splices new text in: a
/// string replaced, a member added after the last one of its object (on a line of its own at
/// the siblings' indentation when they are on lines of their own, else after `, `), a plain
/// string turned into an object of the default locale's text (its bytes as they were) and the
/// new one.
package struct DefinitionEditor {
    /// The definition's bytes.
    package let bytes: [UInt8]
    /// The canonical tag of the locale written.
    package let locale: String
    /// The key a plain string's text goes under when the field becomes an object.
    package let defaultLocale: String

    /// One change of the bytes: `range` replaced by `text`.
    private struct Splice {
        var range: Range<Int>
        var text: String
    }

    /// Creates an editor of `bytes`.
    package init(bytes: [UInt8], locale: String, defaultLocale: String) {
        self.bytes = bytes
        self.locale = locale
        self.defaultLocale = defaultLocale
    }

    /// The bytes with `texts` (path → text) written in the locale and `fingerprints` (path →
    /// fingerprint) recorded under `translations`.
    ///
    /// - Throws: ``TranslationError/unknownText(path:line:)`` for a path the definition has no
    ///   field at; ``TranslationError/malformed(file:line:reason:)`` when it is not JSON.
    package func applying(
        texts: [(path: String, text: String)], fingerprints: [(path: String, fingerprint: String)]
    ) throws(TranslationError) -> [UInt8] {
        let splices: [Splice]
        do {
            splices = try bytes.withUnsafeBytes { raw throws(JSONReadError) in
                try JSONReader.withDocument(raw) { document in
                    Result { () throws(TranslationError) -> [Splice] in
                        try plan(document, texts: texts, fingerprints: fingerprints)
                    }
                }
            }.get()
        } catch let error as TranslationError {
            throw error
        } catch {
            throw TranslationError.malformed(
                file: "the definition", line: 1, reason: "it is not a JSON object")
        }
        // One pass from the start: the bytes up to each splice, then its text.
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + splices.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[copied..<splice.range.lowerBound]
            result += splice.text.utf8
            copied = splice.range.upperBound
        }
        result += bytes[copied...]
        return result
    }

    // MARK: - Planning

    private func plan(
        _ document: JSONDocument, texts: [(path: String, text: String)],
        fingerprints: [(path: String, fingerprint: String)]
    ) throws(TranslationError) -> [Splice] {
        var splices: [Splice] = []
        let pages = pageNodes(document)
        for (path, text) in texts {
            guard let field = field(document, path: path, pages: pages) else {
                throw TranslationError.unknownText(path: path, line: 0)
            }
            let encoded = JSONText.string(text).rendered()
            if document.nodes[field].kind == .string {
                let original = String(
                    decoding: bytes[span(document, field)], as: UTF8.self)
                splices.append(
                    Splice(
                        range: span(document, field),
                        text: "{ " + JSONText.string(defaultLocale).rendered() + ": " + original
                            + ", " + JSONText.string(locale).rendered() + ": " + encoded + " }"))
            } else if let existing = member(
                document, of: field,
                where: { key in
                    LanguageTag(key)?.description == locale
                })
            {
                splices.append(Splice(range: span(document, existing), text: encoded))
            } else {
                splices.append(insertion(document, into: field, members: [(locale, encoded)]))
            }
        }
        guard !fingerprints.isEmpty else { return splices }
        let root = 0
        guard
            let translations = member(
                document, of: root, where: { $0 == "translations" })
        else {
            let indent = memberIndent(document, of: root) ?? "  "
            let unit = indent
            let value = Self.object(
                [
                    (
                        locale,
                        Self.object(
                            fingerprints.map {
                                ($0.path, JSONText.string($0.fingerprint).rendered())
                            }, indent: indent + unit, unit: unit)
                    )
                ],
                indent: indent, unit: unit)
            splices.append(insertion(document, into: root, members: [("translations", value)]))
            return splices
        }
        let unit = memberIndent(document, of: root) ?? "  "
        guard document.nodes[translations].kind == .object else {
            throw TranslationError.malformed(
                file: "the definition", line: document.position(of: translations).line,
                reason: "translations is not an object")
        }
        let translationsIndent = (memberIndent(document, of: translations) ?? unit + unit)
        guard
            let localeObject = member(
                document, of: translations,
                where: { key in
                    LanguageTag(key)?.description == locale
                }), document.nodes[localeObject].kind == .object
        else {
            let value = Self.object(
                fingerprints.map { ($0.path, JSONText.string($0.fingerprint).rendered()) },
                indent: translationsIndent, unit: unit)
            splices.append(insertion(document, into: translations, members: [(locale, value)]))
            return splices
        }
        var added: [(String, String)] = []
        for (path, fingerprint) in fingerprints {
            let encoded = JSONText.string(fingerprint).rendered()
            if let existing = member(document, of: localeObject, where: { $0 == path }) {
                if String(decoding: bytes[span(document, existing)], as: UTF8.self) != encoded {
                    splices.append(Splice(range: span(document, existing), text: encoded))
                }
            } else {
                added.append((path, encoded))
            }
        }
        if !added.isEmpty {
            splices.append(insertion(document, into: localeObject, members: added))
        }
        return splices
    }

    /// Each page's object node by its id (`page-N` for a page without one), found once.
    private func pageNodes(_ document: JSONDocument) -> [String: Int] {
        guard let pages = member(document, of: 0, where: { $0 == "pages" }),
            document.nodes[pages].kind == .array
        else { return [:] }
        var nodes: [String: Int] = [:]
        for (index, page) in document.elements(of: pages).enumerated()
        where document.nodes[page].kind == .object {
            let id =
                member(document, of: page, where: { $0 == "id" }).flatMap(document.string(at:))
                ?? "page-\(index + 1)"
            if nodes[id] == nil { nodes[id] = page }
        }
        return nodes
    }

    /// The value node of the field at a text's path (`title`, `finishLabel`, `pages.ID.FIELD`),
    /// or `nil`.
    private func field(_ document: JSONDocument, path: String, pages: [String: Int]) -> Int? {
        if path == "title" || path == "finishLabel" {
            return member(document, of: 0, where: { $0 == path })
        }
        guard path.hasPrefix("pages."), let dot = path.lastIndex(of: "."),
            path.distance(from: path.startIndex, to: dot) > 6
        else { return nil }
        let name = String(path[path.index(after: dot)...])
        let id = String(path[path.index(path.startIndex, offsetBy: 6)..<dot])
        guard TranslationCatalog.pageFields.map(\.rawValue).contains(name),
            let page = pages[id]
        else { return nil }
        return member(document, of: page, where: { $0 == name })
    }

    /// The value node of the first member of the object at `object` whose key satisfies
    /// `matches`.
    private func member(
        _ document: JSONDocument, of object: Int, where matches: (String) -> Bool
    ) -> Int? {
        guard document.nodes[object].kind == .object else { return nil }
        for member in document.members(of: object)
        where matches(document.text(of: document.nodes[member.key])) {
            return member.value
        }
        return nil
    }

    /// The bytes the value at `node` spans, from its first byte to one past its last.
    private func span(_ document: JSONDocument, _ node: Int) -> Range<Int> {
        Int(document.nodes[node].offset)..<end(document, node)
    }

    /// One past the last byte of the value at `node`.
    private func end(_ document: JSONDocument, _ node: Int) -> Int {
        let value = document.nodes[node]
        switch value.kind {
        case .string: return Int(value.end) + 1
        case .number: return Int(value.end)
        case .true, .null: return Int(value.offset) + 4
        case .false: return Int(value.offset) + 5
        case .object, .array:
            var last: Int?
            if value.kind == .object {
                for member in document.members(of: node) { last = member.value }
            } else {
                for element in document.elements(of: node) { last = element }
            }
            var index = last.map { end(document, $0) } ?? Int(value.offset) + 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            return index + 1
        }
    }

    /// The indentation of the members of the object at `object` when they are on lines of
    /// their own (the last such member's), else `nil`.
    private func memberIndent(_ document: JSONDocument, of object: Int) -> String? {
        var keys: [Int] = []
        for member in document.members(of: object) { keys.append(member.key) }
        for key in keys.reversed() {
            let keyStart = Int(document.nodes[key].offset)
            var start = keyStart
            while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            if start > 0, bytes[start - 1] == 0x0A {
                return String(decoding: bytes[start..<keyStart], as: UTF8.self)
            }
        }
        return nil
    }

    /// The splice that adds `members` (key, JSON text) after the last member of the object at
    /// `object`.
    private func insertion(
        _ document: JSONDocument, into object: Int, members: [(String, String)]
    ) -> Splice {
        let rendered = members.map { JSONText.string($0.0).rendered() + ": " + $0.1 }
        var lastValue: Int?
        for member in document.members(of: object) { lastValue = member.value }
        guard let lastValue else {
            let range = span(document, object)
            return Splice(range: range, text: "{ " + rendered.joined(separator: ", ") + " }")
        }
        let at = end(document, lastValue)
        if let indent = memberIndent(document, of: object) {
            return Splice(
                range: at..<at, text: rendered.map { ",\n" + indent + $0 }.joined())
        }
        return Splice(range: at..<at, text: rendered.map { ", " + $0 }.joined())
    }

    /// An object written over several lines: its members at `indent` + `unit`, its closing
    /// brace at `indent`.
    private static func object(
        _ members: [(String, String)], indent: String, unit: String
    )
        -> String
    {
        let inner = indent + unit
        return "{\n"
            + members.map { inner + JSONText.string($0.0).rendered() + ": " + $0.1 }
            .joined(separator: ",\n") + "\n" + indent + "}"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
