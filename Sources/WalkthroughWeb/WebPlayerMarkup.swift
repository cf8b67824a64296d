/// The web player's elements, once for both pages: the title and language list, the page (and
/// a spread's right page), the finished view, the pager (dots, Back, Skip, Later, `N/M`, Next)
/// and the live region the moves are announced in. ``WebPlayerScript`` finds them by `id`.
///
/// The exported page writes them as the `<body>`'s content (`HTMLDocument` in the command
/// line); the web client builds them inside its `<dialog>` from ``javaScriptLiteral``.
package enum WebPlayerMarkup {
    /// The elements, in order.
    package static let elements: [WebElement] = [
        WebElement(
            "header", dialogTag: "div", [("id", "header")],
            [
                WebElement("p", [("id", "title"), ("dir", "auto")]),
                WebElement(
                    "div", [("id", "languages"), ("hidden", "")],
                    [
                        WebElement("label", [("id", "locale-label"), ("for", "locale")]),
                        WebElement("select", [("id", "locale")]),
                    ]),
            ]),
        WebElement(
            "main", dialogTag: "div", [("id", "main")],
            [
                WebElement(
                    "div", [("id", "spread")],
                    [
                        page(suffix: "", heading: "h1"),
                        // A spread's right page, filled and shown by the script.
                        page(suffix: "-2", heading: "h2"),
                    ]),
                WebElement(
                    "section",
                    [("id", "finished"), ("aria-labelledby", "finished-heading"), ("hidden", "")],
                    [
                        WebElement(
                            "h1", [("id", "finished-heading"), ("tabindex", "-1"), ("dir", "auto")]
                        ),
                        WebElement(
                            "button", [("type", "button"), ("id", "restart"), ("class", "action")]),
                    ]),
            ]),
        WebElement(
            "nav", [("id", "pager")],
            [
                WebElement("ol", [("id", "dots")]),
                WebElement(
                    "div", [("class", "buttons-start")],
                    [
                        WebElement(
                            "button",
                            [
                                ("type", "button"), ("id", "back"), ("class", "action"),
                                ("disabled", ""),
                            ]),
                        WebElement(
                            "button", [("type", "button"), ("id", "skip"), ("class", "action")]),
                        WebElement(
                            "button",
                            [
                                ("type", "button"), ("id", "later"), ("class", "action"),
                                ("hidden", ""),
                            ]),
                    ]),
                WebElement("p", [("id", "position"), ("aria-hidden", "true")]),
                WebElement(
                    "div", [("class", "buttons-end")],
                    [
                        WebElement(
                            "button", [("type", "button"), ("id", "next"), ("class", "action")])
                    ]
                ),
            ]),
        WebElement(
            "div",
            [
                ("id", "announcer"), ("class", "visually-hidden"), ("aria-live", "polite"),
                ("aria-atomic", "true"),
            ]),
    ]

    /// A page: its figure (an image, or its alt text), its heading and its content.
    private static func page(suffix: String, heading: String) -> WebElement {
        var attributes: [(name: String, value: String)] = [
            ("id", "page" + suffix), ("aria-labelledby", "heading" + suffix),
        ]
        if !suffix.isEmpty { attributes.append(("hidden", "")) }
        var headingAttributes: [(name: String, value: String)] = [("id", "heading" + suffix)]
        if suffix.isEmpty { headingAttributes.append(("tabindex", "-1")) }
        headingAttributes.append(("dir", "auto"))
        return WebElement(
            "article", attributes,
            [
                WebElement(
                    "figure", [("id", "figure" + suffix), ("hidden", "")],
                    [
                        WebElement("img", [("id", "image" + suffix), ("alt", ""), ("hidden", "")]),
                        WebElement("p", [("id", "image-alt" + suffix), ("hidden", "")]),
                    ]),
                WebElement(heading, headingAttributes),
                WebElement("p", [("id", "content" + suffix), ("dir", "auto")]),
            ])
    }

    /// The elements as a JavaScript array literal the web client builds them from, with the
    /// dialog's names: each element `[tag, [[name, value], …], [children…]]`.
    package static var javaScriptLiteral: String {
        "[" + elements.map(literal).joined(separator: ",") + "]"
    }

    private static func literal(_ element: WebElement) -> String {
        let attributes = element.attributes.map {
            "[" + WebText.javaScriptString($0.name) + "," + WebText.javaScriptString($0.value) + "]"
        }
        return "[" + WebText.javaScriptString(element.dialogTag) + ",["
            + attributes.joined(separator: ",") + "],["
            + element.children.map(literal).joined(separator: ",") + "]]"
    }
}
