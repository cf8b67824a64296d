// MARK: - `layout`

extension DefinitionValidator {
    /// The `layout` at node `value`: each field checked on its own (`invalidLayout` at the
    /// field), unknown keys warned about; the defaults stand in for what is wrong.
    mutating func layout(_ document: JSONDocument, _ value: Int) -> Walkthrough.PageLayout {
        var layout = Walkthrough.PageLayout()
        guard document.nodes[value].kind == .object else {
            report(
                .invalidLayout(field: "layout", value: document.type(of: value).withArticle),
                path: "layout", at: document.position(of: value))
            return layout
        }
        for member in document.members(of: value) {
            let field = member.value
            let name = document.text(of: document.nodes[member.key])
            let path = JSONPath.appending(key: name, to: "layout")
            guard DefinitionFormat.layoutKeys.contains(name) else {
                reportUnknownKey(
                    document, member.key, parent: "layout", known: DefinitionFormat.layoutKeys)
                continue
            }
            guard let text = document.string(at: field) else {
                report(
                    .invalidLayout(field: name, value: document.type(of: field).withArticle),
                    path: path, at: document.position(of: field))
                continue
            }
            switch name {
            case "spread":
                if let spread = Walkthrough.PageLayout.Spread(rawValue: text) {
                    layout.spread = spread
                    continue
                }
            case "orientation":
                if let orientation = Walkthrough.PageLayout.Orientation(rawValue: text) {
                    layout.orientation = orientation
                    continue
                }
            default:
                if let transition = Walkthrough.PageLayout.TransitionStyle(rawValue: text) {
                    layout.transition = transition
                    continue
                }
            }
            report(
                .invalidLayout(field: name, value: CharacterSafety.quoted(text)), path: path,
                at: document.position(of: field))
        }
        return layout
    }
}
