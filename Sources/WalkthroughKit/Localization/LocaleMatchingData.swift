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

    private static func lines(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    private static func pairs(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in lines(text) where line.count == 2 { result[line[0]] = line[1] }
        return result
    }
}
