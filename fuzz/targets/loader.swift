import FoundationEssentials
import WalkthroughKit

// Fuzz target (a): the definition loader.
//
// Bytes -> `DefinitionLoader.validate(bytes:)`. Besides "no crash, no hang", it checks:
// - a report has a walkthrough exactly when it has no error (a JSON Schema has neither);
// - diagnostics are one line each, in file order, with lines and columns inside the input, and
//   carry no raw control character (they name keys and values taken from the input);
// - validating twice gives the same report;
// - a valid walkthrough keeps the format's rules (1 to 10,000 pages, valid and unique ids,
//   headings not blank, version >= 1, text within its length limit);
// - it round-trips: written back as JSON (strings escaped one of two ways) and loaded again, it
//   is the same walkthrough, byte for byte;
// - Foundation's JSONDecoder reads the same strings and values from the input (for a field
//   given in several languages, the default locale's text; fuzz/targets/localized.swift checks
//   the translations).

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let report = DefinitionLoader.validate(bytes: bytes, name: "fuzz.json")
    checkReport(report, input: bytes)
    require(
        DefinitionLoader.validate(bytes: bytes, name: "fuzz.json") == report,
        "validating the same bytes twice gave two reports")
    if let walkthrough = report.walkthrough {
        checkRules(walkthrough)
        checkRoundTrip(walkthrough, escapingAll: size % 2 == 1)
        checkAgainstFoundation(walkthrough, input: bytes)
    }
    return 0
}

// MARK: - The report

private func checkReport(_ report: ValidationReport, input: UnsafeRawBufferPointer) {
    require(
        (report.walkthrough != nil) == (report.errors.isEmpty && !report.isJSONSchema),
        "walkthrough \(report.walkthrough != nil), \(report.errors.count) errors, "
            + "schema \(report.isJSONSchema)")
    if report.isJSONSchema { require(report.diagnostics.isEmpty, "a schema with diagnostics") }
    let lineCount = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    var previous = (0, 0)
    for diagnostic in report.diagnostics {
        let line = diagnostic.formatted(file: report.file)
        require(!diagnostic.message.isEmpty, "an empty message for \(diagnostic.kind.name)")
        require(!line.contains("\n"), "a diagnostic on several lines: \(visible(line))")
        require(
            !line.unicodeScalars.contains(where: isControl),
            "a raw control character in a diagnostic: \(visible(line))")
        if let number = diagnostic.line {
            require(number >= 1 && number <= lineCount, "line \(number) of \(lineCount)")
            require((diagnostic.column ?? 0) >= 1, "column \(diagnostic.column ?? 0)")
        }
        let position = (diagnostic.line ?? 0, diagnostic.column ?? 0)
        require(position >= previous, "diagnostics out of file order: \(visible(line))")
        previous = position
    }
    if report.walkthrough == nil, !report.isJSONSchema {
        do {
            _ = try DefinitionLoader.load(bytes: Array(input), name: "fuzz.json")
            require(false, "load returned a walkthrough that validate refused")
        } catch {
            require(!error.description.isEmpty, "an empty DefinitionError description")
        }
    }
}

/// C0 (but newline), DEL, C1, bidirectional controls, line and paragraph separators:
/// ``CharacterSafety``'s rule.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && CharacterSafety.isUnsafeInLine(scalar.value)
}

// MARK: - A valid walkthrough

private func checkRules(_ walkthrough: Walkthrough) {
    require(DefinitionFormat.isValidID(walkthrough.id), "invalid id \(visible(walkthrough.id))")
    require(walkthrough.version >= 1, "version \(walkthrough.version)")
    let count = walkthrough.pages.count
    require(count >= 1 && count <= DefinitionFormat.maximumPages, "\(count) pages")
    var ids = Set<[UInt8]>()
    for page in walkthrough.pages {
        require(DefinitionFormat.isValidID(page.id), "invalid page id \(visible(page.id))")
        require(ids.insert(Array(page.id.utf8)).inserted, "duplicate page id \(page.id)")
        require(
            page.heading.unicodeScalars.contains { !$0.properties.isWhitespace },
            "a blank heading")
        require(page.image?.utf8.first != UInt8(ascii: "/"), "an absolute image path")
    }
    // Limits count Unicode code points, as JSON Schema's maxLength does.
    func length(_ text: String?) -> Int { text?.unicodeScalars.count ?? 0 }
    let label = DefinitionFormat.maximumLabelLength
    require(!walkthrough.finishLabel.isEmpty, "an empty finish label")
    require(length(walkthrough.finishLabel) <= label, "a finish label over the limit")
    require(length(walkthrough.title) <= label, "a title over the limit")
    for page in walkthrough.pages {
        require(
            page.since >= 1 && page.since <= walkthrough.version, "a page since outside 1...version"
        )
        require(length(page.heading) <= label, "a heading over the limit")
        require(
            length(page.content) <= DefinitionFormat.maximumContentLength, "content over the limit")
        require(length(page.imageAlt) <= label, "alt text over the limit")
        require(length(page.image) <= DefinitionFormat.maximumPathLength, "image over the limit")
    }
}

// MARK: - Round trip

private func checkRoundTrip(_ walkthrough: Walkthrough, escapingAll: Bool) {
    var json = "{"
    func member(_ key: String, _ value: String) {
        if json.utf8.last != UInt8(ascii: "{") { json += "," }
        json += quote(key, escapingAll: false) + ":" + value
    }
    func string(_ value: String) -> String { quote(value, escapingAll: escapingAll) }
    member("id", string(walkthrough.id))
    member("version", String(walkthrough.version))
    if let title = walkthrough.title { member("title", string(title)) }
    member("navigation", string(walkthrough.navigation.rawValue))
    member("skippable", walkthrough.skippable ? "true" : "false")
    member("finishLabel", string(walkthrough.finishLabel))
    var pages: [String] = []
    for page in walkthrough.pages {
        var object = "{\"id\":" + string(page.id) + ",\"heading\":" + string(page.heading)
        object += ",\"content\":" + string(page.content)
        if let image = page.image { object += ",\"image\":" + string(image) }
        if let alt = page.imageAlt { object += ",\"imageAlt\":" + string(alt) }
        object += ",\"since\":" + String(page.since)
        pages.append(object + "}")
    }
    member("pages", "[" + pages.joined(separator: ",\n") + "]")
    json += "}"
    let again = DefinitionLoader.validate(bytes: Array(json.utf8), name: "again.json")
    guard let copy = again.walkthrough else {
        let problems = again.errors.map { visible($0.description) }.joined(separator: "; ")
        require(false, "the walkthrough written back as JSON does not load: \(problems)")
        return
    }
    require(sameWalkthrough(copy, walkthrough), "the round trip changed the walkthrough")
}

/// `value` as a JSON string: the characters JSON requires escaped, and with `escapingAll` every
/// non-ASCII scalar as `\uXXXX` (surrogate pairs above U+FFFF).
private func quote(_ value: String, escapingAll: Bool) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x0A: result += "\\n"
        case 0x00...0x1F: result += "\\u" + hex4(scalar.value)
        case 0x80... where escapingAll:
            if scalar.value > 0xFFFF {
                let value = scalar.value - 0x10000
                result +=
                    "\\u" + hex4(0xD800 + (value >> 10)) + "\\u" + hex4(0xDC00 + (value & 0x3FF))
            } else {
                result += "\\u" + hex4(scalar.value)
            }
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
}

private func sameWalkthrough(_ lhs: Walkthrough, _ rhs: Walkthrough) -> Bool {
    guard lhs.id == rhs.id, lhs.version == rhs.version, lhs.navigation == rhs.navigation,
        lhs.skippable == rhs.skippable, sameScalars(lhs.finishLabel, rhs.finishLabel),
        sameOptional(lhs.title, rhs.title), lhs.pages.count == rhs.pages.count
    else { return false }
    return zip(lhs.pages, rhs.pages).allSatisfy { left, right in
        sameScalars(left.id, right.id) && sameScalars(left.heading, right.heading)
            && sameScalars(left.content, right.content) && sameOptional(left.image, right.image)
            && sameOptional(left.imageAlt, right.imageAlt) && left.since == right.since
    }
}

private func sameOptional(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (let left?, let right?): return sameScalars(left, right)
    default: return false
    }
}

// MARK: - Against Foundation

/// The fields of a definition as Foundation's decoder reads them.
private struct DecodedDefinition: Decodable {
    var id: String?
    var version: Int?
    var title: DecodedText?
    var navigation: String?
    var skippable: Bool?
    var finishLabel: DecodedText?
    var defaultLocale: String?
    var pages: [DecodedPage]
}

private struct DecodedPage: Decodable {
    var id: String?
    var heading: DecodedText
    var content: DecodedText
    var image: DecodedText?
    var imageAlt: DecodedText?
}

/// A field that is a string, or an object of language tags to strings.
private enum DecodedText: Decodable {
    case plain(String)
    case translated([String: String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .plain(text)
        } else {
            self = .translated(try container.decode([String: String].self))
        }
    }

    /// The text a walkthrough shows by default: the string, or the default locale's text.
    func text(defaultLocale: String) -> String? {
        switch self {
        case .plain(let text): return text
        case .translated(let values):
            return values.first { LanguageTag($0.key)?.description == defaultLocale }?.value
        }
    }
}

private func checkAgainstFoundation(_ walkthrough: Walkthrough, input: UnsafeRawBufferPointer) {
    var bytes = Data(input)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // ours tolerates a BOM
    let decoded: DecodedDefinition
    do {
        decoded = try JSONDecoder().decode(DecodedDefinition.self, from: bytes)
    } catch {
        require(false, "JSONDecoder rejects a definition we accept: \(error)")
        return
    }
    require(sameOptional(decoded.id, walkthrough.id) || decoded.id == nil, "id differs")
    require(decoded.version ?? 1 == walkthrough.version, "version differs")
    let locale = walkthrough.defaultLocale
    require(
        decoded.defaultLocale.flatMap { LanguageTag($0)?.description } ?? "en" == locale,
        "defaultLocale differs")
    require(
        sameOptional(decoded.title?.text(defaultLocale: locale), walkthrough.title), "title differs"
    )
    require(
        (decoded.navigation ?? "free") == walkthrough.navigation.rawValue, "navigation differs")
    require((decoded.skippable ?? true) == walkthrough.skippable, "skippable differs")
    require(
        sameScalars(
            decoded.finishLabel?.text(defaultLocale: locale) ?? Walkthrough.defaultFinishLabel,
            walkthrough.finishLabel),
        "finishLabel differs")
    require(decoded.pages.count == walkthrough.pages.count, "page count differs")
    for (index, (page, ours)) in zip(decoded.pages, walkthrough.pages).enumerated() {
        require(sameScalars(page.id ?? "page-\(index + 1)", ours.id), "pages[\(index)].id differs")
        require(
            sameOptional(page.heading.text(defaultLocale: locale), ours.heading),
            "pages[\(index)].heading differs")
        require(
            sameOptional(page.content.text(defaultLocale: locale), ours.content),
            "pages[\(index)].content differs")
        require(
            sameOptional(page.image?.text(defaultLocale: locale), ours.image),
            "pages[\(index)].image differs")
        require(
            sameOptional(page.imageAlt?.text(defaultLocale: locale), ours.imageAlt),
            "pages[\(index)].imageAlt differs")
    }
}
