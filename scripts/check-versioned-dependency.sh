#!/usr/bin/env bash
# Builds the README's embedding host against a tagged WalkthroughKit, as a package that
# depends on a release does: `.package(url: "file://…", from: "9.9.9")`. SwiftPM refuses a
# versioned dependency whose manifest carries unsafe build flags (a path or branch dependency
# is exempt, which is why the README's path manifest could not show it).
#
#   scripts/check-versioned-dependency.sh
#
# It clones this checkout's committed HEAD into a scratch git repository, tags it 9.9.9, writes
# the README's manifest (with the dependency by version) and snippet into a scratch package,
# builds it, and runs the host from an empty folder with no terminal: it must print the tool's
# own work and exit 0. `ldd` then shows what each product links: the README's host (with the
# default `Pictures` trait) maps no libpq, and the same host built with no traits
# (`traits: []`) maps neither libpq, libpng nor libjpeg. Everything it makes is under one
# temporary folder, removed on every exit.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

say() { printf 'versioned-dependency: %s\n' "$*"; }

# The README's blocks whose info string is `swift NAME`.
readme_block() {
    awk -v marker="\`\`\`swift $1" '
        $0 == marker { inside = 1; next }
        inside && $0 == "```" { exit }
        inside { print }
    ' README.md
}

say "cloning HEAD ($(git rev-parse --short HEAD)) into a scratch repository, tagged 9.9.9"
git clone --quiet --no-hardlinks "$root" "$scratch/WalkthroughKit"
git -C "$scratch/WalkthroughKit" -c user.name=ci -c user.email=ci@localhost \
    tag -a 9.9.9 -m "a release for the versioned-dependency check"

host="$scratch/YourTool"
mkdir -p "$host/Sources/YourTool/walkthroughs"
manifest="$(readme_block manifest)"
snippet="$(readme_block snippet)"
if [ -z "$manifest" ] || [ -z "$snippet" ]; then
    echo "versioned-dependency: README.md has no \`\`\`swift manifest or snippet block" >&2
    exit 1
fi
dependency='.package(url: "file://'"$scratch"'/WalkthroughKit", from: "9.9.9")'
if ! grep -q '\.package(path: "\.\./WalkthroughKit")' <<<"$manifest"; then
    echo "versioned-dependency: the README's manifest no longer depends on ../WalkthroughKit by path; update this script" >&2
    exit 1
fi
printf '%s\n' "$manifest" \
    | DEPENDENCY="$dependency" python3 -c 'import os, sys
sys.stdout.write(sys.stdin.read().replace(".package(path: \"../WalkthroughKit\")", os.environ["DEPENDENCY"]))' \
    >"$host/Package.swift"
printf '%s\n' "$snippet" >"$host/Sources/YourTool/main.swift"
cp -R walkthroughs/foodpin.json walkthroughs/images "$host/Sources/YourTool/walkthroughs/"

say "building the README's host against WalkthroughKit from: 9.9.9"
log="$scratch/build.log"
if ! swift build --package-path "$host" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "versioned-dependency: the host does not build against the tagged WalkthroughKit (above)" >&2
    exit 1
fi
grep -E '^(Computing version|Fetching|Cloning|Working copy)' "$log" | sed 's/^/  /' || true

empty="$scratch/empty"
mkdir -p "$empty"
# run_host BINARY WHAT: runs a built host in an empty home (nothing due, no store yet) and
# checks that it did its own work; sets `output`.
run_host() {
    output="$(cd "$empty" && env -i HOME="$empty" XDG_STATE_HOME="$empty/state" LOGNAME=root \
        PATH=/usr/bin:/bin "$1" </dev/null)"
    if [ "$output" != "Your tool's own work." ]; then
        echo "versioned-dependency: $2 printed '$output', not its own work" >&2
        exit 1
    fi
}
run_host "$host/.build/debug/YourTool" "the host"
say "the host built against the tagged release and ran: $output"

# linked_c_libraries BINARY: the libpq, libpng and libjpeg sonames `ldd` lists for BINARY.
linked_c_libraries() {
    ldd "$1" | awk '{ print $1 }' | grep -E '^lib(pq|png|jpeg)' | sort | tr '\n' ' ' || true
}

linked="$(linked_c_libraries "$host/.build/debug/YourTool")"
case " $linked " in
*" libpq"*)
    echo "versioned-dependency: the README's host links libpq without the fleet: $linked" >&2
    exit 1
    ;;
esac
say "the README's host (default traits) links: ${linked:-none of libpq, libpng, libjpeg}"

# The same host with no traits: neither the fleet nor pictures.
bare="$scratch/BareTool"
mkdir -p "$bare/Sources/YourTool"
cp -R "$host/Sources/YourTool/." "$bare/Sources/YourTool/"
sed 's|from: "9.9.9")|from: "9.9.9", traits: [])|' "$host/Package.swift" >"$bare/Package.swift"
grep -q 'traits: \[\])' "$bare/Package.swift" || {
    echo "versioned-dependency: could not turn the default traits off in the manifest" >&2
    exit 1
}
say "building the same host with no traits (no Pictures, no fleet)"
if ! swift build --package-path "$bare" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "versioned-dependency: the host without traits does not build (above)" >&2
    exit 1
fi
linked="$(linked_c_libraries "$bare/.build/debug/YourTool")"
if [ -n "$linked" ]; then
    echo "versioned-dependency: the host without Pictures links $linked" >&2
    exit 1
fi
run_host "$bare/.build/debug/YourTool" "the host without traits"
say "the host without traits links none of libpq, libpng, libjpeg (ldd) and ran: $output"

