#!/usr/bin/env python3
"""Checks that the folders of each module do not use each other in a circle.

For every target under Sources/, each top-level folder is a layer; a folder uses another when
its code (comments left out) names a type, protocol or enum declared there. A pair of folders
that use each other is reported, with one use each way, and the script exits 1.

    scripts/check-layering.py            # every module
"""
import collections
import glob
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:(?:public|package|internal|private|fileprivate|final)\s+)*"
    r"(?:enum|struct|class|protocol|actor|typealias)\s+(\w+)",
    re.M,
)


def strip_comments(code):
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.S)
    return re.sub(r"//[^\n]*", "", code)


def check(module_root):
    declared = {}
    sources = collections.defaultdict(dict)
    for path in glob.glob(os.path.join(module_root, "**", "*.swift"), recursive=True):
        relative = os.path.relpath(path, module_root)
        folder = relative.split(os.sep)[0] if os.sep in relative else "."
        code = open(path, encoding="utf-8").read()
        sources[folder][relative] = strip_comments(code)
        for match in DECLARATION.finditer(code):
            declared.setdefault(match.group(1), folder)
    uses = collections.defaultdict(dict)
    for folder, files in sources.items():
        for relative, code in files.items():
            for name, home in declared.items():
                if home != folder and home not in uses[folder]:
                    if re.search(r"\b" + re.escape(name) + r"\b", code):
                        uses[folder][home] = (relative, name)
    problems = []
    for a in sorted(uses):
        for b in sorted(uses[a]):
            if a < b and a in uses.get(b, {}):
                there, back = uses[a][b], uses[b][a]
                problems.append(
                    f"{os.path.basename(module_root)}: {a}/ and {b}/ use each other "
                    f"({there[0]} uses {there[1]}; {back[0]} uses {back[1]})")
    return problems


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
    problems = []
    for module in sorted(os.listdir(root)):
        path = os.path.join(root, module)
        if os.path.isdir(path):
            problems += check(path)
    for problem in problems:
        print("check-layering: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
