#!/usr/bin/env python3
"""Fails when a module's public surface and its DocC landing page disagree.

Usage: scripts/check-public-api.py SYMBOL_GRAPH LANDING_PAGE

SYMBOL_GRAPH is the module's `<Module>.symbols.json` (public symbols only, as
scripts/build-docs.sh emits them); LANDING_PAGE is `Sources/<Module>/<Module>.docc/<Module>.md`,
whose Topics list every public top-level type of the module as ``Name``. A type that becomes
public without being added to the list (or a listed one that is no longer public) is an error:
`public` is a promise to every embedding tool, and the list is where it is made on purpose.
"""
import json
import re
import sys

graph_path, page_path = sys.argv[1], sys.argv[2]
with open(graph_path, encoding="utf-8") as file:
    graph = json.load(file)
module = graph["module"]["name"]
kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
         "swift.func", "swift.var", "swift.actor"}
public = sorted({symbol["names"]["title"] for symbol in graph["symbols"]
                 if len(symbol["pathComponents"]) == 1 and symbol["kind"]["identifier"] in kinds})
with open(page_path, encoding="utf-8") as file:
    page = file.read()
topics = page.split("## Topics", 1)[1] if "## Topics" in page else ""
listed = sorted(set(re.findall(r"^- ``([^`/]+)``", topics, re.MULTILINE)))
unlisted = [name for name in public if name not in listed]
stale = [name for name in listed if name not in public]
for name in unlisted:
    print(f"{page_path}: {module}.{name} is public but not in the documented public list; "
          "add it under Topics, or make it package", file=sys.stderr)
for name in stale:
    print(f"{page_path}: {module}.{name} is listed but is not a public top-level symbol; "
          "remove it from Topics", file=sys.stderr)
print(f"{module}: {len(public)} public top-level symbols")
sys.exit(1 if unlisted or stale else 0)
