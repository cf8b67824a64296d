#!/usr/bin/env bash
# Writes the functions the `walkthrough` command runs in its common launches, for the linker to
# place side by side: scripts/build-static.sh runs it on the binary it has just linked and links
# again with the list (lld's --symbol-ordering-file). The list is a build product, never
# committed: it is always the code as it is.
#
#   scripts/generate-launch-order.sh [BINARY [OUTPUT]]
#       (defaults .build/static/release/walkthrough and .build/static/launch-order.txt)
#
# Why: the kernel maps a binary's code 64 KiB around every page a process touches, so the few
# thousand functions a launch runs, spread over 16 MB of code, made `walkthrough seen` resident
# at 9.3 MiB against sqlite3's 4.0. Placed together (the Swift runtime, FoundationEssentials and
# our modules are compiled one function per section), they fill a few windows instead of
# hundreds.
#
# The launches: `seen` for a user who has seen the walkthrough and one who has not (first: the
# gate's path), `due`, `mark`, `status` and `play --plain` of FoodPin, each under
# `valgrind --tool=callgrind`, which names every function that ran. Functions are listed launch
# by launch, each once, in the order its profile names them (callgrind's, not the order they ran:
# what matters is that a launch's functions sit together). Needs valgrind (exit 69 without it).
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-.build/static/release/walkthrough}"
command -v valgrind >/dev/null 2>&1 || {
    echo "generate-launch-order: valgrind not found; install Debian's valgrind" >&2
    exit 69
}
[ -x "$binary" ] || {
    echo "generate-launch-order: no binary at $binary; run scripts/build-static.sh first" >&2
    exit 69
}
binary="$(readlink -f "$binary")"
output="$(readlink -f "${2:-.build/static/launch-order.txt}")"
dir="$(mktemp -d "${TMPDIR:-/tmp}/walkthrough-launch-order.XXXXXX")"
trap 'rm -rf "$dir"' EXIT

# Valgrind 3.19 (Debian 12) cannot read the DWARF the toolchain's clang writes ("possibly
# corrupted debuginfo file"); the symbol table is all it needs to name functions, so it runs a
# copy without the debug sections.
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
objcopy_tool="$toolchain/llvm-objcopy"
[ -x "$objcopy_tool" ] || objcopy_tool="$(command -v objcopy)" || {
    echo "generate-launch-order: no llvm-objcopy in the toolchain and no objcopy" >&2
    exit 69
}
"$objcopy_tool" --strip-debug "$binary" "$dir/walkthrough"
binary="$dir/walkthrough"

mkdir -p "$dir/definitions"
cat >"$dir/definitions/launch.json" <<'EOF'
{"id": "launch", "version": 2, "title": "Tour",
 "when": {"maxShows": 3, "minInterval": "1d"},
 "pages": [{"heading": "One", "content": "First", "image": "one.png", "imageAlt": "A"},
           {"heading": "Two", "content": "Second"},
           {"heading": "Three", "content": "Third", "since": 2}]}
EOF
export WALKTHROUGH_DB="$dir/seen.sqlite3" WALKTHROUGH_PATH="$dir/definitions" HOME="$dir"
export LOGNAME=launch LANG=C.UTF-8
unset CI WALKTHROUGH_DISABLE
"$binary" mark launch --user seen-it >/dev/null

run=0
profile() {
    run=$((run + 1))
    # The command's own exit status (1 for "not seen") is part of the launch, not a failure.
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$dir/profile.$run" \
        "$binary" "$@" </dev/null >/dev/null 2>&1 || true
    [ -s "$dir/profile.$run" ] || {
        echo "generate-launch-order: callgrind wrote no profile for: walkthrough $*" >&2
        exit 1
    }
}
profile seen launch --user seen-it -q
profile seen launch --user new-user -q
profile due launch --user seen-it
profile mark launch --user another
profile status --user seen-it
profile play walkthroughs/foodpin.json --user player --plain

{
    echo "# The functions of the walkthrough command's common launches, launch by launch (seen"
    echo "# first): lld's --symbol-ordering-file, written by scripts/generate-launch-order.sh"
    echo "# for scripts/build-static.sh."
    for run_profile in $(seq 1 "$run"); do
        # fn= and cfn= lines name a function (callgrind's compressed form names it once, as
        # "(id) name"); addresses without a symbol and recursion marks ('2) are dropped.
        sed -nE "s/^c?fn=\([0-9]+\) //p" "$dir/profile.$run_profile" | sed -E "s/'[0-9]+$//" |
            grep -v '^0x'
    done | awk '!seen[$0]++'
} >"$output.new"
mv "$output.new" "$output"
echo "generate-launch-order: $(grep -vc '^#' "$output") functions in ${output#"$PWD"/}"
