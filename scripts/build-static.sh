#!/usr/bin/env bash
# Builds the `walkthrough` command as one fully static executable (Swift runtime,
# FoundationEssentials, SQLite and the C library all linked in) at
# .build/static/release/walkthrough: the binary to install and the one whose start-up
# `walkthrough-bench gate` measures. Start-up is about 1.2 ms instead of 2.7 ms with a
# dynamically linked Swift runtime (see README, "Performance").
#
# The linker warns that getpwuid_r/getgrgid_r in a static binary need the C library of the
# build machine at run time (for user look-ups through NSS); `walkthrough` only uses them
# when $LOGNAME, $USER and $HOME are all unset.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib -Xswiftc -static-executable \
    --product walkthrough --scratch-path .build/static "$@"
echo ".build/static/release/walkthrough"
