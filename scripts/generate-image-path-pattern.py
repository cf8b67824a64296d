#!/usr/bin/env python3
"""Writes the image-path rule of the definition loader into walkthroughs/schema.json as a pattern.

Usage: scripts/generate-image-path-pattern.py [--check]

The loader (DefinitionValidator.leavesFolder) refuses an image path that starts with `/` or
whose `..` components climb above the definition's folder at any point: reading the path's
components in order, `..` goes up one, `.` and empty ones stay, any other goes down one, and
the path is refused as soon as it is higher than where it started (`images/../images/x.png`
is fine, `images/../../x.png` is not). That is a counter, which a regular expression cannot
follow without bound; but an image path has at most 1,000 code points (the schema's
`maxLength`, the loader's `maximumPathLength`), so a climb can be preceded by at most 199
matched descents and returns, and a pattern nesting that deep says the rule exactly.

The pattern matches the paths the loader refuses (the schema puts it under `not`): `^/`, or a
prefix that comes back to its start (components that stay, and descents each followed by its
matching return, nested up to DEPTH) followed by one `..` more. --check exits 1 when the schema
holds another pattern.
"""
import re
import sys

SCHEMA = "walkthroughs/schema.json"
#: The deepest nesting a 1,000-code-point path can hold before it climbs: each level takes a
#: descent of at least two code points (`a/`) and a return of three (`../`), and the climb two.
DEPTH = (1000 - 2) // 5


def pattern(depth=DEPTH):
    stay = r"\.?/"
    down = r"(?!\.\.?/)[^/]+/"
    back = "(?:%s)*" % stay
    for _ in range(depth):
        back = r"(?:%s|%s%s\.\./)*" % (stay, down, back)
    return r"^/|^" + back + r"\.\.(?:/|$)"


def main():
    with open(SCHEMA, encoding="utf-8") as file:
        text = file.read()
    wanted = pattern().replace("\\", "\\\\")
    # The `not` pattern of each image string: the lines after the image's whitespace rule.
    found = re.findall(r'("not": \{\n\s*"pattern": ")([^"\n]*)(")', text)
    if not found:
        sys.exit(f"{SCHEMA}: no image-path pattern found under \"not\"")
    if "--check" in sys.argv:
        stale = [old for _, old, _ in found if old != wanted]
        if stale:
            sys.exit(f"{SCHEMA}: the image-path pattern is not the generated one; run {sys.argv[0]}")
        return
    text = re.sub(r'("not": \{\n\s*"pattern": ")([^"\n]*)(")',
                  lambda m: m.group(1) + wanted + m.group(3), text)
    with open(SCHEMA, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"{SCHEMA}: {len(found)} image-path patterns of {len(pattern())} characters")


if __name__ == "__main__":
    main()
