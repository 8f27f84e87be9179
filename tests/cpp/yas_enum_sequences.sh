#!/usr/bin/env bash
# Builds tests/cpp/yas_enum_sequences.cpp against the vendored YAS and Bitsery headers
# and writes its output to testdata/enum-sequences/ (see the README there).
#
#   tests/cpp/yas_enum_sequences.sh           regenerate testdata/enum-sequences/*.hex
#   tests/cpp/yas_enum_sequences.sh --check   regenerate into a scratch directory and
#                                             fail if it differs from testdata/
#
# The headers are read from $VENDOR, by default ../shared/vendor beside the checkout
# (the unmodified include/ trees of Bitsery v5.2.4 and YAS 7.1.0); generate.sh does it.
set -euo pipefail
exec "$(dirname "$0")/generate.sh" yas_enum_sequences enum-sequences "$@"
