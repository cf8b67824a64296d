/// CLDR's locale-matching data, read from the generated text tables
/// (`LocaleMatchingData+Tables.swift`, made by `scripts/generate-locale-matching.py`) the first
/// time a field is matched.
///
/// Text, not Swift literals, so that thousands of entries neither slow the compiler nor run
/// anything when a program starts: each table is parsed once, on first use, into a dictionary.
package enum LocaleMatchingData {
    /// One `languageMatch` rule: `desired` and `supported` are 1 to 3 subtag patterns
    /// (`en`, `sr_Latn`, `en_*_$!enUS`).
    struct Rule: Sendable {
        let desired: [String]
        let supported: [String]
        let distance: Int
        let oneway: Bool
    }

    /// `iw` → `he`, `sh` → `sr_Latn`, `zh_cmn` → `zh`.
    static let languageAliases: [String: String] = pairs(languageAliasText)
    /// `UK` → `GB`.
    static let regionAliases: [String: String] = pairs(regionAliasText)
    /// `zh_TW` → `zh_Hant_TW`.
    static let likelySubtags: [String: String] = pairs(likelySubtagsText)
    /// `$enUS` → its regions.
    static let matchVariables: [String: Set<String>] = {
        var result: [String: Set<String>] = [:]
        for line in lines(matchVariablesText) {
            guard let name = line.first else { continue }
            result[name] = Set(line.dropFirst())
        }
        return result
    }()

    /// The rules of each level (1, 2 or 3 subtags), in CLDR's order.
    static let rules: [Int: [Rule]] = {
        var result: [Int: [Rule]] = [:]
        for line in lines(matchRulesText) where line.count >= 3 {
            guard let distance = Int(line[2]) else { continue }
            let desired = line[0].split(separator: "_").map(String.init)
            let rule = Rule(
                desired: desired, supported: line[1].split(separator: "_").map(String.init),
                distance: distance, oneway: line.count > 3 && line[3] == "oneway")
            result[desired.count, default: []].append(rule)
        }
        return result
    }()

    /// The words of each line of `text`, split on the UTF-8 bytes: the tables are ASCII, and
    /// splitting them by `Character` (grapheme clusters) cost 48 million instructions on the
    /// first match, some 15 ms of a launch (callgrind over `walkthrough-embed-host`).
    private static func lines(_ text: String) -> [[String]] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [[String]] = []
            var line: [String] = []
            var start = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") else { continue }
                if index > start {
                    line.append(
                        String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]),
                            as: UTF8.self))
                }
                start = index + 1
                if byte == UInt8(ascii: "\n"), !line.isEmpty {
                    result.append(line)
                    line = []
                }
            }
            return result
        }
    }

    private static func pairs(_ text: String) -> [String: String] {
        let lines = lines(text)
        var result: [String: String] = Dictionary(minimumCapacity: lines.count)
        for line in lines where line.count == 2 { result[line[0]] = line[1] }
        return result
    }
}
