#!/usr/bin/env python3
"""Generates Sources/WalkthroughTerminal/Text/DisplayWidth+Tables.swift from the Unicode data.

The Swift standard library has no East Asian Width or Line_Break property, so the terminal player
carries tables made from the Unicode Character Database files themselves:

- wide: East Asian Width W (wide) and F (fullwidth), plus the blocks UAX #11 says default to W
  even where nothing is assigned yet (ideographs newer than the table are still two columns),
  every other block whose assigned characters are all wide, and the symbols Unicode 16.0 made
  wide;
- zero width: nonspacing and enclosing marks (Mn, Me), format characters (Cf) but U+00AD SOFT
  HYPHEN and the prepended concatenation marks (U+0600 ARABIC NUMBER SIGN…), line and paragraph
  separators, default-ignorable code points (but U+115F HANGUL CHOSEONG FILLER), and the Hangul
  vowel and final-consonant jamo that join a leading consonant. Spacing marks (Mc) are *not* zero: a
  terminal gives them a column of their own (Thai, Devanagari, halfwidth voiced marks);
- emoji: Extended_Pictographic (a ZWJ sequence is as wide as its first emoji), and the narrow
  characters that U+FE0F makes an emoji two columns wide (emoji-variation-sequences.txt);
- line breaking (UAX #14): the classes a line must not start with (CL, CP, EX, IS, NS, SY, GL,
  WJ: closing punctuation such as 。，、」）; and CJ, the small kana and the prolonged sound mark
  ぁっゃー, read as NS as the strict Japanese rule does, like ICU's `line_cj.txt`) and must not end
  with (OP, GL, WJ: 「（).

Debian's `unicode-data` package installs the files at /usr/share/unicode (the default):

    apt-get install unicode-data
    python3 scripts/generate-east-asian-width.py [UCD_FOLDER] > Sources/WalkthroughTerminal/Text/DisplayWidth+Tables.swift

Commit the result; `scripts/compare-widths.py` checks the widths against Python's `wcwidth`.
"""

import os
import re
import sys

# UAX #11, "Unassigned code points": these ranges default to W.
DEFAULT_WIDE = [
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
]
# Unicode 16.0 made these W (UAX #11 revision 41); terminals whose tables follow it draw them 2
# wide, so they count 2 even with older data (a wider count only leaves a cell blank).
WIDE_SINCE_16 = [
    (0x2630, 0x2637),
    (0x268A, 0x268F),
    (0x4DC0, 0x4DFF),
    (0x1D300, 0x1D356),
    (0x1D360, 0x1D376),
]
# CJ is resolved to NS (UAX #14 rule LB1, strict line breaking): no small kana starts a line.
NO_BREAK_BEFORE = {"CL", "CP", "EX", "IS", "NS", "CJ", "SY", "GL", "WJ"}
NO_BREAK_AFTER = {"OP", "GL", "WJ"}


def read_property(path, wanted=None):
    """Yields (low, high, value) for each line `XXXX[..YYYY] ; value # ...` of a UCD file."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            span, value = fields[0], fields[1]
            if wanted is not None and value not in wanted:
                continue
            low, _, high = span.partition("..")
            yield int(low, 16), int(high or low, 16), value


def unicode_version(folder):
    with open(os.path.join(folder, "ReadMe.txt"), encoding="utf-8") as handle:
        match = re.search(r"Version (\d+\.\d+\.\d+)", handle.read())
    if match:
        return match.group(1)
    with open(os.path.join(folder, "DerivedAge.txt"), encoding="utf-8") as handle:
        return re.search(r"DerivedAge-(\d+\.\d+\.\d+)", handle.read()).group(1)


def general_categories(folder):
    """Every code point's general category, from UnicodeData.txt (ranges included)."""
    categories = {}
    first = None
    with open(os.path.join(folder, "UnicodeData.txt"), encoding="utf-8") as handle:
        for line in handle:
            fields = line.split(";")
            cp, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                first = cp
                continue
            if name.endswith(", Last>"):
                for point in range(first, cp + 1):
                    categories[point] = category
                continue
            categories[cp] = category
    return categories


def ranges(points):
    result = []
    for cp in sorted(points):
        if result and result[-1][1] == cp - 1:
            result[-1][1] = cp
        else:
            result.append([cp, cp])
    return result


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    version = unicode_version(folder)
    categories = general_categories(folder)

    wide = set()
    for low, high, _ in read_property(os.path.join(folder, "EastAsianWidth.txt"), {"W", "F"}):
        wide.update(range(low, high + 1))
    for low, high in DEFAULT_WIDE + WIDE_SINCE_16:
        wide.update(range(low, high + 1))
    # A block whose assigned characters are all wide is wide throughout, as UAX #11 does for
    # the ideograph blocks: a character added there later (Tangut, kana, CJK strokes) is wide.
    for low, high, _ in read_property(os.path.join(folder, "Blocks.txt")):
        assigned = [cp for cp in range(low, high + 1) if cp in categories]
        if assigned and all(cp in wide for cp in assigned):
            wide.update(range(low, high + 1))

    zero = {cp for cp, category in categories.items() if category in ("Mn", "Me", "Cf", "Zl", "Zp")}
    for low, high, _ in read_property(os.path.join(folder, "DerivedCoreProperties.txt"),
                                      {"Default_Ignorable_Code_Point"}):
        zero.update(range(low, high + 1))
    zero.update(range(0x1160, 0x1200))
    zero.update(range(0xD7B0, 0xD800))
    zero.discard(0x00AD)
    # HANGUL CHOSEONG FILLER starts a syllable block and takes its two columns.
    zero.discard(0x115F)
    # Prepended concatenation marks (ARABIC NUMBER SIGN and the like) are drawn: 1 column.
    for low, high, _ in read_property(os.path.join(folder, "PropList.txt"),
                                      {"Prepended_Concatenation_Mark"}):
        zero.difference_update(range(low, high + 1))
    wide -= zero

    pictographic = set()
    for low, high, _ in read_property(os.path.join(folder, "emoji", "emoji-data.txt"),
                                      {"Extended_Pictographic"}):
        pictographic.update(range(low, high + 1))

    vs16 = set()
    with open(os.path.join(folder, "emoji", "emoji-variation-sequences.txt"), encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            sequence, style = [field.strip() for field in line.split(";")[:2]]
            points = [int(part, 16) for part in sequence.split()]
            if style == "emoji style" and points[1] == 0xFE0F and points[0] not in wide:
                vs16.add(points[0])

    before = set()
    after = set()
    for low, high, value in read_property(os.path.join(folder, "LineBreak.txt")):
        if value in NO_BREAK_BEFORE:
            before.update(range(low, high + 1))
        if value in NO_BREAK_AFTER:
            after.update(range(low, high + 1))

    out = sys.stdout
    out.write("// Generated by scripts/generate-east-asian-width.py from Unicode %s.\n" % version)
    out.write("// Do not edit by hand: change the script and run it again.\n\n")
    out.write("extension DisplayWidth {\n")
    out.write("    /// The Unicode version the tables come from.\n")
    out.write("    static let unicodeVersion = \"%s\"\n" % version)

    def table(name, doc, points):
        out.write("\n")
        for line in doc:
            out.write("    /// %s\n" % line)
        out.write("    static let %s: [ClosedRange<UInt32>] = [\n" % name)
        for low, high in ranges(points):
            out.write("        0x%04X...0x%04X,\n" % (low, high))
        out.write("    ]\n")

    table("wideRanges", [
        "Code points whose East Asian Width is W or F (two terminal columns), with the unassigned",
        "ideograph blocks that default to W; sorted, non-overlapping."], wide)
    table("zeroWidthRanges", [
        "Code points that take no column of their own: Mn, Me, Cf (but U+00AD), Zl, Zp,",
        "default-ignorable code points, Hangul medial vowels and final consonants."], zero)
    table("pictographicRanges", [
        "Extended_Pictographic: the emoji (and reserved emoji code points) a ZWJ sequence joins."],
        pictographic)
    table("emojiVariationRanges", [
        "Narrow characters that U+FE0F VARIATION SELECTOR-16 turns into a two-column emoji."],
        vs16)
    out.write("}\n\nextension LineBreaking {\n")
    table("noBreakBeforeRanges", [
        "UAX #14 classes CL, CP, EX, IS, NS, CJ (as NS: strict), SY, GL and WJ: no line starts",
        "with one (closing punctuation, full stops, commas, small kana, non-breaking characters)."],
        before)
    table("noBreakAfterRanges", [
        "UAX #14 classes OP, GL and WJ: no line ends with one (opening brackets and quotes)."],
        after)
    out.write("}\n")


if __name__ == "__main__":
    main()
