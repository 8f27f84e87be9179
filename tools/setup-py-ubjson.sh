#!/usr/bin/env bash
# Makes py-ubjson, the independent UBJSON implementation that
# ubjson-envelope/tests/py_interop.rs checks our bytes against, available to that test
# without touching the system's Python:
#
#   1. a Python that already has it ($UBJSON_PYTHON, the virtual environment below,
#      python3 on the PATH, or /usr/bin/python3 with Debian's python3-ubjson): nothing
#      to do;
#   2. else a virtual environment in target/py-ubjson with py-ubjson from PyPI, which
#      works where the system Python refuses `pip install` (PEP 668, Debian 12);
#   3. else (no venv module: Debian without python3-venv) it says what to install, and
#      the interop test is skipped with a note; under CI that is an error.
#
# The test looks for the interpreters in the same order.
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/external.sh
venv=target/py-ubjson

for py in "${UBJSON_PYTHON:-}" "$venv/bin/python3" python3 /usr/bin/python3; do
    if [ -n "$py" ] && "$py" -c 'import ubjson' 2>/dev/null; then
        echo "py-ubjson: found ($py)"
        exit 0
    fi
done

if ! command -v python3 >/dev/null; then
    missing_tool "py-ubjson setup" "no python3" \
        "Install Python 3 and run this again, or install Debian's python3-ubjson."
fi
rm -rf "$venv"
if venv_log=$(python3 -m venv "$venv" 2>&1) &&
    "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check py-ubjson; then
    echo "py-ubjson: installed in $venv"
    exit 0
fi
rm -rf "$venv"
missing_tool "py-ubjson setup" "cannot make a virtual environment with py-ubjson (${venv_log:-pip failed})" \
    "Install Debian's python3-ubjson (apt-get install python3-ubjson), or python3-venv and run this again."
