#!/usr/bin/env bash
# Builds tests/cpp/bitsery_bit_packing.cpp against the vendored Bitsery headers and
# writes its output to testdata/bit-packing/cases.tsv (see the README there).
#
#   tests/cpp/bitsery_bit_packing.sh           regenerate testdata/bit-packing/cases.tsv
#   tests/cpp/bitsery_bit_packing.sh --check   regenerate into a scratch directory and
#                                              fail if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ tree of Bitsery v5.2.4).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
vendor="${VENDOR:-$root/../shared/vendor}"
data="$root/testdata/bit-packing"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The seed and the number of random cases per shape of the committed file.
seed=20250601
cases=100

${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Werror \
    -I"$vendor/bitsery/include" \
    "$root/tests/cpp/bitsery_bit_packing.cpp" -o "$scratch/bitsery_bit_packing"
"$scratch/bitsery_bit_packing" --seed "$seed" --cases "$cases" > "$scratch/cases.tsv"

if [ "${1:-}" = "--check" ]; then
    diff -q "$scratch/cases.tsv" "$data/cases.tsv"
else
    mkdir -p "$data"
    cp "$scratch/cases.tsv" "$data/cases.tsv"
    echo "wrote $(wc -l < "$data/cases.tsv") cases to $data/cases.tsv"
fi
