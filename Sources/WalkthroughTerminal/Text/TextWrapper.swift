/// Wraps text to a number of terminal columns, by display width.
///
/// The rules:
/// - Grapheme clusters (`Character`s) are never split: an emoji ZWJ sequence, a flag or a letter
///   with its combining marks stays whole.
/// - Latin text breaks at spaces; the run of spaces a line breaks at is dropped (spaces that
///   begin a paragraph are indentation and kept).
/// - Wide (CJK) characters may break before and after any of them, as in UAX #14's ideographic
///   class: a line of Chinese or Japanese needs no spaces to wrap.
/// - Punctuation follows UAX #14 where readers notice: closing punctuation (`。，、」）!?`, small
///   kana) never starts a line and opening punctuation (`「（`) never ends one, across spaces
///   too; they move to the next line with their neighbour.
/// - A word longer than the width is hard-broken between clusters.
/// - Explicit newlines are kept, and an empty line stays an empty line.
/// - Punctuation that UAX #14 resolves as class CJ (small kana ぁっゃ, the prolonged sound mark
///   ー) is read as NS, the strict Japanese rule: no line starts with one either.
/// - No line is ever wider than the width. Widths below 1 are treated as 1. A cluster wider than
///   the whole width (a 2-column character in 1 column, 16 skin-tone modifiers in 30) cannot fit
///   at all: it is shown as its code points, escaped as the sanitiser escapes (`\u{1F3FB}`), and
///   broken like a long word; the one case where the wrapper changes text rather than lose the
///   width guarantee.
///
/// Wrap sanitised text (`TextSanitizer`): a control character measures 0 columns here.
package enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns.
    ///
    /// - Parameters:
    ///   - text: Sanitised text; may contain newlines.
    ///   - width: The number of columns; values below 1 count as 1.
    package static func wrap(_ text: String, width: Int) -> [String] {
        wrapLines(text, width: width).map(\.text)
    }

    /// The lines of `text` wrapped to `width` columns, each with how it ended, so that a caller
    /// can put the original text back together: each line's text, then the dropped spaces of
    /// ``WrappedLine/Break/spaces(_:)``, a newline for ``WrappedLine/Break/newline``, nothing for
    /// ``WrappedLine/Break/wrap`` and the end.
    package static func wrapLines(_ text: String, width: Int) -> [WrappedLine] {
        let width = max(width, 1)
        var lines: [WrappedLine] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, paragraph) in paragraphs.enumerated() {
            var builder = LineBuilder(width: width)
            builder.add(paragraph)
            var paragraphLines = builder.finish()
            if number < paragraphs.count - 1 {
                paragraphLines[paragraphLines.count - 1].ending = .newline
            }
            lines += paragraphLines
        }
        return lines
    }

    /// `text` cut to at most `width` columns on one line, ending with `…` when it was cut.
    ///
    /// Newlines in `text` are cut at, like any other overflow.
    package static func truncate(_ text: String, width: Int) -> String {
        let width = max(width, 0)
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        if DisplayWidth.of(firstLine) <= width && firstLine.count == text.count { return text }
        guard width >= 1 else { return "" }
        var result = ""
        var used = 0
        for character in firstLine {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}

/// One line of wrapped text, and how it ended.
package struct WrappedLine: Sendable, Hashable {
    /// How a wrapped line ended.
    package enum Break: Sendable, Hashable {
        /// The line broke at a run of spaces (this many), which were dropped.
        case spaces(Int)
        /// The line broke between two clusters with nothing dropped (before or after a wide
        /// character, or inside an over-long word).
        case wrap
        /// The text had a newline here.
        case newline
        /// The end of the text.
        case end
    }

    /// The line's text, at most the wrapping width in columns.
    package var text: String
    /// How the line ended.
    package var ending: Break

    /// Creates a line.
    package init(text: String, ending: Break) {
        self.text = text
        self.ending = ending
    }
}

// MARK: - Greedy line builder

/// Builds the lines of one paragraph (text without newlines), greedily.
///
/// Spaces between units wait in ``pendingSpaces``: when the next unit fits they are written
/// before it, else the line breaks there and they are the dropped break point. Spaces that begin
/// the paragraph are indentation and are kept as text.
private struct LineBuilder {
    let width: Int
    var lines: [WrappedLine] = []
    var line = ""
    var used = 0
    var pendingSpaces = 0
    /// The narrow word being collected, and its width.
    var word = ""
    var wordWidth = 0

    init(width: Int) {
        self.width = width
    }

    mutating func add(_ paragraph: Substring) {
        for token in Self.tokens(of: paragraph, width: width) {
            switch token {
            case .spaces(let count):
                for _ in 0..<count { addSpace() }
            case .unit(let text, let columns):
                word = text
                wordWidth = columns
                flushWord()
            }
        }
    }

    // MARK: Tokens

    /// A run of spaces, or a unit no line may break inside except when it is wider than a line.
    enum Token {
        case spaces(Int)
        case unit(String, columns: Int)
    }

    /// The paragraph as units and spaces: clusters join a unit unless a line may break between
    /// them (before or after a wide character, unless punctuation forbids it); a run of spaces
    /// that punctuation forbids breaking at joins its neighbours into one unit (when the whole
    /// fits on a line).
    static func tokens(of paragraph: Substring, width: Int) -> [Token] {
        var pieces: [Piece] = []
        var current: Piece?
        for character in paragraph {
            if character == " " {
                if let unit = current { pieces.append(unit) }
                current = nil
                if case .spaces(let count)? = pieces.last?.kind {
                    pieces[pieces.count - 1].kind = .spaces(count + 1)
                } else {
                    pieces.append(Piece(kind: .spaces(1)))
                }
                continue
            }
            let columns = DisplayWidth.of(character)
            // A cluster no line can hold is shown as its escaped code points (narrow ASCII).
            let shown =
                columns > width
                ? TextSanitizer.escapedCodePoints(of: character).map { ($0, 1) }
                : [(character, columns)]
            if current == nil
                || current?.last.map({ mayBreak(between: $0, and: character) })
                    != false
            {
                if let unit = current { pieces.append(unit) }
                current = Piece(kind: .unit)
            }
            for (piece, pieceColumns) in shown {
                current?.append(piece, columns: pieceColumns, original: character)
            }
        }
        if let unit = current { pieces.append(unit) }
        // Spaces where punctuation forbids a break join the units on both sides.
        var merged: [Piece] = []
        var index = 0
        while index < pieces.count {
            var piece = pieces[index]
            while piece.kind == .unit, index + 2 < pieces.count,
                case .spaces(let count) = pieces[index + 1].kind,
                let last = piece.last, let next = pieces[index + 2].first,
                LineBreaking.mustNotEndLine(last) || LineBreaking.mustNotStartLine(next),
                // Joined only while the whole fits on a line: else the rule gives way to the
                // break, rather than cut the unit at an arbitrary cluster.
                piece.columns + count + pieces[index + 2].columns <= width
            {
                piece.text += String(repeating: " ", count: count) + pieces[index + 2].text
                piece.columns += count + pieces[index + 2].columns
                piece.last = pieces[index + 2].last
                index += 2
            }
            merged.append(piece)
            index += 1
        }
        return merged.map { piece in
            switch piece.kind {
            case .spaces(let count): return .spaces(count)
            case .unit: return .unit(piece.text, columns: piece.columns)
            }
        }
    }

    /// Whether a line may break between two clusters with no space between them: next to a
    /// wide (ideographic) character, unless UAX #14 keeps the pair together.
    static func mayBreak(between before: Character, and after: Character) -> Bool {
        if LineBreaking.mustNotStartLine(after) || LineBreaking.mustNotEndLine(before) {
            return false
        }
        return isIdeographic(before) || isIdeographic(after)
    }

    private static func isIdeographic(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return DisplayWidth.isWide(first)
    }

    /// A unit or a run of spaces being collected.
    struct Piece {
        enum Kind: Equatable {
            case spaces(Int)
            case unit
        }

        var kind: Kind
        var text = ""
        var columns = 0
        /// The first and last clusters as written (before a too-wide one was escaped).
        var first: Character?
        var last: Character?

        mutating func append(_ shown: Character, columns: Int, original: Character) {
            text.append(shown)
            self.columns += columns
            if first == nil { first = original }
            last = original
        }
    }

    mutating func finish() -> [WrappedLine] {
        if pendingSpaces > 0 {
            if used + pendingSpaces <= width {
                append(String(repeating: " ", count: pendingSpaces), columns: pendingSpaces)
            } else {
                breakLine(.spaces(pendingSpaces))
            }
            pendingSpaces = 0
        }
        lines.append(WrappedLine(text: line, ending: .end))
        return lines
    }

    // MARK: Units

    private mutating func addSpace() {
        let indenting = lines.isEmpty && pendingSpaces == 0 && line.allSatisfy { $0 == " " }
        if indenting && used + 1 <= width {
            append(" ", columns: 1)
        } else {
            pendingSpaces += 1
        }
    }

    /// Adds a unit that is never split: a narrow word that fits on a line, or a wide character.
    private mutating func addUnit(_ text: String, columns: Int) {
        if used + pendingSpaces + columns <= width {
            writePendingSpaces()
        } else {
            breakBeforeUnit()
        }
        append(text, columns: columns)
    }

    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        defer {
            word = ""
            wordWidth = 0
        }
        if wordWidth <= width {
            addUnit(word, columns: wordWidth)
            return
        }
        // A word wider than a whole line starts a line of its own and is hard-broken.
        breakBeforeUnit()
        for character in word {
            let columns = DisplayWidth.of(character)
            if used + columns > width { breakLine(.wrap) }
            append(String(character), columns: columns)
        }
    }

    private mutating func writePendingSpaces() {
        guard pendingSpaces > 0 else { return }
        append(String(repeating: " ", count: pendingSpaces), columns: pendingSpaces)
        pendingSpaces = 0
    }

    /// Ends the current line before a unit that does not fit: at the spaces waiting before the
    /// unit, else between the two units. An empty line with nothing waiting is not ended.
    private mutating func breakBeforeUnit() {
        if pendingSpaces > 0 {
            breakLine(.spaces(pendingSpaces))
            pendingSpaces = 0
        } else if used > 0 {
            breakLine(.wrap)
        }
    }

    private mutating func append(_ text: String, columns: Int) {
        line += text
        used += columns
    }

    private mutating func breakLine(_ ending: WrappedLine.Break) {
        lines.append(WrappedLine(text: line, ending: ending))
        line = ""
        used = 0
    }
}
