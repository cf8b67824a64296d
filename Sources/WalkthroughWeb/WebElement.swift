/// One element of the web player, as both pages build it: the exported page writes it as HTML
/// (with the first page's text already in place), the web client creates it in its dialog from
/// ``WebPlayerMarkup/javaScriptLiteral``. Only the player's own names and constants are here,
/// never definition text.
package struct WebElement: Sendable {
    /// The element's name in the exported page (`header`, `main`, `button`, …).
    package var tag: String
    /// The element's name in the web client's dialog: a landmark of the exported page (its
    /// `header`, its `main`) is a `div` there, where the host's page has its own.
    package var dialogTag: String
    /// The attributes, in order; `hidden` and `disabled` are written without a value.
    package var attributes: [(name: String, value: String)]
    /// The elements inside it.
    package var children: [WebElement]

    /// An element named `tag` everywhere (or `dialogTag` in the dialog).
    package init(
        _ tag: String, dialogTag: String? = nil, _ attributes: [(name: String, value: String)] = [],
        _ children: [WebElement] = []
    ) {
        self.tag = tag
        self.dialogTag = dialogTag ?? tag
        self.attributes = attributes
        self.children = children
    }

    /// The value of the attribute `id`, if it has one.
    package var id: String? {
        attributes.first { $0.name == "id" }?.value
    }

    /// The attributes written without a value when present (HTML's boolean attributes).
    package static let booleanAttributes: Set<String> = ["hidden", "disabled"]

    /// The elements HTML writes without an end tag.
    package static let voidTags: Set<String> = ["img"]
}
