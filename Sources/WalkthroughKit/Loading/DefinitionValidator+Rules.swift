// MARK: - `when` and `since`

extension DefinitionValidator {
    /// The `when` at node `value`: on a page only `env` is allowed.
    mutating func rules(
        _ document: JSONDocument, _ value: Int, path: String, onPage: Bool
    ) -> ShowRules {
        var rules = ShowRules()
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return rules
        }
        var fromText: String?
        var untilText: String?
        for member in document.members(of: value) {
            let field = member.value
            let name = document.text(of: document.nodes[member.key])
            let fieldPath = JSONPath.appending(key: name, to: path)
            let position = document.position(of: field)
            if onPage, DefinitionFormat.ruleKeys.contains(name), name != "env" {
                report(.ruleNotOnPage(key: name), path: fieldPath, at: position)
                continue
            }
            switch name {
            case "env":
                rules.environment = environment(document, field, path: fieldPath)
            case "after":
                rules.after = after(document, field, path: fieldPath, recordPositions: !onPage)
            case "from":
                if let text = string(document, field, path: fieldPath) {
                    rules.from = date(text, endOfDay: false, path: fieldPath, at: position)
                    fromText = text
                }
            case "until":
                if let text = string(document, field, path: fieldPath) {
                    rules.until = date(text, endOfDay: true, path: fieldPath, at: position)
                    untilText = text
                }
            case "maxShows":
                guard let number = document.number(at: field) else {
                    report(
                        .wrongType(expected: .integer, found: document.type(of: field)),
                        path: fieldPath, at: position)
                    continue
                }
                if let integer = number.integerValue, integer >= 1,
                    integer <= DefinitionFormat.maximumShows
                {
                    rules.maxShows = integer
                } else {
                    report(.invalidMaxShows(number.text), path: fieldPath, at: position)
                }
            case "minInterval":
                if let text = string(document, field, path: fieldPath) {
                    if let duration = RuleDuration.parse(text) {
                        rules.minInterval = duration
                    } else {
                        report(.invalidDuration(text), path: fieldPath, at: position)
                    }
                }
            default:
                reportUnknownKey(
                    document, member.key, parent: path,
                    known: onPage ? DefinitionFormat.pageRuleKeys : DefinitionFormat.ruleKeys)
            }
        }
        if let from = rules.from, let until = rules.until, until <= from,
            let fromText, let untilText
        {
            report(
                .emptyDateRange(from: fromText, until: untilText),
                path: JSONPath.appending(key: "until", to: path), at: document.position(of: value))
        }
        return rules
    }

    /// `env`: an object of variable names to `true`, `false` or a string.
    private mutating func environment(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> [EnvironmentCondition] {
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return []
        }
        var conditions: [EnvironmentCondition] = []
        for member in document.members(of: value) {
            let name = document.text(of: document.nodes[member.key])
            let fieldPath = JSONPath.appending(key: name, to: path)
            guard Self.isVariableName(name) else {
                report(
                    .invalidVariableName(name), path: fieldPath,
                    at: document.position(of: member.key))
                continue
            }
            if let flag = document.bool(at: member.value) {
                conditions.append(
                    EnvironmentCondition(name: name, expectation: flag ? .set : .unset))
            } else if let text = document.string(at: member.value) {
                conditions.append(EnvironmentCondition(name: name, expectation: .equals(text)))
            } else {
                report(
                    .invalidEnvironmentValue(found: document.type(of: member.value)),
                    path: fieldPath, at: document.position(of: member.value))
            }
        }
        return conditions
    }

    /// `after`: an array of walkthrough ids.
    private mutating func after(
        _ document: JSONDocument, _ value: Int, path: String, recordPositions: Bool
    ) -> [String] {
        guard document.nodes[value].kind == .array else {
            report(
                .wrongType(expected: .array, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return []
        }
        var ids: [String] = []
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = JSONPath.appending(index: index, to: path)
            guard let text = string(document, element, path: elementPath) else { continue }
            guard DefinitionFormat.isValidID(text) else {
                report(.invalidID(text), path: elementPath, at: document.position(of: element))
                continue
            }
            ids.append(text)
            if recordPositions { afterPositions.append(document.position(of: element)) }
        }
        return ids
    }

    /// A `from` or `until` date; a date alone means its first instant, or for `until` the end
    /// of that day.
    private mutating func date(
        _ text: String, endOfDay: Bool, path: String, at position: SourcePosition
    ) -> Timestamp? {
        guard let date = RFC3339.parseDate(text, offsetRequired: false) else {
            report(.invalidDate(text), path: path, at: position)
            return nil
        }
        guard endOfDay, text.utf8.count == 10 else { return date }
        return Timestamp(millisecondsSince1970: date.millisecondsSince1970 + 86_400_000)
    }

    /// A page's `since`: a whole number of at least 1.
    mutating func sinceNumber(_ document: JSONDocument, _ value: Int, path: String) -> Int? {
        guard
            let integer = versionLike(
                document, value, path: path, invalid: ValidationReport.Diagnostic.Kind.invalidSince)
        else { return nil }
        sinceChecks.append((integer, path, document.position(of: value)))
        return integer
    }

    /// Reports each page `since` above the walkthrough's `version`.
    mutating func checkSince(version: Int) {
        for check in sinceChecks where check.since > version {
            report(
                .sinceAfterVersion(since: check.since, version: version), path: check.path,
                at: check.position)
        }
    }

    /// Whether `name` is a POSIX environment variable name: letters, digits and `_`, not
    /// starting with a digit, at most 256 bytes.
    static func isVariableName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= 256, !(0x30...0x39).contains(first) else {
            return false
        }
        return bytes.allSatisfy {
            $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                || (0x61...0x7A).contains($0)
        }
    }
}
