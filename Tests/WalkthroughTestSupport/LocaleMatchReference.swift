import FoundationEssentials

/// Python's `langcodes` package, an independent implementation of CLDR's language matching
/// (its own reading of `languageInfo.xml` and the likely subtags): the reference the locale
/// matcher's tests measure against, found or installed like ``WidthReference``.
package struct LocaleMatchReference: Sendable {
    private let reference: PythonReference

    /// The version `.build/test-python` gets when the machine has none.
    package static let pinnedVersion = "3.5.1"

    /// What langcodes chooses for one request among keys.
    package struct Choice: Sendable, Equatable {
        /// `closest_match` with ICU's threshold (a distance below 50); `nil` for none.
        package let nearest: String?
        /// The same among the keys in the request's own likely script (for Serbian, every
        /// Serbian key too): the project's one rule on top of CLDR's.
        package let nearestInScript: String?
    }

    /// Finds or installs the reference.
    ///
    /// - Throws: ``TestSupportError`` naming what is missing.
    package static func find() throws -> LocaleMatchReference {
        LocaleMatchReference(
            reference: try PythonReference.find(
                requirement: "langcodes==\(pinnedVersion)", check: "import langcodes",
                purpose: "the locale matching tests"))
    }

    /// langcodes' choice for each request among its keys.
    ///
    /// - Throws: ``TestSupportError`` when Python fails or answers something else.
    package func choices(_ cases: [(request: String, keys: [String])]) throws -> [Choice] {
        let script = """
            import sys, json, langcodes
            def best(request, keys):
                key, _ = langcodes.closest_match(request, keys, max_distance=49) if keys else ("und", 0)
                return None if key == "und" else key
            out = []
            for case in json.load(sys.stdin):
                request, keys = case["request"], case["keys"]
                want = langcodes.Language.get(request).maximize()
                def same(key):
                    have = langcodes.Language.get(key).maximize()
                    return have.script == want.script or (want.language == "sr" and have.language == "sr")
                out.append([best(request, keys), best(request, [k for k in keys if same(k)])])
            print(json.dumps(out))
            """
        struct Case: Encodable {
            let request: String
            let keys: [String]
        }
        let input = try JSONEncoder().encode(cases.map { Case(request: $0.request, keys: $0.keys) })
        let result = try reference.run(
            ["-c", script], input: String(decoding: input, as: UTF8.self))
        guard
            let rows = try? JSONDecoder().decode(
                [[String?]].self, from: Data(result.standardOutput.utf8)),
            rows.count == cases.count, rows.allSatisfy({ $0.count == 2 })
        else { throw TestSupportError("langcodes answered: \(result.standardOutput.prefix(300))") }
        return rows.map { Choice(nearest: $0[0], nearestInScript: $0[1]) }
    }
}
