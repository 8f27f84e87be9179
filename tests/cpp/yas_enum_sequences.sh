#!/usr/bin/env bash
# Builds tests/cpp/yas_enum_sequences.cpp against the vendored YAS and Bitsery headers
# and writes its output to testdata/enum-sequences/ (see the README there).
#
#   tests/cpp/yas_enum_sequences.sh           regenerate testdata/enum-sequences/*.hex
#   tests/cpp/yas_enum_sequences.sh --check   regenerate into a scratch directory and
#                                             fail if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ trees of Bitsery v5.2.4 and YAS 7.1.0). Without them or a
# compiler it says so and stops without error, except under CI (tools/external.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
vendor="${VENDOR:-$root/../shared/vendor}"
data="$root/testdata/enum-sequences"
. "$root/tools/external.sh"
if ! command -v "${CXX:-g++}" >/dev/null; then
    missing_tool "yas_enum_sequences.sh" "no C++ compiler (${CXX:-g++})" "Install g++."
fi
if [ ! -d "$vendor/yas/include" ] || [ ! -d "$vendor/bitsery/include" ]; then
    missing_tool "yas_enum_sequences.sh" "no YAS/Bitsery headers in $vendor" \
        "Put the unmodified include/ trees in ../shared/vendor/{yas,bitsery} (or VENDOR)."
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Werror \
    -I"$vendor/yas/include" -I"$vendor/bitsery/include" \
    "$root/tests/cpp/yas_enum_sequences.cpp" -o "$scratch/yas_enum_sequences"
mkdir "$scratch/out"
"$scratch/yas_enum_sequences" "$scratch/out"

if [ "${1:-}" = "--check" ]; then
    diff -r --exclude=README.md "$scratch/out" "$data"
else
    mkdir -p "$data"
    rm -f "$data"/*.hex
    cp "$scratch/out"/*.hex "$data/"
    echo "wrote $(ls "$scratch/out" | wc -l) files to $data"
fi
