"""Randomized interop check against py-ubjson, driven by
py_ubjson_random_interop in tests/py_interop.rs.

Usage: python3 py_interop_random.py DIR

DIR/random.json, written by the Rust test:
  {"cases": [{"desc": DESC, "ours": HEX, "hand": HEX,
              "mut": [[HEX, {"ok": DESC} | {"err": "Variant"}], ...]}, ...]}
where DESC is the tagged description of py_interop.py, "ours" our encoding of
the document, "hand" another valid encoding of it, and "mut" mutated inputs
with what our reader made of them.

For each document this script
  (a) decodes "ours" and compares it with DESC, and writes py-ubjson's own
      encoding of the data as one hex line of DIR/py_random.txt (the Rust test
      decodes those);
  (b) decodes "hand" and compares it with DESC;
  (c) decodes each mutated input: when py-ubjson accepts all of it, our reader
      must have accepted it with the same value. Two kinds of rejection on our
      side are allowed and counted: a limit of ours (`LimitExceeded`,
      `DepthLimitExceeded`), and `InvalidHighPrecision`, for `H` text that
      Python's Decimal takes but that is not a JSON number (" 1", "1.", "NaN"),
      which Draft 12 requires. Conversely, an input our reader accepts must be
      accepted by py-ubjson too (so a reader of ours grown too lenient fails),
      except inside a typed `{$Z`, `{$T` or `{$F` object, where py-ubjson refuses
      the no-ops before keys that it skips in every other object (a quirk we do
      not copy, see read.rs); those are counted apart.
py-ubjson "accepts" an input when decoding succeeds and ends at its last byte:
ubjson.loadb ignores trailing bytes, which we reject. With the pure-Python code
as the reference, inputs with a container count of zero are not compared (see
ZERO_COUNTS).

The decoder and encoder used are py-ubjson's C extension when it is built, else
(or with UBJSON_INTEROP_PURE_PYTHON=1) its pure-Python code; the output says
which. The last line is
"documents: N, mutations: M, failed: F"; the exit status is 0 when F is 0.
"""

import json
import math
import os
import struct
import sys
from decimal import Decimal
from io import BytesIO

import ubjson
import ubjson.decoder
import ubjson.encoder

# The value descriptions are py_interop.py's (this script's directory is on the path).
from py_interop import to_python

# UBJSON_INTEROP_PURE_PYTHON=1 checks against the pure-Python code even where the
# extension is built.
if ubjson.EXTENSION_ENABLED and not os.environ.get("UBJSON_INTEROP_PURE_PYTHON"):
    IMPLEMENTATION = "C extension"
    LOAD, DUMPB = ubjson.load, ubjson.dumpb
else:
    IMPLEMENTATION = "pure Python"
    LOAD, DUMPB = ubjson.decoder.load, ubjson.encoder.dumpb

# A mutated count can ask py-ubjson for a list of a billion Nones (it
# preallocates counted arrays): make that a MemoryError, not a machine in swap.
try:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
except (ImportError, ValueError, OSError):
    pass


def same(got, desc):
    """Whether a decoded value is exactly DESC (types included; objects as pair
    lists; any NaN equals any NaN, as py-ubjson widens float32 to a double)."""
    tag = desc[0]
    if tag == "null":
        return got is None
    if tag == "bool":
        return got is bool(desc[1])
    if tag == "int":
        return type(got) is int and got == int(desc[1])
    if tag in ("f32", "f64"):
        if type(got) is not float:
            return False
        want = struct.unpack(">f" if tag == "f32" else ">d", bytes.fromhex(desc[1]))[0]
        if math.isnan(want):
            return math.isnan(got)
        return struct.pack(">d", got) == struct.pack(">d", want)
    if tag == "hp":
        # Same sign, digits and exponent: "1e2" is 1E+2, not 100.
        return isinstance(got, Decimal) and got.as_tuple() == Decimal(desc[1]).as_tuple()
    if tag == "char":
        return type(got) is str and got == chr(desc[1])
    if tag == "str":
        return type(got) is str and got == bytes.fromhex(desc[1]).decode("utf-8")
    if tag == "bin":
        return type(got) is bytes and got == bytes.fromhex(desc[1])
    if tag == "arr":
        return (type(got) is list and len(got) == len(desc[1])
                and all(same(g, d) for g, d in zip(got, desc[1])))
    if tag == "obj":
        return (type(got) is list and len(got) == len(desc[1])
                and all(type(p) is tuple and p[0] == bytes.fromhex(k).decode("utf-8") and same(p[1], v)
                        for p, (k, v) in zip(got, desc[1])))
    raise ValueError("unknown tag %r" % (tag,))


# py-ubjson's pure-Python decoder reads one byte ahead after a container count of
# zero (`[#U\x00`, `{#U\x00`, `{$i#U\x00`): it swallows the next value's marker, so
# `[[#U\x00Z]` reads as [[]], and a top-level `[#U\x00` followed by one more byte
# reads as all of it. Its C extension does not. When the pure-Python code is the
# reference, inputs with such a count are counted apart instead of compared.
ZERO_COUNTS = [b"#" + m + b"\x00" * n for m, n in ((b"i", 1), (b"U", 1), (b"I", 2), (b"l", 4), (b"L", 8))]


def has_zero_count(data):
    """Whether DATA may hold a zero count that the pure-Python code reads past (not
    after `[$U`: empty bytes are read without looking ahead)."""
    if IMPLEMENTATION != "pure Python":
        return False
    for z in ZERO_COUNTS:
        at = data.find(z)
        while at >= 0:
            if data[max(at - 3, 0):at] != b"[$U":
                return True
            at = data.find(z, at + 1)
    return False


# py-ubjson refuses a no-op before a key of these typed objects, and skips it in
# every other object; we skip it in all of them (read.rs). An input we accept that
# holds one of these headers is counted apart rather than failed.
ZERO_SIZE_TYPED_OBJECTS = (b"{$Z", b"{$T", b"{$F")


def decode_all(data):
    """(True, value) if py-ubjson decodes DATA and ends at its last byte, else
    (False, reason)."""
    fp = BytesIO(data)
    try:
        value = LOAD(fp, object_pairs_hook=list)
    except Exception as e:  # noqa: BLE001 - any failure is a rejection
        return False, "%s: %s" % (type(e).__name__, e)
    if fp.tell() != len(data):
        return False, "trailing bytes from %d" % fp.tell()
    return True, value


def main():
    out_dir = sys.argv[1]
    with open(os.path.join(out_dir, "random.json")) as f:
        cases = json.load(f)["cases"]
    failed = []
    mutations = 0
    counts = {"both accept": 0, "both reject": 0, "our limit": 0, "non-JSON H text": 0,
              "only we accept, typed Z/T/F object": 0}
    if IMPLEMENTATION == "pure Python":
        counts["zero count, not compared"] = 0
    zero_count_documents = 0
    only_we_accept = []
    py_lines = []

    for i, case in enumerate(cases):
        desc = case["desc"]
        # (a) and (b): both valid encodings decode to the document.
        for what in ("ours", "hand"):
            data = bytes.fromhex(case[what])
            if has_zero_count(data):
                zero_count_documents += 1
                continue
            ok, got = decode_all(data)
            if not ok:
                failed.append("case %d: py-ubjson rejects %s %s: %s" % (i, what, case[what], got))
            elif not same(got, desc):
                failed.append("case %d: py-ubjson reads %s %s as %.300r, expected %.300r"
                              % (i, what, case[what], got, to_python(desc)))
        py_lines.append(DUMPB(to_python(desc)).hex())

        # (c) mutations.
        for data_hex, ours in case["mut"]:
            mutations += 1
            data = bytes.fromhex(data_hex)
            if has_zero_count(data):
                counts["zero count, not compared"] += 1
                continue
            ok, got = decode_all(data)
            if ok and "ok" in ours:
                if same(got, ours["ok"]):
                    counts["both accept"] += 1
                else:
                    failed.append("case %d: %s: py-ubjson reads %.300r, we read %.300r"
                                  % (i, data_hex, got, to_python(ours["ok"])))
            elif ok:
                if ours["err"] in ("LimitExceeded", "DepthLimitExceeded"):
                    counts["our limit"] += 1
                elif ours["err"] == "InvalidHighPrecision":
                    counts["non-JSON H text"] += 1
                else:
                    failed.append("case %d: %s: py-ubjson reads %.300r, we reject it (%s)"
                                  % (i, data_hex, got, ours["err"]))
            elif "ok" in ours:
                if any(h in data for h in ZERO_SIZE_TYPED_OBJECTS):
                    counts["only we accept, typed Z/T/F object"] += 1
                    if len(only_we_accept) < 10:
                        only_we_accept.append("  %s (py-ubjson: %s)" % (data_hex, got))
                else:
                    failed.append("case %d: %s: we read %.300r, py-ubjson rejects it (%s)"
                                  % (i, data_hex, to_python(ours["ok"]), got))
            else:
                counts["both reject"] += 1

    with open(os.path.join(out_dir, "py_random.txt"), "w") as f:
        f.write("\n".join(py_lines) + "\n")

    for line in failed[:30]:
        print("FAIL " + line)
    print("py-ubjson %s, %s" % (ubjson.__version__, IMPLEMENTATION))
    print("mutations: " + ", ".join("%s %d" % kv for kv in counts.items()))
    if IMPLEMENTATION == "pure Python":
        print("encodings with a zero count, not compared: %d" % zero_count_documents)
    if only_we_accept:
        print("accepted by us, rejected by py-ubjson in a typed Z/T/F object (first %d):" % len(only_we_accept))
        print("\n".join(only_we_accept))
    print("documents: %d, mutations: %d, failed: %d" % (len(cases), mutations, len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
