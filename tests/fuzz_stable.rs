//! The fuzz targets' checks (`fuzz/src/*.rs`, included here), run on stable under
//! `cargo test` with a fixed-seed generator instead of libFuzzer.
//!
//! Each test starts from valid inputs (the golden files of the C++ libraries, the
//! harness's sample value of every type under every layout, hand-written UBJSON) and
//! feeds the checks mutants of them: bit flips, interesting bytes, insertions,
//! deletions, truncations, splices of two inputs, hostile length prefixes in every
//! prefix encoding written over random positions, selector changes (the same body read
//! as another type or layout) and plain random bytes. Every input runs under
//! `catch_unwind`: a panic fails the test with the input's hex, as does a broken
//! invariant (see the harness docs: round trips, agreement of the entry points).
//!
//! Counts: 300,000 inputs for the packed decoders with round trips, 200,000 without,
//! 150,000 UBJSON values and 100,000 envelopes: 750,000 inputs, about 4 s in a debug
//! build on two shared cores (most mutants are rejected within a few bytes; about one
//! in ten decodes). `FUZZ_STABLE_SCALE=N` runs N times as many.
//!
//! What the mutants found: zero-size elements (`Vec<()>`) made streams loop on a huge
//! count (decided since in packed-core: at most `Limits::max_zero_width_elements` such
//! elements per document),
//! and `from_slice_into` reports truncations at other offsets than `from_slice`
//! (`in_place_truncation_offsets`, a harness assumption). `fuzzer_findings` keeps the
//! inputs libFuzzer stopped on. No input made a decoder panic.

#[allow(dead_code)]
#[path = "../fuzz/src/packed.rs"]
mod packed;
#[allow(dead_code)]
#[path = "../fuzz/src/ubjson.rs"]
mod ubjson;

use std::panic::{catch_unwind, AssertUnwindSafe};

use packed_core::DecodeError;
use packed_tests::Rng;

/// Bytes that sit at the edges of the formats' cases.
const INTERESTING: [u8; 12] = [
    0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xBF, 0xC0, 0xFE, 0xFF, b'[', b'{',
];

/// Length prefixes that claim far more than any input holds, in every prefix encoding
/// the layouts use, and UBJSON counts.
const HOSTILE_PREFIXES: [&[u8]; 14] = [
    // Bitsery compact: 2^30 - 1, and 2^14 - 1.
    &[0xFF, 0xFF, 0xFF, 0xFF],
    &[0xBF, 0xFF],
    // u64 little- and big-endian: 2^62, 2^64 - 1.
    &[0, 0, 0, 0, 0, 0, 0, 0x40],
    &[0x40, 0, 0, 0, 0, 0, 0, 0],
    &[0xFF; 8],
    // u32 0xFFFF_FFFF, u16 0xFFFF.
    &[0xFF; 4],
    &[0xFF, 0xFF],
    // LEB128: 2^35 - 1, and an overlong one.
    &[0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
    &[
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
    ],
    // YAS compacted: 8 bytes of 0xFF, and a width byte of 9.
    &[0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    &[0x09, 0xFF],
    // UBJSON counts: #L 2^62, #l 2^31 - 1, $Z#l.
    b"#L\x40\x00\x00\x00\x00\x00\x00\x00",
    b"#l\x7F\xFF\xFF\xFF",
    b"$Z#l\x7F\xFF\xFF\xFF",
];

/// One random mutation of `input` (never longer than `max_len`).
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, pool: &[Vec<u8>], max_len: usize) {
    let n = input.len();
    match rng.below(10) {
        0 if n > 0 => {
            let i = rng.below(n);
            input[i] ^= 1 << rng.below(8);
        }
        1 if n > 0 => {
            let i = rng.below(n);
            input[i] = if rng.chance(2) {
                INTERESTING[rng.below(INTERESTING.len())]
            } else {
                rng.byte()
            };
        }
        2 => {
            let at = rng.below(n + 1);
            let k = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..k).map(|_| rng.byte()).collect();
            input.splice(at..at, bytes);
        }
        3 if n > 0 => {
            let at = rng.below(n);
            let k = 1 + rng.below((n - at).min(16));
            input.drain(at..at + k);
        }
        4 => input.truncate(rng.below(n + 1)),
        5 => {
            // Splice: our prefix, another input's suffix.
            let other = &pool[rng.below(pool.len())];
            let cut = rng.below(n + 1);
            let from = rng.below(other.len() + 1);
            input.truncate(cut);
            input.extend_from_slice(&other[from..]);
        }
        6 => {
            // A hostile length prefix written over (or inserted at) a random position.
            let p = HOSTILE_PREFIXES[rng.below(HOSTILE_PREFIXES.len())];
            let at = rng.below(n + 1);
            if rng.chance(2) {
                input.splice(at..at, p.iter().copied());
            } else {
                let end = (at + p.len()).min(n);
                input.splice(at..end, p.iter().copied());
            }
        }
        7 if n > 0 => {
            // The same body as another type or layout (harmless for UBJSON inputs).
            input[0] = rng.byte();
        }
        8 if n > 0 => {
            // Repeat a chunk: longer sequences, deeper nesting.
            let at = rng.below(n);
            let k = 1 + rng.below((n - at).min(8));
            let chunk = input[at..at + k].to_vec();
            let times = 1 + rng.below(8);
            for _ in 0..times {
                input.splice(at..at, chunk.iter().copied());
            }
        }
        _ => {
            // A small random integer in place of a byte: lengths and tags near the
            // boundaries.
            if n > 0 {
                let i = rng.below(n);
                input[i] = input[i].wrapping_add(rng.below(5) as u8).wrapping_sub(2);
            }
        }
    }
    input.truncate(max_len);
}

/// Runs `check` on `count` inputs: each a base from `pool` with 1..=4 mutations, or
/// (one in 16) random bytes. Fails with the hex of every input that panicked or broke
/// an invariant (the first ten of them).
fn fuzz(
    name: &str,
    seed: u64,
    count: usize,
    pool: &[Vec<u8>],
    check: impl Fn(&[u8]) -> Result<bool, String>,
) {
    let count = count * scale();
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let mut failed = 0usize;
    let mut decoded = 0usize;
    for _ in 0..count {
        let input = if rng.chance(16) {
            let n = rng.below(64);
            (0..n).map(|_| rng.byte()).collect()
        } else {
            let mut input = pool[rng.below(pool.len())].clone();
            // One mutation half of the time (most survivors decode), else 1..=4.
            let k = if rng.chance(2) { 1 } else { 1 + rng.below(4) };
            for _ in 0..k {
                mutate(&mut rng, &mut input, pool, 4096);
            }
            input
        };
        match catch_unwind(AssertUnwindSafe(|| check(&input))) {
            Ok(Ok(true)) => decoded += 1,
            Ok(Ok(false)) => {}
            Ok(Err(e)) => {
                failed += 1;
                if failures.len() < 10 {
                    failures.push(format!(
                        "invariant: {e}\n  input: {}",
                        packed::to_hex(&input)
                    ));
                }
            }
            Err(panic) => {
                failed += 1;
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_default();
                if failures.len() < 10 {
                    failures.push(format!("panic: {msg}\n  input: {}", packed::to_hex(&input)));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {failed} of {count} inputs failed:\n{}",
        failures.join("\n")
    );
    eprintln!("{name}: {count} inputs, {decoded} decoded");
    // The mutants must reach past the first byte: some of them still decode.
    assert!(
        decoded * 100 > count,
        "{name}: only {decoded} of {count} inputs decoded"
    );
}

fn scale() -> usize {
    std::env::var("FUZZ_STABLE_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Decodes a golden file's hex.
fn unhex(text: &str) -> Vec<u8> {
    let t = text.trim();
    (0..t.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&t[i..i + 2], 16).expect("hex"))
        .collect()
}

/// The golden files (up to 4 KiB) after their selector byte, and the samples.
fn packed_pool() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/golden/");
    let mut pool = packed::samples();
    for (layout, config) in packed::GOLDEN_CONFIGS.iter().enumerate() {
        for (fixture, ty) in packed::GOLDEN_FIXTURES {
            let path = format!("{dir}{config}_{fixture}.hex");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let body = unhex(&text);
            if body.len() <= 4096 {
                let mut input = vec![packed::selector(ty, layout)];
                input.extend_from_slice(&body);
                pool.push(input);
            }
        }
    }
    pool
}

/// Every starting input is valid: it decodes and round-trips. (So the mutants start
/// from real encodings, and the samples are good fuzzing seeds.) With
/// `FUZZ_CORPUS_DIR` set, also writes them to `$FUZZ_CORPUS_DIR/<target>/` as seeds
/// (`fuzz/seed_corpus.sh` does).
#[test]
fn seeds_are_valid() {
    let pool = packed_pool();
    assert_eq!(
        pool.len(),
        packed::TYPES * packed::LAYOUTS + 7 * 13,
        "samples + golden files up to 4 KiB (not sizes_16383 and up)"
    );
    for input in &pool {
        assert_eq!(
            packed::check(input, true),
            Ok(true),
            "{}",
            packed::to_hex(input)
        );
    }
    for input in ubjson::value_seeds() {
        assert_eq!(
            ubjson::check_value(&input),
            Ok(true),
            "{}",
            packed::to_hex(&input)
        );
    }
    for input in ubjson::envelope_seeds() {
        assert_eq!(
            ubjson::check_envelope(&input),
            Ok(true),
            "{}",
            packed::to_hex(&input)
        );
    }
    if let Ok(dir) = std::env::var("FUZZ_CORPUS_DIR") {
        let write = |target: &str, inputs: &[Vec<u8>]| {
            let dir = std::path::Path::new(&dir).join(target);
            std::fs::create_dir_all(&dir).expect("corpus dir");
            for (i, input) in inputs.iter().enumerate() {
                std::fs::write(dir.join(format!("seed-{i:04}")), input).expect("write seed");
            }
        };
        let samples = packed::samples();
        write("decode_packed", &samples);
        write("roundtrip_packed", &samples);
        write("ubjson_value", &ubjson::value_seeds());
        write("envelope_unwrap", &ubjson::envelope_seeds());
    }
}

#[test]
fn packed_decode_mutants() {
    fuzz("decode_packed", 0x5EED_0001, 200_000, &packed_pool(), |d| {
        packed::check(d, false)
    });
}

#[test]
fn packed_roundtrip_mutants() {
    fuzz(
        "roundtrip_packed",
        0x5EED_0002,
        300_000,
        &packed_pool(),
        |d| packed::check(d, true),
    );
}

#[test]
fn ubjson_value_mutants() {
    fuzz(
        "ubjson_value",
        0x5EED_0003,
        150_000,
        &ubjson::value_seeds(),
        ubjson::check_value,
    );
}

#[test]
fn envelope_unwrap_mutants() {
    fuzz(
        "envelope_unwrap",
        0x5EED_0004,
        100_000,
        &ubjson::envelope_seeds(),
        ubjson::check_envelope,
    );
}

/// The first version of the harness required `from_slice_into` to fail with exactly
/// `from_slice`'s error; the mutants showed that it reported a truncation at another
/// offset when the value it decoded into already had elements (it decoded those one at
/// a time, where `from_slice` reads a whole vector of numbers in one step). Vectors of
/// fixed-size elements are now cleared and read in one step in place too, so both
/// report the same error; the harness still only requires the same kind.
#[test]
fn in_place_truncation_offsets() {
    // Nested(Vec<Vec<u16>>), Bitsery: 03 (three vectors) | 03 0100 0200 0300 ([1, 2, 3])
    // | 00 ([]) | 09 at offset 9 (nine u16s = 18 bytes from offset 10) | 15 bytes.
    let body = unhex(
        "03 03 0100 0200 0300 00 09 0400 0400 0400 0400 0400 0400 0400 04"
            .replace(' ', "")
            .as_str(),
    );
    assert_eq!(body.len(), 25);
    // from_slice reads the nine u16s in one step at offset 10: 18 needed, 15 there.
    let expected = DecodeError::UnexpectedEnd {
        offset: 10,
        needed: 18,
        remaining: 15,
    };
    assert_eq!(
        packed_core::from_slice::<packed::Nested>(&body).map_err(packed_core::Error::into_kind),
        Err(expected.clone())
    );
    // In place over a value whose third vector has nine elements already (the
    // harness's sample): the same.
    let mut into = <packed::Nested as packed::Sample>::sample();
    assert_eq!(
        packed_core::from_slice_into(&body, &mut into).map_err(packed_core::Error::into_kind),
        Err(expected)
    );
    // The harness accepts this (same kind of error), with and without round trips.
    let input = [&[packed::selector(packed::ty::NESTED, 0)][..], &body].concat();
    assert_eq!(packed::check(&input, true), Ok(false));
}

/// Inputs on which libFuzzer stopped (`fuzz/RESULTS.md`); each must now pass.
/// - `roundtrip_packed`, `OwnOdd` with a `HashMap` and a NaN `f32`: two decodings could
///   be compared neither with `==` (NaN) nor by their bytes (hash order). A harness
///   false positive; `OwnOdd` now has a `BTreeMap`.
/// - `roundtrip_packed`, a `Tree` 128 levels deep: the harness compared `from_slice`
///   with `from_slice_with_limits` under a depth limit of 1000, not the same limits. A
///   harness false positive; it now compares under the same depth limit, and under a
///   deeper one only when the default was not hit.
#[test]
fn fuzzer_findings() {
    let inputs = [
        "9601008200820100828200820100ff82008201008282008201080026",
        include_str!("../fuzz/regressions/roundtrip_packed-depth.hex"),
    ];
    for hex in inputs {
        let input = unhex(hex);
        for roundtrip in [false, true] {
            let r = catch_unwind(|| packed::check(&input, roundtrip));
            assert!(matches!(r, Ok(Ok(_))), "{hex}: {r:?}");
        }
    }
}
