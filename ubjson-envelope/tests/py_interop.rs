//! Interop with `py-ubjson` (PyPI), a reader and writer we did not write.
//!
//! 1. We write a corpus of values covering every type and edge case, plus
//!    envelopes in both modes, into a temporary folder, with a JSON
//!    description of each; `tests/py_interop.py` decodes every file with
//!    `ubjson.loadb` and compares it, strictly, with the description.
//! 2. The script encodes the same data with `ubjson.dumpb`; we decode those
//!    files with our reader and compare with the corpus.
//! 3. `py_ubjson_random_interop`: seeded random documents, other valid
//!    encodings of them and mutated bytes, against py-ubjson in one Python
//!    process (`tests/py_interop_random.py`; see the comment above the test).
//!
//! It needs a Python 3 with the `ubjson` module: `tools/setup-py-ubjson.sh` makes one
//! (a virtual environment in `target/py-ubjson`, which also works where the system
//! Python refuses `pip install`, PEP 668), or Debian's `python3-ubjson` package
//! provides it; `UBJSON_PYTHON` names another interpreter. Without one the test is
//! skipped with a note, except under CI (`packed_fixtures::external`), where that is a
//! failure.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use ubjson_envelope::{unwrap, wrap, Char, HighPrecision, Mode, Value};

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// The tagged JSON description that `py_interop.py` understands. Describes
/// the value as written (non-finite floats are written as null).
fn describe(v: &Value<'_>, out: &mut String) {
    describe_as(v, out, false);
}

/// The description of a value as read: non-finite floats stay floats.
fn describe_exact(v: &Value<'_>, out: &mut String) {
    describe_as(v, out, true);
}

fn describe_as(v: &Value<'_>, out: &mut String, exact: bool) {
    match v {
        Value::Null => out.push_str(r#"["null"]"#),
        Value::Float32(x) if !exact && !x.is_finite() => out.push_str(r#"["null"]"#),
        Value::Float64(x) if !exact && !x.is_finite() => out.push_str(r#"["null"]"#),
        Value::Bool(b) => {
            let _ = write!(out, r#"["bool", {b}]"#);
        }
        Value::Int(i) => {
            let _ = write!(out, r#"["int", "{i}"]"#);
        }
        Value::Float32(x) => {
            let _ = write!(out, r#"["f32", "{:08x}"]"#, x.to_bits());
        }
        Value::Float64(x) => {
            let _ = write!(out, r#"["f64", "{:016x}"]"#, x.to_bits());
        }
        Value::HighPrecision(h) => {
            let _ = write!(out, r#"["hp", "{h}"]"#);
        }
        Value::Char(c) => {
            let _ = write!(out, r#"["char", {}]"#, c.get());
        }
        Value::String(s) => {
            let _ = write!(out, r#"["str", "{}"]"#, hex(s.as_bytes()));
        }
        Value::Binary(b) => {
            let _ = write!(out, r#"["bin", "{}"]"#, hex(b));
        }
        Value::Array(items) => {
            out.push_str(r#"["arr", ["#);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                describe_as(item, out, exact);
            }
            out.push_str("]]");
        }
        Value::Object(entries) => {
            out.push_str(r#"["obj", ["#);
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, r#"["{}", "#, hex(k.as_bytes()));
                describe_as(v, out, exact);
                out.push(']');
            }
            out.push_str("]]");
        }
    }
}

/// A float as py-ubjson may write it: `d`, `D`, or `H` (for subnormals).
fn as_f64(v: &Value<'_>) -> Option<f64> {
    match v {
        Value::Float32(x) => Some(f64::from(*x)),
        Value::Float64(x) => Some(*x),
        Value::HighPrecision(h) => h.as_str().parse().ok(),
        _ => None,
    }
}

/// Equality up to what py-ubjson's writer changes: a one-character string
/// is written as `C` (char) and a char reads back as a string; a
/// high-precision number is written as Python's `Decimal` prints it (`1e2` as
/// `1E+2`: same digits and exponent, other text); a float is
/// written as `D`, or as `d` when it is zero, or as `H` (its exact decimal)
/// when it is subnormal; non-finite floats as null.
fn equivalent(ours: &Value<'_>, theirs: &Value<'_>) -> bool {
    match (ours, theirs) {
        (Value::Float32(x), _) if !x.is_finite() => theirs.is_null(),
        (Value::Float64(x), _) if !x.is_finite() => theirs.is_null(),
        (Value::Float32(_) | Value::Float64(_), _) => {
            as_f64(ours).map(f64::to_bits) == as_f64(theirs).map(f64::to_bits)
        }
        (Value::HighPrecision(a), Value::HighPrecision(b)) => {
            hp_key(a.as_str()).is_some() && hp_key(a.as_str()) == hp_key(b.as_str())
        }
        (Value::Char(c), Value::String(s)) | (Value::String(s), Value::Char(c)) => {
            s.len() == 1 && s.as_bytes()[0] == c.get()
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| equivalent(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| ka == kb && equivalent(va, vb))
        }
        _ => ours == theirs,
    }
}

fn obj(entries: Vec<(&str, Value<'static>)>) -> Value<'static> {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (Cow::Owned(k.to_owned()), v))
            .collect(),
    )
}

fn hp(s: &str) -> Value<'static> {
    Value::HighPrecision(HighPrecision::new(s.to_owned()).unwrap())
}

fn chr(c: u8) -> Value<'static> {
    Value::Char(Char::new(c).unwrap())
}

fn corpus() -> Vec<(String, Value<'static>)> {
    let mut c: Vec<(String, Value<'static>)> = Vec::new();
    let mut add = |name: &str, v: Value<'static>| c.push((name.to_owned(), v));

    add("null", Value::Null);
    add("true", Value::Bool(true));
    add("false", Value::Bool(false));
    for i in [
        -129,
        -128,
        -127,
        -1,
        0,
        1,
        127,
        128,
        255,
        256,
        32767,
        32768,
        -32768,
        -32769,
        65535,
        65536,
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        i64::from(i32::MAX) + 1,
        i64::from(i32::MIN) - 1,
        i64::MAX,
        i64::MIN,
    ] {
        add(&format!("int {i}"), Value::Int(i));
    }
    for x in [1.5f32, -0.0, f32::MAX, f32::MIN_POSITIVE, 1e-45, 0.1] {
        add(&format!("f32 {x:e}"), Value::Float32(x));
    }
    for x in [0.1f64, -0.0, 1e300, 5e-324, f64::MAX, -2.5] {
        add(&format!("f64 {x:e}"), Value::Float64(x));
    }
    add("f64 nan", Value::Float64(f64::NAN));
    add("f64 -inf", Value::Float64(f64::NEG_INFINITY));
    add("f32 inf", Value::Float32(f32::INFINITY));
    for t in [
        "3.14159265358979323846264338327950288",
        "-12345678901234567890123456789",
        "0",
        "-0",
        "-0.5",
        "1.50",
        "1E+400",
        "1.5E-7",
    ] {
        add(&format!("hp {t}"), hp(t));
    }
    add("char A", chr(b'A'));
    add("char nul", chr(0));
    add("char del", chr(127));
    add("str empty", Value::from(""));
    add("str a", Value::from("a"));
    add("str hello", Value::from("hello"));
    add("str 2-byte", Value::from("é"));
    add("str 3-byte", Value::from("日本語"));
    add("str 4-byte", Value::from("😀"));
    add("str 255", Value::String(Cow::Owned("x".repeat(255))));
    add("str 256", Value::String(Cow::Owned("y".repeat(256))));
    add("str 32768", Value::String(Cow::Owned("w".repeat(32768))));
    add("str 65536", Value::String(Cow::Owned("z".repeat(65536))));
    add(
        "str 70000 multibyte",
        Value::String(Cow::Owned("é".repeat(35_000))),
    );
    for n in [0usize, 1, 255, 256, 70_000] {
        let bytes: Vec<u8> = (0..n).map(|i| (i * 31 % 256) as u8).collect();
        add(&format!("bin {n}"), Value::from(bytes));
    }
    add("arr empty", Value::Array(vec![]));
    add("arr nested empty", Value::Array(vec![Value::Array(vec![])]));
    add(
        "arr mixed",
        Value::Array(vec![
            Value::Int(1),
            Value::from("a"),
            Value::Null,
            chr(b'c'),
        ]),
    );
    add(
        "arr typed i",
        Value::Array((1..=5).map(Value::Int).collect()),
    );
    add(
        "arr typed I 300",
        Value::Array(vec![Value::Int(-1000); 300]),
    );
    add("arr typed l", Value::Array(vec![Value::Int(100_000); 5]));
    add("arr typed L", Value::Array(vec![Value::Int(i64::MIN); 5]));
    add("arr typed Z", Value::Array(vec![Value::Null; 6]));
    add("arr typed T", Value::Array(vec![Value::Bool(true); 6]));
    add("arr typed F", Value::Array(vec![Value::Bool(false); 5]));
    add("arr typed S", Value::Array(vec![Value::from("str"); 5]));
    add("arr typed d", Value::Array(vec![Value::Float32(0.5); 5]));
    add("arr typed D", Value::Array(vec![Value::Float64(0.1); 5]));
    add("arr typed C", Value::Array(vec![chr(b'q'); 5]));
    add("arr typed H", Value::Array(vec![hp("1.25"); 5]));
    add("arr uint8 plain", Value::Array(vec![Value::Int(200); 5]));
    add(
        "arr of binaries",
        Value::Array(vec![
            Value::from(vec![1u8, 2]),
            Value::from(Vec::<u8>::new()),
        ]),
    );
    let mut deep = Value::Array(vec![Value::Int(7)]);
    for _ in 0..100 {
        deep = Value::Array(vec![deep]);
    }
    add("arr 101 deep", deep);
    add("obj empty", obj(vec![]));
    add("obj one", obj(vec![("a", Value::Int(1))]));
    add(
        "obj nested",
        obj(vec![(
            "post",
            obj(vec![
                ("id", Value::Int(1137)),
                ("tags", Value::Array(vec![])),
            ]),
        )]),
    );
    add(
        "obj typed i",
        obj(vec![
            ("a", Value::Int(1)),
            ("b", Value::Int(2)),
            ("c", Value::Int(3)),
            ("d", Value::Int(4)),
            ("e", Value::Int(5)),
        ]),
    );
    add(
        "obj typed U",
        obj(vec![
            ("a", Value::Int(200)),
            ("b", Value::Int(201)),
            ("c", Value::Int(202)),
            ("d", Value::Int(203)),
            ("e", Value::Int(204)),
        ]),
    );
    add(
        "obj typed Z",
        obj(["v", "w", "x", "y", "z"]
            .iter()
            .map(|k| (*k, Value::Null))
            .collect()),
    );
    add(
        "obj keys",
        Value::Object(vec![
            (Cow::Owned(String::new()), Value::Int(0)),
            (Cow::Owned("ключ".to_owned()), Value::from("значение")),
            (Cow::Owned("k".repeat(300)), Value::Bool(false)),
        ]),
    );
    add(
        "rich",
        obj(vec![
            ("id", Value::from("ytglvmbsd")),
            ("status", Value::Int(2)),
            (
                "meta",
                obj(vec![
                    ("region", Value::from("hokq")),
                    ("version", Value::Int(3)),
                ]),
            ),
            (
                "items",
                Value::Array(vec![
                    obj(vec![
                        ("sku", Value::from("zbug")),
                        ("qty", Value::Int(87)),
                        ("price_minor", Value::Int(46267)),
                    ]),
                    obj(vec![
                        ("sku", Value::from("tifpue")),
                        ("qty", Value::Int(50)),
                        ("price_minor", Value::Int(24457)),
                    ]),
                ]),
            ),
            ("pi", hp("3.14159265358979323846")),
            ("blob", Value::from(vec![0u8, 255, 128])),
            ("f", Value::Float32(-1.5)),
        ]),
    );
    c
}

fn envelopes() -> Vec<(i64, Vec<u8>, Mode)> {
    let mut out = Vec::new();
    for kind in [
        0,
        1,
        -1,
        127,
        128,
        255,
        256,
        -129,
        32768,
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        i64::MAX,
        i64::MIN,
    ] {
        for n in [0usize, 1, 255, 256, 70_000] {
            let payload: Vec<u8> = (0..n).map(|i| (i % 253) as u8).collect();
            out.push((kind, payload.clone(), Mode::Minimal));
            if i32::try_from(kind).is_ok() {
                out.push((kind, payload, Mode::FixedInt32));
            }
        }
    }
    out
}

/// The interpreters tried, in order: `$UBJSON_PYTHON`, the virtual environment that
/// `tools/setup-py-ubjson.sh` makes (`target/py-ubjson`), `python3` on the `PATH`, and
/// the system's `/usr/bin/python3` (where Debian's `python3-ubjson` installs).
fn candidates() -> Vec<String> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/py-ubjson/bin/python3");
    let mut c: Vec<String> = std::env::var("UBJSON_PYTHON").into_iter().collect();
    c.extend([
        venv.display().to_string(),
        "python3".to_owned(),
        "/usr/bin/python3".to_owned(),
    ]);
    c
}

/// The first interpreter of [`candidates`] that imports `ubjson`, or why none does.
/// The Python to run the checks with, or `None` where py-ubjson is missing and the
/// environment lets `test` be skipped (`packed_fixtures::external::missing` decides;
/// where it may not be skipped, this panics with the set-up to run).
fn python_or_skip(test: &str) -> Option<String> {
    match python() {
        Ok(python) => Some(python),
        Err(reason) => {
            let setup = "Run tools/setup-py-ubjson.sh (a virtual environment with py-ubjson \
                         from PyPI), or install Debian's python3-ubjson.";
            if let Err(failure) = packed_fixtures::external::missing(test, &reason, setup) {
                panic!("{failure}");
            }
            None
        }
    }
}

/// Runs `tests/<script>` on `dir` with `python`, prints what it printed, and returns
/// whether it exited with success, its standard output and its standard error.
fn run_script(python: &str, script: &str, dir: &Path) -> (bool, String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(script);
    let out = Command::new(python).arg(&script).arg(dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    println!("{stdout}");
    (out.status.success(), stdout, stderr)
}

fn python() -> Result<String, String> {
    let mut tried = Vec::new();
    for py in candidates() {
        match Command::new(&py)
            .args(["-c", "import ubjson; print(ubjson.__version__)"])
            .output()
        {
            Ok(out) if out.status.success() => return Ok(py),
            Ok(_) => tried.push(format!("{py} (no ubjson module)")),
            Err(e) => tried.push(format!("{py} ({e})")),
        }
    }
    Err(format!(
        "no Python with py-ubjson: tried {}",
        tried.join(", ")
    ))
}

fn temp_dir() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir =
        std::env::temp_dir().join(format!("ubjson-py-interop-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
}

#[test]
fn py_ubjson_interop() {
    let Some(python) = python_or_skip("py-ubjson interop") else {
        return;
    };
    let dir = temp_dir();
    let corpus = corpus();
    let envelopes = envelopes();

    // 1. Our bytes, and the manifest.
    let mut manifest = String::from("{\"cases\": [\n");
    for (i, (_, value)) in corpus.iter().enumerate() {
        let file = format!("case_{i}.ubj");
        std::fs::write(dir.join(&file), value.to_vec()).unwrap();
        if i > 0 {
            manifest.push_str(",\n");
        }
        let _ = write!(manifest, r#"{{"file": "{file}", "expect": "#);
        describe(value, &mut manifest);
        manifest.push('}');
    }
    manifest.push_str("\n], \"envelopes\": [\n");
    for (i, (kind, payload, mode)) in envelopes.iter().enumerate() {
        let file = format!("env_{i}.ubj");
        std::fs::write(dir.join(&file), wrap(*kind, payload, *mode).unwrap()).unwrap();
        if i > 0 {
            manifest.push_str(",\n");
        }
        let _ = write!(
            manifest,
            r#"{{"file": "{file}", "kind": "{kind}", "payload": "{}"}}"#,
            hex(payload)
        );
    }
    manifest.push_str("\n]}\n");
    std::fs::write(dir.join("manifest.json"), manifest).unwrap();

    let (ok, stdout, stderr) = run_script(&python, "py_interop.py", &dir);
    assert!(
        ok,
        "py-ubjson could not decode our output as expected:\n{stdout}\n{stderr}"
    );
    // Each file is decoded by py-ubjson's C extension and, when the
    // extension is in use, by its pure-Python code too.
    let implementations = if stdout.contains("ubjson-pure-python") {
        2
    } else {
        1
    };
    let expected_checks = (corpus.len() + envelopes.len()) * implementations;
    assert!(
        stdout.contains(&format!("checks ok: {expected_checks}, failed: 0")),
        "{stdout}"
    );

    // 2. py-ubjson's bytes, read by us.
    let mut failures = Vec::new();
    for (i, (name, value)) in corpus.iter().enumerate() {
        let theirs = read(&dir, &format!("py_case_{i}.ubj"));
        match Value::from_slice(&theirs) {
            Ok(v) if equivalent(value, &v) => {}
            Ok(v) => failures.push(format!("{name}: read {:.200}", format!("{v:?}"))),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    for (i, (kind, payload, _)) in envelopes.iter().enumerate() {
        let theirs = read(&dir, &format!("pyenv_env_{i}.ubj"));
        match unwrap(&theirs) {
            Ok((k, p)) if k == *kind && p == &payload[..] => {}
            Ok((k, p)) => failures.push(format!("envelope {i}: kind {k}, {} bytes", p.len())),
            Err(e) => failures.push(format!("envelope {i}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "our reader on py-ubjson output:\n{}",
        failures.join("\n")
    );

    // Byte facts about py-ubjson's writer, pinned so a change shows up here.
    let by_name = |wanted: &str| {
        let i = corpus.iter().position(|(n, _)| n == wanted).unwrap();
        read(&dir, &format!("py_case_{i}.ubj"))
    };
    // Non-negative ints up to 255 are `U` (we write `i` up to 127).
    assert_eq!(by_name("int 0"), [b'U', 0]);
    assert_eq!(by_name("int 127"), [b'U', 127]);
    assert_eq!(by_name("int -1"), [b'i', 0xFF]);
    assert_eq!(by_name("int 256"), [b'I', 1, 0]);
    // Lengths are `U` up to 255, like ours.
    assert_eq!(by_name("str hello"), b"SU\x05hello");
    // A one-character ASCII string is written as a char.
    assert_eq!(by_name("str a"), b"Ca");
    // Floats are always float64.
    assert_eq!(by_name("f32 1.5e0"), [b'D', 0x3F, 0xF8, 0, 0, 0, 0, 0, 0]);
    // ... except zero, which is float32, and subnormals, which are `H` with
    // the float's exact decimal expansion.
    assert_eq!(by_name("f64 -0e0"), [b'd', 0x80, 0, 0, 0]);
    let subnormal = by_name("f64 5e-324");
    assert_eq!(&subnormal[..5], b"HI\x02\xF54");
    // NaN is null.
    assert_eq!(by_name("f64 nan"), b"Z");
    // Bytes are a typed uint8 array with the `#`, also when empty.
    assert_eq!(by_name("bin 0"), b"[$U#U\x00");
    // Containers are plain.
    assert_eq!(by_name("arr typed i"), b"[U\x01U\x02U\x03U\x04U\x05]");
    // Its envelope for kind 1 differs from ours only in the kind's marker.
    let i = envelopes
        .iter()
        .position(|(k, p, m)| *k == 1 && p.is_empty() && *m == Mode::Minimal)
        .unwrap();
    let mut expected = wrap(1, &[], Mode::Minimal).unwrap();
    expected[7] = b'U';
    assert_eq!(read(&dir, &format!("pyenv_env_{i}.ubj")), expected);

    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------
// Randomized interop (issue 17): random Draft 12 documents from a seed, each
// checked three ways against py-ubjson in one Python process:
//
// (a) py-ubjson decodes our encoding, and we decode py-ubjson's encoding of the
//     same data (up to what its writer changes, see [`equivalent`]);
// (b) a second, randomly chosen valid encoding (any integer marker that fits for
//     values, lengths and counts; plain, counted `#` and typed `$`+`#` containers;
//     no-ops `N` before array elements, end markers and object keys) is read as
//     the same value by both;
// (c) truncated, bit-flipped and byte-inserted versions of both encodings: when
//     py-ubjson accepts all of the input, we must accept it with the same value;
//     when we accept it, py-ubjson must too (outside typed `$Z`/`$T`/`$F`
//     objects, whose no-ops it refuses); when we reject it, it must be a typed
//     `Error`, never a panic.
//
// `UBJSON_INTEROP_SEED` and `UBJSON_INTEROP_CASES` override the seed and the
// number of documents; a failure prints both.

/// splitmix64: small, fast, and the same sequence on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `1 / n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The scalar kinds a uniform container is made of; ints come in one marker's
/// range so that the whole container can be typed.
#[derive(Clone, Copy)]
enum Scalar {
    Null,
    True,
    False,
    Int(u8),
    F32,
    F64,
    Hp,
    Char,
    Str,
}

const SCALARS: [Scalar; 13] = [
    Scalar::Null,
    Scalar::True,
    Scalar::False,
    Scalar::Int(b'i'),
    Scalar::Int(b'U'),
    Scalar::Int(b'I'),
    Scalar::Int(b'l'),
    Scalar::Int(b'L'),
    Scalar::F32,
    Scalar::F64,
    Scalar::Hp,
    Scalar::Char,
    Scalar::Str,
];

fn random_int(r: &mut Rng, marker: u8) -> i64 {
    // Edges of each marker's range turn up often: they are where writers and
    // readers go wrong.
    let edge = r.one_in(4);
    match marker {
        b'i' if edge => r.pick(&[-128, -1, 0, 127]),
        b'i' => r.below(256) as i64 - 128,
        b'U' if edge => r.pick(&[128, 255]),
        b'U' => 128 + r.below(128) as i64,
        b'I' if edge => r.pick(&[-32768, -129, 256, 32767]),
        b'I' => loop {
            let v = i64::from(r.next() as i16);
            if !(-128..=255).contains(&v) {
                break v;
            }
        },
        b'l' if edge => r.pick(&[i64::from(i32::MIN), -32769, 32768, i64::from(i32::MAX)]),
        b'l' => loop {
            let v = i64::from(r.next() as i32);
            if i16::try_from(v).is_err() {
                break v;
            }
        },
        _ if edge => r.pick(&[
            i64::MIN,
            i64::from(i32::MIN) - 1,
            i64::from(i32::MAX) + 1,
            i64::MAX,
        ]),
        _ => loop {
            let v = r.next() as i64;
            if i32::try_from(v).is_err() {
                break v;
            }
        },
    }
}

fn random_f32(r: &mut Rng) -> f32 {
    if r.one_in(4) {
        return r.pick(&[0.0, -0.0, 1.5, -2.25, f32::MAX, f32::MIN_POSITIVE, 1e-45]);
    }
    loop {
        let x = f32::from_bits(r.next() as u32);
        if x.is_finite() {
            return x;
        }
    }
}

fn random_f64(r: &mut Rng) -> f64 {
    if r.one_in(4) {
        return r.pick(&[0.0, -0.0, 0.1, -1e300, f64::MAX, f64::MIN_POSITIVE, 5e-324]);
    }
    loop {
        let x = f64::from_bits(r.next());
        if x.is_finite() {
            return x;
        }
    }
}

/// A number in JSON syntax: sign, integer part, fraction, exponent.
fn random_hp(r: &mut Rng) -> String {
    let mut s = String::new();
    let digit = |r: &mut Rng| char::from(b'0' + r.below(10) as u8);
    if r.one_in(3) {
        s.push('-');
    }
    if r.one_in(4) {
        s.push('0');
    } else {
        s.push(char::from(b'1' + r.below(9) as u8));
        for _ in 0..r.below(30) {
            s.push(digit(r));
        }
    }
    if r.one_in(2) {
        s.push('.');
        for _ in 0..=r.below(12) {
            s.push(digit(r));
        }
    }
    if r.one_in(3) {
        s.push(r.pick(&['e', 'E']));
        if let Some(sign) = [None, Some('+'), Some('-')][r.below(3)] {
            s.push(sign);
        }
        for _ in 0..=r.below(3) {
            s.push(digit(r));
        }
    }
    s
}

/// Text with 1- to 4-byte UTF-8 characters; now and then longer than 255 bytes
/// (an `I` length).
fn random_text(r: &mut Rng) -> String {
    const PIECES: [&str; 14] = [
        "a",
        "Z",
        "0",
        " ",
        "\"",
        "\\",
        "\u{0}",
        "\u{7f}",
        "é",
        "ß",
        "ключ",
        "日本",
        "😀",
        "\u{10FFFF}",
    ];
    let n = if r.one_in(60) {
        200 + r.below(200)
    } else {
        r.below(7)
    };
    (0..n).map(|_| r.pick(&PIECES)).collect()
}

fn random_scalar(r: &mut Rng, kind: Scalar) -> Value<'static> {
    match kind {
        Scalar::Null => Value::Null,
        Scalar::True => Value::Bool(true),
        Scalar::False => Value::Bool(false),
        Scalar::Int(m) => Value::Int(random_int(r, m)),
        Scalar::F32 => Value::Float32(random_f32(r)),
        Scalar::F64 => Value::Float64(random_f64(r)),
        Scalar::Hp => hp(&random_hp(r)),
        Scalar::Char => chr(r.below(128) as u8),
        Scalar::Str => Value::String(Cow::Owned(random_text(r))),
    }
}

/// Unique keys (py-ubjson's writer takes a dict).
fn random_keys(r: &mut Rng, n: usize) -> Vec<String> {
    let mut keys: Vec<String> = Vec::with_capacity(n);
    while keys.len() < n {
        let k = random_text(r);
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

fn random_value(r: &mut Rng, depth: usize) -> Value<'static> {
    let containers = depth < 4;
    match r.below(if containers { 16 } else { 11 }) {
        0..=9 => {
            let kind = r.pick(&SCALARS);
            random_scalar(r, kind)
        }
        10 => {
            let n = if r.one_in(40) { 300 } else { r.below(9) };
            Value::Binary(Cow::Owned((0..n).map(|_| r.next() as u8).collect()))
        }
        11..=13 => {
            let items = if r.one_in(3) {
                // Five or more of one scalar kind: our writer makes it typed.
                let kind = r.pick(&SCALARS);
                let n = if r.one_in(30) { 260 } else { 5 + r.below(8) };
                (0..n).map(|_| random_scalar(r, kind)).collect()
            } else {
                (0..r.below(6))
                    .map(|_| random_value(r, depth + 1))
                    .collect()
            };
            Value::Array(items)
        }
        _ => {
            let uniform = r.one_in(3);
            let kind = r.pick(&SCALARS);
            let n = if uniform { 5 + r.below(4) } else { r.below(5) };
            let keys = random_keys(r, n);
            Value::Object(
                keys.into_iter()
                    .map(|k| {
                        let v = if uniform {
                            random_scalar(r, kind)
                        } else {
                            random_value(r, depth + 1)
                        };
                        (Cow::Owned(k), v)
                    })
                    .collect(),
            )
        }
    }
}

/// The integer markers that can hold `v`.
fn fitting_int_markers(v: i64) -> Vec<u8> {
    let mut m = Vec::new();
    if i8::try_from(v).is_ok() {
        m.push(b'i');
    }
    if u8::try_from(v).is_ok() {
        m.push(b'U');
    }
    if i16::try_from(v).is_ok() {
        m.push(b'I');
    }
    if i32::try_from(v).is_ok() {
        m.push(b'l');
    }
    m.push(b'L');
    m
}

fn put_int_body(out: &mut Vec<u8>, marker: u8, v: i64) {
    // The callers pass a marker from `fitting_int_markers(v)`.
    match marker {
        b'i' => out.extend((v as i8).to_be_bytes()),
        b'U' => out.push(v as u8),
        b'I' => out.extend((v as i16).to_be_bytes()),
        b'l' => out.extend((v as i32).to_be_bytes()),
        _ => out.extend(v.to_be_bytes()),
    }
}

/// A length or count with any marker that holds it.
fn hand_len(r: &mut Rng, out: &mut Vec<u8>, n: usize) {
    let v = i64::try_from(n).unwrap();
    let m = r.pick(&fitting_int_markers(v));
    out.push(m);
    put_int_body(out, m, v);
}

/// The markers a value may be written with.
fn markers_for(v: &Value<'_>) -> Vec<u8> {
    match v {
        Value::Null => vec![b'Z'],
        Value::Bool(true) => vec![b'T'],
        Value::Bool(false) => vec![b'F'],
        Value::Int(i) => fitting_int_markers(*i),
        Value::Float32(_) => vec![b'd'],
        Value::Float64(_) => vec![b'D'],
        Value::HighPrecision(_) => vec![b'H'],
        Value::Char(_) => vec![b'C'],
        Value::String(_) => vec![b'S'],
        Value::Binary(_) | Value::Array(_) => vec![b'['],
        Value::Object(_) => vec![b'{'],
    }
}

/// A marker every value may be written with, if there is one. Arrays never get
/// `$U`: that is binary.
fn common_marker<'v>(
    r: &mut Rng,
    values: impl Iterator<Item = &'v Value<'static>>,
    is_array: bool,
) -> Option<u8> {
    let mut common: Option<Vec<u8>> = None;
    for v in values {
        let m = markers_for(v);
        common = Some(match common {
            None => m,
            Some(c) => c.into_iter().filter(|x| m.contains(x)).collect(),
        });
    }
    // An empty container may be typed with any element type.
    let mut common = common.unwrap_or_else(|| b"ZTFiUIlLdDHCS[{".to_vec());
    if is_array {
        common.retain(|&m| m != b'U');
    }
    (!common.is_empty()).then(|| r.pick(&common))
}

fn maybe_noops(r: &mut Rng, out: &mut Vec<u8>) {
    if r.one_in(4) {
        for _ in 0..=r.below(2) {
            out.push(b'N');
        }
    }
}

/// A random valid encoding of `v`, with its marker.
fn hand(r: &mut Rng, v: &Value<'static>, out: &mut Vec<u8>) {
    let m = r.pick(&markers_for(v));
    out.push(m);
    hand_body(r, v, m, out);
}

/// `v` after its marker `m` (written, or implied by a typed container).
fn hand_body(r: &mut Rng, v: &Value<'static>, m: u8, out: &mut Vec<u8>) {
    match v {
        Value::Null | Value::Bool(_) => {}
        Value::Int(i) => put_int_body(out, m, *i),
        Value::Float32(x) => out.extend(x.to_be_bytes()),
        Value::Float64(x) => out.extend(x.to_be_bytes()),
        Value::HighPrecision(h) => {
            hand_len(r, out, h.as_str().len());
            out.extend(h.as_str().as_bytes());
        }
        Value::Char(c) => out.push(c.get()),
        Value::String(s) => {
            hand_len(r, out, s.len());
            out.extend(s.as_bytes());
        }
        Value::Binary(b) => {
            out.extend(b"$U#");
            hand_len(r, out, b.len());
            out.extend(b.iter());
        }
        Value::Array(items) => {
            let typed = if r.one_in(2) {
                common_marker(r, items.iter(), true)
            } else {
                None
            };
            match (typed, r.below(2)) {
                (Some(t), _) => {
                    out.extend([b'$', t, b'#']);
                    hand_len(r, out, items.len());
                    for item in items {
                        hand_body(r, item, t, out);
                    }
                }
                (None, 0) => {
                    out.push(b'#');
                    hand_len(r, out, items.len());
                    for item in items {
                        maybe_noops(r, out);
                        hand(r, item, out);
                    }
                }
                (None, _) => {
                    for item in items {
                        maybe_noops(r, out);
                        hand(r, item, out);
                    }
                    maybe_noops(r, out);
                    out.push(b']');
                }
            }
        }
        Value::Object(entries) => {
            let typed = if r.one_in(2) {
                common_marker(r, entries.iter().map(|(_, v)| v), false)
            } else {
                None
            };
            let key = |r: &mut Rng, k: &str, out: &mut Vec<u8>| {
                hand_len(r, out, k.len());
                out.extend(k.as_bytes());
            };
            match (typed, r.below(2)) {
                (Some(t), _) => {
                    out.extend([b'$', t, b'#']);
                    hand_len(r, out, entries.len());
                    for (k, item) in entries {
                        // A no-op before a key, where the key's length marker
                        // would start (py-ubjson skips it, except in `$Z`,
                        // `$T`, `$F` objects).
                        if !matches!(t, b'Z' | b'T' | b'F') {
                            maybe_noops(r, out);
                        }
                        key(r, k, out);
                        hand_body(r, item, t, out);
                    }
                }
                (None, 0) => {
                    out.push(b'#');
                    hand_len(r, out, entries.len());
                    for (k, item) in entries {
                        maybe_noops(r, out);
                        key(r, k, out);
                        hand(r, item, out);
                    }
                }
                (None, _) => {
                    for (k, item) in entries {
                        maybe_noops(r, out);
                        key(r, k, out);
                        hand(r, item, out);
                    }
                    maybe_noops(r, out);
                    out.push(b'}');
                }
            }
        }
    }
}

/// One mutation of `bytes`: truncated, one bit flipped, one byte deleted, one byte
/// replaced by a marker or a number's edge (a count or length of -1, -128, 127, 255),
/// or one byte inserted (a marker half of the time).
fn mutate(r: &mut Rng, bytes: &[u8], how: usize) -> Vec<u8> {
    let mut m = bytes.to_vec();
    match how {
        0 => m.truncate(r.below(bytes.len().max(1))),
        1 if !m.is_empty() => {
            let at = r.below(m.len());
            m[at] ^= 1 << r.below(8);
        }
        2 if !m.is_empty() => {
            m.remove(r.below(m.len()));
        }
        3 if !m.is_empty() => {
            let at = r.below(m.len());
            m[at] = if r.one_in(2) {
                r.pick(b"ZNTFiUIlLdDHCS[]{}$#")
            } else {
                r.pick(&[0x00, 0x01, 0x7f, 0x80, 0xff])
            };
        }
        _ => {
            let byte = if r.one_in(2) {
                r.pick(b"ZNTFiUIlLdDHCS[]{}$#")
            } else {
                r.next() as u8
            };
            m.insert(r.below(m.len() + 1), byte);
        }
    }
    m
}

/// The name of an error's variant (`LimitExceeded`, ...).
fn variant(e: &ubjson_envelope::Error) -> String {
    format!("{e:?}")
        .split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// A high-precision number as (negative, coefficient digits, exponent), the
/// way Python's `Decimal.as_tuple` sees it, so `1.5e-7` and py-ubjson's
/// `1.5E-7` compare equal.
fn hp_key(text: &str) -> Option<(bool, String, i128)> {
    let (neg, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i128>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    Some((neg, digits.to_owned(), exp - frac.len() as i128))
}

#[test]
fn hp_key_matches_decimal() {
    // Pairs of texts whose Python `Decimal`s have equal `as_tuple()`s.
    assert_eq!(hp_key("1.5e-7"), hp_key("1.5E-7"));
    assert_eq!(hp_key("1e2"), hp_key("1E+2"));
    assert_eq!(hp_key("0.050"), Some((false, "50".to_owned(), -3)));
    assert_eq!(hp_key("-0"), Some((true, "0".to_owned(), 0)));
    assert_ne!(hp_key("100"), hp_key("1E+2"));
    assert_ne!(hp_key("1.50"), hp_key("1.5"));
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={s:?} is not a number")),
        Err(_) => default,
    }
}

#[test]
fn py_ubjson_random_interop() {
    let Some(python) = python_or_skip("py-ubjson random interop") else {
        return;
    };
    let seed: u64 = env_or("UBJSON_INTEROP_SEED", 17);
    let cases: usize = env_or("UBJSON_INTEROP_CASES", 3000);
    let rerun = format!("UBJSON_INTEROP_SEED={seed} UBJSON_INTEROP_CASES={cases}");
    let started = std::time::Instant::now();
    let mut r = Rng(seed);
    let mut failures = Vec::new();

    let mut docs = Vec::with_capacity(cases);
    let mut manifest = String::from("{\"cases\": [\n");
    let mut mutations = 0usize;
    for i in 0..cases {
        let value = random_value(&mut r, 0);
        let ours = value.to_vec();
        let mut alt = Vec::new();
        hand(&mut r, &value, &mut alt);
        // Our own reader first: our bytes and the hand-built ones.
        for (what, bytes) in [("our encoding", &ours), ("hand-built encoding", &alt)] {
            match Value::from_slice(bytes) {
                Ok(v) if v == value => {}
                Ok(v) => failures.push(format!(
                    "case {i}: our reader on the {what} {:.300}: {:.300}, expected {:.300}",
                    hex(bytes),
                    format!("{v:?}"),
                    format!("{value:?}")
                )),
                Err(e) => failures.push(format!(
                    "case {i}: our reader rejects the {what} {:.300}: {e}",
                    hex(bytes)
                )),
            }
        }
        if i > 0 {
            manifest.push_str(",\n");
        }
        manifest.push_str("{\"desc\": ");
        describe(&value, &mut manifest);
        let _ = write!(
            manifest,
            ", \"ours\": \"{}\", \"hand\": \"{}\", \"mut\": [",
            hex(&ours),
            hex(&alt)
        );
        let mut first = true;
        for source in [&ours, &alt] {
            for how in 0..5 {
                let m = mutate(&mut r, source, how);
                let result =
                    std::panic::catch_unwind(|| Value::from_slice(&m).map(Value::into_owned));
                if !first {
                    manifest.push_str(", ");
                }
                first = false;
                mutations += 1;
                let _ = write!(manifest, "[\"{}\", ", hex(&m));
                match result {
                    Ok(Ok(v)) => {
                        manifest.push_str("{\"ok\": ");
                        describe_exact(&v, &mut manifest);
                        manifest.push_str("}]");
                    }
                    Ok(Err(e)) => {
                        let _ = write!(manifest, "{{\"err\": \"{}\"}}]", variant(&e));
                    }
                    Err(_) => {
                        failures.push(format!("case {i}: our reader panics on {}", hex(&m)));
                        manifest.push_str("{\"err\": \"panic\"}]");
                    }
                }
            }
        }
        manifest.push_str("]}");
        docs.push(value);
    }
    manifest.push_str("\n]}\n");

    let dir = temp_dir();
    std::fs::write(dir.join("random.json"), manifest).unwrap();
    let (ok, stdout, stderr) = run_script(&python, "py_interop_random.py", &dir);
    assert!(
        ok && failures.is_empty(),
        "{rerun}: py-ubjson and our codec disagree:\n{stdout}\n{stderr}\nour reader:\n{}",
        failures[..failures.len().min(20)].join("\n")
    );
    // Every document is checked for (a) and (b), every mutation for (c).
    assert!(
        stdout.contains(&format!(
            "documents: {cases}, mutations: {mutations}, failed: 0"
        )),
        "{rerun}\n{stdout}"
    );

    // (a), our half: py-ubjson's encodings, one hex line per document.
    let theirs = std::fs::read_to_string(dir.join("py_random.txt")).unwrap();
    let lines: Vec<&str> = theirs.lines().collect();
    assert_eq!(lines.len(), cases, "{rerun}");
    for (i, (value, line)) in docs.iter().zip(lines).enumerate() {
        let bytes: Vec<u8> = (0..line.len())
            .step_by(2)
            .map(|at| u8::from_str_radix(&line[at..at + 2], 16).unwrap())
            .collect();
        match Value::from_slice(&bytes) {
            Ok(v) if equivalent(value, &v) => {}
            Ok(v) => failures.push(format!(
                "case {i}: py-ubjson wrote {line:.300}, we read {:.300}, expected {:.300}",
                format!("{v:?}"),
                format!("{value:?}")
            )),
            Err(e) => failures.push(format!(
                "case {i}: py-ubjson wrote {line:.300}, we reject it: {e}"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{rerun}: our reader on py-ubjson's output:\n{}",
        failures[..failures.len().min(20)].join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "random interop: seed {seed}, {cases} documents, {mutations} mutations, {:.1?}",
        started.elapsed()
    );
}
