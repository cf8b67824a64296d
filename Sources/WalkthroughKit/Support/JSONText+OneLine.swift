extension JSONText {
    /// The value as JSON on one line, with no space between tokens: one JSON Lines record
    /// (`export`). Escaped exactly as ``rendered()`` escapes.
    package func renderedOnOneLine() -> String {
        var text = ""
        renderOnOneLine(into: &text)
        return text
    }

    private func renderOnOneLine(into text: inout String) {
        switch self {
        case .object(let members):
            text += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { text += "," }
                Self.escape(member.0, into: &text)
                text += ":"
                member.1.renderOnOneLine(into: &text)
            }
            text += "}"
        case .array(let elements):
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += "," }
                element.renderOnOneLine(into: &text)
            }
            text += "]"
        case .string, .integer, .number, .bool, .null:
            text += rendered()
        }
    }
}
