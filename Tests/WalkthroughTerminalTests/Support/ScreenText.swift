import WalkthroughTerminal

/// Helpers to read rendered lines as a user sees them.
enum ScreenText {
    /// `line` without SGR sequences (`ESC [ … m`); any other escape is left in place.
    static func strippingStyles(_ line: String) -> String {
        var result = ""
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                let body = scalars.dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
                let afterBody = scalars.dropFirst(1 + body.count)
                if afterBody.first == "m" {
                    scalars = afterBody.dropFirst()
                    continue
                }
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The SGR sequences in `line`, in order.
    static func escapeSequences(in line: String) -> [String] {
        var sequences: [String] = []
        var scalars = line.unicodeScalars[...]
        while let index = scalars.firstIndex(of: "\u{1B}") {
            let rest = scalars[index...]
            let end = rest.firstIndex { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
            let sequence = end.map { rest[...$0] } ?? rest
            sequences.append(String(String.UnicodeScalarView(sequence)))
            scalars = rest.dropFirst(sequence.count)
        }
        return sequences
    }
}
