import WalkthroughKit
import WalkthroughWeb

/// The exported page, `index.html`: the web player's elements (``WebPlayerMarkup``, the ones
/// the web client builds in its dialog) with the first page already in place as escaped text
/// (so that it reads without script), the walkthrough as JSON data, the one script and the one
/// style sheet, and a Content-Security-Policy that allows nothing else.
///
/// The policy is `default-src 'none'`: no connection, frame, font, form or plugin of any kind;
/// images only from the page's own folder (`img-src 'self'`, which Chromium and Firefox apply to
/// `file://` too); the inline script and style only by the SHA-256 of their exact text, computed
/// here from what is written. An element the definition's text tried to smuggle in would be
/// text anyway; the policy is the second wall.
enum HTMLDocument {
    /// What the page writes into one element of ``WebPlayerMarkup``: its text (escaped here),
    /// and its attributes other than `id` when they differ from the markup's.
    struct Fill {
        var text: String?
        var attributes: [(name: String, value: String)]?
    }

    /// The page for `export`.
    static func render(_ export: HTMLExport) -> String {
        let locale = export.initial
        let layout = export.layout
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
            "<style>\(WebPlayerStyle.source)</style>",
            "</head>",
            "<body data-spread=\"\(layout.spread.rawValue)\" "
                + "data-orientation=\"\(layout.orientation.rawValue)\" "
                + "data-transition=\"\(layout.transition.rawValue)\">",
        ]
        let fills = firstPage(export)
        let elements = WebPlayerMarkup.elements.map { html($0, fills) }
        let data = [
            "<script type=\"application/json\" id=\"walkthrough-data\">"
                + HTMLText.scriptJSON(export.data) + "</script>",
            "<script>\(HTMLPageScript.source)</script>",
            "</body>",
            "</html>",
        ]
        return (lines + elements + data).joined(separator: "\n") + "\n"
    }

    /// The page's Content-Security-Policy, with the hashes of the script and the style sheet.
    static var policy: String {
        [
            "default-src 'none'",
            "img-src 'self'",
            "style-src " + HTMLText.hashSource(of: WebPlayerStyle.source),
            "script-src " + HTMLText.hashSource(of: HTMLPageScript.source),
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    // MARK: - Private

    /// The first page, its words and its figure, by element id.
    private static func firstPage(_ export: HTMLExport) -> [String: Fill] {
        let locale = export.initial
        let words = Dictionary(locale.words, uniquingKeysWith: { first, _ in first })
        let page = locale.pages[0]
        let count = locale.pages.count
        func word(_ name: String) -> String { words[name] ?? name }
        var fills: [String: Fill] = [
            "title": Fill(text: locale.title),
            "locale-label": Fill(text: word("language")),
            "heading": Fill(text: page.heading),
            "content": Fill(text: page.content),
            "restart": Fill(text: word("restart")),
            "pager": Fill(attributes: [("aria-label", word("pages"))]),
            "dots": Fill(attributes: [("aria-label", word("pages"))]),
            "back": Fill(text: word("back")),
            "skip": Fill(text: word("skip"), attributes: export.skippable ? nil : [("hidden", "")]),
            "later": Fill(text: word("later")),
            "position": Fill(text: "1/\(count)"),
            "next": Fill(text: count == 1 ? locale.finishLabel : word("next")),
        ]
        if let image = page.image {
            fills["figure"] = Fill(attributes: [])
            fills["image"] = Fill(attributes: [("src", image), ("alt", page.imageAlt ?? "")])
        } else if let alt = page.imageAlt {
            fills["figure"] = Fill(attributes: [])
            fills["image-alt"] = Fill(
                text: word("imageAlt").replacing("{alt}", with: alt), attributes: [])
        }
        return fills
    }

    /// `element` as HTML, with what `fills` says for its id.
    private static func html(_ element: WebElement, _ fills: [String: Fill]) -> String {
        let fill = element.id.flatMap { fills[$0] }
        var attributes = element.attributes
        if let replaced = fill?.attributes {
            attributes = attributes.filter { $0.name == "id" } + replaced
        }
        let written = attributes.map { attribute in
            WebElement.booleanAttributes.contains(attribute.name)
                ? " " + attribute.name
                : " \(attribute.name)=\"\(HTMLText.escaped(attribute.value))\""
        }
        let start = "<" + element.tag + written.joined() + ">"
        if WebElement.voidTags.contains(element.tag) { return start }
        let inside =
            fill?.text.map(HTMLText.escaped) ?? element.children.map { html($0, fills) }.joined()
        return start + inside + "</" + element.tag + ">"
    }
}
