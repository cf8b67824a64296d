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
                    rules.minInterval = duration(text, path: fieldPath, at: position)
                }
            case "events":
                rules.events = events(document, field, path: fieldPath)
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

    /// A duration (`minInterval`, `within`, `snooze`), or `nil` with an `invalidDuration`.
    mutating func duration(
        _ text: String, path: @autoclosure () -> String, at position: SourcePosition
    ) -> Duration? {
        guard let duration = RuleDuration.parse(text) else {
            report(.invalidDuration(text), path: path(), at: position)
            return nil
        }
        return duration
    }

    /// `events`: an object of donated names to `{"min": N, "max": N, "within": DURATION}`.
    private mutating func events(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> [EventCountRule] {
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return []
        }
        let members = document.members(of: value)
        if members.count > DefinitionFormat.maximumEventRules {
            report(
                .invalidEventRule(
                    "when.events names \(members.count) events; name at most "
                        + "\(DefinitionFormat.maximumEventRules)"),
                path: path, at: document.position(of: value))
            return []
        }
        var rules: [EventCountRule] = []
        for member in members {
            let name = document.text(of: document.nodes[member.key])
            let rulePath = JSONPath.appending(key: name, to: path)
            guard DefinitionFormat.isValidID(name) else {
                report(.invalidID(name), path: rulePath, at: document.position(of: member.key))
                continue
            }
            if let rule = eventRule(named: name, document, member.value, path: rulePath) {
                rules.append(rule)
            }
        }
        return rules
    }

    /// One entry of `events`: its `min`, `max` and `within`, checked.
    private mutating func eventRule(
        named name: String, _ document: JSONDocument, _ value: Int, path: String
    ) -> EventCountRule? {
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
        var valid = true
        var bounds: [String: Int] = [:]
        var within: Duration?
        for member in document.members(of: value) {
            let key = document.text(of: document.nodes[member.key])
            let fieldPath = JSONPath.appending(key: key, to: path)
            let position = document.position(of: member.value)
            switch key {
            case "min", "max":
                guard let number = document.number(at: member.value) else {
                    report(
                        .wrongType(expected: .integer, found: document.type(of: member.value)),
                        path: fieldPath, at: position)
                    valid = false
                    continue
                }
                guard let integer = number.integerValue, integer >= 0,
                    integer <= DefinitionFormat.maximumEventCount
                else {
                    report(
                        .invalidEventRule(
                            "\(key) \(number.text) is not allowed; use a whole number from 0 to "
                                + "\(DefinitionFormat.maximumEventCount) (the donations kept of "
                                + "one name)"),
                        path: fieldPath, at: position)
                    valid = false
                    continue
                }
                bounds[key] = integer
            case "within":
                guard let text = string(document, member.value, path: fieldPath) else {
                    valid = false
                    continue
                }
                within = duration(text, path: fieldPath, at: position)
                valid = valid && within != nil
            default:
                reportUnknownKey(
                    document, member.key, parent: path, known: DefinitionFormat.eventRuleKeys)
            }
        }
        guard valid else { return nil }
        let rule = EventCountRule(
            name: name, min: bounds["min"], max: bounds["max"], within: within)
        if let max = rule.max, rule.min > max {
            report(
                .invalidEventRule(
                    "min \(rule.min) is above max \(max), so the walkthrough is never due; "
                        + "lower min or raise max"),
                path: path, at: document.position(of: value))
            return nil
        }
        return rule
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
