#!/usr/bin/env python3
"""Generates Sources/WalkthroughKit/Localization/LocaleMatchingData+Tables.swift.

Locale matching (docs/localization.md) follows CLDR's "Enhanced Language Matching", as ICU's
LocaleMatcher does: each tag is canonicalized (language and region aliases: `iw` is `he`, `sh`
is `sr-Latn`), maximized with the likely subtags (`zh-TW` is `zh-Hant-TW`, `pt` is
`pt-Latn-BR`), and the distance between a request and a key is added up from the
`languageMatching` rules at the language, script and region levels, with the match variables
(`$enUS`, `$americas`, …) expanded through the region containment. The data comes from four
CLDR files:

- `common/supplemental/supplementalMetadata.xml`: `languageAlias` and `territoryAlias`;
- `common/supplemental/likelySubtags.xml`: `likelySubtag`;
- `common/supplemental/languageInfo.xml`: `languageMatches type="written_new"`;
- `common/supplemental/supplementalData.xml`: `territoryContainment`.

FoundationEssentials carries no locale data; the engine keeps these tables as text, one entry a
line, read into dictionaries the first time a field is matched (nothing runs at start-up).

Debian's `unicode-cldr-core` package installs the files under the default folder:

    apt-get install unicode-cldr-core
    python3 scripts/generate-locale-matching.py /usr/share/unicode/cldr 41 \\
        > Sources/WalkthroughKit/Localization/LocaleMatchingData+Tables.swift

The second argument is the CLDR release (`dpkg-query -W unicode-cldr-core`: 41 for 41-0.1).
"""

import os
import re
import sys
import xml.etree.ElementTree as ET

DEFAULT = "/usr/share/unicode/cldr"


def supplemental(folder, name):
    return ET.parse(os.path.join(folder, "common", "supplemental", name)).getroot()


def aliases(root):
    """`from replacement` lines: languages (with an extlang as `zh_cmn`) and regions."""
    languages = []
    for item in root.iter("languageAlias"):
        source = item.get("type")
        replacement = item.get("replacement")
        # Only plain language (or language_extlang) sources with one replacement: the
        # variant and `und_` rules are about subtags locale matching ignores.
        if not re.fullmatch(r"[a-z]{2,3}(_[a-z]{3})?", source) or " " in replacement:
            continue
        if replacement.startswith("und"):
            continue
        languages.append((source, replacement))
    regions = []
    for item in root.iter("territoryAlias"):
        source = item.get("type")
        replacement = item.get("replacement").split(" ")[0]
        if re.fullmatch(r"[A-Z]{2}|[0-9]{3}", source):
            regions.append((source, replacement))
    return sorted(languages), sorted(regions)


def likely(root):
    """`from to` lines, `und` ones included (a language CLDR does not list takes its script
    and region from them)."""
    return sorted((item.get("from"), item.get("to")) for item in root.iter("likelySubtag"))


def containment(root):
    """Each region's contained regions, recursively (deprecated groups left out)."""
    direct = {}
    for group in root.iter("group"):
        if group.get("status") == "deprecated":
            continue
        direct.setdefault(group.get("type"), set()).update(group.get("contains").split())

    def expand(region, seen):
        for child in direct.get(region, ()):
            if child not in seen:
                seen.add(child)
                expand(child, seen)
        return seen

    return expand


def matching(root, expand):
    """The written_new rules in order, and the match variables expanded to region sets."""
    matches = None
    for item in root.iter("languageMatches"):
        if item.get("type") == "written_new":
            matches = item
    variables = []
    for variable in matches.iter("matchVariable"):
        regions = set()
        for region in variable.get("value").split("+"):
            regions.add(region)
            regions |= expand(region, set())
        variables.append((variable.get("id"), sorted(regions)))
    rules = []
    for rule in matches.iter("languageMatch"):
        rules.append((rule.get("desired"), rule.get("supported"), int(rule.get("distance")),
                      rule.get("oneway") == "true"))
    return variables, rules


def literal(name, doc, lines, out, last=False):
    for line in doc:
        out.write("    /// %s\n" % line)
    out.write("    static let %s = \"\"\"\n" % name)
    for line in lines:
        out.write("        %s\n" % line)
    out.write("        \"\"\"\n" + ("" if last else "\n"))


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    cldr = sys.argv[2] if len(sys.argv) > 2 else "unknown"
    languages, regions = aliases(supplemental(folder, "supplementalMetadata.xml"))
    likely_rows = likely(supplemental(folder, "likelySubtags.xml"))
    expand = containment(supplemental(folder, "supplementalData.xml"))
    variables, rules = matching(supplemental(folder, "languageInfo.xml"), expand)

    out = sys.stdout
    out.write("// Generated by scripts/generate-locale-matching.py from CLDR %s\n" % cldr)
    out.write("// (supplementalMetadata.xml, likelySubtags.xml, languageInfo.xml, supplementalData.xml).\n")
    out.write("// Do not edit by hand: change the script and run it again.\n\n")
    out.write("extension LocaleMatchingData {\n")
    out.write("    /// The CLDR version the tables come from.\n")
    out.write("    static let cldrVersion = \"%s\"\n\n" % cldr)
    literal("languageAliasText", [
        "Deprecated and legacy language codes, one `from replacement` a line (`iw he`,",
        "`sh sr_Latn`, `zh_cmn zh`): `languageAlias` of supplementalMetadata.xml."],
        ["%s %s" % row for row in languages], out)
    literal("regionAliasText", [
        "Deprecated region codes, `from replacement` (`UK GB`; the first of several",
        "replacements): `territoryAlias` of supplementalMetadata.xml."],
        ["%s %s" % row for row in regions], out)
    literal("likelySubtagsText", [
        "The likely subtags, `from to` (`zh_TW zh_Hant_TW`, `und_Cyrl ru_Cyrl_RU`):",
        "likelySubtags.xml."],
        ["%s %s" % row for row in likely_rows], out)
    literal("matchVariablesText", [
        "languageInfo.xml's match variables, `name region region …`, each region's contained",
        "regions added from supplementalData.xml's territoryContainment (`$americas` holds MX)."],
        ["%s %s" % (name, " ".join(regions)) for name, regions in variables], out)
    literal("matchRulesText", [
        "languageInfo.xml's `written_new` rules in file order, `desired supported distance`",
        "with a fourth field `oneway` when the rule does not also hold the other way."],
        ["%s %s %d%s" % (d, s, n, " oneway" if o else "") for d, s, n, o in rules], out,
        last=True)
    out.write("}\n")


if __name__ == "__main__":
    main()
