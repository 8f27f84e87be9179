//! Interop with `py-ubjson` (PyPI), a reader and writer we did not write.
//!
//! 1. We write a corpus of values covering every type and edge case, plus
//!    envelopes in both modes, into a temporary folder, with a JSON
//!    description of each; `tests/py_interop.py` decodes every file with
//!    `ubjson.loadb` and compares it, strictly, with the description.
//! 2. The script encodes the same data with `ubjson.dumpb`; we decode those
//!    files with our reader and compare with the corpus.
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
    match v {
        Value::Null => out.push_str(r#"["null"]"#),
        Value::Float32(x) if !x.is_finite() => out.push_str(r#"["null"]"#),
        Value::Float64(x) if !x.is_finite() => out.push_str(r#"["null"]"#),
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
                describe(item, out);
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
                describe(v, out);
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
/// is written as `C` (char) and a char reads back as a string; a float is
/// written as `D`, or as `d` when it is zero, or as `H` (its exact decimal)
/// when it is subnormal; non-finite floats as null.
fn equivalent(ours: &Value<'_>, theirs: &Value<'_>) -> bool {
    match (ours, theirs) {
        (Value::Float32(x), _) if !x.is_finite() => theirs.is_null(),
        (Value::Float64(x), _) if !x.is_finite() => theirs.is_null(),
        (Value::Float32(_) | Value::Float64(_), _) => {
            as_f64(ours).map(f64::to_bits) == as_f64(theirs).map(f64::to_bits)
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
    let python = match python() {
        Ok(python) => python,
        Err(reason) => {
            let setup = "Run tools/setup-py-ubjson.sh (a virtual environment with py-ubjson \
                         from PyPI), or install Debian's python3-ubjson.";
            if let Err(failure) =
                packed_fixtures::external::missing("py-ubjson interop", &reason, setup)
            {
                panic!("{failure}");
            }
            return;
        }
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

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py_interop.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
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
