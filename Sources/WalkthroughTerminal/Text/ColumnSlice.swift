/// Cuts a screen line by columns: the part a slide shows of a row moving off or onto the
/// screen.
///
/// Lines are the renderer's: sanitised text with the renderer's own SGR sequences
/// (`ESC [ … m`) and symbol art's colours. A slice keeps the styles in force where it starts,
/// ends with a reset when a style is on, and is padded with spaces to exactly its width; a wide
/// character cut by either edge becomes spaces, so no row is ever wider than it says.
enum ColumnSlice {
    /// The columns `start ..< start + width` of `line`, exactly `width` columns wide.
    static func slice(_ line: String, from start: Int, width: Int) -> String {
        guard width > 0 else { return "" }
        let end = start + width
        var result = ""
        var column = 0
        // The SGR sequences in force (since the last reset), and whether they were written.
        var style = ""
        var styleWritten = false
        var styled = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if character == "\u{1B}" {
                var sequence = "\u{1B}"
                while let next = characters.next() {
                    sequence.append(next)
                    // The final byte of a CSI sequence (after `[`).
                    if sequence.count > 2, let scalar = next.unicodeScalars.last,
                        (0x40...0x7E).contains(scalar.value)
                    {
                        break
                    }
                }
                let isReset = sequence == "\u{1B}[0m" || sequence == "\u{1B}[m"
                style = isReset ? "" : style + sequence
                if column >= start && column < end {
                    result += sequence
                    styleWritten = true
                    styled = !isReset
                } else {
                    styleWritten = false
                }
                continue
            }
            let characterWidth = DisplayWidth.of(character)
            let next = column + characterWidth
            defer { column = next }
            guard next > start, column < end else {
                if column >= end { break }
                continue
            }
            if !styleWritten && !style.isEmpty {
                result += style
                styleWritten = true
                styled = true
            }
            if column >= start && next <= end {
                result.append(character)
            } else {
                // A wide character cut by an edge: its visible columns as spaces.
                result += String(repeating: " ", count: min(next, end) - max(column, start))
            }
        }
        if styled { result += "\u{1B}[0m" }
        let used = max(min(column, end) - start, 0)
        return result + String(repeating: " ", count: max(width - used, 0))
    }
}
