import WalkthroughTerminal

// Fuzz target (c): the text sanitiser and the wrapper.
//
// The input's first bytes choose a width (0 to 99 columns; below 1 counts as 1), the rest is
// text (invalid UTF-8 repaired). Properties:
// - the sanitised text holds no scalar that `TextSanitizer.needsEscape` selects, and no CR;
//   sanitising it again changes nothing; `TerminalText` holds exactly the sanitised text;
// - every wrapped line is at most the width (by `DisplayWidth`) and has no newline;
// - nothing is lost: the wrapped lines hold the sanitised text's characters other than spaces, in
//   order (a cluster wider than the whole width becomes `?`, as documented), and, when no cluster
//   is, put back together with their endings they are the sanitised text;
// - `truncate` gives one line of at most the width;
// - every cluster measures at most 2 columns a scalar (a terminal gives each spacing mark and
//   each wide scalar its cells), and a single scalar 0, 1 or 2.

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let width = input.integer(in: 0...99)
    let original = text(input.rest())

    let sanitized = TextSanitizer.sanitize(original)
    require(
        !sanitized.unicodeScalars.contains { TextSanitizer.needsEscape($0) || $0 == "\r" },
        "a raw control character after sanitising: \(visible(sanitized))")
    require(sameScalars(TextSanitizer.sanitize(sanitized), sanitized), "sanitising twice")
    require(sameScalars(TerminalText(original).string, sanitized), "TerminalText differs")

    for character in sanitized {
        let columns = DisplayWidth.of(character)
        let scalars = character.unicodeScalars.count
        require(
            columns >= 0 && columns <= 2 * scalars && (scalars > 1 || columns <= 2),
            "\(visible(String(character))) measures \(columns)")
    }

    let columns = max(width, 1)
    let lines = TextWrapper.wrapLines(sanitized, width: width)
    require(!lines.isEmpty, "no lines")
    for line in lines {
        require(
            DisplayWidth.of(line.text) <= columns,
            "a line of \(DisplayWidth.of(line.text)) columns in \(columns): \(visible(line.text))")
        require(!line.text.contains("\n"), "a newline inside a wrapped line")
    }
    require(
        sameScalars(nonSpace(lines.map(\.text)), expectedNonSpace(sanitized, columns: columns)),
        "the wrapped lines lost or changed text: \(visible(lines.map(\.text).joined(separator: "|")))"
    )
    if !sanitized.contains(where: { DisplayWidth.of($0) > columns }) {
        require(
            sameScalars(reassembled(lines), sanitized),
            "the lines and their endings do not give the text back: "
                + visible(lines.map(\.text).joined(separator: "|")))
    }
    require(
        TextWrapper.wrap(sanitized, width: width) == lines.map(\.text), "wrap and wrapLines differ")

    let cut = TextWrapper.truncate(sanitized, width: width)
    require(!cut.contains("\n"), "truncate kept a newline")
    require(DisplayWidth.of(cut) <= max(width, 0), "truncate gave \(DisplayWidth.of(cut)) columns")
    return 0
}

/// The scalars of `pieces`' characters other than spaces, in order.
private func nonSpace(_ pieces: [String]) -> String {
    var result = ""
    for piece in pieces {
        for character in piece where character != " " {
            result.unicodeScalars.append(contentsOf: character.unicodeScalars)
        }
    }
    return result
}

/// What `nonSpace` of the wrapped lines should be: the text's characters other than spaces and
/// newlines, one wider than the whole width as its escaped code points (a 2-column cluster in 1
/// column; since clusters are measured as terminals draw them, a flag pair or a skin-toned emoji
/// may be wider than 2).
private func expectedNonSpace(_ text: String, columns: Int) -> String {
    var result = ""
    for character in text where character != " " && character != "\n" {
        if DisplayWidth.of(character) > columns {
            result += TextSanitizer.escapedCodePoints(of: character)
        } else {
            result.unicodeScalars.append(contentsOf: character.unicodeScalars)
        }
    }
    return result
}

/// The lines put back together with what their endings say was there.
private func reassembled(_ lines: [WrappedLine]) -> String {
    var result = ""
    for line in lines {
        result += line.text
        switch line.ending {
        case .spaces(let count): result += String(repeating: " ", count: count)
        case .newline: result += "\n"
        case .wrap, .end: break
        }
    }
    return result
}
