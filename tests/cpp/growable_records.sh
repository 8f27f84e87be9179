#!/usr/bin/env bash
# Builds tests/cpp/growable_records.cpp against the vendored Bitsery headers and writes
# its output to testdata/growable/ (see the README there).
#
#   tests/cpp/growable_records.sh           regenerate testdata/growable/*.hex
#   tests/cpp/growable_records.sh --check   regenerate into a scratch directory and fail
#                                           if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ tree of Bitsery v5.2.4); generate.sh does it.
set -euo pipefail
exec "$(dirname "$0")/generate.sh" growable_records growable "$@"
