#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz (ignored by git).
#
#   fuzz/build.sh [TARGET...]     default: every target in fuzz/targets
#
# SwiftPM executables do not link with -sanitize=fuzzer, so this compiles the package's sources
# directly with swiftc, instrumented for coverage (libFuzzer) and checked by AddressSanitizer:
# WalkthroughKit as a static library (C module CSQLite), WalkthroughFleet (CLibPQ),
# WalkthroughTranslation and WalkthroughWeb (the web player the CLI's export writes) on it,
# WalkthroughTerminal on top with its pictures (CPNG, CJPEG, and
# CPNGReduced, CSignalPipe and CSQLiteJournal, whose C is compiled with clang, instrumented the
# same way),
# then each target: fuzz/targets/NAME.swift with an @_cdecl("LLVMFuzzerTestOneInput") entry.
# The `arguments` target is compiled into one module with the CLI's sources (all but main.swift),
# so it reaches the command line's internal parser.
#
# A module is rebuilt only when one of its inputs is newer than its output. FUZZ_BUILD_DIR
# builds somewhere else (default .build/fuzz; a relative path is taken from the repository),
# e.g. while a long run uses the binaries there.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

root=$(pwd)
# The build folder, made absolute (FUZZ_BUILD_DIR may be either), so that the link step can run
# from another folder.
out="${FUZZ_BUILD_DIR:-.build/fuzz}"
case "$out" in /*) ;; *) out="$root/$out" ;; esac
mkdir -p "$out"

# The package's settings (Package.swift applies them to every target) and the fuzzing ones.
flags=(
    -swift-version 6
    -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature InternalImportsByDefault
    -enable-upcoming-feature MemberImportVisibility
    -package-name WalkthroughKit
    -parse-as-library
    -O -g
    -sanitize=fuzzer,address
    -use-ld=lld
    -D PICTURES
)
# Absolute, so that the link step can run from another folder.
paths=(-I "$root/Sources/CSQLite" -I "$root/Sources/CLibPQ" -I "$root/Sources/CPNG"
    -I "$root/Sources/CPNGReduced/include" -I "$root/Sources/CJPEG"
    -I "$root/Sources/CSignalPipe/include" -I "$root/Sources/CSQLiteJournal/include"
    -I "$out" -L "$out")
# libpq's headers are in their own folder (pkg-config libpq says where).
paths+=($(pkg-config --cflags-only-I libpq 2>/dev/null | sed 's/-I/-Xcc -I/g'))
# And libpng's (the image decoder's).
paths+=($(pkg-config --cflags-only-I libpng 2>/dev/null | sed 's/-I/-Xcc -I/g'))

# Whether $1 is missing or older than any of the other arguments.
stale() {
    local target=$1
    shift
    [ -e "$target" ] || return 0
    local input
    for input in "$@"; do
        [ "$input" -nt "$target" ] && return 0
    done
    return 1
}

sources() { find "$1" -name '*.swift' ! -path "$2" | sort; }

# build_library NAME SOURCE_DIR: a static library and its module.
build_library() {
    local name=$1 dir=$2
    local files
    mapfile -t files < <(sources "$dir" "/nonexistent")
    local inputs=("${files[@]}")
    [ "$name" != WalkthroughKit ] && inputs+=("$out/libWalkthroughKit.a")
    [ "$name" = WalkthroughKit ] && inputs+=("$out/libCSQLiteJournal.a")
    if stale "$out/lib$name.a" "${inputs[@]}" fuzz/build.sh; then
        echo "fuzz/build.sh: compiling $name (${#files[@]} files)" >&2
        swiftc "${flags[@]}" "${paths[@]}" -module-name "$name" -emit-module \
            -emit-module-path "$out/$name.swiftmodule" -emit-library -static \
            -o "$out/lib$name.a" -wmo "${files[@]}"
    fi
}

# build_c_library NAME: Sources/NAME's C files as a static library, with the same coverage and
# AddressSanitizer instrumentation as the Swift (-fsanitize=fuzzer-no-link: the fuzzer's main
# comes with the target's link).
build_c_library() {
    local name=$1
    local files
    mapfile -t files < <(find "Sources/$name" -name '*.c' | sort)
    if stale "$out/lib$name.a" "${files[@]}" Sources/"$name"/include/*.h fuzz/build.sh; then
        echo "fuzz/build.sh: compiling $name (${#files[@]} files)" >&2
        local clang
        clang="$(dirname "$(command -v swiftc)")/clang"
        local objects=()
        for file in "${files[@]}"; do
            local object="$out/$name-$(basename "$file" .c).o"
            "$clang" -c -O2 -g -fsanitize=fuzzer-no-link,address -I "Sources/$name/include" \
                $(pkg-config --cflags-only-I libpng 2>/dev/null) "$file" -o "$object"
            objects+=("$object")
        done
        rm -f "$out/lib$name.a"
        "$(dirname "$clang")/llvm-ar" rcs "$out/lib$name.a" "${objects[@]}"
    fi
}

# build_target NAME: the fuzzer executable .build/fuzz/fuzz-NAME.
build_target() {
    local name=$1
    local entry="fuzz/targets/$name.swift"
    [ -f "$entry" ] || { echo "fuzz/build.sh: no target '$name' (fuzz/targets/$name.swift)" >&2; return 64; }
    local binary="$out/fuzz-$name"
    local files=("$entry" fuzz/targets/Support/*.swift)
    local module="Fuzz_$name"
    if [ "$name" = arguments ]; then
        # The CLI's parser is internal to its executable: compile its sources into this module.
        mapfile -t cli < <(sources Sources/WalkthroughCLI Sources/WalkthroughCLI/main.swift)
        files+=("${cli[@]}")
        module=WalkthroughCLI
    fi
    if stale "$binary" "${files[@]}" "$out/libWalkthroughKit.a" "$out/libWalkthroughTerminal.a" \
        "$out/libWalkthroughFleet.a" "$out/libWalkthroughTranslation.a" \
        "$out/libWalkthroughWeb.a" "$out/libCPNGReduced.a" \
        "$out/libCSignalPipe.a" "$out/libCSQLiteJournal.a" fuzz/build.sh; then
        echo "fuzz/build.sh: linking fuzz-$name" >&2
        # Run from .build/fuzz/targets, where swiftc leaves the module files it writes beside
        # a whole-module build, with every path made absolute.
        mkdir -p "$out/targets"
        (cd "$out/targets" && swiftc "${flags[@]}" "${paths[@]}" -module-name "$module" -wmo \
            "${files[@]/#/$root/}" \
            -lWalkthroughTerminal -lWalkthroughTranslation -lWalkthroughWeb -lWalkthroughFleet \
            -lWalkthroughKit \
            -lCPNGReduced -lCSignalPipe -lCSQLiteJournal \
            -lsqlite3 -lpq -lpng16 -ljpeg \
            -o "$binary")
    fi
}

targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    for file in fuzz/targets/*.swift; do
        targets+=("$(basename "$file" .swift)")
    done
fi

build_c_library CPNGReduced
build_c_library CSignalPipe
build_c_library CSQLiteJournal
build_library WalkthroughKit Sources/WalkthroughKit
build_library WalkthroughFleet Sources/WalkthroughFleet
build_library WalkthroughTranslation Sources/WalkthroughTranslation
build_library WalkthroughWeb Sources/WalkthroughWeb
build_library WalkthroughTerminal Sources/WalkthroughTerminal
for target in "${targets[@]}"; do
    build_target "$target"
done
