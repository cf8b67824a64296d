#!/usr/bin/env bash
# Installs into a temporary prefix with scripts/install.sh and checks what a user gets: every
# file in its place, the binary fully static (ldd), working (--version, validate, the shell
# gate on a store of its own), the man page readable, and each completion script accepted by
# its shell (zsh and fish where installed). .ci/run runs it; exit 1 on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

scripts/install.sh "$prefix"
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
