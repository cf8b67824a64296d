#!/usr/bin/env python3
"""Compares WalkthroughTerminal's display widths with Python's `wcwidth` package.

    python3 scripts/compare-widths.py WIDTHS [CORPUS_WIDTHS]

WIDTHS holds two bytes per code point from U+0000 to U+10FFFF, as the width tests write it:
our width of the code point alone (255 for a surrogate), then 1 if the code point is assigned in
the Unicode version of our tables, else 0. CORPUS_WIDTHS (optional) is one line per sentence,
`OUR_WIDTH<TAB>LANGUAGE<TAB>TEXT`.

Prints one JSON object: how many code points were compared, how many agree, how many we count
narrower than wcwidth ("under": a line could overflow) or wider ("over": a cell left blank),
each split into those assigned in our tables' Unicode version and those newer than it, with
examples; and the same for the sentences. Controls (C0, C1), which players never write raw and
wcwidth calls -1, are not compared. Exits 3 when `wcwidth` cannot be imported.
"""

import json
import sys

try:
    import wcwidth
except ImportError:
    print(json.dumps({"error": "the wcwidth package is not installed (pip install wcwidth)"}))
    sys.exit(3)


def main():
    with open(sys.argv[1], "rb") as handle:
        data = handle.read()
    assert len(data) == 2 * 0x110000, "expected two bytes per code point"
    result = {"wcwidth": wcwidth.__version__, "wcwidthUnicode": wcwidth.list_versions()[-1]}
    counts = {"compared": 0, "equal": 0, "controls": 0, "surrogates": 0}
    buckets = {}
    for cp in range(0x110000):
        ours, assigned = data[2 * cp], data[2 * cp + 1]
        if ours == 255:
            counts["surrogates"] += 1
            continue
        reference = wcwidth.wcswidth(chr(cp))
        if reference < 0:
            counts["controls"] += 1
            continue
        counts["compared"] += 1
        if ours == reference:
            counts["equal"] += 1
            continue
        side = "under" if ours < reference else "over"
        age = "assigned" if assigned else "newer"
        key = side + "/" + age
        bucket = buckets.setdefault(key, {"count": 0, "examples": []})
        bucket["count"] += 1
        if len(bucket["examples"]) < 12:
            bucket["examples"].append("U+%04X ours %d wcwidth %d" % (cp, ours, reference))
    result["codePoints"] = dict(counts, mismatches=buckets)
    if len(sys.argv) > 2:
        sentences = {"compared": 0, "equal": 0, "under": [], "over": []}
        with open(sys.argv[2], encoding="utf-8") as handle:
            for line in handle:
                line = line.rstrip("\n")
                if not line:
                    continue
                ours, language, text = line.split("\t", 2)
                reference = wcwidth.width(text)
                sentences["compared"] += 1
                if int(ours) == reference:
                    sentences["equal"] += 1
                else:
                    side = "under" if int(ours) < reference else "over"
                    sentences[side].append(
                        {"language": language, "ours": int(ours), "wcwidth": reference,
                         "text": text})
        result["sentences"] = sentences
    print(json.dumps(result, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
