/// How many terminal columns text takes, measured per grapheme cluster (`Character`), as
/// terminals draw it.
///
/// The standard library has no East Asian Width property, so the widths come from tables
/// generated from the Unicode data (`scripts/generate-east-asian-width.py`). A cluster's width
/// is the sum over its scalars, as a terminal gives each its cells:
///
/// - 0 for controls, nonspacing and enclosing marks, format characters (ZWJ, ZWNJ, bidi marks),
///   variation selectors, other default-ignorable code points, and the Hangul vowel and
///   final-consonant jamo that join a leading consonant;
/// - 2 for East Asian Wide and Fullwidth characters: CJK ideographs, kana, Hangul syllables,
///   fullwidth forms, emoji with emoji presentation, and a regional indicator (a flag, a pair of
///   them, takes 2 in all);
/// - 1 for everything else, spacing marks included: Thai `กำ` takes 2, Devanagari `कि` 2,
///   halfwidth `ｶﾞ` 2. East Asian *Ambiguous* characters (`●`, `…`, Greek, Cyrillic) count 1,
///   the common default (terminals set for a CJK locale may draw them 2 wide).
///
/// Emoji sequences follow the rules terminals agree on: a ZWJ sequence (👩‍💻) is as wide as its
/// first emoji, and U+FE0F after a narrow emoji (❤️, #️⃣) makes the cluster 2 wide. Where
/// terminals differ, the wider count is taken, so a line never runs past the margin: a skin-tone
/// modifier counts its own 2 columns (tmux 3.3 draws it apart), a lone spacing mark 1.
/// `scripts/compare-widths.py` checks all this against Python's `wcwidth` over every code point
/// and a corpus of sentences.
///
/// Measure text *after* sanitising it (`TextSanitizer`): a raw control character measures 0
/// here but is never written raw.
package enum DisplayWidth {
    /// The number of columns one grapheme cluster takes.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        // Fast path: one printable ASCII scalar.
        if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }
        var width = 0
        var joined = false
        var regionalIndicators = 0
        var lastMeasured: Unicode.Scalar?
        var widened = false
        for scalar in scalars {
            let value = scalar.value
            if joined {
                joined = false
                // An emoji after a zero-width joiner shares the cell of the one before it.
                if RangeTable.contains(pictographicRanges, value) { continue }
            }
            if value == 0x200D {
                joined =
                    lastMeasured.map { RangeTable.contains(pictographicRanges, $0.value) }
                    ?? false
                continue
            }
            if value == 0xFE0F {
                // VS16 makes a narrow emoji wide, once.
                if !widened, let base = lastMeasured,
                    RangeTable.contains(emojiVariationRanges, base.value)
                {
                    width += 1
                    widened = true
                }
                continue
            }
            if (0x1F1E6...0x1F1FF).contains(value) {
                // A flag is a pair of regional indicators: 2 columns for the pair, 2 for one alone.
                regionalIndicators += 1
                if regionalIndicators % 2 == 1 { width += 2 }
                lastMeasured = scalar
                continue
            }
            let columns = self.of(scalar)
            width += columns
            if columns > 0 {
                lastMeasured = scalar
                widened = false
            }
        }
        return width
    }

    /// The number of columns a string takes on one line: the sum over its grapheme clusters.
    ///
    /// A newline counts 0; split text into lines first when it may contain newlines.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one scalar takes on its own: 0, 1 or 2 (a control, which is never written
    /// raw, counts 0).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }  // Latin-1 and Latin Extended: no marks, U+00AD drawn
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar) ? 2 : 1
    }

    /// Whether a scalar's East Asian Width is Wide or Fullwidth (2 columns).
    package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        return RangeTable.contains(wideRanges, value)
    }

    /// Whether a scalar takes no column of its own: controls, nonspacing and enclosing marks,
    /// format characters (ZWJ, ZWNJ, bidi marks), variation selectors, other default-ignorable
    /// code points, and the Hangul vowel and final-consonant jamo that join a leading consonant.
    ///
    /// U+00AD SOFT HYPHEN is the exception that terminals draw: it counts 1. Spacing marks
    /// (Thai ำ, Devanagari ि) are not zero width: terminals give them a column.
    package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return false }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        return RangeTable.contains(zeroWidthRanges, value)
    }
}
