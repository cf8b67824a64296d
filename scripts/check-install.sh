#!/usr/bin/env bash
# Installs into a temporary prefix with scripts/install.sh and checks what a user gets: every
# file in its place, the binary fully static (ldd) and stripped (readelf), working (--version,
# validate, the shell gate on a store of its own), the man page readable, each completion script
# accepted by its shell (zsh and fish where installed), and install.sh saying what it does before
# it fetches or builds anything. .ci/run runs it; exit 1 on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

log="$prefix/install.log"
# Its standard error is kept (and shown) to check the order of what it said.
{ scripts/install.sh "$prefix" 2>&1 1>&3 | tee "$log" >&2; } 3>&1
head -n 1 "$log" | grep -q '^install: building' || fail "install.sh did not first say what it does"
if grep -q '^build-static: fetching' "$log"; then
    said="$(grep -n -m 1 '^install: the build fetches' "$log" | cut -d: -f1)"
    fetched="$(grep -n -m 1 '^build-static: fetching' "$log" | cut -d: -f1)"
    [ -n "$said" ] && [ "$said" -lt "$fetched" ] || fail "install.sh fetched without saying so first"
fi
rm -f "$log"
for file in bin/walkthrough share/man/man1/walkthrough.1 \
    share/bash-completion/completions/walkthrough share/zsh/site-functions/_walkthrough \
    share/fish/vendor_completions.d/walkthrough.fish; do
    [ -s "$prefix/$file" ] || fail "$file is missing or empty"
done
linkage="$(ldd "$prefix/bin/walkthrough" 2>&1 || true)"
case "$linkage" in
    *"not a dynamic executable"*|*"statically linked"*) ;;
    *) fail "the installed binary is not static: $linkage" ;;
esac
# Stripped: no debug sections, no symbol table.
sections="$(readelf -S -W "$prefix/bin/walkthrough")" || fail "readelf cannot read the binary"
case "$sections" in
    *" .debug_"* | *" .symtab "*) fail "the installed binary is not stripped" ;;
esac
"$prefix/bin/walkthrough" --version | grep -q '^walkthrough ' || fail "--version"
"$prefix/bin/walkthrough" validate walkthroughs/foodpin.json > /dev/null || fail "validate"
db="$prefix/seen.sqlite3"
if CI= WALKTHROUGH_DB="$db" "$prefix/bin/walkthrough" seen foodpin -q; then fail "seen before mark"; fi
CI= WALKTHROUGH_DB="$db" "$prefix/bin/walkthrough" mark foodpin > /dev/null || fail "mark"
CI= WALKTHROUGH_DB="$db" "$prefix/bin/walkthrough" seen foodpin -q || fail "seen after mark"
man -l "$prefix/share/man/man1/walkthrough.1" 2>/dev/null | grep -q "walkthrough play" \
    || fail "the man page does not read"
bash -n "$prefix/share/bash-completion/completions/walkthrough" || fail "bash completion"
if command -v zsh > /dev/null; then zsh -n "$prefix/share/zsh/site-functions/_walkthrough" || fail "zsh"; fi
if command -v fish > /dev/null; then
    fish -n "$prefix/share/fish/vendor_completions.d/walkthrough.fish" || fail "fish"
fi
echo "check-install: ok ($linkage)"
