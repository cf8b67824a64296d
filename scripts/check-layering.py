#!/usr/bin/env python3
"""Checks that the folders of each module do not use each other in a circle.

For every target under the root (the repository's Sources/ unless another is given), each
top-level folder is a layer. A folder uses another when its code (comments and the text of string
literals left out) either

- names a type, protocol, enum or type alias declared there, or
- writes `.name` for a member that the other folder declares in an extension
  (`extension Date { var millisecondsSince1970 … }`), so a folder that extends a type it does not
  own still counts as used. A member name that another folder also declares (in this module or
  one it imports) is left out, since the `.name` could be either, and so are names too common to
  tell anything (`description`, `count`, `rawValue`, …).

The folders that reach each other through these uses, strongly connected components of the folder
graph, form a cycle of any length (A → B → A, A → B → C → A, …). Each is reported with one path
round it and one use for every edge between its folders, and the script exits 1.

    scripts/check-layering.py            # every module under the repository's Sources/
    scripts/check-layering.py ROOT       # every module under ROOT (ROOT/Module/Folder/*.swift)
"""
import collections
import glob
import os
import re
import sys

TYPE_DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)\n]*\))?\s+)*"
    r"(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*"
    r"(?:enum|struct|class|protocol|actor|typealias)\s+(\w+)",
    re.M,
)

# A body whose direct declarations are members: a type's, a protocol's or an extension's.
BODY_HEADER = re.compile(r"\b(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][\w.]*)")

MEMBER_DECLARATION = re.compile(r"(?<![\w.])(?:func|var|let|case)\s+`?([A-Za-z_]\w*)`?")

# Names that say nothing about where they come from: the standard library's and Foundation's
# members, conformances' requirements and words every folder uses.
COMMON = set(
    """
    description debugDescription hashValue hash rawValue init deinit self count isEmpty first last
    startIndex endIndex index indices map flatMap compactMap filter reduce forEach contains sorted
    min max append insert remove removeAll joined split prefix suffix dropFirst dropLast lowercased
    uppercased hasPrefix hasSuffix utf8 utf16 unicodeScalars characters value values key keys
    name id kind path url data string text message code error result status type none some
    shared default empty all allCases zero one add update set get reset open close read write run
    start stop next load size width height length offset lowerBound upperBound bytes contents
    """.split()
)

IMPORT = re.compile(
    r"^\s*(?:@\S+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)",
    re.M,
)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*")
DOTTED = re.compile(r"\.([A-Za-z_]\w*)")

KEYWORDS = {"func", "var", "let", "case", "init", "subscript", "static", "class"}


def clean(code):
    """`code` with comments removed and string literals' text blanked (interpolations kept)."""
    out = []
    i, n = 0, len(code)
    # A stack of what is open: ("string", hashes, multiline) or ("interpolation", depth).
    stack = []

    def in_string():
        return stack and stack[-1][0] == "string"

    while i < n:
        c = code[i]
        if in_string():
            _, hashes, multiline = stack[-1]
            closing = ('"""' if multiline else '"') + "#" * hashes
            if code.startswith(closing, i):
                stack.pop()
                out.append('"')
                i += len(closing)
            elif code.startswith("\\" + "#" * hashes + "(", i):
                stack.append(["interpolation", 1])
                out.append("(")
                i += 2 + hashes
            elif c == "\\" and hashes == 0:
                i += 2
            else:
                if c == "\n":
                    out.append("\n")
                i += 1
            continue
        if code.startswith("//", i):
            end = code.find("\n", i)
            i = n if end < 0 else end
            continue
        if code.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if code.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif code.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if code[i] == "\n":
                        out.append("\n")
                    i += 1
            continue
        match = re.match(r'(#*)("""|")', code[i:i + 8]) if c in '#"' else None
        if match:
            stack.append(("string", len(match.group(1)), match.group(2) == '"""'))
            out.append('"')
            i += len(match.group(0))
            continue
        if stack and stack[-1][0] == "interpolation":
            if c == "(":
                stack[-1][1] += 1
            elif c == ")":
                stack[-1][1] -= 1
                if stack[-1][1] == 0:
                    stack.pop()
                    out.append(")")
                    i += 1
                    continue
        out.append(c)
        i += 1
    return "".join(out)


def matching_brace(code, start):
    """The index just past the `}` closing the `{` at `start` (or the end of `code`)."""
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


def flattened(body):
    """`body` with everything inside nested braces removed: only its direct declarations."""
    out, depth = [], 0
    for c in body:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)


def member_bodies(code):
    """Each body of declarations in `code`: (is an extension, the type it belongs to, its text)."""
    for match in BODY_HEADER.finditer(code):
        keyword, name = match.groups()
        if name in KEYWORDS:
            continue  # `class func`, `class var`
        brace = code.find("{", match.end())
        stop = re.compile(r"[;}=]|\bfunc\b|\bvar\b|\blet\b").search(code, match.end())
        if brace < 0 or (stop and stop.start() < brace):
            continue  # a forward declaration, a constraint, `class` as a modifier
        body = flattened(code[brace + 1:matching_brace(code, brace) - 1])
        yield keyword == "extension", name, body


def members(body):
    """The names `body` declares directly: functions, properties and enum cases."""
    names = set()
    for match in MEMBER_DECLARATION.finditer(body):
        names.add(match.group(1))
    for line in re.findall(r"(?<![\w.])case\s+([^\n]*)", body):
        depth, part = 0, []
        for c in line + ",":
            depth += c in "(["
            depth -= c in ")]"
            if c == "," and depth == 0:
                name = re.match(r"\s*`?([A-Za-z_]\w*)", "".join(part))
                if name:
                    names.add(name.group(1))
                part = []
            else:
                part.append(c)
    return names


Module = collections.namedtuple(
    "Module", "sources types member_names extension_members imports")


def read_module(module_root):
    """The module's files by folder (cleaned), what each folder declares, and what it imports."""
    sources = collections.defaultdict(dict)
    types = {}
    member_names = collections.defaultdict(set)
    extension_members = {}
    imports = set()
    for path in sorted(glob.glob(os.path.join(module_root, "**", "*.swift"), recursive=True)):
        relative = os.path.relpath(path, module_root)
        folder = relative.split(os.sep)[0] if os.sep in relative else "."
        code = clean(open(path, encoding="utf-8").read())
        sources[folder][relative] = code
        imports |= set(IMPORT.findall(code))
        for match in TYPE_DECLARATION.finditer(code):
            types.setdefault(match.group(1), folder)
        for is_extension, extended, body in member_bodies(code):
            declared = members(body)
            member_names[folder] |= declared
            if is_extension:
                for name in declared:
                    extension_members.setdefault((folder, name), (relative, extended))
    return Module(sources, types, member_names, extension_members, imports)


def folder_uses(modules):
    """For each module: folder → the folders it uses → one use, as (file, what it names)."""
    declaring = collections.defaultdict(set)  # member name → every (module, folder) declaring it
    for module, contents in modules.items():
        for folder, names in contents.member_names.items():
            for name in names:
                declaring[name].add((module, folder))
    graphs = {}
    for module, contents in modules.items():
        # A `.name` in this module can only mean a member this module or one it imports declares.
        visible = {module} | contents.imports
        telling = {}
        for (folder, name), (relative, extended) in contents.extension_members.items():
            others = {place for place in declaring[name] if place[0] in visible}
            if name not in COMMON and others == {(module, folder)}:
                telling[name] = (folder, relative, extended)
        uses = collections.defaultdict(dict)
        for folder, files in sorted(contents.sources.items()):
            for relative, code in sorted(files.items()):
                words = set(IDENTIFIER.findall(code))
                dotted = set(DOTTED.findall(code))
                for name in sorted(words & contents.types.keys()):
                    home = contents.types[name]
                    if home != folder and home not in uses[folder]:
                        uses[folder][home] = (relative, "names " + name)
                for name in sorted(dotted & telling.keys()):
                    home, there, extended = telling[name]
                    if home != folder and home not in uses[folder]:
                        uses[folder][home] = (
                            relative, f"writes .{name} (extension {extended} in {there})")
        graphs[module] = uses
    return graphs


def strongly_connected(nodes, edges):
    """Tarjan's strongly connected components of the graph, each sorted, in a stable order."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, {})):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            found.append(sorted(component))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return sorted(found)


def shortest_cycle(start, component, edges):
    """The shortest path from `start` back to itself inside `component`."""
    inside = set(component)
    previous, queue = {}, collections.deque([start])
    while queue:
        node = queue.popleft()
        for other in sorted(edges.get(node, {})):
            if other not in inside:
                continue
            if other == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return list(reversed(path)) + [start]
            if other not in previous:
                previous[other] = node
                queue.append(other)
    return [start]


def check(root):
    modules = {}
    for module in sorted(os.listdir(root)):
        path = os.path.join(root, module)
        if os.path.isdir(path):
            modules[module] = read_module(path)
    problems = []
    for module, uses in folder_uses(modules).items():
        nodes = set(uses) | {home for targets in uses.values() for home in targets}
        for component in strongly_connected(nodes, uses):
            if len(component) < 2:
                continue
            cycle = shortest_cycle(component[0], component, uses)
            folders = [folder + "/" for folder in component]
            named = ", ".join(folders[:-1]) + " and " + folders[-1]
            lines = [
                f"{module}: {named} use each other in a circle, as in "
                + " → ".join(folder + "/" for folder in cycle)
            ]
            for a in component:
                for b in sorted(uses[a]):
                    if b in component:
                        relative, what = uses[a][b]
                        lines.append(f"    {a}/ uses {b}/: {relative} {what}")
            problems.append("\n".join(lines))
    return problems


def main(arguments):
    if len(arguments) > 1 or (arguments and arguments[0].startswith("-")):
        print("usage: check-layering.py [ROOT]", file=sys.stderr)
        return 64
    here = os.path.dirname(os.path.abspath(__file__))
    root = arguments[0] if arguments else os.path.join(here, "..", "Sources")
    if not os.path.isdir(root):
        print(f"check-layering: {root} is not a folder", file=sys.stderr)
        return 66
    problems = check(root)
    for problem in problems:
        print("check-layering: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
