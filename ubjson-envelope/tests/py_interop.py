"""Interop check against py-ubjson, driven by tests/py_interop.rs.

Usage: python3 py_interop.py DIR

DIR/manifest.json, written by the Rust test, lists:
  "cases":     [{"file": "case_3.ubj", "expect": DESC}, ...]
  "envelopes": [{"file": "env_0.ubj", "kind": "-1", "payload": "HEX"}, ...]

For each case this script
  1. decodes our bytes with ubjson.loadb and compares the result, strictly
     (types included), with the description;
  2. encodes the same data with ubjson.dumpb into py_<file>, which the Rust
     test then decodes with our reader.
Both steps run with py-ubjson's C extension and with its pure-Python code.
For each envelope it decodes ours and writes pyenv_<file> with dumpb.

DESC is a tagged JSON list; text and bytes are hex, floats are hex bit
patterns, ints are decimal strings, so nothing is lost in JSON:
  ["null"] ["bool", true] ["int", "123"] ["f32", "3fc00000"]
  ["f64", "3ff8000000000000"] ["hp", "1.5E-7"] ["char", 65]
  ["str", "68c3a9"] ["bin", "abcd"] ["arr", [DESC...]]
  ["obj", [["6b6579", DESC], ...]]

Exit status 0 when every check passes; the last line is "checks ok: N, failed: M".
"""

import json
import os
import struct
import sys
from decimal import Decimal

import ubjson
import ubjson.decoder
import ubjson.encoder


# py-ubjson's C extension (what `ubjson.loadb`/`dumpb` use when it built)
# and its pure-Python implementation: both are checked.
IMPLEMENTATIONS = [("ubjson", ubjson.loadb, ubjson.dumpb)]
if ubjson.EXTENSION_ENABLED:
    IMPLEMENTATIONS.append(("ubjson-pure-python", ubjson.decoder.loadb, ubjson.encoder.dumpb))


def describe(desc):
    """The Python value py-ubjson should decode for DESC (objects as pair lists)."""
    tag = desc[0]
    if tag == "null":
        return None
    if tag == "bool":
        return bool(desc[1])
    if tag == "int":
        return int(desc[1])
    if tag == "f32":
        return struct.unpack(">f", bytes.fromhex(desc[1]))[0]
    if tag == "f64":
        return struct.unpack(">d", bytes.fromhex(desc[1]))[0]
    if tag == "hp":
        return Decimal(desc[1])
    if tag == "char":
        return chr(desc[1])
    if tag == "str":
        return bytes.fromhex(desc[1]).decode("utf-8")
    if tag == "bin":
        return bytes.fromhex(desc[1])
    if tag == "arr":
        return [describe(d) for d in desc[1]]
    if tag == "obj":
        return [(bytes.fromhex(k).decode("utf-8"), describe(v)) for k, v in desc[1]]
    raise ValueError("unknown tag %r" % (tag,))


def to_python(desc):
    """The Python value to hand to ubjson.dumpb for DESC (objects as dicts)."""
    tag = desc[0]
    if tag == "arr":
        return [to_python(d) for d in desc[1]]
    if tag == "obj":
        return {bytes.fromhex(k).decode("utf-8"): to_python(v) for k, v in desc[1]}
    return describe(desc)


def check(got, desc, path):
    """Strict comparison of a decoded value with DESC; returns a list of problems."""
    tag = desc[0]
    want = describe(desc)
    if tag == "null":
        return [] if got is None else ["%s: expected None, got %r" % (path, got)]
    if tag == "bool":
        return [] if got is want else ["%s: expected %r, got %r" % (path, want, got)]
    if tag == "int":
        ok = type(got) is int and got == want
        return [] if ok else ["%s: expected int %r, got %r" % (path, want, got)]
    if tag in ("f32", "f64"):
        fmt = ">f" if tag == "f32" else ">d"
        ok = type(got) is float and struct.pack(fmt, got) == bytes.fromhex(desc[1])
        return [] if ok else ["%s: expected %s %r, got %r" % (path, tag, want, got)]
    if tag == "hp":
        ok = isinstance(got, Decimal) and got == want and str(got) == desc[1]
        return [] if ok else ["%s: expected Decimal %s, got %r" % (path, desc[1], got)]
    if tag in ("char", "str"):
        ok = type(got) is str and got == want
        return [] if ok else ["%s: expected str %r, got %r" % (path, want[:40], got if not isinstance(got, str) else got[:40])]
    if tag == "bin":
        ok = type(got) is bytes and got == want
        return [] if ok else ["%s: expected bytes of %d, got %r" % (path, len(want), type(got))]
    if tag == "arr":
        if type(got) is not list or len(got) != len(desc[1]):
            return ["%s: expected list of %d, got %r" % (path, len(desc[1]), type(got))]
        problems = []
        for i, (g, d) in enumerate(zip(got, desc[1])):
            problems += check(g, d, "%s[%d]" % (path, i))
        return problems
    if tag == "obj":
        if type(got) is not list or len(got) != len(desc[1]):
            return ["%s: expected %d pairs, got %r" % (path, len(desc[1]), got)]
        problems = []
        for (gk, gv), (dk, dv) in zip(got, desc[1]):
            key = bytes.fromhex(dk).decode("utf-8")
            if gk != key:
                problems.append("%s: expected key %r, got %r" % (path, key, gk))
            problems += check(gv, dv, "%s.%s" % (path, key[:20]))
        return problems
    return ["%s: unknown tag %r" % (path, tag)]


def main():
    out_dir = sys.argv[1]
    with open(os.path.join(out_dir, "manifest.json")) as f:
        manifest = json.load(f)
    passed = 0
    failed = 0

    def report(name, problems):
        nonlocal passed, failed
        if problems:
            failed += 1
            for p in problems[:5]:
                print("FAIL %s: %s" % (name, p))
        else:
            passed += 1

    for case in manifest["cases"]:
        name = case["file"]
        with open(os.path.join(out_dir, name), "rb") as f:
            data = f.read()
        for impl, loadb, _ in IMPLEMENTATIONS:
            try:
                got = loadb(data, object_pairs_hook=list)
            except Exception as e:  # noqa: BLE001 - any decoder failure is a failed check
                report(name, ["%s loadb failed: %r" % (impl, e)])
                continue
            report("%s (%s decodes ours)" % (name, impl), check(got, case["expect"], "$"))
        encodings = []
        for impl, _, dumpb in IMPLEMENTATIONS:
            try:
                encodings.append(dumpb(to_python(case["expect"])))
            except Exception as e:  # noqa: BLE001
                report(name, ["%s dumpb failed: %r" % (impl, e)])
        if len(set(encodings)) != 1:
            report(name, ["py-ubjson's C and Python encoders disagree"])
            continue
        with open(os.path.join(out_dir, "py_" + name), "wb") as f:
            f.write(encodings[0])

    for env in manifest["envelopes"]:
        name = env["file"]
        with open(os.path.join(out_dir, name), "rb") as f:
            data = f.read()
        for impl, loadb, _ in IMPLEMENTATIONS:
            problems = []
            try:
                got = loadb(data)
            except Exception as e:  # noqa: BLE001
                report(name, ["%s loadb failed: %r" % (impl, e)])
                continue
            if type(got) is not dict or sorted(got) != ["kind", "payload"]:
                problems.append("expected a dict with kind and payload, got %r" % (type(got),))
            else:
                if type(got["kind"]) is not int or got["kind"] != int(env["kind"]):
                    problems.append("kind %r != %s" % (got["kind"], env["kind"]))
                if type(got["payload"]) is not bytes or got["payload"] != bytes.fromhex(env["payload"]):
                    problems.append("payload differs (%r)" % (type(got["payload"]),))
            report("%s (%s decodes ours)" % (name, impl), problems)
        encoded = ubjson.dumpb({"kind": int(env["kind"]), "payload": bytes.fromhex(env["payload"])})
        with open(os.path.join(out_dir, "pyenv_" + name), "wb") as f:
            f.write(encoded)

    print("py-ubjson %s (C extension: %s)" % (ubjson.__version__, ubjson.EXTENSION_ENABLED))
    print("implementations: %s" % ", ".join(i for i, _, _ in IMPLEMENTATIONS))
    print("checks ok: %d, failed: %d" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
