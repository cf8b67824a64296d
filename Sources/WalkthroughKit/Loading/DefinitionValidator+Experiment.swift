// MARK: - `experiment`

extension DefinitionValidator {
    /// The `experiment` at node `value`, or `nil` with its problems reported. Page ids a
    /// variant names are checked once the pages are known (``checkVariantPages(_:)``).
    mutating func experiment(_ document: JSONDocument, _ value: Int) -> Experiment? {
        let path = "experiment"
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
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
                if DefinitionFormat.isValidID(text) {
                    id = text
                } else {
                    isUsable = false
                    report(
                        .invalidExperiment(
                            "\(CharacterSafety.quoted(text)) is not an experiment id; use 1 to 64 "
                                + "letters, digits, '.', '_' or '-', starting with a letter or digit"
                        ),
                        path: fieldPath, at: position)
                }
            case "variants":
                variants = self.variants(document, field, path: fieldPath)
                if variants == nil { isUsable = false }
            case "holdout":
                if let number = document.number(at: field), let integer = number.integerValue,
                    (0...Experiment.maximumHoldout).contains(integer)
                {
                    holdout = integer
                } else {
                    isUsable = false
                    let found =
                        document.number(at: field)?.text ?? document.type(of: field).withArticle
                    report(
                        .invalidExperiment(
                            "holdout \(found) is not allowed; use a whole percentage from 0 to "
                                + "\(Experiment.maximumHoldout)"),
                        path: fieldPath, at: position)
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
        guard document.nodes[value].kind == .array else {
            report(
                .wrongType(expected: .array, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
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
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
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
                if !DefinitionFormat.isValidID(text) {
                    isUsable = false
                    report(
                        .invalidExperiment(
                            "\(CharacterSafety.quoted(text)) is not a variant id; use 1 to 64 "
                                + "letters, digits, '.', '_' or '-', starting with a letter or digit"
                        ),
                        path: fieldPath, at: position)
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
                if let number = document.number(at: field), let integer = number.integerValue,
                    (1...DefinitionFormat.maximumWeight).contains(integer)
                {
                    weight = integer
                } else {
                    isUsable = false
                    let found =
                        document.number(at: field)?.text ?? document.type(of: field).withArticle
                    report(
                        .invalidExperiment(
                            "weight \(found) is not allowed; use a whole number from 1 to "
                                + "\(DefinitionFormat.maximumWeight)"),
                        path: fieldPath, at: position)
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
        guard document.nodes[value].kind == .array else {
            report(
                .wrongType(expected: .array, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
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
        guard document.nodes[value].kind == .array else {
            report(
                .wrongType(expected: .array, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
        var names: [String] = []
        var isUsable = true
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = JSONPath.appending(index: index, to: path)
            guard let text = string(document, element, path: elementPath) else {
                isUsable = false
                continue
            }
            guard DefinitionFormat.isValidID(text), !names.contains(text) else {
                isUsable = false
                report(
                    .invalidExperiment(
                        names.contains(text)
                            ? "goal \(CharacterSafety.quoted(text)) is listed twice; list each goal once"
                            : "\(CharacterSafety.quoted(text)) is not a goal name; use 1 to 64 "
                                + "letters, digits, '.', '_' or '-', starting with a letter or digit"
                    ),
                    path: elementPath, at: document.position(of: element))
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
}
