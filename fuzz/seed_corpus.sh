#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ (git-ignored) from the golden files of the C++ libraries,
# then from the harness's own samples and UBJSON documents (through a cargo test).
# Idempotent: file names are content hashes or fixed.
#
#   bash fuzz/seed_corpus.sh [GOLDEN_DIR]      # default: testdata/golden in the repository
#
# decode_packed / roundtrip_packed inputs are one selector byte, then the body
# (fuzz/src/packed.rs): selector = type << 3 | layout. Each golden file is seeded with
# the selector of its fixture's type and its configuration's layout, so it decodes;
# every selector is also seeded with a short all-zero body. Files over 4 KiB are left
# out (the runs use -max_len=4096).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
golden="${1:-$here/../testdata/golden}"

python3 - "$golden" "$here/corpus" <<'PY'
import hashlib, os, sys

golden, out = sys.argv[1], sys.argv[2]

# Must match fuzz/src/packed.rs: GOLDEN_CONFIGS (layout index) and GOLDEN_FIXTURES.
configs = ["bitsery-le", "bitsery-be", "yas-binary", "yas-binary-noheader",
           "yas-binary-ebig", "yas-binary-compacted", "yas-binary-compacted-ebig"]
fixtures = {"document": 0, "scalars": 2, "nested_vec": 3, "optional_none": 4,
            "optional_some": 4, "enum_i32": 5, "enum_u8": 6, "ints_edge": 7}
for n in (0, 1, 127, 128, 129, 16383, 16384, 70000):
    fixtures[f"sizes_{n}"] = 1
TYPES, LAYOUTS, MAX_LEN = 21, 8, 4096

counts = {}
seen = set()

def put(target, data):
    if len(data) > MAX_LEN:
        return
    if (target, data) in seen:
        return
    seen.add((target, data))
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
    counts[target] = counts.get(target, 0) + 1

for layout, config in enumerate(configs):
    for fixture, ty in fixtures.items():
        path = os.path.join(golden, f"{config}_{fixture}.hex")
        with open(path) as f:
            body = bytes.fromhex(f.read().strip())
        sel = bytes([ty << 3 | layout])
        for target in ("decode_packed", "roundtrip_packed"):
            put(target, sel + body)

for ty in range(TYPES):
    for layout in range(LAYOUTS):
        for n in (0, 4, 16):
            for target in ("decode_packed", "roundtrip_packed"):
                put(target, bytes([ty << 3 | layout]) + bytes(n))

for target, n in sorted(counts.items()):
    print(f"{target}: {n} seeds -> {os.path.join(out, target)}")
PY

# The harness's own seeds: one valid encoding of every type under every layout (its
# sample values) and the UBJSON / envelope documents of fuzz/src/ubjson.rs. The test
# checks that each is valid, and writes them where FUZZ_CORPUS_DIR says.
(cd "$here/.." && FUZZ_CORPUS_DIR="$here/corpus" cargo test -q -p packed-tests --test fuzz_stable seeds_are_valid)
for t in decode_packed roundtrip_packed ubjson_value envelope_unwrap; do
    echo "$t: $(ls "$here/corpus/$t" | wc -l) files"
done
