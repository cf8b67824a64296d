import WalkthroughKit

/// Reads a GNU gettext PO file into ``TranslationFile``: entries with `msgctxt` (the path),
/// `msgid`, `msgstr`, the `#. source-hash:` comment and the `fuzzy` flag; the header entry's
/// `Language:`. Obsolete entries (`#~`) are skipped; plural forms are refused (no text of a
/// walkthrough has them). Escapes are C's (`\n`, `\t`, `\"`, `\\`, octal, `\x`); bytes are
/// checked to be UTF-8. A string longer than ``TranslationLimits/maximumStringSize`` is
/// refused.
package struct POReader {
    /// The name the messages give the file.
    let file: String

    /// Reads `bytes`, the PO file named `file`.
    ///
    /// - Throws: ``TranslationError/malformed(file:line:reason:)`` at the first problem.
    package static func read(
        _ bytes: [UInt8], file: String
    ) throws(TranslationError) -> TranslationFile {
        try POReader(file: file).read(bytes)
    }

    /// An entry being read.
    private struct Entry {
        var line = 0
        var context: [UInt8]?
        var id: [UInt8]?
        var string: [UInt8]?
        var fingerprint: String?
        var fuzzy = false
        var obsolete = false
        /// Which field continuation lines add to.
        var current: Field?
        var isEmpty: Bool { context == nil && id == nil && string == nil }
    }

    private enum Field { case context, id, string }

    private func read(_ bytes: [UInt8]) throws(TranslationError) -> TranslationFile {
        var units: [TranslationUnit] = []
        var locale: String?
        var entry = Entry()
        var lineNumber = 0
        var seenPaths: Set<String> = []

        func finish(_ entry: Entry) throws(TranslationError) {
            guard !entry.isEmpty, !entry.obsolete else { return }
            guard let id = entry.id, let string = entry.string else {
                throw malformed(entry.line, "an entry needs both msgid and msgstr")
            }
            let source = try text(id, line: entry.line)
            let target = try text(string, line: entry.line)
            guard let context = entry.context else {
                if source.isEmpty {
                    // The header entry.
                    for field in target.split(separator: "\n") {
                        let parts = field.split(separator: ":", maxSplits: 1)
                        if parts.count == 2, parts[0].trimmingSpaces == "Language" {
                            let value = parts[1].trimmingSpaces
                            locale = value.isEmpty ? nil : value
                        }
                    }
                    return
                }
                // Tools that drop msgctxt (translate-toolkit's po2xliff): the import finds
                // the text by its fingerprint or source.
                units.append(
                    TranslationUnit(
                        path: "", source: source, target: target, fingerprint: entry.fingerprint,
                        needsReview: entry.fuzzy, line: entry.line))
                return
            }
            let path = try text(context, line: entry.line)
            guard seenPaths.insert(path).inserted else {
                throw malformed(entry.line, "a second entry for \(CharacterSafety.quoted(path))")
            }
            units.append(
                TranslationUnit(
                    path: path, source: source, target: target, fingerprint: entry.fingerprint,
                    needsReview: entry.fuzzy, line: entry.line))
        }

        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            var line = bytes[start..<end]
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let trimmed = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if trimmed.isEmpty {
                try finish(entry)
                entry = Entry()
                continue
            }
            if trimmed.first == UInt8(ascii: "#") {
                let comment = String(decoding: trimmed, as: UTF8.self)
                if entry.string != nil {
                    // A comment after msgstr starts the next entry.
                    try finish(entry)
                    entry = Entry()
                }
                if entry.line == 0 { entry.line = lineNumber }
                if comment.hasPrefix("#~") {
                    entry.obsolete = true
                } else if comment.hasPrefix("#,") {
                    let flags = comment.dropFirst(2).split(separator: ",").map(\.trimmingSpaces)
                    if flags.contains("fuzzy") { entry.fuzzy = true }
                } else if comment.hasPrefix("#.") {
                    let body = comment.dropFirst(2).trimmingSpaces
                    let label = "source-hash:"
                    if body.hasPrefix(label) {
                        entry.fingerprint = String(body.dropFirst(label.count)).trimmingSpaces
                    }
                }
                continue
            }
            if trimmed.first == UInt8(ascii: "\"") {
                let value = try quoted(trimmed, line: lineNumber)
                switch entry.current {
                case .context?: entry.context! += value
                case .id?: entry.id! += value
                case .string?: entry.string! += value
                case nil: throw malformed(lineNumber, "a string that continues no keyword")
                }
                try checkSize(entry, line: lineNumber)
                continue
            }
            let keyword = trimmed.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            let rest = trimmed.dropFirst(keyword.count).drop {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            let name = String(decoding: keyword, as: UTF8.self)
            switch name {
            case "msgctxt", "msgid":
                if entry.string != nil || (name == "msgctxt" && entry.id != nil) {
                    try finish(entry)
                    entry = Entry()
                }
                if entry.line == 0 { entry.line = lineNumber }
                let value = try quoted(rest, line: lineNumber)
                if name == "msgctxt" {
                    entry.context = value
                    entry.current = .context
                } else {
                    guard entry.id == nil else {
                        throw malformed(lineNumber, "a second msgid in one entry")
                    }
                    entry.id = value
                    entry.current = .id
                }
            case "msgstr":
                guard entry.id != nil, entry.string == nil else {
                    throw malformed(lineNumber, "msgstr without its msgid")
                }
                entry.string = try quoted(rest, line: lineNumber)
                entry.current = .string
            case "msgid_plural", "msgstr[0]", "msgstr[1]":
                throw TranslationError.refused(
                    file: file, line: lineNumber,
                    reason: "plural forms (\(name)): no text of a walkthrough has them")
            default:
                throw malformed(
                    lineNumber,
                    "expected msgctxt, msgid, msgstr, a string or a comment, found "
                        + CharacterSafety.quoted(String(name.prefix(40))))
            }
            try checkSize(entry, line: lineNumber)
        }
        try finish(entry)
        return TranslationFile(locale: locale, units: units)
    }

    /// Refuses an entry whose strings grew past the limit.
    private func checkSize(_ entry: Entry, line: Int) throws(TranslationError) {
        let limit = TranslationLimits.maximumStringSize
        if (entry.context?.count ?? 0) > limit || (entry.id?.count ?? 0) > limit
            || (entry.string?.count ?? 0) > limit
        {
            throw TranslationError.refused(
                file: file, line: line, reason: "a string longer than 1 MiB")
        }
    }

    /// The bytes a quoted PO string stands for, escapes decoded.
    private func quoted(_ bytes: ArraySlice<UInt8>, line: Int) throws(TranslationError) -> [UInt8] {
        var rest = bytes
        while let last = rest.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            rest = rest.dropLast()
        }
        guard rest.count >= 2, rest.first == UInt8(ascii: "\""), rest.last == UInt8(ascii: "\"")
        else {
            throw malformed(line, "expected a string in double quotes")
        }
        let inner = Array(rest.dropFirst().dropLast())
        var result: [UInt8] = []
        result.reserveCapacity(inner.count)
        var index = 0
        while index < inner.count {
            let byte = inner[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                throw malformed(line, "an unescaped '\"' inside a string")
            }
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < inner.count else { throw malformed(line, "a string ends with '\\'") }
            let escape = inner[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "a"): result.append(0x07)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"):
                result.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < inner.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(inner[index])
                {
                    value = value * 8 + Int(inner[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                guard value < 256 else { throw malformed(line, "an octal escape past 255") }
                result.append(UInt8(value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while digits < 2, index < inner.count, let digit = Self.hexValue(inner[index]) {
                    value = value * 16 + digit
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { throw malformed(line, "'\\x' without hexadecimal digits") }
                result.append(UInt8(value))
            default:
                throw malformed(
                    line, "an unknown escape '\\\(String(decoding: [escape], as: UTF8.self))'")
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// The bytes as text; they must be UTF-8.
    private func text(_ bytes: [UInt8], line: Int) throws(TranslationError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw malformed(line, "a string that is not UTF-8")
        }
        return text
    }

    private func malformed(_ line: Int, _ reason: String) -> TranslationError {
        .malformed(file: file, line: line, reason: reason)
    }
}
