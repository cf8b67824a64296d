import FoundationEssentials
import WalkthroughKit

// Fuzz target (f): the localized loader.
//
// Bytes -> `DefinitionLoader.validate(bytes:)`, the definitions the corpus holds having their
// fields as objects of language tags, and the last line of the input naming locales to ask for.
// Besides "no crash, no hang", it checks:
// - a valid walkthrough's locales are well-formed tags in canonical case, the default first,
//   without repeats, and every translated field has the default locale's text, shown by default;
// - localizing for any tag gives, field by field, one of that field's own texts (or the plain
//   string), never crosses scripts (a text chosen for a tag with a script is in a locale of the
//   same script, of the same language or one CLDR matches to it, or is the default), and keeps
//   id, version and pages;
// - it round-trips: the translations written back as JSON objects and loaded again are the same;
// - each diagnostic about locales names a place that exists in the input's paths.

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0, and aborts when a
/// property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocalized(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let report = DefinitionLoader.validate(bytes: bytes, name: "fuzz.json")
    require(
        (report.walkthrough != nil) == (report.errors.isEmpty && !report.isJSONSchema),
        "walkthrough \(report.walkthrough != nil) with \(report.errors.count) errors")
    for diagnostic in report.diagnostics {
        switch diagnostic.kind {
        case .missingTranslation(let locale):
            require(LanguageTag(locale)?.description == locale, "missingTranslation of \(locale)")
            require(diagnostic.severity == .warning, "missingTranslation is a warning")
        case .missingDefaultLocale, .invalidLocale, .duplicateLocale:
            require(diagnostic.severity == .error, "\(diagnostic.kind.name) is an error")
        default:
            break
        }
    }
    guard let walkthrough = report.walkthrough else { return 0 }
    checkLocales(walkthrough)
    // Ask for the default, for every locale it has, and for tags taken from the input.
    var requests: [LanguageTag?] = [nil] + walkthrough.locales.map { LanguageTag($0) }
    let words = String(decoding: bytes.suffix(64), as: UTF8.self).split(whereSeparator: {
        !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
    })
    requests += words.prefix(8).map {
        LanguageTag(String($0)) ?? LanguageTag(posixLocale: String($0))
    }
    for request in requests { checkLocalized(walkthrough, for: request) }
    checkRoundTrip(walkthrough)
    return 0
}

private func checkLocales(_ walkthrough: Walkthrough) {
    let locales = walkthrough.locales
    require(locales.first == walkthrough.defaultLocale, "the default locale is not first")
    require(Set(locales).count == locales.count, "a locale twice: \(locales)")
    for locale in locales {
        require(
            LanguageTag(locale)?.description == locale, "a locale not canonical: \(visible(locale))"
        )
    }
    func checkField(_ values: [String: String]?, _ shown: String?, _ name: String) {
        guard let values else { return }
        require(values[walkthrough.defaultLocale] != nil, "\(name) lacks the default locale")
        require(values.keys.allSatisfy(locales.contains), "\(name) has a locale not in locales")
        if let shown, let text = values[walkthrough.defaultLocale] {
            require(sameScalars(shown, text), "\(name) does not show the default text")
        }
    }
    checkField(walkthrough.translations[.title], walkthrough.title, "title")
    checkField(walkthrough.translations[.finishLabel], walkthrough.finishLabel, "finishLabel")
    for page in walkthrough.pages {
        checkField(page.translations[.heading], page.heading, "heading")
        checkField(page.translations[.content], page.content, "content")
        checkField(page.translations[.imageAlt], page.imageAlt, "imageAlt")
        checkField(page.translations[.image], page.image, "image")
    }
}

private func checkLocalized(_ walkthrough: Walkthrough, for request: LanguageTag?) {
    let shown = walkthrough.localized(for: request)
    require(shown.id == walkthrough.id && shown.version == walkthrough.version, "id or version")
    require(shown.pages.count == walkthrough.pages.count, "page count")
    require(shown.requestedLocale == request, "requestedLocale")
    require(walkthrough.locales.contains(shown.locale), "locale \(shown.locale) not among locales")
    func checkField(
        _ values: [String: String]?, _ original: String?, _ text: String?, _ name: String
    ) {
        guard let values else {
            require(original == text, "\(name): a plain field changed")
            return
        }
        guard let text else {
            require(false, "\(name): a translated field became nil")
            return
        }
        let keys = values.filter { sameScalars($0.value, text) }.map(\.key)
        require(!keys.isEmpty, "\(name): shows a text that is none of its translations")
        guard let request, !request.isIrregular else { return }
        // The text is the default's, the request's own, or in a locale of the requested
        // script (for Serbian, of either of its scripts) and of the requested language or one
        // CLDR matches to it (`za` and `yue` users read `zh`, `nb` users `no`): both tags
        // compared as CLDR compares them, aliases replaced (`hzn-aat` is `sq`) and likely
        // subtags added.
        let wanted = MatchingLocale(request)
        let fits = keys.contains { key in
            if key == walkthrough.defaultLocale { return true }
            guard let tag = LanguageTag(key) else { return false }
            if tag == request { return true }
            let candidate = MatchingLocale(tag)
            let sameScript =
                wanted.script == candidate.script
                || (wanted.language == candidate.language
                    && MatchingLocale.scriptsAreMutuallyIntelligible(
                        wanted.language, wanted.script, candidate.script))
            return sameScript
                && MatchingLocale.distance(desired: wanted, supported: candidate)
                    < LocaleMatcher.threshold
        }
        require(fits, "\(name): \(keys) shown for \(request), across scripts")
    }
    checkField(walkthrough.translations[.title], walkthrough.title, shown.title, "title")
    checkField(
        walkthrough.translations[.finishLabel], walkthrough.finishLabel, shown.finishLabel,
        "finishLabel")
    for (page, localized) in zip(walkthrough.pages, shown.pages) {
        require(page.id == localized.id, "a page id changed")
        checkField(page.translations[.heading], page.heading, localized.heading, "heading")
        checkField(page.translations[.content], page.content, localized.content, "content")
        checkField(page.translations[.imageAlt], page.imageAlt, localized.imageAlt, "imageAlt")
        checkField(page.translations[.image], page.image, localized.image, "image")
    }
}

// MARK: - Round trip

private func checkRoundTrip(_ walkthrough: Walkthrough) {
    func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x00...0x1F:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
    func field(_ values: [String: String]?, _ plain: String?) -> String? {
        if let values {
            let members = values.sorted { $0.key < $1.key }.map {
                string($0.key) + ":" + string($0.value)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        return plain.map(string)
    }
    var members = [
        "\"id\":" + string(walkthrough.id), "\"version\":\(walkthrough.version)",
        "\"defaultLocale\":" + string(walkthrough.defaultLocale),
        "\"navigation\":" + string(walkthrough.navigation.rawValue),
        "\"skippable\":\(walkthrough.skippable)",
    ]
    if let title = field(walkthrough.translations[.title], walkthrough.title) {
        members.append("\"title\":" + title)
    }
    if let label = field(walkthrough.translations[.finishLabel], walkthrough.finishLabel) {
        members.append("\"finishLabel\":" + label)
    }
    let pages = walkthrough.pages.map { page in
        var fields = ["\"id\":" + string(page.id)]
        let pairs: [(String, LocalizedField, String?)] = [
            ("heading", .heading, page.heading), ("content", .content, page.content),
            ("imageAlt", .imageAlt, page.imageAlt), ("image", .image, page.image),
        ]
        for (key, localized, plain) in pairs {
            if let value = field(page.translations[localized], plain) {
                fields.append("\"\(key)\":" + value)
            }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
    members.append("\"pages\":[" + pages.joined(separator: ",") + "]")
    let json = "{" + members.joined(separator: ",") + "}"
    let again = DefinitionLoader.validate(bytes: Array(json.utf8), name: "again.json")
    guard let copy = again.walkthrough else {
        let problems = again.errors.map { visible($0.description) }.joined(separator: "; ")
        require(false, "the localized walkthrough written back does not load: \(problems)")
        return
    }
    require(copy.locales.sorted() == walkthrough.locales.sorted(), "locales changed")
    require(copy.translations == walkthrough.translations, "translations changed")
    require(
        zip(copy.pages, walkthrough.pages).allSatisfy { $0.translations == $1.translations },
        "page translations changed")
}
