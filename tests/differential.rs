//! Randomized differential test against the real C++ libraries.
//!
//! `differential/gen.cpp` (built with `g++ -std=c++17` against the unmodified Bitsery
//! 5.2.4 and YAS 7.1.0 headers in `../shared/vendor/`) draws random values of many shapes
//! from a seed, encodes each in the seven configurations of `testdata/golden/README.md`,
//! checks that its library reads the bytes back to the same value, and prints the value in
//! a neutral text form with the bytes of every configuration. This test parses each
//! value (`differential/text.rs`) and checks, per case and configuration, for the type
//! with the configuration's container attributes (`from_slice`, `to_vec`,
//! `encoded_len`) and for the attribute-free type under the matching layout
//! (`from_slice_as`, `to_vec_as`, `encoded_len_as`):
//!
//! - decode: the C++ bytes decode to the value (and, for the attribute type, decode in
//!   place with `from_slice_into` over the previous case's value, to the value too),
//! - encode: the value encodes to the C++ bytes,
//! - encoded_len: the exact length of the C++ bytes.
//!
//! The Bitsery extensions (`differential/ext_shapes.rs`: bit packing with ranges,
//! float ranges, entropy, `align`, containers, optionals, bitsets and the other std
//! extensions (chrono, wide strings, set, tuple, map, deque, list) in a session, nested
//! bit-packed types; CompactValue, `int = "varint"`; Growable, with version 1 and 2
//! records read as each other) are shapes of Bitsery's two configurations only, each
//! with its own `serialize` in `gen.cpp`. Where what Bitsery reads back differs from what
//! was written (quantised floats, another version), the value text carries both; besides
//! the checks above (and decoding from a stream), their bytes are mutated (truncated,
//! bits flipped, a byte appended), and each mutation must decode to a typed error or a
//! value that encodes back to the input or, where the format has several encodings of
//! a value, to bytes that decode to it.
//!
//! The decode side (`differential/judge.rs`): after each case the generator mutates each
//! configuration's bytes (`--mutations M` per case and configuration, default 1) and
//! prints its library's verdict on each, the value read or that it refused them; each
//! must get the same verdict from `from_slice` here, except where we refuse by design
//! what the library reads (the crate docs' "Reading what the C++ libraries read"; each
//! such reason is counted in the log).
//!
//! The values come from the generator alone, so nothing expected is taken from our
//! encoder. Why values travel as text rather than being regenerated on the Rust side from
//! a shared PRNG: one generator is the single source of every value, and the C++ library
//! has already read the value back from its own bytes before the line is printed; a
//! second generator in Rust would have to stay step for step in sync with the first, and
//! any drift would look like a codec mismatch.
//!
//! ```text
//! cargo test -p packed-tests --test differential                          # 100 cases per shape, random seed
//! cargo test -p packed-tests --test differential -- --seed 7 --cases 1000 # a longer, reproducible run
//! cargo test -p packed-tests --test differential -- --shape vec_e8       # one shape (repeatable)
//! cargo test -p packed-tests --test differential -- --mutations 32       # judge more mutated inputs
//! cargo test -p packed-tests --test differential -- --verbose            # examples of known failures too
//! ```
//!
//! `PACKED_DIFFERENTIAL_SEED`, `PACKED_DIFFERENTIAL_CASES` and
//! `PACKED_DIFFERENTIAL_MUTATIONS` do the same as the flags. The
//! seed is printed on every run. Without `g++` or the headers (`../shared/vendor` beside
//! the checkout, or `PACKED_VENDOR_DIR`) the test prints that it is skipped and passes,
//! except under CI (`CI=true`, exported by `.ci/run`; `packed_fixtures::external`),
//! where that is a failure. The
//! compiled generator is cached in `target/tmp/differential/`, keyed by a hash of its
//! source and flags.
//!
//! Pairs of shape and configuration that are known to differ are listed in
//! [`KNOWN_FAILING`]: their failures are reported but do not fail the run, and an entry
//! that no longer fails does, so the list is emptied as fixes land.

#[path = "differential/ext_shapes.rs"]
mod ext_shapes;
#[path = "differential/judge.rs"]
mod judge;
#[path = "differential/shapes.rs"]
mod shapes;
#[path = "differential/text.rs"]
mod text;

use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use packed_core::{Decode, Encode, Layout};
use packed_tests::CONFIGS;
use text::Text;

/// A shape that is known to encode differently from the C++ library in some
/// configurations. (None is now: the list stays for the next difference found.)
#[allow(dead_code)]
struct KnownFailing {
    shape: &'static str,
    configs: &'static [&'static str],
    why: &'static str,
}

/// Known differences. Each entry's failures are counted in the log (with an example each
/// under `--verbose`) but do not fail the test; an entry whose shape passes in one of its
/// configurations fails it, so that the entry is removed when the fix lands.
const KNOWN_FAILING: &[KnownFailing] = &[];

fn known_failing(shape: &str, config: &str) -> Option<&'static KnownFailing> {
    KNOWN_FAILING
        .iter()
        .find(|k| k.shape == shape && k.configs.contains(&config))
}

// ---------------------------------------------------------------------------------------
// Checking one case
// ---------------------------------------------------------------------------------------

/// One line of the generator's output.
pub struct Case<'a> {
    shape: &'a str,
    index: &'a str,
    /// The value's text, as printed by the generator.
    value: &'a str,
    /// The C++ bytes, one per configuration (`None`: a configuration the library cannot
    /// write the shape in, `-` in the generator's line).
    bytes: Vec<Option<Vec<u8>>>,
}

/// What went wrong in one check.
struct Failure {
    check: &'static str,
    detail: String,
    ours: Option<Vec<u8>>,
}

/// One failing case of a (shape, configuration) pair, kept to be reported.
struct Example {
    case: String,
    value: String,
    cpp: Vec<u8>,
    failures: Vec<Failure>,
}

#[derive(Default)]
struct PairStats {
    cases: u64,
    failed: u64,
    /// The failing case with the shortest value text: the smallest reproducer.
    smallest: Option<Example>,
}

/// Results so far.
#[derive(Default)]
pub struct Outcome {
    pairs: BTreeMap<(String, usize), PairStats>,
    generator_errors: Vec<String>,
    /// Per shape and configuration, the previous case's value (of that configuration's
    /// type), which the next case is decoded into with `from_slice_into`.
    previous: HashMap<(String, usize), Box<dyn Any>>,
    /// Per shape and configuration, the mutations judged against the library's reader.
    judged: BTreeMap<(String, usize), JudgeStats>,
}

/// The mutations of one shape and configuration and how our verdicts compared.
#[derive(Default)]
struct JudgeStats {
    /// Refused by both.
    refused: u64,
    /// Read by both, to the same value.
    read: u64,
    /// Judged otherwise by design, per reason (mostly: refused by us, read by the library).
    deliberate: BTreeMap<&'static str, u64>,
    /// Verdicts that differ without a reason: the first few, with their mutation.
    defects: Vec<String>,
    defect_count: u64,
}

impl Outcome {
    fn generator_error(&mut self, e: String) {
        if self.generator_errors.len() < 20 {
            self.generator_errors.push(e);
        }
    }

    fn record(&mut self, case: &Case<'_>, config: usize, failures: Vec<Failure>) {
        let stats = self
            .pairs
            .entry((case.shape.to_string(), config))
            .or_default();
        stats.cases += 1;
        if failures.is_empty() {
            return;
        }
        stats.failed += 1;
        if stats
            .smallest
            .as_ref()
            .is_none_or(|e| case.value.len() < e.value.len())
        {
            stats.smallest = Some(Example {
                case: case.index.to_string(),
                value: case.value.to_string(),
                cpp: case.bytes[config].clone().unwrap_or_default(),
                failures,
            });
        }
    }
}

/// Parses the case's value as `T`, or records why it could not.
fn parse_value<T: Text>(case: &Case<'_>, out: &mut Outcome) -> Option<T> {
    match text::parse::<T>(case.value) {
        Ok(v) => Some(v),
        Err(e) => {
            out.generator_error(format!("{} case {}: {e}", case.shape, case.index));
            None
        }
    }
}

/// The checks of one case in one configuration, and what failed.
struct Checks<'a> {
    case: &'a Case<'a>,
    cpp: &'a [u8],
    failures: Vec<Failure>,
}

impl Checks<'_> {
    /// Runs `call`; `verdict` says what is wrong with its result, if anything, and our
    /// bytes where there are some. A panic is a failure too, and does not end the run.
    fn check<T>(
        &mut self,
        check: &'static str,
        call: impl FnOnce() -> T,
        verdict: impl FnOnce(T) -> Option<(String, Option<Vec<u8>>)>,
    ) {
        let found = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(call)) {
            Ok(result) => verdict(result),
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Some((format!("panicked: {msg}"), None))
            }
        };
        if let Some((detail, ours)) = found {
            self.failures.push(Failure {
                check,
                detail,
                ours,
            });
        }
    }

    /// The C++ bytes decode to the generated value (compared by text, so floats by their
    /// bits).
    fn decodes<T: Text, E: Debug>(
        &mut self,
        check: &'static str,
        call: impl FnOnce(&[u8]) -> Result<T, E>,
    ) {
        let (cpp, want) = (self.cpp, self.case.value);
        self.check(
            check,
            || call(cpp),
            |got| match got {
                Ok(v) => {
                    let got = text::print(&v);
                    (got != want)
                        .then(|| (format!("decoded another value: {}", clip(&got, 600)), None))
                }
                Err(e) => Some((format!("error: {e:?}"), None)),
            },
        );
    }

    /// The value encodes to the C++ bytes.
    fn encodes<E: Debug>(
        &mut self,
        check: &'static str,
        call: impl FnOnce() -> Result<Vec<u8>, E>,
    ) {
        let cpp = self.cpp;
        self.check(check, call, |got| match got {
            Ok(b) if b == cpp => None,
            Ok(b) => Some((describe_difference(cpp, &b), Some(b))),
            Err(e) => Some((format!("error: {e:?}"), None)),
        });
    }

    /// The encoded length is the C++ bytes' length.
    fn measures<E: Debug>(&mut self, check: &'static str, call: impl FnOnce() -> Result<usize, E>) {
        let want = self.cpp.len();
        self.check(check, call, |got| match got {
            Ok(n) if n == want => None,
            got => Some((format!("{got:?}, C++ wrote {want} bytes"), None)),
        });
    }
}

/// The checks of one case in configuration `config`: `A` is the shape's type with
/// the configuration's attributes, `free` the value as the attribute-free type `F`, `L`
/// the layout for it.
fn check_config<A, F, L>(config: usize, case: &Case<'_>, free: &F, out: &mut Outcome)
where
    A: Text + Encode + for<'de> Decode<'de> + 'static,
    F: Text + Encode + for<'de> Decode<'de>,
    L: Layout,
{
    let Some(cpp) = case.bytes[config].as_deref() else {
        return;
    };
    let Some(own) = parse_value::<A>(case, out) else {
        return;
    };
    if config == 0 && text::print(free) != case.value {
        // The text form must survive parse + print, or the comparisons below mean nothing.
        out.generator_error(format!(
            "{} case {}: the value text does not print back as itself",
            case.shape, case.index
        ));
        return;
    }
    let mut c = Checks {
        case,
        cpp,
        failures: Vec::new(),
    };
    c.decodes("decode (from_slice)", |b| packed_core::from_slice::<A>(b));
    // Decoding in place over the previous case's value (other lengths, other variants,
    // `Some` where this one has `None`) must give this case's value too.
    let key = (case.shape.to_string(), config);
    if let Some(mut previous) = out
        .previous
        .remove(&key)
        .and_then(|p| p.downcast::<A>().ok())
    {
        c.decodes("decode in place (from_slice_into)", |b| {
            packed_core::from_slice_into(b, &mut *previous).map(|()| *previous)
        });
    }
    c.encodes("encode (to_vec)", || packed_core::to_vec(&own));
    c.measures("encoded_len", || packed_core::encoded_len(&own));
    c.decodes("decode (from_slice_as)", |b| {
        packed_core::from_slice_as::<L, F>(b)
    });
    c.encodes("encode (to_vec_as)", || {
        packed_core::to_vec_as::<L, _>(free)
    });
    c.measures("encoded_len_as", || {
        packed_core::encoded_len_as::<L, _>(free)
    });
    let failures = c.failures;
    out.previous.insert(key, Box::new(own));
    out.record(case, config, failures);
}

fn describe_difference(cpp: &[u8], ours: &[u8]) -> String {
    let at = cpp
        .iter()
        .zip(ours)
        .position(|(a, b)| a != b)
        .unwrap_or(cpp.len().min(ours.len()));
    let from = at.saturating_sub(8);
    let window = |b: &[u8]| text::hex(&b[from.min(b.len())..(at + 16).min(b.len())]);
    format!(
        "C++ {} bytes, ours {}; first difference at byte {at}: C++ [{from}..] {} / ours [{from}..] {}",
        cpp.len(),
        ours.len(),
        window(cpp),
        window(ours)
    )
}

fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        s.to_string()
    } else {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} chars)", &s[..end], s.len())
    }
}

// ---------------------------------------------------------------------------------------
// Options, tools, the generator
// ---------------------------------------------------------------------------------------

const DEFAULT_CASES: u64 = 100;

struct Options {
    seed: u64,
    cases: u64,
    /// Mutations judged per case and configuration (`judge`).
    mutations: u64,
    shapes: Vec<String>,
    /// Print an example of each known failure too.
    verbose: bool,
}

enum Parsed {
    Run(Options),
    /// libtest's `--list`, or a name filter this test does not match.
    Nothing,
}

fn env_u64(name: &str) -> Result<Option<u64>, String> {
    match std::env::var(name) {
        Ok(v) => v.parse().map(Some).map_err(|e| format!("{name}={v}: {e}")),
        Err(_) => Ok(None),
    }
}

/// `--seed N`, `--cases N`, `--shape NAME`; libtest's own flags (which `cargo test -- ...`
/// passes to every test binary) are accepted and ignored, and a name filter that does
/// not match `differential` skips the test, as libtest would.
fn parse_args() -> Result<Parsed, String> {
    let mut seed = env_u64("PACKED_DIFFERENTIAL_SEED")?;
    let mut cases = env_u64("PACKED_DIFFERENTIAL_CASES")?;
    let mut mutations = env_u64("PACKED_DIFFERENTIAL_MUTATIONS")?;
    let mut shapes = Vec::new();
    let mut verbose = false;
    let mut args = std::env::args().skip(1);
    let mut filters = Vec::new();
    while let Some(a) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value"));
        match a.as_str() {
            "--seed" => {
                seed = Some(
                    value("--seed")?
                        .parse()
                        .map_err(|e| format!("--seed: {e}"))?,
                )
            }
            "--cases" => {
                cases = Some(
                    value("--cases")?
                        .parse()
                        .map_err(|e| format!("--cases: {e}"))?,
                )
            }
            "--mutations" => {
                mutations = Some(
                    value("--mutations")?
                        .parse()
                        .map_err(|e| format!("--mutations: {e}"))?,
                )
            }
            "--shape" => shapes.push(value("--shape")?),
            "--verbose" => verbose = true,
            "--list" => {
                println!("differential: test");
                return Ok(Parsed::Nothing);
            }
            // libtest flags that take a value.
            "--test-threads" | "--format" | "--color" | "--skip" | "--logfile" | "-Z" => {
                value(&a)?;
            }
            s if s.starts_with('-') => {}
            s => filters.push(s.to_string()),
        }
    }
    if !filters.is_empty() && !filters.iter().any(|f| "differential".contains(f.as_str())) {
        return Ok(Parsed::Nothing);
    }
    for s in &shapes {
        if !all_shapes().contains(&s.as_str()) {
            return Err(format!(
                "unknown shape `{s}`; shapes: {}",
                all_shapes().join(", ")
            ));
        }
    }
    let seed = seed.unwrap_or_else(|| {
        let t = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        (t ^ u64::from(std::process::id()).rotate_left(32)) % 1_000_000_000_000
    });
    Ok(Parsed::Run(Options {
        seed,
        cases: cases.unwrap_or(DEFAULT_CASES),
        mutations: mutations.unwrap_or(judge::DEFAULT_MUTATIONS),
        shapes,
        verbose,
    }))
}

const SOURCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/differential/gen.cpp");
/// No `-Werror`: another g++ may warn where this one does not, and that is no reason
/// to skip the comparison. The headers are system headers, so their warnings are not ours.
const FLAGS: &[&str] = &["-std=c++17", "-O1", "-Wall", "-Wextra"];

/// Why the generator cannot be built here.
enum Missing {
    Compiler(String),
    Headers(PathBuf),
}

fn vendor_dir() -> PathBuf {
    match std::env::var_os("PACKED_VENDOR_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vendor"),
    }
}

fn find_tools() -> Result<PathBuf, Missing> {
    if let Err(e) = Command::new("g++").arg("--version").output() {
        return Err(Missing::Compiler(format!("g++: {e}")));
    }
    let vendor = vendor_dir();
    let headers = [
        "bitsery/include/bitsery/bitsery.h",
        "yas/include/yas/binary_oarchive.hpp",
    ];
    if headers.iter().any(|h| !vendor.join(h).is_file()) {
        return Err(Missing::Headers(vendor));
    }
    Ok(vendor)
}

/// FNV-1a, 64 bits: the cache key of the compiled generator.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for part in parts {
        for &b in *part {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
        h = (h ^ 0xFF).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

/// Builds the generator, or reuses the one built from the same source, flags and headers.
fn build_generator(vendor: &Path) -> Result<PathBuf, String> {
    let source = std::fs::read(SOURCE).map_err(|e| format!("{SOURCE}: {e}"))?;
    let vendor = vendor
        .canonicalize()
        .map_err(|e| format!("{}: {e}", vendor.display()))?;
    let includes = [
        "-isystem".to_string(),
        vendor.join("bitsery/include").display().to_string(),
        "-isystem".to_string(),
        vendor.join("yas/include").display().to_string(),
    ];
    // The vendor README names the libraries' commits.
    let vendor_readme = std::fs::read(vendor.join("README.md")).unwrap_or_default();
    let mut key_parts: Vec<&[u8]> = vec![&source, &vendor_readme];
    key_parts.extend(FLAGS.iter().map(|f| f.as_bytes()));
    key_parts.extend(includes.iter().map(|i| i.as_bytes()));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("differential");
    let exe = dir.join(format!("gen-{:016x}", fnv1a(&key_parts)));
    if exe.is_file() {
        println!("differential: using the cached generator {}", exe.display());
        return Ok(exe);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let tmp = dir.join(format!("gen-building-{}", std::process::id()));
    let start = Instant::now();
    let status = Command::new("g++")
        .args(FLAGS)
        .args(&includes)
        .arg(SOURCE)
        .arg("-o")
        .arg(&tmp)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if !status.success() {
        return Err(format!("g++ failed to build {SOURCE} ({status})"));
    }
    std::fs::rename(&tmp, &exe).map_err(|e| format!("{}: {e}", exe.display()))?;
    println!(
        "differential: built {} in {:.1} s",
        exe.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(exe)
}

/// Every shape: the base ones (all seven configurations), then the Bitsery extensions'.
fn all_shapes() -> Vec<&'static str> {
    shapes::SHAPES
        .iter()
        .chain(ext_shapes::SHAPES)
        .copied()
        .collect()
}

/// The generator's shapes must be exactly ours, so that none goes unchecked.
fn check_shape_list(exe: &Path) -> Result<(), String> {
    let out = Command::new(exe)
        .arg("--list")
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let list = String::from_utf8_lossy(&out.stdout);
    let theirs: Vec<&str> = list.lines().collect();
    if !out.status.success() || theirs != all_shapes() {
        return Err(format!(
            "gen.cpp's shapes {theirs:?} are not the Rust side's {:?}",
            all_shapes()
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

/// Runs the generator and checks every line as it arrives.
fn run(exe: &Path, opts: &Options) -> Result<Outcome, String> {
    let mut cmd = Command::new(exe);
    cmd.args([
        "--seed",
        &opts.seed.to_string(),
        "--cases",
        &opts.cases.to_string(),
        "--mutations",
        &opts.mutations.to_string(),
    ]);
    for s in &opts.shapes {
        cmd.args(["--shape", s]);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let stdout = child.stdout.take().expect("piped");
    let mut reader = BufReader::with_capacity(1 << 20, stdout);
    let mut out = Outcome::default();
    let mut line = String::new();
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut current: Option<(String, Instant)> = None;
    // The last case's shape, index and bytes: the mutations that follow it are of these.
    let mut last: (String, String, Vec<Option<Vec<u8>>>) = Default::default();
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|e| format!("reading the generator's output: {e}"))?;
        if n == 0 {
            break;
        }
        let fields: Vec<&str> = line.trim_end_matches('\n').split('\t').collect();
        if fields[0] == "~" {
            judge_line(&fields, &last, &mut out);
            continue;
        }
        if fields.len() != 3 + CONFIGS.len() {
            out.generator_error(format!("a line of {} fields", fields.len()));
            continue;
        }
        let bytes: Result<Vec<Option<Vec<u8>>>, String> = fields[3..]
            .iter()
            .map(|h| match *h {
                "-" => Ok(None),
                h => text::unhex(h).map(Some),
            })
            .collect();
        let case = Case {
            shape: fields[0],
            index: fields[1],
            value: fields[2],
            bytes: bytes?,
        };
        last = (
            case.shape.to_string(),
            case.index.to_string(),
            case.bytes.clone(),
        );
        if current.as_ref().is_none_or(|(s, _)| s != case.shape) {
            if let Some((s, t)) = current.take() {
                report_shape(&out, &s, t);
            }
            current = Some((case.shape.to_string(), Instant::now()));
        }
        *counts.entry(case.shape.to_string()).or_default() += 1;
        if !ext_shapes::check_case(case.shape, &case, &mut out) {
            shapes::check_case(case.shape, &case, &mut out);
        }
    }
    if let Some((s, t)) = current.take() {
        report_shape(&out, &s, t);
    }
    let status = child.wait().map_err(|e| format!("generator: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the generator failed ({status}); see its message above"
        ));
    }
    let expected: Vec<&str> = if opts.shapes.is_empty() {
        all_shapes()
    } else {
        all_shapes()
            .iter()
            .copied()
            .filter(|s| opts.shapes.iter().any(|o| o == s))
            .collect()
    };
    for s in expected {
        let n = counts.get(s).copied().unwrap_or(0);
        if n != opts.cases {
            out.generator_error(format!("{s}: {n} cases, expected {}", opts.cases));
        }
    }
    Ok(out)
}

/// Judges one mutation line of the generator (`judge`): ours against the library's.
fn judge_line(fields: &[&str], last: &(String, String, Vec<Option<Vec<u8>>>), out: &mut Outcome) {
    let &["~", shape, index, config, spec, verdict, detail] = fields else {
        out.generator_error(format!("a mutation line of {} fields", fields.len()));
        return;
    };
    let Ok(config) = config.parse::<usize>() else {
        out.generator_error(format!("mutation line: configuration `{config}`"));
        return;
    };
    let bytes = match (shape == last.0 && index == last.1)
        .then(|| last.2.get(config).cloned().flatten())
        .flatten()
    {
        Some(b) => b,
        None => {
            out.generator_error(format!(
                "{shape} case {index}: a mutation of configuration {config} without its case"
            ));
            return;
        }
    };
    let input = match judge::apply(spec, &bytes) {
        Ok(i) => i,
        Err(e) => {
            out.generator_error(format!("{shape} case {index}: {e}"));
            return;
        }
    };
    let theirs = match verdict {
        "ok" => Ok(detail),
        "err" => Err(detail),
        v => {
            out.generator_error(format!("{shape} case {index}: verdict `{v}`"));
            return;
        }
    };
    let ours = std::panic::catch_unwind(|| {
        ext_shapes::judge(shape, config, &bytes, &input)
            .or_else(|| shapes::judge(shape, config, &bytes, &input))
    });
    let stats = out.judged.entry((shape.to_string(), config)).or_default();
    let mut defect = |what: String| {
        stats.defect_count += 1;
        if stats.defects.len() < 3 {
            stats.defects.push(format!(
                "case {index}, mutation {spec} (input {}): {what}",
                clip(&text::hex(&input), 300)
            ));
        }
    };
    let ours = match ours {
        Ok(Some(judge::Ours {
            problem: Some(problem),
            ..
        })) => return defect(problem),
        Ok(Some(o)) => o.slice,
        Ok(None) => {
            out.generator_error(format!(
                "mutation of `{shape}` in configuration {config}: no such shape here"
            ));
            return;
        }
        Err(_) => return defect("the decoder panicked".to_string()),
    };
    let ours_ok = ours.is_ok();
    match judge::compare(shape, config, theirs, ours, |t, o| {
        shapes::same_value(shape, config, t, o)
    }) {
        Ok(None) if ours_ok => stats.read += 1,
        Ok(None) => stats.refused += 1,
        Ok(Some(why)) => *stats.deliberate.entry(why).or_default() += 1,
        Err(what) => defect(what),
    }
}

/// The judged mutations' totals, and each defect's examples; false if there is one.
fn report_judged(out: &Outcome) -> bool {
    let (mut refused, mut read, mut defects) = (0, 0, 0);
    let mut deliberate: BTreeMap<&str, u64> = BTreeMap::new();
    for ((shape, c), s) in &out.judged {
        refused += s.refused;
        read += s.read;
        defects += s.defect_count;
        for (why, n) in &s.deliberate {
            *deliberate.entry(why).or_default() += n;
        }
        if s.defect_count > 0 {
            println!(
                "differential: {shape} / {}: {} mutations judged otherwise than the C++ reader:",
                CONFIGS[*c], s.defect_count
            );
            for d in &s.defects {
                println!("      {d}");
            }
        }
    }
    let judged = refused + read + defects + deliberate.values().sum::<u64>();
    println!(
        "differential: {judged} mutated inputs judged against the C++ readers: {refused} refused by both, {read} read by both to the same value, {defects} otherwise"
    );
    for (why, n) in deliberate {
        println!("  by design: {n} ({why})");
    }
    defects == 0
}

/// One progress line per shape.
fn report_shape(out: &Outcome, shape: &str, start: Instant) {
    let mut failing = Vec::new();
    let mut cases = 0;
    for (c, config) in CONFIGS.iter().enumerate() {
        if let Some(s) = out.pairs.get(&(shape.to_string(), c)) {
            cases = s.cases;
            if s.failed > 0 {
                let tag = if known_failing(shape, config).is_some() {
                    " (known)"
                } else {
                    ""
                };
                failing.push(format!("{config} {}/{}{tag}", s.failed, s.cases));
            }
        }
    }
    println!(
        "  {shape:<13} {cases:>5} cases  {:>6.2} s  {}",
        start.elapsed().as_secs_f64(),
        if failing.is_empty() {
            "ok".to_string()
        } else {
            format!("failing: {}", failing.join(", "))
        }
    );
}

fn print_example(shape: &str, config: &str, s: &PairStats) {
    let Some(e) = &s.smallest else { return };
    println!(
        "    {shape} / {config}: {} of {} cases fail; smallest: case {}",
        s.failed, s.cases, e.case
    );
    println!("      value: {}", clip(&e.value, 600));
    println!("      C++ bytes: {}", clip(&text::hex(&e.cpp), 600));
    let mut shown: Option<&Vec<u8>> = None;
    for f in &e.failures {
        println!("      {}: {}", f.check, f.detail);
        if let Some(ours) = f.ours.as_ref().filter(|&o| shown != Some(o)) {
            println!("        our bytes: {}", clip(&text::hex(ours), 600));
            shown = Some(ours);
        }
    }
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(Parsed::Run(o)) => o,
        Ok(Parsed::Nothing) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("differential: {e}");
            return ExitCode::FAILURE;
        }
    };
    let vendor = match find_tools() {
        Ok(v) => v,
        Err(missing) => {
            let what = match missing {
                Missing::Compiler(e) => format!("no C++ compiler ({e})"),
                Missing::Headers(d) => format!(
                    "no Bitsery/YAS headers in {} (../shared/vendor beside the checkout, or PACKED_VENDOR_DIR)",
                    d.display()
                ),
            };
            let setup = "Install g++ and put the unmodified Bitsery 5.2.4 and YAS 7.1.0 \
                         include/ trees in ../shared/vendor/{bitsery,yas} (or PACKED_VENDOR_DIR).";
            if let Err(failure) = packed_fixtures::external::missing("differential", &what, setup) {
                eprintln!("{failure}");
                return ExitCode::FAILURE;
            }
            println!("test result: ok. 0 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out");
            return ExitCode::SUCCESS;
        }
    };
    let start = Instant::now();
    let exe = match build_generator(&vendor).and_then(|exe| check_shape_list(&exe).map(|()| exe)) {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("differential: FAILED: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "differential: seed {}, {} cases per shape (rerun: cargo test -p packed-tests --test differential -- --seed {} --cases {})",
        opts.seed, opts.cases, opts.seed, opts.cases
    );
    if !KNOWN_FAILING.is_empty() {
        println!("differential: known failing (reported, not failing the run):");
        for k in KNOWN_FAILING {
            println!("  {} in {}: {}", k.shape, k.configs.join(", "), k.why);
        }
    }
    let checked = Instant::now();
    let out = match run(&exe, &opts) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("differential: FAILED: {e}");
            return ExitCode::FAILURE;
        }
    };

    let mut passed = 0;
    let mut failed = Vec::new();
    let mut known = Vec::new();
    let mut stale = Vec::new();
    let mut cases = 0;
    for ((shape, c), s) in &out.pairs {
        let config = CONFIGS[*c];
        cases += s.cases;
        match (known_failing(shape, config), s.failed) {
            (None, 0) => passed += 1,
            (None, _) => failed.push((shape, config, s)),
            (Some(_), 0) => stale.push((shape, config, s)),
            (Some(_), _) => known.push((shape, config, s)),
        }
    }
    if opts.verbose && !known.is_empty() {
        println!("differential: known failing, as expected:");
        for (shape, config, s) in &known {
            print_example(shape, config, s);
        }
    }
    if !failed.is_empty() {
        println!("differential: FAILURES (shape / configuration):");
        for (shape, config, s) in &failed {
            print_example(shape, config, s);
        }
    }
    for (shape, config, s) in &stale {
        println!(
            "differential: {shape} / {config} is in KNOWN_FAILING but passed all {} cases: remove it",
            s.cases
        );
    }
    for e in &out.generator_errors {
        println!("differential: generator or harness error: {e}");
    }
    let judged_ok = report_judged(&out);
    let ok = failed.is_empty() && stale.is_empty() && out.generator_errors.is_empty() && judged_ok;
    println!(
        "differential: seed {}: {cases} checks of a case in a configuration, {} shape/configuration pairs, in {:.1} s ({:.1} s with the build)",
        opts.seed,
        out.pairs.len(),
        checked.elapsed().as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "test result: {}. {passed} passed; {} failed; {} ignored; 0 measured; 0 filtered out",
        if ok { "ok" } else { "FAILED" },
        failed.len()
            + stale.len()
            + usize::from(!out.generator_errors.is_empty())
            + usize::from(!judged_ok),
        known.len()
    );
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
