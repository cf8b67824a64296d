import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughCLI

/// `walkthrough export FILE|ID --html DIR`, in-process: the files it writes, what it copies
/// and refuses, its errors and exit codes. The page in a browser: `HTMLExportBrowserTests`.
struct ExportHTMLCommandTests {
    @Test func writesTheIndexAndACopyOfEveryImage() throws {
        let sandbox = try Sandbox()
        let images = try sandbox.defineFoodPinWithImages()
        let result = sandbox.run(["export", "foodpin", "--html", sandbox.folder.file("out")])
        #expect(result.code == .success, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput
                == "Wrote \(sandbox.folder.file("out/index.html")): FoodPin, 3 pages in 3 "
                + "languages (en, zh-Hant, zh-Hans), 3 images; open it in a browser.\n")
        for (name, bytes) in images {
            let copy = try Data(
                contentsOf: URL(fileURLWithPath: sandbox.folder.file("out/" + name)))
            #expect(Array(copy) == bytes, "\(name)")
        }
        let page = try sandbox.exportedPage()
        #expect(page.html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(
            page.html.contains("<h1 id=\"heading\" tabindex=\"-1\" dir=\"auto\">Personalize</h1>"))
        #expect(page.html.contains("<p id=\"position\" aria-hidden=\"true\">1/3</p>"))
        #expect(page.html.contains("src=\"images/foodpin-intro-1.png\" alt=\"A red plate"))
        #expect(page.html.contains("<meta name=\"viewport\" content=\"width=device-width"))
        let data = try #require(page.data)
        #expect(data["navigation"] as? String == "linear")
        let locales = try #require(data["locales"] as? [[String: Any]])
        #expect(locales.map { $0["tag"] as? String } == ["en", "zh-Hant", "zh-Hans"])
        let pages = try #require(locales[1]["pages"] as? [[String: Any]])
        #expect(pages[1]["heading"] as? String == "在地圖上找到餐廳")
        #expect(locales[1]["finishLabel"] as? String == "開始使用")
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.file("out"))
        #expect(names.sorted() == ["images", "index.html"], "no temporary file is left")
    }

    @Test func theLocaleOptionOrTheEnvironmentPicksTheFirstLanguage() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let out = sandbox.folder.file("out")
        #expect(
            sandbox.run(["export", "foodpin", "--html", out, "--locale", "zh-TW"]).code == .success)
        var page = try sandbox.exportedPage()
        #expect(page.html.contains("<html lang=\"zh-Hant\">"))
        #expect(page.html.contains(">個人化你的美食指南</h1>"))
        #expect(page.html.contains(">下一頁</button>"))
        #expect(page.data?["initialLocale"] as? Int == 1)
        let fromEnvironment = sandbox.run(
            ["export", "foodpin", "--html", out], extra: ["LANG": "zh_CN.UTF-8"])
        #expect(fromEnvironment.code == .success)
        page = try sandbox.exportedPage()
        #expect(page.html.contains("<html lang=\"zh-Hans\">"))
        #expect(page.data?["initialLocale"] as? Int == 2)
    }

    @Test func aHostileDefinitionBecomesOnlyEscapedTextAndData() throws {
        let sandbox = try Sandbox()
        try sandbox.define("hostile.json", hostileWebDefinition)
        let result = sandbox.run(["export", "hostile", "--html", sandbox.folder.file("out")])
        #expect(result.code == .success, "\(result.standardError)")
        let page = try sandbox.exportedPage()
        // The page's own elements only: two scripts, no image, no svg, no iframe, no comment.
        #expect(page.count("<script") == 2)
        #expect(page.count("</script>") == 2)
        #expect(
            page.count("<img") == 2,
            "the page's own image elements: a page's, a spread's right page's")
        #expect(page.count("<svg") == 0)
        #expect(page.count("<iframe") == 0)
        #expect(page.count("<!--") == 0)
        #expect(!page.html.contains("\u{2028}"))
        #expect(
            page.html.contains(
                "<title>&quot;&gt;&lt;svg onload=&quot;window.__pwned=&#39;title&#39;&quot;&gt;</title>"
            ))
        #expect(
            page.html.contains(
                ">&lt;img src=x onerror=&quot;window.__pwned=&#39;heading&#39;&quot;&gt;</h1>"))
        #expect(
            page.html.contains(
                "&lt;/script&gt;&lt;script&gt;window.__pwned=&#39;content&#39;&lt;/script&gt;&lt;!-- &amp;amp;"
            ))
        let dataText = try #require(page.dataText)
        #expect(!dataText.contains("<") && !dataText.contains(">") && !dataText.contains("&"))
        // The data reads back as exactly what the definition wrote.
        let locale = try #require((page.data?["locales"] as? [[String: Any]])?.first)
        let pages = try #require(locale["pages"] as? [[String: Any]])
        #expect(
            pages[0]["content"] as? String
                == "</script><script>window.__pwned='content'</script><!-- &amp; \u{2028} end")
        #expect(
            locale["finishLabel"] as? String == "<img src=x onerror=\"window.__pwned='finish'\">")
    }

    @Test func theContentSecurityPolicyAllowsTheScriptAndStyleByTheirHashes() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        #expect(
            sandbox.run(["export", "foodpin", "--html", sandbox.folder.file("out")]).code
                == .success)
        let page = try sandbox.exportedPage()
        let policy = try #require(page.policy)
        let script = try #require(page.script)
        let style = try #require(page.style)
        // Hashed here by coreutils' sha256sum, not by the code under test.
        #expect(
            policy
                == "default-src 'none'; img-src 'self'; style-src 'sha256-\(try sha256sum(style))'; "
                + "script-src 'sha256-\(try sha256sum(script))'; base-uri 'none'; form-action 'none'"
        )
        #expect(!script.contains("innerHTML") && !script.contains("outerHTML"))
        #expect(!script.contains("insertAdjacentHTML") && !script.contains("document.write"))
        #expect(!script.contains("eval(") && !script.contains("Function("))
        // No attribute event handler or inline style anywhere: a hash-only policy would block them.
        #expect(page.count(" onclick=") + page.count(" onload=") + page.count(" style=") == 0)
    }

    @Test func anExistingIndexIsReplacedWholeAndALinkThereIsNotFollowed() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let out = sandbox.folder.file("out")
        try sandbox.folder.write("elsewhere", to: "victim.txt")
        try sandbox.folder.write("keep me", to: "out/notes.txt")
        try FileManager.default.createSymbolicLink(
            atPath: out + "/index.html", withDestinationPath: sandbox.folder.file("victim.txt"))
        try FileManager.default.createDirectory(
            atPath: out + "/images", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out + "/images/foodpin-intro-1.png",
            withDestinationPath: sandbox.folder.file("victim.txt"))
        #expect(sandbox.run(["export", "foodpin", "--html", out]).code == .success)
        #expect(
            try String(contentsOfFile: sandbox.folder.file("victim.txt"), encoding: .utf8)
                == "elsewhere")
        let attributes = try FileManager.default.attributesOfItem(atPath: out + "/index.html")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        let image = try FileManager.default.attributesOfItem(
            atPath: out + "/images/foodpin-intro-1.png")
        #expect(image[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: out + "/notes.txt", encoding: .utf8) == "keep me")
        #expect(try sandbox.exportedPage().html.contains("Personalize"))
    }

    @Test func anImageThatCannotBeCopiedIsAWarningAndThePageShowsItsAltText() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("not an image", to: "walkthroughs/images/text.png")
        try sandbox.folder.write(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", to: "walkthroughs/images/drawing.svg")
        try sandbox.folder.write("secret", to: "outside.png")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.definitions + "/images/link.png",
            withDestinationPath: sandbox.folder.file("outside.png"))
        try sandbox.define(
            "broken.json",
            """
            {"pages": [
              {"heading": "Missing", "content": "", "image": "images/gone.png", "imageAlt": "A cat"},
              {"heading": "Text", "content": "", "image": "images/text.png"},
              {"heading": "SVG", "content": "", "image": "images/drawing.svg"},
              {"heading": "Link", "content": "", "image": "images/link.png"}
            ]}
            """)
        let result = sandbox.run(["export", "broken", "--html", sandbox.folder.file("out")])
        #expect(result.code == .success)
        let file = sandbox.definitions + "/broken.json"
        #expect(
            result.standardError == """
                warning: \(file): pages[0].image: image "images/gone.png" not found; the page shows its alt text instead
                warning: \(file): pages[1].image: image "images/text.png" is not a PNG, JPEG, GIF or WebP image; the page shows its alt text instead
                warning: \(file): pages[2].image: image "images/drawing.svg" is not a PNG, JPEG, GIF or WebP image; the page shows its alt text instead
                warning: \(file): pages[3].image: image "images/link.png" leads out of the definition's folder through a symbolic link and is not copied; the page shows its alt text instead

                """)
        #expect(result.standardOutput.contains(", 4 pages, 0 images;"))
        #expect(!sandbox.folder.exists("out/images"), "nothing was copied")
        let page = try sandbox.exportedPage()
        #expect(page.html.contains("<p id=\"image-alt\">Image: A cat</p>"))
        let pages = (page.data?["locales"] as? [[String: Any]])?.first?["pages"] as? [[String: Any]]
        #expect(pages?.allSatisfy { $0["image"] is NSNull } == true)
    }

    @Test func copiesAreNamedByTheExportAndNeverCollide() throws {
        let sandbox = try Sandbox()
        for (path, width) in [
            ("a/pic.png", 10), ("b/pic.png", 20), ("we ird#?.png", 30), (".hidden.PNG", 40),
        ] {
            try sandbox.folder.write(
                Data(tinyPNG(width: width, height: 5)), to: "walkthroughs/" + path)
        }
        try sandbox.folder.write(
            Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 16)),
            to: "walkthroughs/photo.png")
        try sandbox.define(
            "names.json",
            """
            {"pages": [
              {"heading": "A", "content": "", "image": "a/pic.png"},
              {"heading": "B", "content": "", "image": "b/pic.png"},
              {"heading": "C", "content": "", "image": "we ird#?.png"},
              {"heading": "D", "content": "", "image": ".hidden.PNG"},
              {"heading": "E", "content": "", "image": "photo.png"},
              {"heading": "F", "content": "", "image": "a/pic.png"}
            ]}
            """)
        let result = sandbox.run(["export", "names", "--html", sandbox.folder.file("out")])
        #expect(result.code == .success, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.folder.file("out/images"))
        #expect(
            names.sorted() == ["hidden.png", "photo.jpg", "pic-2.png", "pic.png", "we-ird--.png"])
        let pages = try #require(
            (try sandbox.exportedPage().data?["locales"] as? [[String: Any]])?.first?["pages"]
                as? [[String: Any]])
        #expect(
            pages.map { $0["image"] as? String } == [
                "images/pic.png", "images/pic-2.png", "images/we-ird--.png", "images/hidden.png",
                "images/photo.jpg", "images/pic.png",
            ])
    }

    @Test(arguments: [
        (["export", "foodpin"], "Say where to write 'foodpin' as a web page with '--html <dir>'"),
        (["export", "--html", "out"], "--html needs the walkthrough to write"),
        (
            ["export", "foodpin", "--html", "out", "--db", "x.sqlite3"],
            "--user and --db choose records"
        ),
        (
            ["export", "foodpin", "--html", "out", "--user", "bob"],
            "--user and --db choose records"
        ),
        (["export", "--locale", "en"], "--locale applies to a web page"),
        (["export", "foodpin", "--html", ""], "--html needs a folder"),
        (
            ["export", "foodpin", "--html", "out", "--locale", "zh_TW"],
            "is not a BCP 47 language tag"
        ),
        (["export", "a", "b", "--html", "out"], "Unexpected argument 'b'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let result = sandbox.run(arguments)
        #expect(result.code == .usage)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "Usage: walkthrough export [--user <name>] [--db <path>] | walkthrough export "
                    + "<walkthrough> --html <dir> [--locale <tag>]"))
        #expect(!sandbox.folder.exists("out"))
    }

    @Test func errorsHaveTheirExitCodesAndWriteNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        try sandbox.define("bad.json", #"{"pages": []}"#)
        try sandbox.folder.write("a file", to: "plain")
        let missing = sandbox.run(["export", "nowhere", "--html", sandbox.folder.file("out")])
        #expect(missing.code == .missingInput)
        #expect(missing.standardError.contains("nowhere"))
        let invalid = sandbox.run(["export", "bad", "--html", sandbox.folder.file("out")])
        #expect(invalid.code == .invalidDefinition)
        #expect(!sandbox.folder.exists("out"))

        let underAFile = sandbox.run([
            "export", "foodpin", "--html", sandbox.folder.file("plain/out"),
        ])
        #expect(underAFile.code == .ioError)
        #expect(
            underAFile.standardError
                == "Error: the HTML export: \(sandbox.folder.file("plain")) exists and is not a "
                + "folder; remove it or choose another folder with --html\n")

        try FileManager.default.createDirectory(
            atPath: sandbox.folder.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: sandbox.folder.file("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.folder.file("linked/images"),
            withDestinationPath: sandbox.folder.file("elsewhere"))
        let linked = sandbox.run(["export", "foodpin", "--html", sandbox.folder.file("linked")])
        #expect(linked.code == .ioError)
        #expect(linked.standardError.contains("linked/images is a symbolic link"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.file("elsewhere"))
                .isEmpty)
        #expect(!sandbox.folder.exists("linked/index.html"))
    }

    @Test func theRecordsExportIsUnchanged() throws {
        let sandbox = try Sandbox()
        try sandbox.seed("tour")
        let result = sandbox.run(["export"])
        #expect(result.code == .success)
        #expect(
            result.standardOutput.hasPrefix(
                "{\"user\":\"alice\",\"walkthrough\":\"tour\",\"version\":1,"))
        #expect(sandbox.run(["export", "--user", "bob"]).standardOutput.isEmpty)
    }
}

/// The policy's hash of an inline text is coreutils' `sha256sum` of its bytes, in base64.
struct HTMLHashSourceTests {
    @Test func theHashSourceIsSha256sumInBase64() throws {
        #expect(HTMLText.hashSource(of: "é→字") == "'sha256-\(try sha256sum("é→字"))'")
    }
}
