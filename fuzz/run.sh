#!/usr/bin/env bash
# Runs a libFuzzer target for a while.
#
#   fuzz/run.sh TARGET SECONDS     one target: loader, input, arguments, text, render or image
#   fuzz/run.sh all SECONDS        each target in turn, SECONDS each
#
# Builds the target first (fuzz/build.sh; cached in .build/fuzz). The seed corpus
# (fuzz/corpus/TARGET, in the repository) is read; inputs the fuzzer finds interesting go to
# .build/fuzz/corpus/TARGET, kept between runs. Each input may take at most 10 s (a hang is a
# finding) and the process at most 2 GiB; AddressSanitizer and LeakSanitizer are on.
#
# FUZZ_NO_BUILD=1 skips the build step and runs the binary already built; FUZZ_BUILD_DIR
# names another build folder than .build/fuzz.
#
# Any finding (crash, broken property, leak, timeout, out of memory) is copied to
# fuzz/crashes/TARGET-KIND-HASH and the script exits 1. Reproduce one with
#   .build/fuzz/fuzz-TARGET fuzz/crashes/FILE
# then add it to fuzz/corpus/TARGET and a regression test to the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: fuzz/run.sh TARGET|all SECONDS" >&2
    echo "targets: $(cd fuzz/targets && ls ./*.swift | sed 's|^\./||; s|\.swift$||' | tr '\n' ' ')" >&2
    exit 64
}
[ $# -eq 2 ] || usage
target=$1
seconds=$2
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || usage

if [ "$target" = all ]; then
    status=0
    for file in fuzz/targets/*.swift; do
        "$0" "$(basename "$file" .swift)" "$seconds" || status=1
    done
    exit "$status"
fi
[ -f "fuzz/targets/$target.swift" ] || usage

# FUZZ_NO_BUILD=1 runs the binary already built (a long run while the sources change).
[ "${FUZZ_NO_BUILD:-0}" = 1 ] || fuzz/build.sh "$target"

work="${FUZZ_BUILD_DIR:-.build/fuzz}"
corpus="$work/corpus/$target"
artifacts="$work/artifacts/$target"
log="$work/$target.log"
mkdir -p "$corpus" "$artifacts" fuzz/crashes
rm -f "$artifacts"/*

options=(
    -max_total_time="$seconds"
    -timeout=10
    -rss_limit_mb=2048
    -malloc_limit_mb=2048
    -detect_leaks=1
    -print_final_stats=1
    -artifact_prefix="$artifacts/"
)
[ -f "fuzz/dicts/$target.dict" ] && options+=(-dict="fuzz/dicts/$target.dict")

# Swift's own crash backtracer would take the signal before libFuzzer and confuse
# AddressSanitizer; libFuzzer reports and saves the input itself.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"

echo "fuzz/run.sh: $target for $seconds s (log: $log)" >&2
set +e
"$work/fuzz-$target" "${options[@]}" "$corpus" "fuzz/corpus/$target" >"$log" 2>&1
code=$?
set -e

runs=$(grep -a -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
found=0
for artifact in "$artifacts"/*; do
    [ -e "$artifact" ] || continue
    found=1
    cp "$artifact" "fuzz/crashes/$target-$(basename "$artifact")"
    echo "fuzz/run.sh: $target: finding saved as fuzz/crashes/$target-$(basename "$artifact")" >&2
done
if [ "$code" -ne 0 ] || [ "$found" -ne 0 ] || grep -a -q -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' "$log"; then
    grep -a -E 'property violated|ERROR: |SUMMARY: |Test unit written|timeout|out-of-memory' "$log" | head -20 >&2 || true
    echo "fuzz/run.sh: $target: FAILED (exit $code) after ${runs:-?} executions; see $log" >&2
    exit 1
fi
echo "fuzz/run.sh: $target: ${runs:-?} executions in $seconds s, nothing found" >&2
printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "${runs:-?}" >>"$work/runs.tsv"
