#!/usr/bin/env bash
# Builds the DocC documentation of WalkthroughKit, WalkthroughFleet and WalkthroughTerminal with
# the toolchain's
# `docc` (no plugin): the modules' symbol graphs from one build, then `docc convert` of each
# catalog (Sources/<Module>/<Module>.docc) into .build/docs/<Module>.doccarchive. Any DocC
# warning (a broken symbol link, an undocumented parameter) fails the build, and so does a
# public top-level type the catalog's landing page does not list (scripts/check-public-api.py).
#
#   scripts/build-docs.sh            build the three archives
#   scripts/build-docs.sh preview M  serve module M's docs at http://localhost:8080
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/docs
# Kept between runs: swiftc writes a module's graph only when it compiles the module again.
graphs="$out/symbol-graphs"
mkdir -p "$graphs"
for target in WalkthroughTerminal WalkthroughFleet; do
    swift build --target "$target" --scratch-path "$out/build" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
done

status=0
for module in WalkthroughKit WalkthroughFleet WalkthroughTerminal; do
    moduleGraphs="$out/graphs-$module"
    rm -rf "$moduleGraphs"
    mkdir -p "$moduleGraphs"
    cp "$graphs/$module.symbols.json" "$graphs"/"$module"@*.symbols.json "$moduleGraphs/" 2>/dev/null \
        || cp "$graphs/$module.symbols.json" "$moduleGraphs/"
    if [ "${1:-}" = preview ]; then
        [ "${2:-}" = "$module" ] || continue
        exec docc preview "Sources/$module/$module.docc" --additional-symbol-graph-dir "$moduleGraphs"
    fi
    log="$out/$module.log"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$moduleGraphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "dev.walkthroughkit.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors > "$log" 2>&1 || status=1
    if grep -q -E "warning|error" "$log"; then
        grep -E "warning|error" "$log" >&2
        status=1
    fi
    # The public surface is what the landing page lists, nothing more.
    python3 scripts/check-public-api.py "$graphs/$module.symbols.json" \
        "Sources/$module/$module.docc/$module.md" >&2 || status=1
    echo "$out/$module.doccarchive"
done
[ "$status" -eq 0 ] || { echo "scripts/build-docs.sh: DocC reported problems (above)" >&2; exit 1; }
