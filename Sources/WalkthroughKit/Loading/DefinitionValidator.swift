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
    private(set) var diagnostics: [ValidationReport.Diagnostic] = []
    /// What each distinct image path was found to be, so each is checked once.
    private var imageChecks: [String: ImageCheck] = [:]
    /// The definition's default locale, canonical (`defaultLocale`, else `en`).
    private var defaultLocale = "en"
    /// Every locale a translated field has, canonical, in the order first seen.
    private var locales: [String] = []
    /// The translated fields (objects of locales), to check against every locale at the end.
    private var translatedFields: [TranslatedField] = []
    /// Each page's `since` and where it is, checked against the version once it is known.
    var sinceChecks: [(since: Int, path: String, position: SourcePosition)] = []
    /// Where each entry of the top-level `when.after` is, for the folder's checks.
    var afterPositions: [SourcePosition] = []
    /// Each page id a variant of `experiment` names and where, checked against the pages.
    var variantPageChecks: [(id: String, path: String, position: SourcePosition)] = []
    /// The top-level `translations`' fingerprints and where each is, checked against the texts
    /// once the walkthrough is built.
    var fingerprintEntries: [FingerprintEntry] = []

    /// Where a field given as an object of locales is, and which locales it has.
    private struct TranslatedField {
        var path: String
        var position: SourcePosition
        var locales: Set<String>
    }

    /// How far image files are checked.
    let images: ImageChecking

    init(fileName: String?, baseDirectory: String?, images: ImageChecking = .headers) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
        self.images = images
    }

    /// The diagnostics in file order (by line, then column), errors and warnings interleaved.
    var sortedDiagnostics: [ValidationReport.Diagnostic] {
        // Stable: equal positions keep the order they were found in.
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.line ?? 0, lhs.element.column ?? 0, lhs.offset)
            let right = (rhs.element.line ?? 0, rhs.element.column ?? 0, rhs.offset)
            return left < right
        }.map(\.element)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: - Root

    /// The walkthrough the document describes, or `nil` when it has any error.
    mutating func walkthrough(in document: JSONDocument) -> Walkthrough? {
        let root = 0
        guard document.nodes[root].kind == .object else {
            report(
                .notAnObject(found: document.type(of: root)), path: "",
                at: document.position(of: root))
            return nil
        }
        var id: String?
        var hasID = false
        var version = 1
        var title: String?
        var navigation = Walkthrough.NavigationMode.free
        var skippable = true
        var finishLabel = Walkthrough.defaultFinishLabel
        var pages: [Page]?
        var hasPages = false
        var translations: Translations = [:]
        var rules = ShowRules()
        var experiment: Experiment?
        var layout = Walkthrough.PageLayout()
        var priority = 0
        var snooze = Walkthrough.defaultSnooze

        for member in document.members(of: root) {
            let value = member.value
            if document.key(member.key, equals: "$schema") {
                _ = string(document, value, path: JSONPath.appending(key: "$schema", to: ""))
            } else if document.key(member.key, equals: "id") {
                hasID = true
                if let text = string(document, value, path: "id") {
                    if DefinitionFormat.isValidID(text) {
                        id = text
                    } else {
                        report(.invalidID(text), path: "id", at: document.position(of: value))
                    }
                }
            } else if document.key(member.key, equals: "version") {
                if let number = versionNumber(document, value, path: "version") {
                    version = number
                }
            } else if document.key(member.key, equals: "title") {
                (title, translations[.title]) = localizedText(
                    document, value, path: "title", limit: DefinitionFormat.maximumLabelLength)
            } else if document.key(member.key, equals: "defaultLocale") {
                if let text = string(document, value, path: "defaultLocale") {
                    if let tag = LanguageTag(text) {
                        defaultLocale = tag.description
                    } else {
                        report(
                            .invalidLocale(text), path: "defaultLocale",
                            at: document.position(of: value))
                    }
                }
            } else if document.key(member.key, equals: "navigation") {
                if let text = string(document, value, path: "navigation") {
                    if let mode = Walkthrough.NavigationMode(rawValue: text) {
                        navigation = mode
                    } else {
                        report(
                            .invalidNavigation(text), path: "navigation",
                            at: document.position(of: value))
                    }
                }
            } else if document.key(member.key, equals: "skippable") {
                if let flag = document.bool(at: value) {
                    skippable = flag
                } else {
                    report(
                        .wrongType(expected: .boolean, found: document.type(of: value)),
                        path: "skippable", at: document.position(of: value))
                }
            } else if document.key(member.key, equals: "finishLabel") {
                let (text, translated) = localizedText(
                    document, value, path: "finishLabel",
                    limit: DefinitionFormat.maximumLabelLength, nonBlank: true)
                if let text { finishLabel = text }
                translations[.finishLabel] = translated
            } else if document.key(member.key, equals: "when") {
                rules = self.rules(document, value, path: "when", onPage: false)
            } else if document.key(member.key, equals: "snooze") {
                if let text = string(document, value, path: "snooze"),
                    let duration = duration(text, path: "snooze", at: document.position(of: value))
                {
                    snooze = duration
                }
            } else if document.key(member.key, equals: "experiment") {
                experiment = self.experiment(document, value)
            } else if document.key(member.key, equals: "layout") {
                layout = self.layout(document, value)
            } else if document.key(member.key, equals: "priority") {
                priority = self.priority(document, value) ?? 0
            } else if document.key(member.key, equals: "pages") {
                hasPages = true
                pages = self.pages(document, value, path: "pages")
            } else if document.key(member.key, equals: "translations") {
                fingerprints(document, value)
            } else {
                reportUnknownKey(document, member.key, parent: "", known: DefinitionFormat.rootKeys)
            }
        }
        if !hasPages {
            report(.requiredFieldMissing, path: "pages", at: document.position(of: root))
        }
        if !hasID {
            id = defaultID(at: document.position(of: root))
        }
        checkTranslations()
        checkSince(version: version)
        checkVariantPages(pages)
        if let id, rules.after.contains(id) {
            report(.afterCycle([id, id]), path: "when.after", at: document.position(of: root))
        }
        guard !hasErrors, let id, var pages else { return nil }
        // Translated fields show the default locale's text until localized.
        title = translations[.title]?[defaultLocale] ?? title
        finishLabel = translations[.finishLabel]?[defaultLocale] ?? finishLabel
        if !translatedFields.isEmpty {
            for index in pages.indices where !pages[index].translations.isEmpty {
                pages[index].useTranslations(of: defaultLocale)
            }
        }
        var walkthrough = Walkthrough(
            id: id, version: version, title: title, navigation: navigation,
            skippable: skippable, finishLabel: finishLabel, pages: pages,
            baseDirectory: baseDirectory, defaultLocale: defaultLocale,
            locales: [defaultLocale] + locales.filter { $0 != defaultLocale },
            translations: translations.filter { !$0.value.isEmpty }, when: rules,
            experiment: experiment, layout: layout, priority: priority)
        walkthrough.locale = defaultLocale
        walkthrough.snooze = snooze
        checkFingerprints(of: &walkthrough)
        return walkthrough
    }

    /// Reports every translated field without the default locale (an error), and each locale
    /// that other fields have and a translated field lacks (a warning, at that field).
    private mutating func checkTranslations() {
        guard !translatedFields.isEmpty else { return }
        let defaultLocale = defaultLocale
        for field in translatedFields {
            if !field.locales.contains(defaultLocale) {
                report(
                    .missingDefaultLocale(locale: defaultLocale), path: field.path,
                    at: field.position)
            }
            for locale in locales where locale != defaultLocale && !field.locales.contains(locale) {
                report(.missingTranslation(locale: locale), path: field.path, at: field.position)
            }
        }
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

    /// `priority`: a whole number from `-maximumPriority` to `maximumPriority`.
    private mutating func priority(_ document: JSONDocument, _ value: Int) -> Int? {
        guard let number = document.number(at: value) else {
            report(
                .wrongType(expected: .integer, found: document.type(of: value)), path: "priority",
                at: document.position(of: value))
            return nil
        }
        let limit = DefinitionFormat.maximumPriority
        guard let integer = number.integerValue, (-limit...limit).contains(integer) else {
            report(
                .invalidPriority(number.text), path: "priority", at: document.position(of: value))
            return nil
        }
        return integer
    }

    private mutating func versionNumber(
        _ document: JSONDocument, _ value: Int, path: String
    ) -> Int? {
        versionLike(
            document, value, path: path, invalid: ValidationReport.Diagnostic.Kind.invalidVersion)
    }

    /// A version number (`version`, a page's `since`): a whole number from 1 to
    /// `DefinitionFormat.maximumVersion`; anything else is reported as `invalid` of its text.
    mutating func versionLike(
        _ document: JSONDocument, _ value: Int, path: String,
        invalid: (String) -> ValidationReport.Diagnostic.Kind
    ) -> Int? {
        guard let number = document.number(at: value) else {
            report(
                .wrongType(expected: .integer, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
        guard let integer = number.integerValue, integer >= 1,
            integer <= DefinitionFormat.maximumVersion
        else {
            report(invalid(number.text), path: path, at: document.position(of: value))
            return nil
        }
        return integer
    }

    // MARK: - Pages

    private mutating func pages(_ document: JSONDocument, _ value: Int, path: String) -> [Page]? {
        guard document.nodes[value].kind == .array else {
            report(
                .wrongType(expected: .array, found: document.type(of: value)), path: path,
                at: document.position(of: value))
            return nil
        }
        let count = document.count(of: value)
        if count == 0 {
            report(.noPages, path: path, at: document.position(of: value))
        } else if count > DefinitionFormat.maximumPages {
            report(
                .tooManyPages(count: count, limit: DefinitionFormat.maximumPages),
                path: path, at: document.position(of: value))
        }
        var pages: [Page] = []
        pages.reserveCapacity(count)
        var firstIndexOfID: [String: Int] = [:]
        firstIndexOfID.reserveCapacity(count)
        for (index, element) in document.elements(of: value).enumerated() {
            // The page's path is only built when a diagnostic needs it.
            guard let (page, idNode) = self.page(document, element, index: index, in: path)
            else {
                continue
            }
            // One hash per page: insert, and put the first index back on a duplicate.
            if let first = firstIndexOfID.updateValue(index, forKey: page.id) {
                firstIndexOfID[page.id] = first
                report(
                    .duplicatePageID(id: page.id, firstIndex: first),
                    path: JSONPath.appending(
                        key: "id", to: JSONPath.appending(index: index, to: path)),
                    at: document.position(of: idNode))
            }
            pages.append(page)
        }
        return pages
    }

    /// The page at node `value` (the `index`th of the array at `pagesPath`) and the node of its
    /// id (the page itself for a default id), or `nil` when the page has an error that leaves
    /// no page to speak of.
    private mutating func page(
        _ document: JSONDocument, _ value: Int, index: Int, in pagesPath: String
    ) -> (Page, idNode: Int)? {
        func path(_ key: String) -> String {
            JSONPath.appending(key: key, to: JSONPath.appending(index: index, to: pagesPath))
        }
        guard document.nodes[value].kind == .object else {
            report(
                .wrongType(expected: .object, found: document.type(of: value)),
                path: JSONPath.appending(index: index, to: pagesPath),
                at: document.position(of: value))
            return nil
        }
        var id: String?
        var idNode = value
        var heading: String?
        var content: String?
        var image: String?
        var imageAlt: String?
        var hasImage = false
        var imageAltNode: Int?
        var hasHeading = false
        var hasContent = false
        var isUsable = true
        var translations: Translations = [:]
        var since = 1
        var rules = ShowRules()

        for member in document.members(of: value) {
            let field = member.value
            if document.key(member.key, equals: "heading") {
                hasHeading = true
                (heading, translations[.heading]) = localizedText(
                    document, field, path: path("heading"),
                    limit: DefinitionFormat.maximumLabelLength, nonBlank: true)
            } else if document.key(member.key, equals: "content") {
                hasContent = true
                (content, translations[.content]) = localizedText(
                    document, field, path: path("content"),
                    limit: DefinitionFormat.maximumContentLength)
            } else if document.key(member.key, equals: "id") {
                if let text = string(document, field, path: path("id")) {
                    if DefinitionFormat.isValidID(text) {
                        id = text
                        idNode = field
                    } else {
                        report(.invalidID(text), path: path("id"), at: document.position(of: field))
                        isUsable = false
                    }
                } else {
                    isUsable = false
                }
            } else if document.key(member.key, equals: "image") {
                hasImage = true
                (image, translations[.image]) = localizedText(
                    document, field, path: path("image"),
                    limit: DefinitionFormat.maximumPathLength, nonBlank: true, isImage: true)
            } else if document.key(member.key, equals: "imageAlt") {
                (imageAlt, translations[.imageAlt]) = localizedText(
                    document, field, path: path("imageAlt"),
                    limit: DefinitionFormat.maximumLabelLength)
                if imageAlt != nil || translations[.imageAlt]?.isEmpty == false {
                    imageAltNode = field
                }
            } else if document.key(member.key, equals: "since") {
                if let number = sinceNumber(document, field, path: path("since")) {
                    since = number
                }
            } else if document.key(member.key, equals: "when") {
                rules = self.rules(document, field, path: path("when"), onPage: true)
            } else {
                reportUnknownKey(
                    document, member.key, parent: JSONPath.appending(index: index, to: pagesPath),
                    known: DefinitionFormat.pageKeys)
            }
        }
        if !hasHeading {
            report(.requiredFieldMissing, path: path("heading"), at: document.position(of: value))
        }
        if !hasContent {
            report(.requiredFieldMissing, path: path("content"), at: document.position(of: value))
        }
        if let imageAltNode, !hasImage {
            report(
                .imageAltWithoutImage, path: path("imageAlt"),
                at: document.position(of: imageAltNode))
        }
        guard isUsable else { return nil }
        let page = Page(
            id: id ?? "page-\(index + 1)", heading: heading ?? "", content: content ?? "",
            image: image, imageAlt: imageAlt,
            translations: translations.filter { !$0.value.isEmpty }, since: since, when: rules)
        return (page, idNode)
    }

    /// Whether an image path is allowed; reports why not, and warns when the file is missing.
    ///
    /// Each distinct path is checked once: large walkthroughs repeat a few images many times.
    private mutating func checkImage(
        _ image: String, path: @autoclosure () -> String,
        at position: @autoclosure () -> SourcePosition
    ) -> Bool {
        let check: ImageCheck
        if let known = imageChecks[image] {
            check = known
        } else {
            check = Self.check(image: image, baseDirectory: baseDirectory, images: images)
            imageChecks[image] = check
        }
        switch check {
        case .found:
            return true
        case .missing:
            report(.imageNotFound(image), path: path(), at: position())
            return true
        case .undrawable(let problem):
            switch problem {
            case .unreadable(let reason):
                report(.imageUnreadable(path: image, reason: reason), path: path(), at: position())
            case .tooLarge(let width, let height, let limit):
                report(
                    .imageTooLarge(path: image, width: width, height: height, limit: limit),
                    path: path(), at: position())
            }
            return true
        case .absolute:
            report(.absoluteImagePath(image), path: path(), at: position())
            return false
        case .outsideFolder:
            report(.imageOutsideFolder(image), path: path(), at: position())
            return false
        }
    }

    /// What checking an image path found.
    enum ImageCheck {
        /// Allowed, and the file is there or there is no folder to look in.
        case found
        /// Allowed, but there is no file behind it.
        case missing
        /// Allowed, but the file cannot be drawn: not a PNG or JPEG, damaged, or too large.
        case undrawable(ImageDecodingError)
        /// Starts with `/`.
        case absolute
        /// Climbs out of the definition's folder.
        case outsideFolder
    }

    static func check(
        image: String, baseDirectory: String?, images: ImageChecking = .headers
    ) -> ImageCheck {
        if image.utf8.first == UInt8(ascii: "/") { return .absolute }
        if leavesFolder(image) { return .outsideFolder }
        guard let baseDirectory else { return .found }
        if case .pathsOnly = images { return .found }
        let resolved = FileSystem.joined(baseDirectory, image)
        guard FileSystem.isRegularFile(resolved) else { return .missing }
        // The header (format, size within the limits, no bomb), or decoded in full within the
        // limits: a damaged file is then found here rather than by the player.
        do throws(ImageDecodingError) {
            if case .decoded(let decode) = images {
                try decode(resolved)
            } else {
                let header = try ImageHeader.read(contentsOf: resolved)
                if let problem = ImageLimits.standard.problem(
                    width: header.width, height: header.height)
                {
                    throw problem
                }
            }
        } catch {
            return .undrawable(error)
        }
        return .found
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

    /// The string at node `value`, or `nil` with a wrong-type error.
    mutating func string(
        _ document: JSONDocument, _ value: Int, path: @autoclosure () -> String
    ) -> String? {
        guard let text = document.string(at: value) else {
            report(
                .wrongType(expected: .string, found: document.type(of: value)), path: path(),
                at: document.position(of: value))
            return nil
        }
        return text
    }

    /// A text field: a string, an error when longer than `limit` characters (Unicode code
    /// points), warned about when it holds control characters, and with `nonBlank` an error when
    /// empty or whitespace only.
    ///
    /// Only strings the reader flagged (``JSONNode/Flags/mayNeedScan``) are scanned for control
    /// characters: the others cannot hold one.
    private mutating func text(
        _ document: JSONDocument, _ value: Int, path: @autoclosure () -> String, limit: Int,
        nonBlank: Bool = false
    ) -> String? {
        guard let text = string(document, value, path: path()) else { return nil }
        // A text has at most as many code points as bytes: only a long one needs counting.
        if text.utf8.count > limit {
            let length = text.unicodeScalars.count
            if length > limit {
                report(
                    .textTooLong(length: length, limit: limit), path: path(),
                    at: document.position(of: value))
                return nil
            }
        }
        if nonBlank, TextScanner.isBlank(text) {
            report(.emptyValue, path: path(), at: document.position(of: value))
            return nil
        }
        if document.nodes[value].flags.contains(.mayNeedScan),
            let problem = TextScanner.firstProblem(in: text)
        {
            report(problem, path: path(), at: document.position(of: value))
        }
        return text
    }

    /// A field that may be translated: a string (the text of every locale), or an object of
    /// BCP 47 tags to strings, each checked as ``text(_:_:path:limit:nonBlank:)`` checks a
    /// string (and, with `isImage`, as an image path). Returns the string, or for an object
    /// `nil` and its texts by canonical tag (the caller picks the default locale's once it is
    /// known).
    private mutating func localizedText(
        _ document: JSONDocument, _ value: Int, path: @autoclosure () -> String, limit: Int,
        nonBlank: Bool = false, isImage: Bool = false
    ) -> (String?, [String: String]?) {
        guard document.nodes[value].kind == .object else {
            guard
                let text = text(document, value, path: path(), limit: limit, nonBlank: nonBlank)
            else { return (nil, nil) }
            if isImage, !checkImage(text, path: path(), at: document.position(of: value)) {
                return (nil, nil)
            }
            return (text, nil)
        }
        let fieldPath = path()
        var texts: [String: String] = [:]
        var present: Set<String> = []
        var spelled: [String: String] = [:]
        for member in document.members(of: value) {
            let key = document.text(of: document.nodes[member.key])
            let keyPath = JSONPath.appending(key: key, to: fieldPath)
            guard let tag = LanguageTag(key) else {
                report(.invalidLocale(key), path: keyPath, at: document.position(of: member.key))
                continue
            }
            let locale = tag.description
            if let first = spelled.updateValue(key, forKey: locale) {
                spelled[locale] = first
                report(
                    .duplicateLocale(key: key, first: first), path: keyPath,
                    at: document.position(of: member.key))
                continue
            }
            present.insert(locale)
            if !locales.contains(locale) { locales.append(locale) }
            guard
                let text = text(
                    document, member.value, path: keyPath, limit: limit, nonBlank: nonBlank)
            else { continue }
            if isImage,
                !checkImage(text, path: keyPath, at: document.position(of: member.value))
            {
                continue
            }
            texts[locale] = text
        }
        translatedFields.append(
            TranslatedField(
                path: fieldPath, position: document.position(of: value), locales: present))
        return (nil, texts)
    }

    /// Warns about the key at node `key` of the object at path `parent`, with a suggestion.
    mutating func reportUnknownKey(
        _ document: JSONDocument, _ key: Int, parent: String, known: [String]
    ) {
        let name = document.text(of: document.nodes[key])
        let suggestion = Suggestion.closest(to: name, in: known)
        report(
            .unknownKey(key: name, suggestion: suggestion),
            path: JSONPath.appending(key: name, to: parent), at: document.position(of: key))
    }

    mutating func report(
        _ kind: ValidationReport.Diagnostic.Kind, path: @autoclosure () -> String,
        at position: SourcePosition
    ) {
        diagnostics.append(ValidationReport.Diagnostic(kind, path: path(), at: position))
    }
}

/// How far loading checks a definition's image files: the path rules always hold (relative,
/// inside the definition's folder); beyond them, nothing (``pathsOnly``: the gate deciding
/// whether to show, which never draws), the file and its header (``headers``: loading to
/// play), or the whole image decoded by the player's decoder (``decoded(by:)``: `walkthrough
/// validate`, which links the player's pictures).
package enum ImageChecking: Sendable {
    /// The path rules only; no file is opened.
    case pathsOnly
    /// The file is there, and its header gives a format and size the player draws.
    case headers
    /// The file decodes in full within the limits: `decode` decodes the file at a path, or
    /// throws why it cannot.
    case decoded(by: @Sendable (String) throws(ImageDecodingError) -> Void)
}
