import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// `walkthroughs/schema.json` against the loader, over more than a thousand definitions made
/// by a deterministic generator: a valid definition that uses every field, mutated one, two or
/// three fields at a time (ids, numbers, enums, texts and translations, dates with leap
/// seconds and leap days, durations with `0s`, image paths, locales, rules, experiments).
/// Each is checked by the loader (accepted: no error, and no key the format does not have) and
/// by an independent JSON Schema validator, Python's `jsonschema`; they must agree on every
/// definition except those whose mutation is a rule no pattern can say, each listed by name in
/// ``Mutation/Limit``.
struct SchemaDifferentialTests {
    /// A JSON value, written out as text by ``text``: numbers as written, keys in order.
    indirect enum JSON {
        case object([(String, JSON)])
        case array([JSON])
        case string(String)
        case number(String)
        case bool(Bool)

        var text: String {
            switch self {
            case .object(let members):
                return "{"
                    + members.map { Self.quoted($0.0) + ": " + $0.1.text }
                    .joined(separator: ", ") + "}"
            case .array(let elements):
                return "[" + elements.map(\.text).joined(separator: ", ") + "]"
            case .string(let value): return Self.quoted(value)
            case .number(let value): return value
            case .bool(let value): return value ? "true" : "false"
            }
        }

        static func quoted(_ value: String) -> String {
            var out = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where scalar.value < 0x20:
                    out += String(format: "\\u%04X", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }

        /// The value with `value` set at `path` (object keys; `#N` an array index), added
        /// at the end of its object when missing, or removed with `nil`.
        func setting(_ path: [String], to value: JSON?) -> JSON {
            guard let key = path.first else { return value ?? self }
            let rest = Array(path.dropFirst())
            switch self {
            case .object(var members):
                if let index = members.firstIndex(where: { $0.0 == key }) {
                    if rest.isEmpty, value == nil {
                        members.remove(at: index)
                    } else {
                        members[index].1 = members[index].1.setting(rest, to: value)
                    }
                } else if let value {
                    members.append((key, JSON.object([]).setting(rest, to: value)))
                }
                return .object(members)
            case .array(var elements):
                guard key.hasPrefix("#"), let index = Int(key.dropFirst()),
                    elements.indices.contains(index)
                else { return self }
                if rest.isEmpty, value == nil {
                    elements.remove(at: index)
                } else {
                    elements[index] = elements[index].setting(rest, to: value)
                }
                return .array(elements)
            default:
                return rest.isEmpty ? (value ?? self) : self
            }
        }
    }

    /// One change to the valid definition.
    struct Mutation {
        /// A rule of the loader that a JSON Schema pattern, or JSON Schema at all, cannot say:
        /// where the loader and the schema may disagree.
        enum Limit: String, CaseIterable {
            /// A key given twice: JSON Schema sees the parsed object, where one value won.
            case duplicateKey = "a key given twice"
            /// `1.0` and `1e3` are integers to JSON Schema (the data model has one number);
            /// the loader asks for integers written as such.
            case numberSpelling = "an integer written with a fraction or an exponent"
            /// A variant's page id that no page has: a reference across the document.
            case unknownPage = "a variant naming a page id no page has"
            /// Two variants with one id: uniqueness of one property across array items.
            case duplicateVariant = "two variants with one id"
            /// Two pages with one id.
            case duplicatePage = "two pages with one id"
            /// A page's `since` above the walkthrough's `version`: a comparison of two fields.
            case sinceAboveVersion = "a page's since above the version"
            /// A translation object without the default locale's key: a key named by another
            /// field's value.
            case missingDefaultLocale = "translations without the default locale"
            /// `from` after `until`: an order between two fields.
            case fromAfterUntil = "from later than until"
            /// An event rule's `min` above its `max`: an order between two fields.
            case minAboveMax = "an event rule's min above its max"
        }

        var path: [String]
        var value: JSON?
        /// The rule it touches that no schema can say, if any.
        var limit: Limit?
        /// Raw text instead of a value: the whole definition replaced (duplicate keys).
        var rawText: String?
    }

    /// The valid definition every mutation starts from: every field of the format used.
    static let base = JSON.object([
        ("$schema", .string("https://example.com/walkthroughs/schema.json")),
        ("id", .string("tour")),
        ("version", .number("2")),
        ("title", .object([("en", .string("Tour")), ("fr", .string("Visite"))])),
        ("navigation", .string("free")),
        ("skippable", .bool(true)),
        ("finishLabel", .string("Done")),
        ("defaultLocale", .string("en")),
        (
            "when",
            .object([
                ("after", .array([.string("foodpin")])),
                ("env", .object([("CI", .string("1"))])),
                ("from", .string("2026-01-01")),
                ("until", .string("2027-01-01T00:00:00Z")),
                ("maxShows", .number("3")),
                ("minInterval", .string("1d")),
            ])
        ),
        (
            "experiment",
            .object([
                ("id", .string("onboarding-2026-12")),
                (
                    "variants",
                    .array([
                        .object([("id", .string("control")), ("weight", .number("50"))]),
                        .object([
                            ("id", .string("short")), ("weight", .number("50")),
                            ("pages", .array([.string("welcome"), .string("finish")])),
                        ]),
                    ])
                ),
                ("holdout", .number("10")),
                ("goals", .array([.string("first-pin")])),
            ])
        ),
        (
            "pages",
            .array([
                .object([
                    ("id", .string("welcome")), ("heading", .string("Welcome")),
                    ("content", .string("Hello")), ("image", .string("images/welcome.png")),
                    ("imageAlt", .string("A wave")),
                ]),
                .object([
                    ("id", .string("pins")),
                    ("heading", .object([("en", .string("Pins")), ("fr", .string("Épingles"))])),
                    ("content", .string("")), ("since", .number("2")),
                    ("when", .object([("env", .object([("SHOW_PINS", .string("yes"))]))])),
                ]),
                .object([
                    ("id", .string("finish")), ("heading", .string("Finish")),
                    ("content", .string("Done")),
                    (
                        "image",
                        .object([
                            ("en", .string("images/finish.png")),
                            ("fr", .string("./images/fr/../finish.png")),
                        ])
                    ),
                ]),
            ])
        ),
    ])

    static func s(_ text: String) -> JSON { .string(text) }
    static func n(_ text: String) -> JSON { .number(text) }

    /// The values each field is tried with: valid ones and each way of being wrong.
    static let mutations: [Mutation] = {
        var list: [Mutation] = []
        func add(_ path: [String], _ values: [JSON?], limit: Mutation.Limit? = nil) {
            for value in values { list.append(Mutation(path: path, value: value, limit: limit)) }
        }
        let long = String(repeating: "x", count: 1001)
        let ids: [JSON?] = [
            s("a"), s("A.b_c-9"), s(String(repeating: "a", count: 64)),
            s(String(repeating: "a", count: 65)), s(""), s("-a"), s(".a"), s("a b"), s("é"),
            s("a/b"), n("1"), .bool(true),
        ]
        let texts: [JSON?] = [
            s("Hi"), s(""), s(" "), s("\t\n"), s("\u{3000}"), s(long),
            s(String(repeating: "é", count: 1000)), s("bell\u{7}"), s("\u{202E}evil"), n("3"),
            .object([]), .object([("en", s("Hi"))]), .object([("en", s("Hi")), ("fr", s(""))]),
            .object([("en", s("Hi")), ("not a tag", s("x"))]), .object([("en", n("1"))]),
        ]
        add(["id"], ids + [nil])
        add(["version"], [n("0"), n("-1"), n("1000000"), n("1000001"), s("1")])
        // Below the second page's `since` (2); without it, the version is 1.
        add(["version"], [n("1"), nil], limit: .sinceAboveVersion)
        add(["version"], [n("1.0"), n("1e0"), n("2.0")], limit: .numberSpelling)
        add(["version"], [n("1.5")])
        add(["title"], texts + [nil])
        add(["navigation"], [s("free"), s("linear"), s("bogus"), s(""), n("1"), nil])
        add(["skippable"], [.bool(false), s("yes"), n("1"), nil])
        add(["finishLabel"], texts + [nil])
        add(
            ["defaultLocale"],
            [s("en"), s("fr"), s("en_US"), s(""), s("123"), s("toolongtag"), s("en-"), n("1"), nil])
        // Valid tags the translation objects (en, fr) have no text for.
        add(
            ["defaultLocale"],
            [
                s("de"), s("zh-Hant-TW"), s("es-419"), s("iw"), s("x-private"), s("i-klingon"),
                s("en-GB-oed"), s("sgn-BE-FR"), s("de-1996"),
            ], limit: .missingDefaultLocale)
        add(["title"], [.object([("fr", s("Visite"))])], limit: .missingDefaultLocale)
        add(
            ["when", "after"],
            [
                .array([]), .array([s("a"), s("b")]), .array([s("bad id")]), .array([n("1")]),
                s("x"),
            ]
        )
        add(
            ["when", "env"],
            [
                .object([]), .object([("A_1", s(""))]), .object([("_x", s("1"))]),
                .object([("1BAD", s("x"))]), .object([("", s("x"))]), .object([("A-B", s("x"))]),
                .object([("A", n("1"))]), s("CI"),
            ])
        let dates: [JSON?] = [
            s("2026-01-01"), s("2026-13-45"), s("2026-00-10"), s("2026-04-31"), s("2024-02-29"),
            s("2023-02-29"), s("2000-02-29"), s("1900-02-29"), s("2016-12-31T23:59:60Z"),
            s("2026-01-01T23:59:60+01:00"), s("2026-01-01T24:00:00Z"), s("2026-01-01T10:60:00Z"),
            s("2026-01-01T10:00:00.123Z"), s("2026-01-01T10:00:00+01:00"),
            s("2026-01-01T10:00:00-24:00"), s("2026-01-01 10:00:00"), s("2026-01-01t10:00:00z"),
            s("2026-01-01T10:00"), s("2026-01-01T10:00:00"), s("26-01-01"), s("2026-1-1"),
            s("20260101"), s(""), n("2026"),
        ]
        add(["when", "from"], dates + [nil])
        add(["when", "until"], [s("2027-06-01"), s("2026-13-45"), s("2026-02-30")])
        add(
            ["when", "until"], [s("2025-06-01"), s("2016-12-31T23:59:60Z")],
            limit: .fromAfterUntil)
        add(
            ["when", "maxShows"],
            [n("1"), n("0"), n("-1"), n("1000000"), n("1000001"), n("1.5"), s("3"), nil])
        add(["when", "maxShows"], [n("3.0")], limit: .numberSpelling)
        add(
            ["when", "minInterval"],
            [
                s("0s"), s("00s"), s("1s"), s("59s"), s("3153600000s"), s("3153600001s"),
                s("52560000m"), s("52560001m"), s("876000h"), s("876001h"), s("0d"), s("36500d"),
                s("36501d"), s("01h"), s("00000000001s"), s("000000000001s"), s("1w"), s("1.5h"),
                s("-1d"), s("1 d"), s("1D"), s(""), s("d"), n("60"), nil,
            ])
        func rule(_ members: [(String, JSON)]) -> JSON { .object([("deployed", .object(members))]) }
        add(
            ["when", "events"],
            [
                .object([]), rule([]), rule([("min", n("3")), ("within", s("7d"))]),
                rule([("max", n("0"))]), rule([("min", n("0")), ("max", n("1000"))]),
                rule([("min", n("2")), ("max", n("2"))]), rule([("min", n("-1"))]),
                rule([("max", n("1001"))]), rule([("min", n("1.5"))]), rule([("min", s("3"))]),
                rule([("within", s("1w"))]), rule([("within", s("0s"))]),
                rule([("within", n("60"))]), rule([("bogus", n("1"))]),
                .object([("bad id", .object([]))]), .object([("", .object([]))]),
                .object([("deployed", s("3"))]), .object([("deployed", n("3"))]), s("deployed"),
                .array([]), nil,
            ])
        add(["when", "events"], [rule([("min", n("3.0"))])], limit: .numberSpelling)
        add(["when", "events"], [rule([("min", n("3")), ("max", n("1"))])], limit: .minAboveMax)
        add(
            ["snooze"],
            [s("24h"), s("1s"), s("36500d"), s("36501d"), s("0s"), s("1w"), n("60"), nil])
        add(["when", "bogus"], [s("x")])
        add(["when"], [.object([]), s("always")])
        add(["experiment", "id"], ids)
        add(
            ["experiment", "holdout"], [n("0"), n("50"), n("51"), n("-1"), n("10.5"), s("10"), nil])
        add(["experiment", "holdout"], [n("10.0")], limit: .numberSpelling)
        add(
            ["experiment", "goals"],
            [
                .array([]), .array([s("a"), s("b")]), .array([s("a"), s("a")]),
                .array([s("bad goal")]), .array([n("1")]), s("first-pin"), nil,
            ])
        add(["experiment", "variants"], [.array([]), s("x"), nil])
        add(
            ["experiment", "variants"],
            [
                .array(
                    (1...9).map { .object([("id", s("v\($0)")), ("weight", n("1"))]) }),
                .array(
                    (1...8).map { .object([("id", s("v\($0)")), ("weight", n("1"))]) }),
            ])
        add(
            ["experiment", "variants"],
            [
                .array([
                    .object([("id", s("a")), ("weight", n("1"))]),
                    .object([("id", s("a")), ("weight", n("1"))]),
                ])
            ], limit: .duplicateVariant)
        add(["experiment", "variants", "#0", "id"], ids + [s("holdout"), nil])
        add(
            ["experiment", "variants", "#0", "weight"],
            [n("1"), n("0"), n("10000"), n("10001"), n("-1"), n("1.5"), s("1"), nil])
        add(["experiment", "variants", "#0", "weight"], [n("1e1")], limit: .numberSpelling)
        add(
            ["experiment", "variants", "#1", "pages"],
            [
                .array([]), .array([s("welcome")]), .array([s("welcome"), s("welcome")]),
                .array([n("1")]), s("welcome"), nil,
            ])
        add(["experiment", "variants", "#1", "pages"], [.array([s("nope")])], limit: .unknownPage)
        add(["experiment", "variants", "#1", "bogus"], [.bool(true)])
        add(["experiment", "bogus"], [n("1")])
        add(["experiment"], [.object([]), s("x")])
        add(["pages"], [.array([]), s("x"), .array([n("1")]), nil])
        // A valid id other than `welcome`, or none: the short variant names `welcome`.
        add(["pages", "#0", "id"], Array(ids[3...]))
        add(["pages", "#0", "id"], Array(ids[..<3]) + [nil], limit: .unknownPage)
        add(["pages", "#1", "id"], [s("welcome")], limit: .duplicatePage)
        add(["pages", "#0", "heading"], texts + [nil])
        add(["pages", "#0", "content"], texts + [nil])
        add(["pages", "#0", "imageAlt"], texts + [nil])
        let paths: [JSON?] = [
            s("images/x.png"), s("x.png"), s("./x.png"), s("images/../images/x.png"),
            s("images/../x.png"), s("images/../../x.png"), s("../x.png"), s(".."), s("a/.."),
            s("a/../.."), s("a//../b.png"), s("a/./../b.png"), s("a/.../b"), s("..."), s("..a"),
            s("a../b"), s("a/b/c/../../d"), s("a/b/c/../../../d"), s("a/b/c/../../../../d"),
            s("./../x"), s("/abs.png"), s("//x"), s("a/"), s("."), s(""), s(" "), s("\t"),
            s(String(repeating: "a/", count: 199) + String(repeating: "../", count: 199) + "x"),
            s(String(repeating: "a/", count: 199) + String(repeating: "../", count: 200) + "x"),
            s(String(repeating: "a/", count: 600)), s(String(repeating: "./", count: 500) + ".."),
            s(String(repeating: "a/../", count: 199) + "../"), n("1"),
            .object([("en", s("a.png")), ("fr", s("../a.png"))]),
            .object([("en", s("a/../b.png")), ("fr", s("b/./c.png"))]),
            .object([("en", s("/a.png"))]), .object([]), nil,
        ]
        add(["pages", "#0", "image"], paths)
        add(["pages", "#1", "since"], [n("1"), n("0"), n("-1"), n("1.5"), s("1"), nil])
        add(["pages", "#1", "since"], [n("3")], limit: .sinceAboveVersion)
        add(["pages", "#1", "when"], [.object([]), .object([("after", .array([]))]), s("x")])
        add(["pages", "#1", "when", "env"], [.object([("9", s("x"))]), .object([])])
        add(["pages", "#0", "bogus"], [s("x")])
        add(["bogus"], [s("x")])
        add(
            ["$schema"],
            [s("https://json-schema.org/draft/2020-12/schema"), s(""), n("1"), .bool(true), nil])
        list.append(
            Mutation(
                path: [], value: nil, limit: .duplicateKey,
                rawText:
                    #"{"id": "tour", "id": "other", "pages": [{"heading": "A", "content": ""}]}"#))
        list.append(
            Mutation(
                path: [], value: nil, limit: .duplicateKey,
                rawText: #"{"pages": [{"heading": "A", "heading": "B", "content": ""}]}"#))
        return list
    }()

    /// One generated definition: its text and the mutations it was made with.
    struct Case {
        var text: String
        var mutations: [Mutation]
    }

    /// Every mutation alone, then `extra` definitions of two or three random mutations
    /// (the same ones on every run: SplitMix64 from a fixed seed).
    static func cases(extra: Int) -> [Case] {
        func apply(_ mutations: [Mutation]) -> Case {
            if let raw = mutations.first(where: { $0.rawText != nil })?.rawText {
                return Case(text: raw, mutations: mutations)
            }
            var value = base
            for mutation in mutations { value = value.setting(mutation.path, to: mutation.value) }
            return Case(text: value.text, mutations: mutations)
        }
        var cases = [Case(text: base.text, mutations: [])] + mutations.map { apply([$0]) }
        var random = SplitMix64(seed: 27)
        for _ in 0..<extra {
            let count = Int.random(in: 2...3, using: &random)
            cases.append(
                apply((0..<count).map { _ in mutations.randomElement(using: &random)! }))
        }
        return cases
    }

    /// `jsonschema`'s verdict on each text (a JSON array of strings on standard input):
    /// `true` when valid; a text that is not JSON is `false`.
    static let checker = """
        import json, sys
        from jsonschema import validators
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        cls = validators.validator_for(schema)
        cls.check_schema(schema)
        validator = cls(schema)
        verdicts = []
        for text in json.load(sys.stdin):
            try:
                instance = json.loads(text)
            except ValueError:
                verdicts.append(False)
                continue
            verdicts.append(validator.is_valid(instance))
        print(json.dumps(verdicts))
        """

    @Test func theSchemaAndTheLoaderAgreeWhereverAPatternCanSay() throws {
        let reference = try PythonReference.find(
            requirement: "jsonschema==4.26.0",
            check: "import jsonschema.validators, sys; sys.exit(0)",
            purpose: "the schema differential tests")
        let cases = Self.cases(extra: 1100)
        let input = try JSONSerialization.data(withJSONObject: cases.map(\.text))
        let result = try ChildProcess.run(
            [
                reference.python, "-c", Self.checker,
                repositoryRoot() + "/walkthroughs/schema.json",
            ], input: String(decoding: input, as: UTF8.self), environment: reference.environment,
            timeout: 600)
        #expect(result.status == 0, "\(result.standardError)")
        let verdicts = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [Bool])
        try #require(verdicts.count == cases.count)

        var agreements = 0
        var byLimit: [Mutation.Limit: Int] = [:]
        var unexplained: [String] = []
        for (index, (definition, schemaAccepts)) in zip(cases, verdicts).enumerated() {
            let report = DefinitionLoader.validate(
                bytes: Array(definition.text.utf8), name: "tour.json")
            // Refused: an error, or a key the format does not have (a warning that `validate
            // --strict` refuses, as the schema's `additionalProperties: false` does for an
            // editor). The other warnings (control and bidi characters, missing translations,
            // `after` ids no definition has) are advice about content, not the format.
            let loaderAccepts =
                report.isValid && !report.warnings.contains { $0.kind.name == "unknownKey" }
            if loaderAccepts == schemaAccepts {
                agreements += 1
                continue
            }
            if let limit = definition.mutations.compactMap(\.limit).first {
                byLimit[limit, default: 0] += 1
                continue
            }
            let changed = definition.mutations.map {
                $0.path.joined(separator: ".") + " = " + ($0.value?.text.prefix(60) ?? "removed")
            }
            unexplained.append(
                "#\(index) loader \(loaderAccepts ? "accepts" : "refuses"), schema "
                    + "\(schemaAccepts ? "accepts" : "refuses"): \(changed.joined(separator: "; "))"
                    + " — \(report.errors.first?.description ?? "")")
        }
        let classes = Mutation.Limit.allCases.map { "\($0.rawValue) \(byLimit[$0] ?? 0)" }
        print(
            "schema differential: \(cases.count) definitions, \(agreements) agree, "
                + "\(cases.count - agreements - unexplained.count) differ by a documented limit "
                + "(\(classes.joined(separator: ", "))), \(unexplained.count) a pattern could remove"
        )
        #expect(cases.count >= 1000)
        #expect(unexplained.isEmpty, "\(unexplained.prefix(40).joined(separator: "\n"))")
    }
}
