#!/usr/bin/env bash
# Installs the `walkthrough` command with its man page and shell completions.
#
#   scripts/install.sh [PREFIX]        PREFIX defaults to /usr/local
#
# Says first what it will do, fetch and write; builds the fully static release binary
# (scripts/build-static.sh: when postgresql-server-dev-N of libpq-dev's version is not installed,
# that fetches it with `apt-get download`, installing nothing), then installs
#   PREFIX/bin/walkthrough             stripped of its debug sections and symbols
#   PREFIX/share/man/man1/walkthrough.1
#   PREFIX/share/bash-completion/completions/walkthrough
#   PREFIX/share/zsh/site-functions/_walkthrough
#   PREFIX/share/fish/vendor_completions.d/walkthrough.fish
# The man page and the completions are printed by the binary itself (--generate-manual,
# --generate-completion-script), so they describe exactly the commands it has. Set DESTDIR to
# stage the files under another root, as packagers do.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:-/usr/local}"
case "$prefix" in
    /*) ;;
    *) echo "error: PREFIX must be an absolute path, not '$prefix'" >&2; exit 64 ;;
esac
root="${DESTDIR:-}$prefix"

# What will happen, before anything is fetched, built or written.
# shellcheck source=scripts/lib/static-libpq.sh
. scripts/lib/static-libpq.sh
echo "install: building the static walkthrough (scripts/build-static.sh; a release build takes" \
    "minutes the first time)" >&2
if static_libpq_locate && [ "$pg_fetch" = 1 ]; then
    echo "install: the build fetches $pg_package with apt-get download (libpq's static" \
        "helpers; nothing is installed) into $pg_deps; install that package to avoid it" >&2
fi
echo "install: then writing bin/walkthrough (stripped), its man page and completions under $root" >&2

# With libchafa installed, the Chafa trait (sixel, finer symbol art); with libmicrohttpd, the
# Server trait (`walkthrough serve`). A trait whose static archives cannot be linked is left
# out, saying so, down to the default build (symbols, kitty, iTerm2; no server).
binary=""
traits=()
# Whether every archive a static link of pkg-config's package $1 needs is installed; if not,
# says which is missing (libp11-kit and libunistring ship none in Debian 12, for GnuTLS).
static_archives() {
    local library archive
    for library in $(pkg-config --static --libs-only-l "$1"); do
        archive="$(gcc -print-file-name="lib${library#-l}.a")"
        if [ "$archive" = "lib${library#-l}.a" ]; then
            echo "install: no static lib${library#-l}.a for $1; building without its trait" >&2
            return 1
        fi
    done
}
pkg-config --exists chafa 2>/dev/null && static_archives chafa && traits+=(Chafa)
pkg-config --exists libmicrohttpd 2>/dev/null && static_archives libmicrohttpd && traits+=(Server)
while [ "${#traits[@]}" -gt 0 ] && [ -z "$binary" ]; do
    list="$(IFS=,; echo "${traits[*]}")"
    [[ " ${traits[*]} " == *" Chafa "* ]] || list="default,$list"
    if binary="$(scripts/build-static.sh --traits "$list" | tail -n 1)"; then
        echo "install: built with the traits $list" >&2
    else
        echo "install: the ${traits[-1]} trait could not be linked statically; building without it" >&2
        binary=""
        unset 'traits[-1]'
    fi
done
[ -n "$binary" ] || binary="$(scripts/build-static.sh | tail -n 1)"
[ -x "$binary" ] || { echo "error: the static build did not leave $binary" >&2; exit 1; }

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
# Stripped: the build keeps its debug sections and symbols (for profiles and backtraces of
# .build/static/release/walkthrough); an installed command needs neither.
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
strip_tool="$toolchain/llvm-strip"
[ -x "$strip_tool" ] || strip_tool="$(command -v strip)" \
    || { echo "error: neither llvm-strip nor strip was found" >&2; exit 69; }
install -m 0755 "$binary" "$root/bin/walkthrough"
"$strip_tool" --strip-all "$root/bin/walkthrough"
"$root/bin/walkthrough" --generate-manual > "$root/share/man/man1/walkthrough.1"
"$root/bin/walkthrough" --generate-completion-script bash \
    > "$root/share/bash-completion/completions/walkthrough"
"$root/bin/walkthrough" --generate-completion-script zsh > "$root/share/zsh/site-functions/_walkthrough"
"$root/bin/walkthrough" --generate-completion-script fish \
    > "$root/share/fish/vendor_completions.d/walkthrough.fish"
chmod 0644 "$root/share/man/man1/walkthrough.1" "$root/share/bash-completion/completions/walkthrough" \
    "$root/share/zsh/site-functions/_walkthrough" "$root/share/fish/vendor_completions.d/walkthrough.fish"
echo "installed walkthrough $("$root/bin/walkthrough" --version | cut -d' ' -f2) in $root" \
    "($(($(stat -c %s "$root/bin/walkthrough") / 1048576)) MiB, stripped from" \
    "$(($(stat -c %s "$binary") / 1048576)) MiB)"
