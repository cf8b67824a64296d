import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// Keeps `walkthroughs/schema.json` and the loader saying the same thing.
struct SchemaTests {
    private func schema() throws -> [String: Any] {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: repositoryRoot() + "/walkthroughs/schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSchemaIsAValidDefinitionForNoOneButPassesValidation() throws {
        let report = DefinitionLoader.validate(
            contentsOf: repositoryRoot() + "/walkthroughs/schema.json")
        #expect(report.isJSONSchema)
        let schema = try schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func rootPropertiesAndLimitsMatchTheLoader() throws {
        let schema = try schema()
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.rootKeys))
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(schema["required"] as? [String] == ["pages"])
        #expect(properties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        #expect(properties["version"]?["type"] as? String == "integer")
        #expect(properties["version"]?["minimum"] as? Int == 1)
        #expect(properties["version"]?["maximum"] as? Int == DefinitionFormat.maximumVersion)
        #expect(
            properties["navigation"]?["enum"] as? [String]
                == Walkthrough.NavigationMode.allCases.map(\.rawValue))
        #expect(properties["skippable"]?["type"] as? String == "boolean")
        #expect(properties["finishLabel"]?["default"] as? String == Walkthrough.defaultFinishLabel)
        #expect(
            properties["defaultLocale"]?["default"] as? String == DefinitionFormat.defaultLocale)
        #expect(properties["defaultLocale"]?["$ref"] as? String == "#/$defs/languageTag")
        for key in DefinitionFormat.localizedRootKeys {
            try expectLocalized(try #require(properties[key]), key)
        }
        let rules = try #require(properties["when"]?["properties"] as? [String: [String: Any]])
        #expect(Set(rules.keys) == Set(DefinitionFormat.ruleKeys))
        #expect(rules["maxShows"]?["maximum"] as? Int == DefinitionFormat.maximumShows)
        #expect(properties["pages"]?["minItems"] as? Int == 1)
        #expect(properties["pages"]?["maxItems"] as? Int == DefinitionFormat.maximumPages)
    }

    @Test func pagePropertiesMatchTheLoader() throws {
        let definitions = try #require(try schema()["$defs"] as? [String: [String: Any]])
        let page = try #require(definitions["page"])
        let properties = try #require(page["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.pageKeys))
        #expect(Set(page["required"] as? [String] ?? []) == Set(DefinitionFormat.requiredPageKeys))
        #expect(page["additionalProperties"] as? Bool == false)
        #expect(properties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        for key in DefinitionFormat.pageKeys {
            if DefinitionFormat.localizedPageKeys.contains(key) {
                try expectLocalized(try #require(properties[key]), key)
            } else if key == "since" {
                #expect(properties[key]?["type"] as? String == "integer")
                #expect(properties[key]?["minimum"] as? Int == 1)
            } else if key == "when" {
                let rules = try #require(properties[key]?["properties"] as? [String: Any])
                #expect(Set(rules.keys) == Set(DefinitionFormat.pageRuleKeys))
            } else {
                #expect(properties[key]?["type"] as? String == "string", "\(key)")
            }
        }
    }

    @Test func experimentPropertiesMatchTheLoader() throws {
        let root = try #require(try schema()["properties"] as? [String: [String: Any]])
        let experiment = try #require(root["experiment"])
        let properties = try #require(experiment["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.experimentKeys))
        #expect(experiment["additionalProperties"] as? Bool == false)
        #expect(Set(experiment["required"] as? [String] ?? []) == ["id", "variants"])
        #expect(properties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        #expect(properties["holdout"]?["minimum"] as? Int == 0)
        #expect(properties["holdout"]?["maximum"] as? Int == Experiment.maximumHoldout)
        #expect(properties["goals"]?["uniqueItems"] as? Bool == true)
        let goalItems = properties["goals"]?["items"] as? [String: Any]
        #expect(goalItems?["pattern"] as? String == DefinitionFormat.idPattern)
        let variants = try #require(properties["variants"])
        #expect(variants["minItems"] as? Int == 1)
        #expect(variants["maxItems"] as? Int == DefinitionFormat.maximumVariants)
        let variant = try #require(variants["items"] as? [String: Any])
        let variantProperties = try #require(variant["properties"] as? [String: [String: Any]])
        #expect(Set(variantProperties.keys) == Set(DefinitionFormat.variantKeys))
        #expect(Set(variant["required"] as? [String] ?? []) == ["id", "weight"])
        #expect(variant["additionalProperties"] as? Bool == false)
        #expect(variantProperties["id"]?["pattern"] as? String == DefinitionFormat.idPattern)
        let reserved = variantProperties["id"]?["not"] as? [String: Any]
        #expect(reserved?["const"] as? String == Experiment.holdoutName)
        #expect(variantProperties["weight"]?["type"] as? String == "integer")
        #expect(variantProperties["weight"]?["minimum"] as? Int == 1)
        #expect(variantProperties["weight"]?["maximum"] as? Int == DefinitionFormat.maximumWeight)
        #expect(variantProperties["pages"]?["minItems"] as? Int == 1)
        #expect(variantProperties["pages"]?["uniqueItems"] as? Bool == true)
    }

    @Test func layoutPropertiesMatchTheLoader() throws {
        let root = try #require(try schema()["properties"] as? [String: [String: Any]])
        let layout = try #require(root["layout"])
        let properties = try #require(layout["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(DefinitionFormat.layoutKeys))
        #expect(layout["additionalProperties"] as? Bool == false)
        #expect(layout["type"] as? String == "object")
        for key in DefinitionFormat.layoutKeys {
            let choices = try #require(DefinitionFormat.layoutChoices[key])
            #expect(properties[key]?["enum"] as? [String] == choices, "\(key)")
            #expect(properties[key]?["default"] as? String == choices.first, "\(key)")
        }
        #expect(
            DefinitionFormat.layoutChoices["spread"]
                == Walkthrough.PageLayout.Spread.allCases.map { $0.rawValue })
        let defaults = Walkthrough.PageLayout()
        #expect(properties["spread"]?["default"] as? String == defaults.spread.rawValue)
        #expect(properties["orientation"]?["default"] as? String == defaults.orientation.rawValue)
        #expect(properties["transition"]?["default"] as? String == defaults.transition.rawValue)
    }

    /// A localized field: a string, or an object of language tags to the same kind of string.
    private func expectLocalized(_ property: [String: Any], _ key: String) throws {
        let choices = try #require(property["anyOf"] as? [[String: Any]], "\(key)")
        #expect(choices.count == 2, "\(key)")
        #expect(choices[0]["type"] as? String == "string", "\(key)")
        #expect(choices[1]["type"] as? String == "object", "\(key)")
        #expect(choices[1]["minProperties"] as? Int == 1, "\(key)")
        let names = try #require(choices[1]["propertyNames"] as? [String: Any])
        #expect(names["$ref"] as? String == "#/$defs/languageTag", "\(key)")
        let values = try #require(choices[1]["additionalProperties"] as? [String: Any])
        #expect(NSDictionary(dictionary: values).isEqual(to: choices[0]), "\(key)")
    }

    @Test func theLanguageTagPatternMatchesTheParser() throws {
        let definitions = try #require(try schema()["$defs"] as? [String: [String: Any]])
        let text = try #require(definitions["languageTag"]?["pattern"] as? String)
        #expect(text == DefinitionFormat.languageTagPattern)
        let pattern = try NSRegularExpression(pattern: text)
        let samples = [
            "en", "EN", "en-US", "zh-Hant", "zh-hant-TW", "zh-yue-HK", "sr-Latn-RS", "es-419",
            "de-DE-1996", "ca-ES-valencia", "en-US-u-ca-gregory", "en-a-bbb-x-a-ccc", "x-pirate",
            "i-klingon", "I-KLINGON", "en-GB-oed", "sgn-BE-FR", "art-lojban", "abcd", "abcdefgh",
            "", "e", "zh_TW", "en-", "-en", "en--US", "en US", "abcdefghi", "en-a", "en-x",
            "123", "en-USA1", "zh-Hant-TW-", "日本", "en-US-u", "zh-abc-abc-abc-abc", "i-bogus",
        ]
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = pattern.firstMatch(in: sample, range: range) != nil
            #expect(matches == (LanguageTag(sample) != nil), "\(sample)")
        }
    }

    /// Dates and durations: the schema's patterns accept exactly what the loader reads, the
    /// calendar's rules included (`2026-13-45`, `2026-02-29` and `0s` fail in both).
    @Test func dateAndDurationPatternsMatchTheLoader() throws {
        let schema = try schema()
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        let root = try #require(schema["properties"] as? [String: [String: Any]])
        let rules = try #require(root["when"]?["properties"] as? [String: [String: Any]])
        let date = try #require(definitions["date"]?["pattern"] as? String)
        let duration = try #require(rules["minInterval"]?["pattern"] as? String)
        #expect(date == DefinitionFormat.datePattern)
        #expect(duration == DefinitionFormat.durationPattern)
        let dates = [
            "2026-12-01", "2026-13-45", "2026-00-10", "2026-02-29", "2024-02-29", "2000-02-29",
            "1900-02-29", "2026-04-31", "2026-12-31", "2026-12-32", "2016-12-31T23:59:60Z",
            "2026-12-01T24:00:00Z", "2026-12-01T07:26:01", "2026-12-01 07:26:01.123+02:00",
            "2026-12-01T07:26:01+24:00", "2026-12-01T07:60:01Z", "2026-12-01t07:26:01.5z",
            "2026-12-01T07:26:61Z", "2026-12-01T07:26Z", "26-12-01", "2026-12-01T07:26:01.Z",
        ]
        let datePattern = try NSRegularExpression(pattern: date)
        for sample in dates {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = datePattern.firstMatch(in: sample, range: range) != nil
            #expect(
                matches == (RFC3339.parseDate(sample, offsetRequired: false) != nil), "\(sample)")
        }
        var durations = ["0s", "00s", "1s", "007d", "36500d", "36501d", "876000h", "876001h"]
        durations += ["52560000m", "52560001m", "3153600000s", "3153600001s", "99999999999d"]
        durations += ["000000000001d", "00000000001d", "24h", "7d", "1w", "-1s", "1.5h", "h"]
        let durationPattern = try NSRegularExpression(pattern: duration)
        for sample in durations {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = durationPattern.firstMatch(in: sample, range: range) != nil
            #expect(matches == (RuleDuration.parse(sample) != nil), "\(sample)")
        }
    }

    /// `finishLabel`, `heading` and `image` may not be blank, in the schema as in the loader, and
    /// both mean the same by blank: only White_Space characters (U+0085 is one, U+FEFF is not).
    @Test func nonBlankTextsMatchTheLoader() throws {
        let schema = try schema()
        let root = try #require(schema["properties"] as? [String: [String: Any]])
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        let page = try #require(definitions["page"]?["properties"] as? [String: [String: Any]])
        for (key, property) in [
            ("finishLabel", root["finishLabel"]), ("heading", page["heading"]),
            ("image", page["image"]),
        ] {
            let choices = try #require(property?["anyOf"] as? [[String: Any]], "\(key)")
            #expect(choices[0]["pattern"] as? String == DefinitionFormat.nonBlankPattern, "\(key)")
            let values = choices[1]["additionalProperties"] as? [String: Any]
            #expect(values?["pattern"] as? String == DefinitionFormat.nonBlankPattern, "\(key)")
        }
        let pattern = try NSRegularExpression(pattern: DefinitionFormat.nonBlankPattern)
        let whiteSpace = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
            .filter(\.properties.isWhitespace).map { String(Character($0)) }
        #expect(whiteSpace.count == 25)
        let samples =
            whiteSpace + [
                "", "a", " a ", "\u{FEFF}", "\u{200B}", "\u{180E}", "\u{3000}\u{3000}",
                "\t\n\r", "\u{85}", " \u{FEFF} ", "x\u{3000}", "é", "👩‍💻",
            ]
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = pattern.firstMatch(in: sample, range: range) != nil
            #expect(
                matches == !TextScanner.isBlank(sample), "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test func theIDPatternMatchesTheHandWrittenCheck() throws {
        let pattern = try NSRegularExpression(pattern: DefinitionFormat.idPattern)
        let samples = [
            "a", "Z9", "a.b_c-d", "-a", ".a", "a b", "", "é", "a/b", "a\tb",
            String(repeating: "x", count: 64), String(repeating: "x", count: 65),
        ]
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let matches = pattern.firstMatch(in: sample, range: range) != nil
            #expect(matches == DefinitionFormat.isValidID(sample), "\(sample)")
        }
    }
}
