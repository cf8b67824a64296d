#!/usr/bin/env bash
# Builds the `walkthrough` command as one fully static executable (Swift runtime,
# FoundationEssentials, SQLite and the C library all linked in) at
# .build/static/release/walkthrough: the binary to install and the one whose start-up
# `walkthrough-bench gate` measures. Start-up is about 1.2 ms instead of 2.7 ms with a
# dynamically linked Swift runtime (see README, "Performance").
#
# getpwuid_r/getgrgid_r in a static binary need the C library of the build machine at run time
# (for user look-ups through NSS; GNU ld warns about it, lld does not); `walkthrough` only uses
# them when $LOGNAME, $USER and $HOME are all unset. (The same holds for dlopen in SQLite and
# OpenSSL: neither loads anything here.)
#
# libpq (the fleet store) is linked from Debian's static archives:
#   - libpq.a (libpq-dev);
#   - libpgcommon_shlib.a and libpgport_shlib.a, the helpers libpq.a is built against, from
#     postgresql-server-dev-N of exactly libpq-dev's version: from the installed package when
#     there is one, else fetched with `apt-get download` and unpacked under .build/static/libpq
#     (nothing installed: the package would pull in clang and LLVM for the server's JIT);
#   - libssl.a and libcrypto.a (libssl-dev): TLS (sslmode) works as in the dynamic build;
#   - scripts/static/libpq-stubs.c in place of libgssapi_krb5 and libldap, of which Debian ships
#     no static archives: the static binary has no Kerberos (GSSAPI) login and no LDAP look-up
#     of pg_service.conf entries; passwords, SCRAM, TLS, several hosts, ~/.pgpass and the PG*
#     variables are libpq's own code. The stubs' comment says exactly what each does.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/static-libpq.sh
. scripts/lib/static-libpq.sh
static_libpq_locate || {
    echo "build-static: libpq-dev is not installed (apt-get install libpq-dev)" >&2
    exit 69
}
deps="$pg_deps"
mkdir -p "$deps"
if [ "$pg_fetch" = 1 ]; then
    rm -rf "${deps:?}"/*
    echo "build-static: fetching libpgcommon and libpgport ($pg_package) into $deps" >&2
    (cd "$deps" && apt-get download "$pg_package" >/dev/null 2>&1) || {
        echo "build-static: apt-get download $pg_package failed; install that package" \
            "(the version of libpq-dev) or run apt-get update" >&2
        exit 69
    }
    dpkg-deb -x "$deps"/postgresql-server-dev-*.deb "$deps"
    echo "$pg_version" >"$deps/version"
fi
for archive in /usr/lib/x86_64-linux-gnu/libssl.a /usr/lib/x86_64-linux-gnu/libcrypto.a; do
    [ -f "$archive" ] || [ -f "/usr/lib/$(uname -m)-linux-gnu/$(basename "$archive")" ] || {
        echo "build-static: no $(basename "$archive") (apt-get install libssl-dev)" >&2
        exit 69
    }
done
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
"$toolchain/clang" -c -O2 -fPIC -w scripts/static/libpq-stubs.c -o "$deps/libpq-stubs.o"
rm -f "$deps/libwalkthrough_pq_stubs.a"
"$toolchain/llvm-ar" rcs "$deps/libwalkthrough_pq_stubs.a" "$deps/libpq-stubs.o"

# libpq.a first, then what it needs, in link order.
libraries=(-lpq -lpgcommon_shlib -lpgport_shlib -lssl -lcrypto -lwalkthrough_pq_stubs -lm)
# libpng16.a and libjpeg.a (libpng-dev, libjpeg-dev); libpng's archive needs zlib's.
libraries+=(-lpng16 -ljpeg -lz)
# With the Chafa trait (`scripts/build-static.sh --traits Chafa`): libchafa.a and what it
# needs (GLib and its dependencies), as pkg-config lists them for a static link.
if [[ " $* " == *"Chafa"* ]]; then
    read -r -a chafa_libraries <<<"$(pkg-config --static --libs-only-l chafa)"
    libraries+=("${chafa_libraries[@]}")
fi
# With the Server trait (`--traits default,Server`): libmicrohttpd.a and what it needs (GnuTLS
# and its dependencies), as pkg-config lists them for a static link.
if [[ " $* " == *"Server"* ]]; then
    read -r -a server_libraries <<<"$(pkg-config --static --libs-only-l libmicrohttpd)"
    libraries+=("${server_libraries[@]}")
fi
flags=()
# Code reaches a generic type's metadata through its accessor rather than by demangling the
# type's name at run time, which also looks up each conformance it needs: fewer instructions
# at launch. An unsafe flag, so here and not in Package.swift, where it would keep any package
# from depending on a tagged release.
flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
flags+=(-Xlinker -L"$pglib" -Xlinker -L"$deps")
for library in "${libraries[@]}"; do flags+=(-Xlinker "$library"); done
# The launch's functions side by side: with lld, our modules are compiled one function per
# section (the toolchain's static runtime and Foundation are built that way), the binary is
# linked, scripts/generate-launch-order.sh runs its common launches under callgrind to list the
# functions they run (.build/static/launch-order.txt, a build product, never committed), and
# the binary is linked again with that list as lld's --symbol-ordering-file: a launch then
# touches a few 64 KiB windows of code instead of hundreds (what it is worth: CHANGELOG.md,
# the gate line with and without). Without lld or valgrind, one link and no ordering.
build() {
    swift build -c release --static-swift-stdlib -Xswiftc -static-executable "${flags[@]}" \
        --product walkthrough --scratch-path .build/static "$@"
}
built=".build/static/$(uname -m)-unknown-linux-gnu/release/walkthrough"
order=".build/static/launch-order.txt"
if [ -x "$toolchain/ld.lld" ]; then
    flags+=(-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections)
fi
if [ -x "$toolchain/ld.lld" ] && command -v valgrind >/dev/null 2>&1 \
    && [ "${WALKTHROUGH_LAUNCH_ORDER:-1}" != 0 ]; then
    rm -f "$built"
    build "$@"
    scripts/generate-launch-order.sh "$built" "$order" >&2
    # SwiftPM does not know the list is an input of the link: the binary is removed, so that
    # it is linked again in the list's order.
    rm -f "$built"
    flags+=(-Xlinker --symbol-ordering-file="$PWD/$order" -Xlinker --no-warn-symbol-ordering)
else
    echo "build-static: no lld or no valgrind: linking without a launch order" >&2
fi
build "$@"
echo ".build/static/release/walkthrough"
