/// Text made fit to sit in the web player's script.
package enum WebText {
    /// `text` as a JavaScript string literal in double quotes. Besides the quote and the
    /// backslash, every control character, the line and paragraph separators and `<`, `>`,
    /// `&` are written `\uXXXX`, so the literal holds no line break and cannot end a
    /// `<script>` element or start a comment in one.
    package static func javaScriptString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar == "<" || scalar == ">" || scalar == "&":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
