import WalkthroughKit

/// The exported page, `index.html`: the first page already in place as escaped text (so that it
/// reads without script), the walkthrough as JSON data, the one script and the one style sheet,
/// and a Content-Security-Policy that allows nothing else.
///
/// The policy is `default-src 'none'`: no connection, frame, font, form or plugin of any kind;
/// images only from the page's own folder (`img-src 'self'`, which Chromium and Firefox apply to
/// `file://` too); the inline script and style only by the SHA-256 of their exact text, computed
/// here from what is written. An element the definition's text tried to smuggle in would be
/// text anyway; the policy is the second wall.
enum HTMLDocument {
    /// The page for `export`.
    static func render(_ export: HTMLExport) -> String {
        let locale = export.initial
        let words = Dictionary(locale.words, uniquingKeysWith: { first, _ in first })
        let page = locale.pages[0]
        let layout = export.layout
        let count = locale.pages.count
        func word(_ name: String) -> String { HTMLText.escaped(words[name] ?? name) }
        func filled(_ name: String, _ values: [String: String]) -> String {
            var text = words[name] ?? name
            for (key, value) in values { text = text.replacing("{\(key)}", with: value) }
            return HTMLText.escaped(text)
        }

        var figure = ""
        if let image = page.image {
            figure =
                "<figure id=\"figure\"><img id=\"image\" src=\"\(HTMLText.escaped(image))\" "
                + "alt=\"\(HTMLText.escaped(page.imageAlt ?? ""))\">"
                + "<p id=\"image-alt\" hidden></p></figure>"
        } else if let alt = page.imageAlt {
            figure =
                "<figure id=\"figure\"><img id=\"image\" alt=\"\" hidden>"
                + "<p id=\"image-alt\">\(filled("imageAlt", ["alt": alt]))</p></figure>"
        } else {
            figure =
                "<figure id=\"figure\" hidden><img id=\"image\" alt=\"\" hidden>"
                + "<p id=\"image-alt\" hidden></p></figure>"
        }
        let last = count == 1
        let next = last ? HTMLText.escaped(locale.finishLabel) : word("next")
        let lines = [
            "<!DOCTYPE html>",
            "<html lang=\"\(HTMLText.escaped(locale.tag))\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"referrer\" content=\"no-referrer\">",
            "<meta name=\"generator\" content=\"walkthrough \(ToolIdentity.version)\">",
            "<title>\(HTMLText.escaped(locale.title))</title>",
            "<style>\(HTMLPageStyle.source)</style>",
            "</head>",
            "<body data-spread=\"\(layout.spread.rawValue)\" "
                + "data-orientation=\"\(layout.orientation.rawValue)\" "
                + "data-transition=\"\(layout.transition.rawValue)\">",
            "<header>",
            "<p id=\"title\" dir=\"auto\">\(HTMLText.escaped(locale.title))</p>",
            "<div id=\"languages\" hidden><label id=\"locale-label\" for=\"locale\">"
                + "\(word("language"))</label> <select id=\"locale\"></select></div>",
            "</header>",
            "<main id=\"main\">",
            "<div id=\"spread\">",
            "<article id=\"page\" aria-labelledby=\"heading\">",
            figure,
            "<h1 id=\"heading\" tabindex=\"-1\" dir=\"auto\">\(HTMLText.escaped(page.heading))</h1>",
            "<p id=\"content\" dir=\"auto\">\(HTMLText.escaped(page.content))</p>",
            "</article>",
            // A spread's right page, filled and shown by the script.
            "<article id=\"page-2\" aria-labelledby=\"heading-2\" hidden>",
            "<figure id=\"figure-2\" hidden><img id=\"image-2\" alt=\"\" hidden>"
                + "<p id=\"image-alt-2\" hidden></p></figure>",
            "<h2 id=\"heading-2\" dir=\"auto\"></h2>",
            "<p id=\"content-2\" dir=\"auto\"></p>",
            "</article>",
            "</div>",
            "<section id=\"finished\" aria-labelledby=\"finished-heading\" hidden>",
            "<h1 id=\"finished-heading\" tabindex=\"-1\" dir=\"auto\"></h1>",
            "<button type=\"button\" id=\"restart\" class=\"action\">\(word("restart"))</button>",
            "</section>",
            "</main>",
            "<nav id=\"pager\" aria-label=\"\(word("pages"))\">",
            "<ol id=\"dots\" aria-label=\"\(word("pages"))\"></ol>",
            "<div class=\"buttons-start\">"
                + "<button type=\"button\" id=\"back\" class=\"action\" disabled>\(word("back"))"
                + "</button>"
                + "<button type=\"button\" id=\"skip\" class=\"action\""
                + (export.skippable ? "" : " hidden") + ">\(word("skip"))</button></div>",
            "<p id=\"position\" aria-hidden=\"true\">1/\(count)</p>",
            "<div class=\"buttons-end\"><button type=\"button\" id=\"next\" class=\"action\">"
                + "\(next)</button></div>",
            "</nav>",
            "<div id=\"announcer\" class=\"visually-hidden\" aria-live=\"polite\" "
                + "aria-atomic=\"true\"></div>",
            "<script type=\"application/json\" id=\"walkthrough-data\">"
                + HTMLText.scriptJSON(export.data) + "</script>",
            "<script>\(HTMLPageScript.source)</script>",
            "</body>",
            "</html>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page's Content-Security-Policy, with the hashes of the script and the style sheet.
    static var policy: String {
        [
            "default-src 'none'",
            "img-src 'self'",
            "style-src " + HTMLText.hashSource(of: HTMLPageStyle.source),
            "script-src " + HTMLText.hashSource(of: HTMLPageScript.source),
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }
}
