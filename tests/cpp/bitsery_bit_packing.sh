#!/usr/bin/env bash
# Builds tests/cpp/bitsery_bit_packing.cpp against the vendored Bitsery headers and
# writes its output to testdata/bit-packing/cases.tsv (see the README there).
#
#   tests/cpp/bitsery_bit_packing.sh           regenerate testdata/bit-packing/cases.tsv
#   tests/cpp/bitsery_bit_packing.sh --check   regenerate into a scratch directory and
#                                              fail if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ tree of Bitsery v5.2.4); generate.sh does it.
set -euo pipefail
exec "$(dirname "$0")/generate.sh" bitsery_bit_packing bit-packing "$@"
