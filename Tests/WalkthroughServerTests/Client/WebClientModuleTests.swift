import Foundation
import Testing
import WalkthroughTestSupport
import WalkthroughWeb

/// `client.js` itself: small, one file, nothing a strict policy refuses; served by the built
/// `walkthrough serve` (with the `Server` trait) as the same bytes `export --client` writes.
@Suite struct WebClientModuleTests {
    @Test func theModuleIsAtMost40KB() {
        #expect(WebClientModule.bytes.count <= 40 * 1024, "\(WebClientModule.bytes.count) bytes")
        #expect(WebClientModule.byteLimit == 40 * 1024)
    }

    /// No way for text to become markup or code: what a strict host policy refuses is absent.
    @Test func theModuleNeverMakesMarkupOrCodeFromText() {
        let source = WebClientModule.source
        for forbidden in [
            "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
            "Function(", "setAttribute(\"style\"", ".style.", "import(",
        ] {
            #expect(!source.contains(forbidden), "\(forbidden)")
        }
        #expect(source.contains("export function showIfDue(id, options)"))
        #expect(source.contains("adoptedStyleSheets"))
        #expect(!source.contains("\nimport "), "no dependency")
    }

    /// The page's renderer is the client's: one text in both.
    @Test func theExportedPageAndTheClientShareTheRendererAndTheStyleSheet() {
        let source = WebClientModule.source
        let renderer = WebClientModule.compacted(script: WebPlayerScript.source)
        #expect(source.contains(renderer))
        #expect(
            source.contains(
                WebText.javaScriptString(WebClientModule.compacted(css: WebPlayerStyle.source))))
    }

    /// The words the client carries are the player's catalog's.
    @Test func theWordsAreTheCatalogs() throws {
        let catalog = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: URL(fileURLWithPath: repositoryRoot() + "/localization/player.json")
                ))
                as? [String: Any])
        let words = try #require(
            try JSONSerialization.jsonObject(with: Data(WebWords.catalog.utf8))
                as? [String: [String: String]])
        #expect(Set(words.keys) == Set(catalog.keys).subtracting(["$comment"]))
        for (locale, texts) in words {
            let source = try #require(catalog[locale] as? [String: String])
            #expect(texts["later"] == source["web.later"])
            #expect(texts["next"] == source["web.next"])
            #expect(texts["finish"] == source["finish.default"])
            #expect(texts["imageAlt"] == source["image.alt"])
            #expect(texts.count == source.keys.filter { $0.hasPrefix("web.") }.count + 2)
        }
    }

    #if SERVER
    @Test func getClientJSIsTheExportedFileWithAnETagAndCORSForAllowedOrigins() throws {
        let origin = "https://app.example"
        let server = try ServeProcess(arguments: ["--allow-origin", origin])
        let answer = try HTTPExchange.send(
            "GET", server.base + "/v1/client.js", headers: ["Origin": origin])
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(answer.headers["access-control-allow-origin"] == origin)
        #expect(answer.headers["x-content-type-options"] == "nosniff")
        let tag = try #require(answer.headers["etag"])
        #expect(answer.body == WebClientModule.source)

        let folder = try TemporaryFolder()
        let exported = try ChildProcess.run(
            [builtExecutable("walkthrough"), "export", "--client", folder.file("web")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path])
        #expect(exported.status == 0, "\(exported.standardError)")
        let file = try #require(FileManager.default.contents(atPath: folder.file("web/client.js")))
        #expect(Array(file) == Array(answer.body.utf8), "the same bytes")

        let cached = try HTTPExchange.send(
            "GET", server.base + "/v1/client.js", headers: ["If-None-Match": tag])
        #expect(cached.status == 304)
        #expect(cached.body.isEmpty)
        let elsewhere = try HTTPExchange.send(
            "GET", server.base + "/v1/client.js", headers: ["Origin": "https://evil.example"])
        #expect(elsewhere.status == 200)
        #expect(elsewhere.headers["access-control-allow-origin"] == nil)
    }
    #endif
}
