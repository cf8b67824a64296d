import WalkthroughKit

/// Reads an XLIFF 2 document (2.0 or 2.1) into ``TranslationFile``: each `<unit id>` (in
/// `<file>` or `<group>`) with its `<note category="source-hash">`, its segments' sources and
/// targets joined in order, and whether a segment is still `state="initial"`.
///
/// Inline content: text, `<cp hex>` (a character XML cannot hold) and the text inside `<mrk>`
/// and `<pc>`; placeholders and codes (`<ph>`, `<sc>`, `<ec>`, `<sm>`, `<em>`) are refused, as
/// no text of a walkthrough has them. The XML itself is read by ``XMLReader``.
package enum XLIFFReader {
    /// Reads `bytes`, the XLIFF document named `file`.
    ///
    /// - Throws: ``TranslationError`` at the first problem.
    package static func read(
        _ bytes: [UInt8], file: String
    ) throws(TranslationError) -> TranslationFile {
        let root = try XMLReader.read(bytes, file: file)
        guard root.localName == "xliff" else {
            throw TranslationError.malformed(
                file: file, line: 1,
                reason: "the root element is <\(root.qualifiedName)>, not <xliff>")
        }
        let namespace = root.attributes.first {
            $0.name == "xmlns" || $0.name == "xmlns:" + prefix(of: root)
        }?.value
        guard namespace == XLIFFWriter.namespace else {
            let found =
                namespace.map { "the namespace " + CharacterSafety.quoted($0) } ?? "no namespace"
            throw TranslationError.malformed(
                file: file, line: 1,
                reason: "\(found), not XLIFF 2's \(XLIFFWriter.namespace)")
        }
        var units: [TranslationUnit] = []
        var seen: Set<String> = []
        func collect(_ element: XMLElement) throws(TranslationError) {
            for child in element.elements {
                switch child.localName {
                case "group": try collect(child)
                case "unit":
                    let unit = try self.unit(child, file: file, index: units.count)
                    guard seen.insert(unit.path).inserted else {
                        throw TranslationError.malformed(
                            file: file, line: child.line,
                            reason: "a second unit \(CharacterSafety.quoted(unit.path))")
                    }
                    units.append(unit)
                default: continue
                }
            }
        }
        for file in root.elements where file.localName == "file" { try collect(file) }
        return TranslationFile(locale: root.attribute("trgLang"), units: units)
    }

    private static func prefix(of element: XMLElement) -> String {
        let parts = element.qualifiedName.split(separator: ":", maxSplits: 1)
        return parts.count == 2 ? String(parts[0]) : ""
    }

    private static func unit(
        _ element: XMLElement, file: String, index: Int
    ) throws(TranslationError) -> TranslationUnit {
        guard let id = element.attribute("id") else {
            throw TranslationError.malformed(
                file: file, line: element.line, reason: "unit \(index + 1) has no id")
        }
        var fingerprint: String?
        var source = ""
        var target = ""
        var needsReview = false
        for child in element.elements {
            switch child.localName {
            case "notes":
                for note in child.elements
                where note.localName == "note" && note.attribute("category") == "source-hash" {
                    fingerprint = try text(of: note, file: file, unit: id).trimmingSpaces
                }
            case "segment", "ignorable":
                if child.localName == "segment",
                    (child.attribute("state") ?? "initial") == "initial"
                {
                    // XLIFF's default state is "initial": only a segment whose target is there
                    // and was never marked translated needs review.
                    if child.elements.contains(where: { $0.localName == "target" }) {
                        needsReview = true
                    }
                }
                for part in child.elements {
                    if part.localName == "source" {
                        source += try text(of: part, file: file, unit: id)
                    } else if part.localName == "target" {
                        target += try text(of: part, file: file, unit: id)
                    }
                }
            default: continue
            }
        }
        return TranslationUnit(
            path: id, source: source, target: target, fingerprint: fingerprint,
            needsReview: needsReview, line: element.line)
    }

    /// The text of an element: its character data, `<cp>` characters and the text inside
    /// `<mrk>` and `<pc>`.
    private static func text(
        of element: XMLElement, file: String, unit: String
    ) throws(TranslationError) -> String {
        var result = ""
        for child in element.children {
            switch child {
            case .text(let text): result += text
            case .element(let inner):
                switch inner.localName {
                case "cp":
                    guard let hex = inner.attribute("hex"), let value = UInt32(hex, radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw TranslationError.malformed(
                            file: file, line: inner.line,
                            reason:
                                "unit \(CharacterSafety.quoted(unit)): a <cp> without a valid hex")
                    }
                    result.unicodeScalars.append(scalar)
                case "mrk", "pc": result += try text(of: inner, file: file, unit: unit)
                default:
                    throw TranslationError.refused(
                        file: file, line: inner.line,
                        reason:
                            "unit \(CharacterSafety.quoted(unit)): <\(inner.localName)> (inline "
                            + "codes: no text of a walkthrough has them)")
                }
            }
            if result.utf8.count > TranslationLimits.maximumStringSize {
                throw TranslationError.refused(
                    file: file, line: element.line, reason: "a text longer than 1 MiB")
            }
        }
        return result
    }
}
