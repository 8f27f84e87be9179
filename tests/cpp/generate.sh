#!/usr/bin/env bash
# Builds one of this folder's C++ generators against the vendored YAS and Bitsery
# headers and writes its output to a folder of testdata/ (see the README there); the
# scripts beside it name the generator and the folder.
#
#   tests/cpp/generate.sh PROGRAM FOLDER           regenerate testdata/FOLDER/
#   tests/cpp/generate.sh PROGRAM FOLDER --check   regenerate into a scratch directory
#                                                  and fail if it differs from testdata/
#
# PROGRAM is tests/cpp/PROGRAM.cpp; it takes the directory to write its files to (every
# file of FOLDER but its README.md). The headers are read from $VENDOR, by default
# ../shared/vendor beside the checkout (the unmodified include/ trees of Bitsery v5.2.4
# and YAS 7.1.0). Without them or a compiler it says so and stops without error, except
# under CI (tools/external.sh).
set -euo pipefail
program="$1"
folder="$2"
root="$(cd "$(dirname "$0")/../.." && pwd)"
vendor="${VENDOR:-$root/../shared/vendor}"
data="$root/testdata/$folder"
. "$root/tools/external.sh"
if ! command -v "${CXX:-g++}" >/dev/null; then
    missing_tool "$program" "no C++ compiler (${CXX:-g++})" "Install g++."
fi
if [ ! -d "$vendor/yas/include" ] || [ ! -d "$vendor/bitsery/include" ]; then
    missing_tool "$program" "no YAS/Bitsery headers in $vendor" \
        "Put the unmodified include/ trees in ../shared/vendor/{yas,bitsery} (or VENDOR)."
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Werror \
    -I"$vendor/yas/include" -I"$vendor/bitsery/include" \
    "$root/tests/cpp/$program.cpp" -o "$scratch/$program"
mkdir "$scratch/out"
"$scratch/$program" "$scratch/out"

if [ "${3:-}" = "--check" ]; then
    diff -r --exclude=README.md "$scratch/out" "$data"
else
    mkdir -p "$data"
    find "$data" -maxdepth 1 -type f ! -name README.md -delete
    cp "$scratch/out"/* "$data/"
    echo "wrote $(ls "$scratch/out" | wc -l) files to $data"
fi
