/// How many terminal columns text takes, measured per grapheme cluster (`Character`).
///
/// The standard library has no East Asian Width property, so wide characters come from a table
/// generated from the Unicode data (`scripts/generate-east-asian-width.py`). The rules, in the
/// order they are tried for one cluster:
///
/// - The cluster's *base* is its first scalar that is not zero-width on its own. A cluster with
///   no such scalar (a lone combining mark, a zero-width joiner, a variation selector, any other
///   format character, a control) takes 0 columns.
/// - A base whose East Asian Width is Wide or Fullwidth takes 2 columns: CJK ideographs, kana,
///   Hangul syllables, fullwidth forms, and emoji with emoji presentation (so a ZWJ sequence such
///   as 👩‍💻, which starts with one, takes 2).
/// - An emoji presentation sequence (an emoji followed by U+FE0F) takes 2, and so does a flag (a
///   pair of regional indicators).
/// - Everything else takes 1, East Asian *Ambiguous* characters included (`●`, `…`, Greek,
///   Cyrillic): terminals set for a CJK locale may draw those 2 wide, but the common default is 1.
///
/// Measure text *after* sanitising it (``TextSanitizer``): a raw control character measures 0
/// here but is never written raw.
public enum DisplayWidth {
    /// The number of columns one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        if isWide(base) { return 2 }
        if base.properties.isEmoji, scalars.contains(variationSelector16) { return 2 }
        if isRegionalIndicator(base), scalars.filter(isRegionalIndicator).count >= 2 { return 2 }
        return 1
    }

    /// The number of columns a string takes on one line: the sum over its grapheme clusters.
    ///
    /// A newline counts 0; split text into lines first when it may contain newlines.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether a scalar's East Asian Width is Wide or Fullwidth (2 columns).
    public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether a scalar takes no column on its own: controls, combining and enclosing marks,
    /// format characters (ZWJ, ZWNJ, bidi marks), variation selectors, other default-ignorable
    /// code points, and the Hangul vowel and final-consonant jamo that join a leading consonant.
    ///
    /// U+00AD SOFT HYPHEN is the exception that terminals draw: it counts 1.
    public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return false }
        if value == 0xAD { return false }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark, .format, .lineSeparator,
            .paragraphSeparator:
            return true
        default:
            return properties.isDefaultIgnorableCodePoint
        }
    }

    // MARK: - Private

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
