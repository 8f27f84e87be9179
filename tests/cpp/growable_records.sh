#!/usr/bin/env bash
# Builds tests/cpp/growable_records.cpp against the vendored Bitsery headers and writes
# its output to testdata/growable/ (see the README there).
#
#   tests/cpp/growable_records.sh           regenerate testdata/growable/*.hex
#   tests/cpp/growable_records.sh --check   regenerate into a scratch directory and fail
#                                           if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ tree of Bitsery v5.2.4).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
vendor="${VENDOR:-$root/../shared/vendor}"
data="$root/testdata/growable"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Werror \
    -I"$vendor/bitsery/include" \
    "$root/tests/cpp/growable_records.cpp" -o "$scratch/growable_records"
mkdir "$scratch/out"
"$scratch/growable_records" "$scratch/out"

if [ "${1:-}" = "--check" ]; then
    diff -r --exclude=README.md "$scratch/out" "$data"
else
    mkdir -p "$data"
    rm -f "$data"/*.hex
    cp "$scratch/out"/*.hex "$data/"
    echo "wrote $(ls "$scratch/out" | wc -l) files to $data"
fi
