/// Turns a parsed definition into a ``Walkthrough``, collecting every problem on the way.
///
/// It never stops at the first problem: each field is checked on its own, so one run lists
/// everything a person has to fix.
struct DefinitionValidator {
    /// The file name the default id comes from, if any.
    let fileName: String?
    /// The folder missing images are looked for in, if any.
    let baseDirectory: String?
    /// The problems found so far.
    private(set) var diagnostics: [Diagnostic] = []
    /// What each distinct image path was found to be, so each is checked once.
    private var imageChecks: [String: ImageCheck] = [:]

    init(fileName: String?, baseDirectory: String?) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
    }

    /// The diagnostics in file order (by line, then column), errors and warnings interleaved.
    var sortedDiagnostics: [Diagnostic] {
        // Stable: equal positions keep the order they were found in.
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.line ?? 0, lhs.element.column ?? 0, lhs.offset)
            let right = (rhs.element.line ?? 0, rhs.element.column ?? 0, rhs.offset)
            return left < right
        }.map(\.element)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: - Root

    /// The walkthrough `root` describes, or `nil` when it has any error.
    mutating func walkthrough(from root: JSONValue) -> Walkthrough? {
        guard case .object(let members) = root.storage else {
            report(.notAnObject(found: root.type), path: "", at: root.position)
            return nil
        }
        var id: String?
        var hasID = false
        var version = 1
        var title: String?
        var navigation = NavigationMode.free
        var skippable = true
        var finishLabel = Walkthrough.defaultFinishLabel
        var pages: [Page]?
        var hasPages = false

        for member in members {
            let path = JSONPath.appending(key: member.key, to: "")
            let value = member.value
            switch member.key {
            case "$schema":
                _ = string(value, path: path)
            case "id":
                hasID = true
                if let text = string(value, path: path) {
                    if DefinitionFormat.isValidID(text) {
                        id = text
                    } else {
                        report(.invalidID(text), path: path, at: value.position)
                    }
                }
            case "version":
                if let number = versionNumber(value, path: path) { version = number }
            case "title":
                title = text(value, path: path)
            case "navigation":
                if let text = string(value, path: path) {
                    if let mode = NavigationMode(rawValue: text) {
                        navigation = mode
                    } else {
                        report(.invalidNavigation(text), path: path, at: value.position)
                    }
                }
            case "skippable":
                if case .bool(let flag) = value.storage {
                    skippable = flag
                } else {
                    report(
                        .wrongType(expected: .boolean, found: value.type), path: path,
                        at: value.position)
                }
            case "finishLabel":
                if let text = text(value, path: path, nonBlank: true) { finishLabel = text }
            case "pages":
                hasPages = true
                pages = self.pages(value, path: path)
            default:
                reportUnknownKey(member, path: path, known: DefinitionFormat.rootKeys)
            }
        }
        if !hasPages {
            report(.requiredFieldMissing, path: "pages", at: root.position)
        }
        if !hasID {
            id = defaultID(at: root.position)
        }
        guard !hasErrors, let id, let pages else { return nil }
        return Walkthrough(
            id: id, version: version, title: title, navigation: navigation,
            skippable: skippable, finishLabel: finishLabel, pages: pages,
            baseDirectory: baseDirectory)
    }

    /// The id taken from the file name without `.json`, or `nil` with an error.
    private mutating func defaultID(at position: SourcePosition) -> String? {
        guard let fileName else {
            report(.invalidDefaultID(fileName: nil), path: "", at: position)
            return nil
        }
        let id = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        guard DefinitionFormat.isValidID(id) else {
            report(.invalidDefaultID(fileName: fileName), path: "", at: position)
            return nil
        }
        return id
    }

    private mutating func versionNumber(_ value: JSONValue, path: String) -> Int? {
        guard case .number(let number) = value.storage else {
            report(
                .wrongType(expected: .integer, found: value.type), path: path, at: value.position)
            return nil
        }
        guard let integer = number.integerValue, integer >= 1 else {
            report(.invalidVersion(number.text), path: path, at: value.position)
            return nil
        }
        return integer
    }

    // MARK: - Pages

    private mutating func pages(_ value: JSONValue, path: String) -> [Page]? {
        guard case .array(let elements) = value.storage else {
            report(.wrongType(expected: .array, found: value.type), path: path, at: value.position)
            return nil
        }
        if elements.isEmpty {
            report(.noPages, path: path, at: value.position)
        } else if elements.count > DefinitionFormat.maximumPages {
            report(
                .tooManyPages(count: elements.count, limit: DefinitionFormat.maximumPages),
                path: path, at: value.position)
        }
        var pages: [Page] = []
        pages.reserveCapacity(elements.count)
        var firstIndexOfID: [String: Int] = [:]
        firstIndexOfID.reserveCapacity(elements.count)
        for index in elements.indices {
            let pagePath = JSONPath.appending(index: index, to: path)
            guard let (page, idPosition) = self.page(elements[index], index: index, path: pagePath)
            else {
                continue
            }
            if let first = firstIndexOfID[page.id] {
                report(
                    .duplicatePageID(id: page.id, firstIndex: first),
                    path: JSONPath.appending(key: "id", to: pagePath), at: idPosition)
            } else {
                firstIndexOfID[page.id] = index
            }
            pages.append(page)
        }
        return pages
    }

    /// The page `value` describes and where its id is (the page itself for a default id), or
    /// `nil` when the page has an error that leaves no page to speak of.
    private mutating func page(
        _ value: JSONValue, index: Int, path: String
    ) -> (Page, SourcePosition)? {
        guard case .object(let members) = value.storage else {
            report(.wrongType(expected: .object, found: value.type), path: path, at: value.position)
            return nil
        }
        var id: String?
        var idPosition = value.position
        var heading: String?
        var content: String?
        var image: String?
        var imageAlt: String?
        var hasHeading = false
        var hasContent = false
        var isUsable = true

        // By index, not `for member in members`: that would copy every member and value.
        for memberIndex in members.indices {
            switch members[memberIndex].key {
            case "id":
                let value = members[memberIndex].value
                if let text = string(value, path: JSONPath.appending(key: "id", to: path)) {
                    if DefinitionFormat.isValidID(text) {
                        id = text
                        idPosition = value.position
                    } else {
                        report(
                            .invalidID(text), path: JSONPath.appending(key: "id", to: path),
                            at: value.position)
                        isUsable = false
                    }
                } else {
                    isUsable = false
                }
            case "heading":
                hasHeading = true
                heading = text(
                    members[memberIndex].value,
                    path: JSONPath.appending(key: "heading", to: path), nonBlank: true)
            case "content":
                hasContent = true
                content = text(
                    members[memberIndex].value,
                    path: JSONPath.appending(key: "content", to: path))
            case "image":
                if let text = text(
                    members[memberIndex].value,
                    path: JSONPath.appending(key: "image", to: path), nonBlank: true),
                    checkImage(
                        text, path: JSONPath.appending(key: "image", to: path),
                        at: members[memberIndex].value.position)
                {
                    image = text
                }
            case "imageAlt":
                imageAlt = text(
                    members[memberIndex].value,
                    path: JSONPath.appending(key: "imageAlt", to: path))
            default:
                reportUnknownKey(
                    members[memberIndex],
                    path: JSONPath.appending(key: members[memberIndex].key, to: path),
                    known: DefinitionFormat.pageKeys)
            }
        }
        if !hasHeading {
            report(
                .requiredFieldMissing, path: JSONPath.appending(key: "heading", to: path),
                at: value.position)
        }
        if !hasContent {
            report(
                .requiredFieldMissing, path: JSONPath.appending(key: "content", to: path),
                at: value.position)
        }
        guard isUsable else { return nil }
        let page = Page(
            id: id ?? "page-\(index + 1)", heading: heading ?? "", content: content ?? "",
            image: image, imageAlt: imageAlt)
        return (page, idPosition)
    }

    /// Whether an image path is allowed; reports why not, and warns when the file is missing.
    ///
    /// Each distinct path is checked once: large walkthroughs repeat a few images many times.
    private mutating func checkImage(
        _ image: String, path: @autoclosure () -> String, at position: SourcePosition
    ) -> Bool {
        let check: ImageCheck
        if let known = imageChecks[image] {
            check = known
        } else {
            check = Self.check(image: image, baseDirectory: baseDirectory)
            imageChecks[image] = check
        }
        switch check {
        case .found:
            return true
        case .missing:
            report(.imageNotFound(image), path: path(), at: position)
            return true
        case .absolute:
            report(.absoluteImagePath(image), path: path(), at: position)
            return false
        case .outsideFolder:
            report(.imageOutsideFolder(image), path: path(), at: position)
            return false
        }
    }

    /// What checking an image path found.
    enum ImageCheck {
        /// Allowed, and the file is there or there is no folder to look in.
        case found
        /// Allowed, but there is no file behind it.
        case missing
        /// Starts with `/`.
        case absolute
        /// Climbs out of the definition's folder.
        case outsideFolder
    }

    static func check(image: String, baseDirectory: String?) -> ImageCheck {
        if image.utf8.first == UInt8(ascii: "/") { return .absolute }
        if leavesFolder(image) { return .outsideFolder }
        guard let baseDirectory else { return .found }
        let resolved =
            baseDirectory.hasSuffix("/") ? baseDirectory + image : baseDirectory + "/" + image
        return FileSystem.isRegularFile(resolved) ? .found : .missing
    }

    /// Whether the `..` components of a relative path climb above its starting folder.
    static func leavesFolder(_ path: String) -> Bool {
        var depth = 0
        var length = 0
        var dots = 0
        // Ends a component: `..` climbs, `.` and empty ones stay, anything else descends.
        func endComponent() -> Bool {
            defer { (length, dots) = (0, 0) }
            if length == 2 && dots == 2 {
                depth -= 1
                return depth < 0
            }
            if length > 0 && !(length == 1 && dots == 1) { depth += 1 }
            return false
        }
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if endComponent() { return true }
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return endComponent()
    }

    // MARK: - Values

    /// The string `value` holds, or `nil` with a wrong-type error.
    private mutating func string(_ value: JSONValue, path: @autoclosure () -> String) -> String? {
        guard case .string(let text) = value.storage else {
            report(
                .wrongType(expected: .string, found: value.type), path: path(), at: value.position)
            return nil
        }
        return text
    }

    /// A text field: a string, warned about when it holds control characters, and with
    /// `nonBlank` an error when empty or whitespace only.
    private mutating func text(
        _ value: JSONValue, path: @autoclosure () -> String, nonBlank: Bool = false
    ) -> String? {
        guard let text = string(value, path: path()) else { return nil }
        if nonBlank, TextScanner.isBlank(text) {
            report(.emptyValue, path: path(), at: value.position)
            return nil
        }
        if let problem = TextScanner.firstProblem(in: text) {
            report(problem, path: path(), at: value.position)
        }
        return text
    }

    private mutating func reportUnknownKey(_ member: JSONMember, path: String, known: [String]) {
        let suggestion = Suggestion.closest(to: member.key, in: known)
        report(
            .unknownKey(key: member.key, suggestion: suggestion), path: path,
            at: member.keyPosition)
    }

    private mutating func report(
        _ kind: DiagnosticKind, path: @autoclosure () -> String, at position: SourcePosition
    ) {
        diagnostics.append(Diagnostic(kind, path: path(), at: position))
    }
}
