extension LanguageTag {
    /// The environment variables that name the user's locale, in the order they are read.
    public static let environmentVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The user's locale from the environment: the first non-empty of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG`, read as a POSIX locale name (``init(posixLocale:)``); `nil` when none is set,
    /// or the first set one is `C`, `POSIX` or cannot be read as a language.
    ///
    /// ```swift
    /// LanguageTag.preferred(environment: ["LANG": "zh_TW.UTF-8"])   // zh-TW
    /// LanguageTag.preferred(environment: ["LC_ALL": "C", "LANG": "fr_FR.UTF-8"])   // nil
    /// ```
    public static func preferred(environment: [String: String]) -> LanguageTag? {
        for name in environmentVariables {
            guard let value = environment[name], !value.isEmpty else { continue }
            return LanguageTag(posixLocale: value)
        }
        return nil
    }

    /// Reads a POSIX locale name, `language[_territory][.codeset][@modifier]`, as a tag:
    /// `zh_TW.UTF-8` → `zh-TW`, `sr_RS@latin` → `sr-Latn-RS`, `ca_ES@valencia` →
    /// `ca-ES-valencia`; `nil` for `C`, `POSIX` (with any codeset) and anything that is not a
    /// locale name. A well-formed BCP 47 tag (`zh-Hant`) is read as itself.
    public init?(posixLocale value: String) {
        var name = Substring(value)
        var modifier: Substring?
        if let at = name.firstIndex(of: "@") {
            modifier = name[name.index(after: at)...]
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        var subtags = parts[0].split(separator: "-", omittingEmptySubsequences: false).map(
            String.init)
        if parts.count == 2 { subtags.append(String(parts[1])) }
        if let modifier, !modifier.isEmpty {
            switch modifier.lowercased() {
            case "latin": subtags.insert("Latn", at: 1)
            case "cyrillic": subtags.insert("Cyrl", at: 1)
            case "devanagari": subtags.insert("Deva", at: 1)
            case "arabic": subtags.insert("Arab", at: 1)
            case let other where (5...8).contains(other.count): subtags.append(other)
            default: break  // @euro and the like say nothing about the language
            }
        }
        guard let tag = LanguageTag(subtags.joined(separator: "-")), !tag.isIrregular else {
            return nil
        }
        self = tag
    }
}
