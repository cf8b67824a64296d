import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// `walkthrough translate export` and `import` with the built binary, each file checked by the
/// tools translators use.
@Suite(.serialized) struct TranslateRoundTripTests {
    /// The first 16 digits `sha256sum` prints for `text`.
    private func sha256sum(_ text: String) throws -> String {
        String(try ChildProcess.run(["sha256sum"], input: text).standardOutput.prefix(16))
    }

    /// `walkthrough translate export foodpin --locale zh-Hant -o FILE` in `sandbox`, which must
    /// succeed.
    private func exportFoodPin(_ sandbox: Sandbox, to file: String) throws {
        let export = try sandbox.execute(
            ["translate", "export", "foodpin", "--locale", "zh-Hant", "-o", file])
        #expect(export.status == 0, "\(export.standardError)")
    }

    private func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func foodpinsTraditionalChineseRoundTripsThroughPOAndXLIFFByteForByte() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let original = try bytes(definition)
        for (format, name) in [("po", "zh.po"), ("xliff", "zh.xlf")] {
            let file = sandbox.folder.path + "/" + name
            let export = try sandbox.execute(
                [
                    "translate", "export", "foodpin", "--locale", "zh-Hant", "--format", format,
                    "-o", file,
                ])
            #expect(export.status == 0, "\(export.standardError)")
            if format == "po" {
                let statistics = try TranslatorTools.msgfmtCheck(file)
                #expect(statistics.contains("11 translated messages"), "\(statistics)")
            } else {
                try TranslatorTools.xmllintValidate(file)
            }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("在地圖上找到餐廳"))
            #expect(text.contains("source-hash"))
            let again = try sandbox.execute(["translate", "import", file, "foodpin"])
            #expect(again.status == 0, "\(again.standardError)")
            #expect(again.standardOutput.contains("zh-Hant: nothing to change"))
            #expect(try bytes(definition) == original, "\(format) changed foodpin.json")
        }
    }

    @Test func exportWritesOneUnitPerTextKeyedByPathWithTheSourceFingerprint() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let po = try sandbox.execute([
            "translate", "export", "foodpin", "--locale", "ja", "--format", "po",
        ])
        #expect(po.status == 0)
        let contexts = po.standardOutput.split(separator: "\n").filter { $0.hasPrefix("msgctxt ") }
        #expect(
            contexts.map(String.init) == [
                "msgctxt \"title\"", "msgctxt \"finishLabel\"",
                "msgctxt \"pages.personalize.heading\"", "msgctxt \"pages.personalize.content\"",
                "msgctxt \"pages.personalize.imageAlt\"",
                "msgctxt \"pages.locate.heading\"", "msgctxt \"pages.locate.content\"",
                "msgctxt \"pages.locate.imageAlt\"",
                "msgctxt \"pages.discover.heading\"", "msgctxt \"pages.discover.content\"",
                "msgctxt \"pages.discover.imageAlt\"",
            ])
        // The fingerprint is what sha256sum prints for the source, cut to 16 digits.
        let sum = try TranslatorTools.run(
            ["/bin/sh", "-c", "printf %s 'Locate' | sha256sum | cut -c1-16"])
        let fingerprint = sum.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            po.standardOutput.contains(
                "#. source-hash: \(fingerprint)\nmsgctxt \"pages.locate.heading\"\n"
                    + "msgid \"Locate\"\nmsgstr \"\"\n"))
        let file = try sandbox.folder.write(po.standardOutput, to: "ja.po")
        let statistics = try TranslatorTools.msgfmtCheck(file)
        #expect(statistics.contains("11 untranslated messages"), "\(statistics)")
        let xliff = try sandbox.execute(["translate", "export", "foodpin", "--locale", "ja"])
        #expect(xliff.standardOutput.contains("srcLang=\"en\" trgLang=\"ja\""))
        #expect(xliff.standardOutput.contains("<unit id=\"pages.locate.heading\">"))
        try TranslatorTools.xmllintValidate(
            try sandbox.folder.write(xliff.standardOutput, to: "ja.xlf"))
    }

    @Test func polibEditingATargetThenImportThenExportGivesTheEditedFile() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let file = sandbox.folder.path + "/zh.po"
        try exportFoodPin(sandbox, to: file)
        try TranslatorTools.msgfmtCheck(file)
        let polib = try TranslatorTools.polib()
        // wrapwidth=0: polib writes each string on one line (split after newlines), as
        // gettext's tools do with --no-wrap; the import reads wrapped strings as well.
        _ = try polib.run([
            "-c",
            """
            import sys, polib
            po = polib.pofile(sys.argv[1], wrapwidth=0)
            entry = next(e for e in po if e.msgctxt == "pages.locate.heading")
            entry.msgstr = "在地圖上找餐廳"
            po.save(sys.argv[1])
            """, file,
        ])
        let edited = try String(contentsOfFile: file, encoding: .utf8)
        let imported = try sandbox.execute(["translate", "import", file, "foodpin"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardOutput.contains(
                "changed pages.locate.heading: \"在地圖上找到餐廳\" -> \"在地圖上找餐廳\""))
        let export = try sandbox.execute(
            ["translate", "export", "foodpin", "--locale", "zh-Hant", "--format", "po"])
        #expect(export.standardOutput == edited)
        let text = try String(contentsOfFile: definition, encoding: .utf8)
        #expect(text.contains("\"zh-Hant\": \"在地圖上找餐廳\""))
        #expect(text.contains("\"zh-Hans\": \"在地图上找到餐厅\""))
    }

    @Test func translateToolkitsConversionsOfOurFilesImportBack() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let original = try bytes(definition)
        let po2xliff = try TranslatorTools.require("po2xliff", package: "translate-toolkit")
        let xliff2po = try TranslatorTools.require("xliff2po", package: "translate-toolkit")
        let folder = sandbox.folder.path
        try exportFoodPin(sandbox, to: folder + "/ours.po")
        try TranslatorTools.msgfmtCheck(folder + "/ours.po")
        // Ours → their XLIFF (1.1, as translate-toolkit writes it) → their PO.
        try TranslatorTools.run([po2xliff, "-i", folder + "/ours.po", "-o", folder + "/theirs.xlf"])
        let theirXLIFF = try String(contentsOfFile: folder + "/theirs.xlf", encoding: .utf8)
        #expect(theirXLIFF.contains("source-hash: 4eefea2ef4bab17f"))
        #expect(theirXLIFF.contains("在地圖上找到餐廳"))
        try TranslatorTools.run([
            xliff2po, "-i", folder + "/theirs.xlf", "-o", folder + "/theirs.po",
        ])
        try TranslatorTools.msgfmtCheck(folder + "/theirs.po")
        // translate-toolkit drops msgctxt on the way: the import finds each text by its
        // fingerprint instead, and nothing changes.
        let unchanged = try sandbox.execute([
            "translate", "import", folder + "/theirs.po", "foodpin",
        ])
        #expect(unchanged.status == 0, "\(unchanged.standardError)")
        #expect(try bytes(definition) == original)
        // An edit made in their file arrives.
        var theirs = try String(contentsOfFile: folder + "/theirs.po", encoding: .utf8)
        theirs = theirs.replacingOccurrences(of: "msgstr \"探索朋友的口袋名單\"", with: "msgstr \"探索朋友的名單\"")
        try theirs.write(toFile: folder + "/theirs.po", atomically: true, encoding: .utf8)
        let changed = try sandbox.execute(["translate", "import", folder + "/theirs.po", "foodpin"])
        #expect(
            changed.standardOutput.contains("changed pages.discover.heading"),
            "\(changed.standardError)")
        let status = try sandbox.execute(["translate", "status", "foodpin", "--json"])
        #expect(status.standardOutput.contains("\"stale\": 0"))
    }

    @Test func translateToolkitsXLIFF2ReaderReadsOurFileAndItsEditImportsBack() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let folder = sandbox.folder.path
        try exportFoodPin(sandbox, to: folder + "/ours.xlf")
        try TranslatorTools.xmllintValidate(folder + "/ours.xlf")
        let toolkit = try TranslatorTools.translateToolkit()
        // Their reader: every unit, its id, source, target and state; then their writer saves
        // the file with one target edited.
        let read = try toolkit.run([
            "-c",
            """
            import sys
            from translate.storage import xliff2
            store = xliff2.Xliff2File.parsefile(sys.argv[1])
            print(store.gettargetlanguage())
            for unit in store.units:
                print(unit.getid(), unit.istranslated(), unit.isfuzzy(), unit.source, unit.target, sep="|")
                if unit.getid() == "pages.discover.heading":
                    unit.target = "探索朋友的名單"
            store.savefile(sys.argv[2])
            """, folder + "/ours.xlf", folder + "/theirs.xlf",
        ])
        let lines = read.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "zh-Hant")
        #expect(lines.count == 12)
        #expect(lines.contains("title|True|False|FoodPin|FoodPin 美食地圖"))
        #expect(lines.contains("pages.locate.heading|True|False|Locate|在地圖上找到餐廳"))
        try TranslatorTools.xmllintValidate(folder + "/theirs.xlf")
        let imported = try sandbox.execute([
            "translate", "import", folder + "/theirs.xlf", "foodpin",
        ])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardOutput.hasPrefix(
                "changed pages.discover.heading: \"探索朋友的口袋名單\" -> \"探索朋友的名單\"\n"))
        // Our export of the result is their file, byte for byte.
        let again = try sandbox.execute(["translate", "export", "foodpin", "--locale", "zh-Hant"])
        #expect(
            again.standardOutput
                == (try String(contentsOfFile: folder + "/theirs.xlf", encoding: .utf8)))
        // A stale unit is one their reader calls fuzzy and not translated.
        var text = try String(contentsOfFile: definition, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"en\": \"Locate\"", with: "\"en\": \"Find it\"")
        try text.write(toFile: definition, atomically: true, encoding: .utf8)
        try exportFoodPin(sandbox, to: folder + "/stale.xlf")
        let states = try toolkit.run([
            "-c",
            """
            import sys
            from translate.storage import xliff2
            for unit in xliff2.Xliff2File.parsefile(sys.argv[1]).units:
                if unit.getid() == "pages.locate.heading":
                    print(unit.istranslated(), unit.isfuzzy(), unit.target)
            """, folder + "/stale.xlf",
        ])
        #expect(states.standardOutput == "False True 在地圖上找到餐廳\n")
    }

    @Test func pofilterFindsNoBrokenEscapesNewlinesOrMarkupInOurPO() throws {
        let sandbox = try Sandbox()
        try sandbox.copyExample("foodpin.json")
        let pofilter = try TranslatorTools.require("pofilter", package: "translate-toolkit")
        let folder = sandbox.folder.path
        try exportFoodPin(sandbox, to: folder + "/ours.po")
        try TranslatorTools.msgfmtCheck(folder + "/ours.po")
        let checks = [
            "-t", "escapes", "-t", "newlines", "-t", "tabs", "-t", "printf", "-t", "xmltags",
        ]
        // pofilter writes the entries failing its checks, and no file when none does.
        try TranslatorTools.run(
            [pofilter] + checks + [folder + "/ours.po", folder + "/flagged.po"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/flagged.po"))
        // A target given a newline its source lacks is flagged: the check can fail.
        var text = try String(contentsOfFile: folder + "/ours.po", encoding: .utf8)
        text = text.replacingOccurrences(
            of: "msgstr \"在地圖上找到餐廳\"", with: "msgstr \"在地圖上找到餐廳\\n\"")
        try text.write(toFile: folder + "/broken.po", atomically: true, encoding: .utf8)
        try TranslatorTools.run(
            [pofilter] + checks + [folder + "/broken.po", folder + "/flagged.po"])
        let flagged = try String(contentsOfFile: folder + "/flagged.po", encoding: .utf8)
        #expect(flagged.contains("# (pofilter) newlines"))
        #expect(flagged.contains("msgctxt \"pages.locate.heading\""))
    }

    @Test func importLeavesEveryOtherByteOfAHandFormattedDefinitionWhereItWas() throws {
        let sandbox = try Sandbox()
        // Tabs, keys in an odd order, a one-line object, a plain string, another language.
        let before = """
            {
            \t"pages" : [
            \t\t{ "content" : {"en":"Hello there", "de" :"Hallo"},
            \t\t  "heading": "Welcome",
            \t\t  "id": "hi" },
            \t\t{
            \t\t\t"id": "bye",
            \t\t\t"heading": {
            \t\t\t\t"de": "Tschüss",
            \t\t\t\t"en": "Goodbye"
            \t\t\t},
            \t\t\t"content":   ""
            \t\t}
            \t],
            \t"id":"hand",   "defaultLocale": "en"
            }

            """
        let path = try sandbox.define("hand.json", before)
        let po = """
            msgid ""
            msgstr ""
            "Language: ja\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgctxt "pages.hi.content"
            msgid "Hello there"
            msgstr "こんにちは"

            msgctxt "pages.hi.heading"
            msgid "Welcome"
            msgstr "ようこそ"

            msgctxt "pages.bye.heading"
            msgid "Goodbye"
            msgstr "さようなら\\t\\"またね\\""

            """
        let file = try sandbox.folder.write(po, to: "ja.po")
        let dry = try sandbox.execute(["translate", "import", file, "hand", "--dry-run"])
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.contains("3 texts changed, 3 fingerprints recorded (dry run"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        // The file is replaced whole, keeping its permissions, with nothing left beside it.
        #expect(chmod(path, 0o640) == 0)
        let result = try sandbox.execute(["translate", "import", file, "hand"])
        #expect(result.status == 0, "\(result.standardError)")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.definitions) == [
                "hand.json"
            ])
        let after = """
            {
            \t"pages" : [
            \t\t{ "content" : {"en":"Hello there", "de" :"Hallo", "ja": "こんにちは"},
            \t\t  "heading": { "en": "Welcome", "ja": "ようこそ" },
            \t\t  "id": "hi" },
            \t\t{
            \t\t\t"id": "bye",
            \t\t\t"heading": {
            \t\t\t\t"de": "Tschüss",
            \t\t\t\t"en": "Goodbye",
            \t\t\t\t"ja": "さようなら\\t\\"またね\\""
            \t\t\t},
            \t\t\t"content":   ""
            \t\t}
            \t],
            \t"id":"hand",   "defaultLocale": "en",
            \t"translations": {
            \t\t"ja": {
            \t\t\t"pages.hi.content": "\(try sha256sum("Hello there"))",
            \t\t\t"pages.hi.heading": "\(try sha256sum("Welcome"))",
            \t\t\t"pages.bye.heading": "\(try sha256sum("Goodbye"))"
            \t\t}
            \t}
            }

            """
        #expect(try String(contentsOfFile: path, encoding: .utf8) == after)
        let validate = try sandbox.execute(["validate", path])
        #expect(validate.status == 0, "\(validate.standardError)")
    }

    @Test func aSourceEditMakesTheTranslationStaleEverywhere() throws {
        let sandbox = try Sandbox()
        let definition = try sandbox.copyExample("foodpin.json")
        let folder = sandbox.folder.path
        try exportFoodPin(sandbox, to: folder + "/old.po")
        var text = try String(contentsOfFile: definition, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"en\": \"Locate\"", with: "\"en\": \"Find it\"")
        try text.write(toFile: definition, atomically: true, encoding: .utf8)

        let validate = try sandbox.execute(["validate", definition])
        #expect(validate.status == 0)
        #expect(
            validate.standardError.contains(
                "\"pages.locate.heading\" was translated from an earlier source"))
        let strict = try sandbox.execute(["validate", "--strict", "--json", definition])
        #expect(strict.status == 65)
        #expect(strict.standardOutput.contains("\"kind\": \"staleTranslation\""))
        let status = try sandbox.execute(["translate", "status", "foodpin"])
        #expect(status.standardOutput.contains("zh-Hant: 10 translated, 0 missing, 1 stale"))
        #expect(status.standardOutput.contains("zh-Hans: 10 translated, 0 missing, 1 stale"))
        // The player still shows the stale translation.
        let play = try sandbox.execute(
            ["play", "foodpin", "--plain", "--locale", "zh-Hant", "--force"], input: "next\nquit\n")
        #expect(play.standardOutput.contains("在地圖上找到餐廳"), "\(play.standardOutput)")

        let fresh = try sandbox.execute(
            ["translate", "export", "foodpin", "--locale", "zh-Hant", "--format", "po"])
        #expect(
            fresh.standardOutput.contains(
                "#, fuzzy\nmsgctxt \"pages.locate.heading\"\nmsgid \"Find it\"\n"
                    + "msgstr \"在地圖上找到餐廳\"\n"))
        try TranslatorTools.msgfmtCheck(
            try sandbox.folder.write(fresh.standardOutput, to: "new.po"))
        let xliff = try sandbox.execute(["translate", "export", "foodpin", "--locale", "zh-Hant"])
        try TranslatorTools.xmllintValidate(
            try sandbox.folder.write(xliff.standardOutput, to: "new.xlf"))
        #expect(
            xliff.standardOutput.contains(
                "<segment state=\"initial\">\n        <source>Find it</source>\n"
                    + "        <target>在地圖上找到餐廳</target>"))

        let before = try bytes(definition)
        let refused = try sandbox.execute(["translate", "import", folder + "/old.po", "foodpin"])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("\"pages.locate.heading\""))
        #expect(refused.standardError.contains("--accept-stale"))
        #expect(try bytes(definition) == before)
        let accepted = try sandbox.execute(
            ["translate", "import", folder + "/old.po", "foodpin", "--accept-stale"])
        #expect(accepted.status == 0, "\(accepted.standardError)")
        let still = try sandbox.execute(["translate", "status", "foodpin", "--json"])
        #expect(still.standardOutput.contains("\"stale\": 1"))

        // The fresh export imported as it is: the fuzzy unit is kept, and said so.
        let fuzzy = try sandbox.folder.write(fresh.standardOutput, to: "fuzzy.po")
        let kept = try sandbox.execute(["translate", "import", fuzzy, "foodpin"])
        #expect(kept.status == 0)
        #expect(kept.standardOutput.hasPrefix("kept pages.locate.heading: still marked"))
        // The translator updates it and clears the mark: it is current again.
        let updated = fresh.standardOutput.replacingOccurrences(
            of: "#, fuzzy\nmsgctxt \"pages.locate.heading\"\nmsgid \"Find it\"\n"
                + "msgstr \"在地圖上找到餐廳\"",
            with: "msgctxt \"pages.locate.heading\"\nmsgid \"Find it\"\nmsgstr \"找到它\"")
        let done = try sandbox.execute(
            ["translate", "import", try sandbox.folder.write(updated, to: "done.po"), "foodpin"])
        #expect(
            done.standardOutput.contains("changed pages.locate.heading"), "\(done.standardError)")
        let current = try sandbox.execute(["translate", "status", "foodpin"])
        #expect(current.standardOutput.contains("zh-Hant: 11 translated, 0 missing, 0 stale"))
    }
}
