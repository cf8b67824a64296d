/// `client.js`, the web client: one ES module with no dependencies and no build step, served by
/// `walkthrough serve` at `GET /v1/client.js` and written by `walkthrough export --client DIR`,
/// byte for byte the same.
///
/// It is the web player's constants (its words in every locale, its elements, its style
/// sheet, its sizes), the renderer the exported page inlines too (``WebPlayerScript``), and the
/// client's glue (``WebClientScript``), which exports `showIfDue`:
///
/// ```js
/// import { showIfDue } from "https://onboarding.example/v1/client.js";
/// const result = await showIfDue("foodpin", {server: "https://onboarding.example", token});
/// ```
package enum WebClientModule {
    /// The largest the module may be, in bytes: it is loaded before a web app's walkthrough.
    package static let byteLimit = 40 * 1024

    /// The module's text.
    package static let source: String = {
        let constants = [
            "const WORDS = " + WebWords.catalog + ";",
            "const ELEMENTS = " + WebPlayerMarkup.javaScriptLiteral + ";",
            "const STYLE = " + WebText.javaScriptString(compacted(css: WebPlayerStyle.source))
                + ";",
            "const MAX_DOTS = \(WebPlayerLimits.maxDots);",
            "const AUTO_SPREAD = \(WebPlayerLimits.autoSpreadPixels);",
            "const ALWAYS_SPREAD = \(WebPlayerLimits.alwaysSpreadPixels);",
        ]
        return """
            // walkthrough client.js: import { showIfDue } from "SERVER/v1/client.js" (docs/web.md).
            // No dependencies, no build step: WalkthroughKit's web player and its web client.

            """
                + constants.joined(separator: "\n") + "\n"
                + compacted(script: WebPlayerScript.source + WebClientScript.source)
    }()

    /// `script` without its indentation, blank lines and whole-line comments: what a reader of
    /// the source in Swift needs and a browser does not (the module stays within
    /// ``byteLimit``). No line of the player's scripts continues a string or a template.
    package static func compacted(script: String) -> String {
        script.split(separator: "\n").compactMap { line in
            let code = line.drop(while: { $0 == " " })
            return code.isEmpty || code.hasPrefix("//") ? nil : code
        }.joined(separator: "\n") + "\n"
    }

    /// `css` on one line, each of its lines trimmed: the same rules.
    package static func compacted(css: String) -> String {
        css.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }
            .joined(separator: " ")
    }

    /// The module's bytes (UTF-8), as served and written.
    package static var bytes: [UInt8] { Array(source.utf8) }
}
