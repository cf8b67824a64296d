// MARK: - `experiment`

extension DefinitionValidator {
    /// The `experiment` at node `value`, or `nil` with its problems reported. Page ids a
    /// variant names are checked once the pages are known (``checkVariantPages(_:)``).
    mutating func experiment(_ document: JSONDocument, _ value: Int) -> Experiment? {
        let path = "experiment"
        guard isA(.object, document, value, path: path) else { return nil }
        var id: String?
        var variants: [Experiment.Variant]?
        var holdout = 0
        var goals: [String] = []
        var isUsable = true
        for member in document.members(of: value) {
            let field = member.value
            let name = document.text(of: document.nodes[member.key])
            let fieldPath = JSONPath.appending(key: name, to: path)
            let position = document.position(of: field)
            switch name {
            case "id":
                guard let text = string(document, field, path: fieldPath) else {
                    isUsable = false
                    continue
                }
                if isID(text, "an experiment id", path: fieldPath, at: position) {
                    id = text
                } else {
                    isUsable = false
                }
            case "variants":
                variants = self.variants(document, field, path: fieldPath)
                if variants == nil { isUsable = false }
            case "holdout":
                if let integer = wholeNumber(
                    document, field, in: 0...Experiment.maximumHoldout, named: "holdout",
                    unit: "percentage", path: fieldPath)
                {
                    holdout = integer
                } else {
                    isUsable = false
                }
            case "goals":
                if let names = self.goals(document, field, path: fieldPath) {
                    goals = names
                } else {
                    isUsable = false
                }
            default:
                reportUnknownKey(
                    document, member.key, parent: path, known: DefinitionFormat.experimentKeys)
            }
        }
        for (key, present) in [("id", id != nil), ("variants", variants != nil)]
        where !present && isUsable {
            isUsable = false
            report(
                .invalidExperiment("an experiment needs \"\(key)\""),
                path: JSONPath.appending(key: key, to: path), at: document.position(of: value))
        }
        guard isUsable, let id, let variants else { return nil }
        return Experiment(id: id, variants: variants, holdout: holdout, goals: goals)
    }

    /// `variants`: a non-empty array of `{id, weight, pages?}` with distinct ids.
    private mutating func variants(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> [Experiment.Variant]? {
        guard isA(.array, document, value, path: path) else { return nil }
        let count = document.count(of: value)
        guard (1...DefinitionFormat.maximumVariants).contains(count) else {
            report(
                .invalidExperiment(
                    "an experiment has 1 to \(DefinitionFormat.maximumVariants) variants, not "
                        + "\(count)"),
                path: path, at: document.position(of: value))
            return nil
        }
        var variants: [Experiment.Variant] = []
        var isUsable = true
        var firstIndexOfID: [String: Int] = [:]
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = JSONPath.appending(index: index, to: path)
            guard let (variant, idNode) = self.variant(document, element, path: elementPath)
            else {
                isUsable = false
                continue
            }
            if let first = firstIndexOfID[variant.id] {
                isUsable = false
                report(
                    .duplicateVariant(id: variant.id, firstIndex: first),
                    path: JSONPath.appending(key: "id", to: elementPath),
                    at: document.position(of: idNode))
                continue
            }
            firstIndexOfID[variant.id] = index
            variants.append(variant)
        }
        return isUsable ? variants : nil
    }

    /// One variant, and the node of its id.
    private mutating func variant(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> (Experiment.Variant, idNode: Int)? {
        guard isA(.object, document, value, path: path) else { return nil }
        var id: String?
        var idNode = value
        var weight: Int?
        var pages: [String]?
        var isUsable = true
        for member in document.members(of: value) {
            let field = member.value
            let name = document.text(of: document.nodes[member.key])
            let fieldPath = JSONPath.appending(key: name, to: path)
            let position = document.position(of: field)
            switch name {
            case "id":
                guard let text = string(document, field, path: fieldPath) else {
                    isUsable = false
                    continue
                }
                if !isID(text, "a variant id", path: fieldPath, at: position) {
                    isUsable = false
                } else if text == Experiment.holdoutName {
                    isUsable = false
                    report(
                        .invalidExperiment(
                            "\"\(Experiment.holdoutName)\" names the users shown nothing; give the "
                                + "variant another id"),
                        path: fieldPath, at: position)
                } else {
                    id = text
                    idNode = field
                }
            case "weight":
                if let integer = wholeNumber(
                    document, field, in: 1...DefinitionFormat.maximumWeight, named: "weight",
                    unit: "number", path: fieldPath)
                {
                    weight = integer
                } else {
                    isUsable = false
                }
            case "pages":
                pages = variantPages(document, field, path: fieldPath)
                if pages == nil { isUsable = false }
            default:
                reportUnknownKey(
                    document, member.key, parent: path, known: DefinitionFormat.variantKeys)
            }
        }
        for (key, present) in [("id", id != nil), ("weight", weight != nil)]
        where !present && isUsable {
            isUsable = false
            report(
                .invalidExperiment("a variant needs \"\(key)\""),
                path: JSONPath.appending(key: key, to: path), at: document.position(of: value))
        }
        guard isUsable, let id, let weight else { return nil }
        return (Experiment.Variant(id: id, weight: weight, pages: pages), idNode)
    }

    /// A variant's `pages`: a non-empty array of distinct page ids, checked against the pages
    /// at the end.
    private mutating func variantPages(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> [String]? {
        guard isA(.array, document, value, path: path) else { return nil }
        guard document.count(of: value) > 0 else {
            report(
                .invalidExperiment(
                    "a variant shows at least one page; list its page ids, or leave \"pages\" "
                        + "out to show every page"),
                path: path, at: document.position(of: value))
            return nil
        }
        var ids: [String] = []
        var isUsable = true
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = JSONPath.appending(index: index, to: path)
            guard let text = string(document, element, path: elementPath) else {
                isUsable = false
                continue
            }
            if ids.contains(text) {
                isUsable = false
                report(
                    .invalidExperiment(
                        "page \(CharacterSafety.quoted(text)) is listed twice; list each page once"),
                    path: elementPath, at: document.position(of: element))
                continue
            }
            ids.append(text)
            variantPageChecks.append((text, elementPath, document.position(of: element)))
        }
        return isUsable ? ids : nil
    }

    /// `goals`: an array of distinct goal names, each an id.
    private mutating func goals(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> [String]? {
        guard isA(.array, document, value, path: path) else { return nil }
        var names: [String] = []
        var isUsable = true
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = JSONPath.appending(index: index, to: path)
            guard let text = string(document, element, path: elementPath) else {
                isUsable = false
                continue
            }
            let position = document.position(of: element)
            guard isID(text, "a goal name", path: elementPath, at: position) else {
                isUsable = false
                continue
            }
            guard !names.contains(text) else {
                isUsable = false
                report(
                    .invalidExperiment(
                        "goal \(CharacterSafety.quoted(text)) is listed twice; list each goal once"),
                    path: elementPath, at: position)
                continue
            }
            names.append(text)
        }
        return isUsable ? names : nil
    }

    /// Reports each page id a variant names that no page has.
    mutating func checkVariantPages(_ pages: [Page]?) {
        guard let pages else { return }
        let known = Set(pages.map(\.id))
        for check in variantPageChecks where !known.contains(check.id) {
            report(.unknownPage(check.id), path: check.path, at: check.position)
        }
    }

    // MARK: - The checks every field above repeats

    /// Whether node `value` is an object (`.object`) or an array (`.array`); reports a
    /// wrong-type error when not.
    private mutating func isA(
        _ kind: JSONNode.Kind, _ document: JSONDocument, _ value: Int, path: String
    ) -> Bool {
        guard document.nodes[value].kind == kind else {
            report(
                .wrongType(
                    expected: kind == .object ? .object : .array,
                    found: document.type(of: value)),
                path: path, at: document.position(of: value))
            return false
        }
        return true
    }

    /// The whole number in `range` at node `value`, or `nil` with an `invalidExperiment`
    /// saying what `name` (a whole `unit`) may be.
    private mutating func wholeNumber(
        _ document: JSONDocument, _ value: Int, in range: ClosedRange<Int>, named name: String,
        unit: String, path: String
    ) -> Int? {
        if let integer = document.number(at: value)?.integerValue, range.contains(integer) {
            return integer
        }
        let found = document.number(at: value)?.text ?? document.type(of: value).withArticle
        report(
            .invalidExperiment(
                "\(name) \(found) is not allowed; use a whole \(unit) from \(range.lowerBound) to "
                    + "\(range.upperBound)"),
            path: path, at: document.position(of: value))
        return nil
    }

    /// Whether `text` is an id (`DefinitionFormat.isValidID(_:)`); reports that it is not
    /// `what` (`"a variant id"`) when not.
    private mutating func isID(
        _ text: String, _ what: String, path: String, at position: SourcePosition
    ) -> Bool {
        guard DefinitionFormat.isValidID(text) else {
            report(
                .invalidExperiment(
                    "\(CharacterSafety.quoted(text)) is not \(what); use \(DefinitionFormat.idRule)"
                ),
                path: path, at: position)
            return false
        }
        return true
    }
}
