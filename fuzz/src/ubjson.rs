//! The ubjson-envelope harness shared by the `ubjson_value` and `envelope_unwrap` fuzz
//! targets and by `tests/fuzz_stable.rs` (included there with `#[path]`).
//!
//! [`check_value`]: `Value::from_slice` either fails with an offset inside the input or
//! gives a value whose encoding has the length `encoded_len` says, reads back to the
//! same value (non-finite floats become `Z`, as Draft 12 asks) and is a fixed point of
//! read-then-write. Explicit default limits change nothing.
//!
//! [`check_envelope`]: `unwrap` either fails or gives a kind and a payload that come
//! back unchanged through `wrap` in both modes (where the mode can express them), and
//! the generic reader sees the same object. The typed `from_slice` of a kinded record
//! agrees with `unwrap` followed by `packed_core::from_slice`, and round-trips.

use std::borrow::Cow;

use packed_core::Packed;
use ubjson_envelope::{EnvelopeError, Limits, Mode, Value};

/// The value with every non-finite float replaced by `Null`: what the writer makes
/// of it.
fn normalize(v: &Value<'_>) -> Value<'static> {
    match v {
        Value::Float32(x) if !x.is_finite() => Value::Null,
        Value::Float64(x) if !x.is_finite() => Value::Null,
        Value::Array(items) => Value::Array(items.iter().map(normalize).collect()),
        Value::Object(entries) => Value::Object(
            entries
                .iter()
                .map(|(k, v)| (Cow::Owned(k.clone().into_owned()), normalize(v)))
                .collect(),
        ),
        other => other.clone().into_owned(),
    }
}

/// Runs the value checks on one input. `Ok(true)` if it decoded.
///
/// # Errors
/// A description of the broken invariant.
pub fn check_value(data: &[u8]) -> Result<bool, String> {
    let v1 = match Value::from_slice(data) {
        Ok(v) => v,
        Err(e) => {
            if e.offset() > data.len() {
                return Err(format!("error offset past the end of the input: {e:?}"));
            }
            let again = Value::from_slice_with(data, &Limits::DEFAULT);
            if again != Err(e.clone()) {
                return Err(format!(
                    "from_slice {e:?} but from_slice_with(DEFAULT) {again:?}"
                ));
            }
            return Ok(false);
        }
    };
    let enc = v1.to_vec();
    if enc.len() != v1.encoded_len() {
        return Err(format!(
            "encoded_len {} != {} for {v1:?}",
            v1.encoded_len(),
            enc.len()
        ));
    }
    let mut appended = vec![0xEE];
    v1.write_into(&mut appended);
    if appended[1..] != enc[..] {
        return Err(format!("write_into differs from to_vec for {v1:?}"));
    }
    let v2 = Value::from_slice(&enc)
        .map_err(|e| format!("re-encoding of {v1:?} does not read back: {e:?}"))?;
    if normalize(&v1) != v2 {
        return Err(format!("round trip changed the value: {v1:?} -> {v2:?}"));
    }
    if v2.to_vec() != enc {
        return Err(format!("writing is not a fixed point for {v2:?}"));
    }
    Ok(true)
}

/// A record with a kind, for the typed envelope functions.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(kind = 7)]
pub struct Rec {
    name: String,
    v: Vec<u32>,
    o: Option<i64>,
}

/// Runs the envelope checks on one input. `Ok(true)` if it unwrapped.
///
/// # Errors
/// A description of the broken invariant.
pub fn check_envelope(data: &[u8]) -> Result<bool, String> {
    let typed = ubjson_envelope::from_slice::<Rec>(data);
    let unwrapped = ubjson_envelope::unwrap(data);

    // The typed reader is unwrap, a kind check, then packed_core::from_slice.
    let expect: Result<Rec, EnvelopeError> = match &unwrapped {
        Ok((7, payload)) => packed_core::from_slice(payload).map_err(EnvelopeError::from),
        Ok((kind, _)) => Err(EnvelopeError::KindMismatch {
            expected: 7,
            found: *kind,
        }),
        Err(e) => Err(e.clone()),
    };
    if typed != expect {
        return Err(format!(
            "typed from_slice {typed:?}, unwrap then decode {expect:?}"
        ));
    }
    if let Ok(rec) = &typed {
        let bytes = ubjson_envelope::to_vec(rec).map_err(|e| format!("to_vec {rec:?}: {e:?}"))?;
        let back = ubjson_envelope::from_slice::<Rec>(&bytes);
        if back.as_ref() != Ok(rec) {
            return Err(format!("typed round trip of {rec:?} gave {back:?}"));
        }
    }

    let (kind, payload) = match unwrapped {
        Ok(kp) => kp,
        Err(e) => {
            if e.offset().is_some_and(|o| o > data.len()) {
                return Err(format!("error offset past the end of the input: {e:?}"));
            }
            return Ok(false);
        }
    };

    // The generic reader sees an object with exactly these two entries.
    let value = Value::from_slice(data)
        .map_err(|e| format!("unwrap accepts what Value rejects ({e:?})"))?;
    let kind_ok = value.get("kind").and_then(Value::as_i64) == Some(kind);
    let payload_ok = value.get("payload").and_then(Value::as_bytes) == Some(payload);
    let entries = value.as_object().map(<[_]>::len);
    if !kind_ok || !payload_ok || entries != Some(2) {
        return Err(format!(
            "unwrap gave ({kind}, {payload:02x?}), Value gave {value:?}"
        ));
    }

    for mode in [Mode::Minimal, Mode::FixedInt32] {
        let wrapped = match ubjson_envelope::wrap(kind, payload, mode) {
            Ok(w) => w,
            Err(EnvelopeError::KindOutOfRange { .. }) if mode == Mode::FixedInt32 => continue,
            Err(e) => return Err(format!("wrap({kind}, {mode:?}) fails: {e:?}")),
        };
        let len = ubjson_envelope::envelope_len(kind, payload.len(), mode)
            .map_err(|e| format!("envelope_len: {e:?}"))?;
        if len != wrapped.len() {
            return Err(format!(
                "envelope_len {len} != {} ({mode:?})",
                wrapped.len()
            ));
        }
        let back = ubjson_envelope::unwrap(&wrapped);
        if back != Ok((kind, payload)) {
            return Err(format!("re-wrapped ({kind}, {mode:?}) unwraps to {back:?}"));
        }
    }
    Ok(true)
}

/// Seeds for `ubjson_value`: every marker, every container form, no-ops.
#[must_use]
pub fn value_seeds() -> Vec<Vec<u8>> {
    let docs: [&[u8]; 35] = [
        b"Z",
        b"T",
        b"F",
        b"i\x80",
        b"U\xff",
        b"I\x01\x2c",
        b"l\x7f\xff\xff\xff",
        b"L\x80\x00\x00\x00\x00\x00\x00\x00",
        b"d\x3f\xc0\x00\x00",
        b"D\xbf\xb9\x99\x99\x99\x99\x99\x9a",
        b"d\x7f\xc0\x00\x00",
        b"C\x41",
        b"SU\x06h\xc3\xa9llo",
        b"HU\x051.5e3",
        b"HU\x02-0",
        b"[]",
        b"[Zi\x01SU\x01a]",
        b"[N[N]N]",
        b"[#U\x02i\x01i\x02",
        b"[$i#U\x03\x01\x02\x03",
        b"[$U#U\x03abc",
        b"[$Z#U\x04",
        b"[$T#i\x02",
        b"[$[#U\x02]]",
        b"[${#U\x01}",
        b"[$S#U\x02U\x01aU\x00",
        b"[$d#U\x01\x3f\x80\x00\x00",
        b"{}",
        b"{U\x02idI\x01\x2cU\x04nameSU\x03bob}",
        b"{NU\x01aZN}",
        b"{#U\x01U\x01aT",
        b"{$i#U\x02U\x01a\x01U\x01b\x02",
        b"{$Z#U\x01U\x01z",
        b"{U\x01a[{U\x01b[$U#U\x00}]}",
        b"[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]",
    ];
    let mut out: Vec<Vec<u8>> = docs.iter().map(|d| d.to_vec()).collect();
    out.extend(envelope_seeds());
    out
}

/// Seeds for `envelope_unwrap`: both modes, several kinds and payloads (among them
/// valid `Rec`s of kind 7), keys in the other order, a counted object, no-ops.
#[must_use]
pub fn envelope_seeds() -> Vec<Vec<u8>> {
    let rec = |r: &Rec| packed_core::to_vec(r).expect("encodable");
    let payloads: Vec<(i64, Vec<u8>)> = vec![
        (
            7,
            rec(&Rec {
                name: "hi".into(),
                v: vec![1, 2],
                o: Some(-1),
            }),
        ),
        (
            7,
            rec(&Rec {
                name: String::new(),
                v: vec![],
                o: None,
            }),
        ),
        (1, vec![0xAB, 0xAB]),
        (-3, vec![]),
        (300, vec![0; 300]),
        (1 << 40, vec![1, 2, 3]),
    ];
    let mut out = Vec::new();
    for (kind, payload) in &payloads {
        for mode in [Mode::Minimal, Mode::FixedInt32] {
            if let Ok(bytes) = ubjson_envelope::wrap(*kind, payload, mode) {
                out.push(bytes);
            }
        }
    }
    let hand: [&[u8]; 3] = [
        b"{U\x07payload[$U#i\x01\xffU\x04kindL\x00\x00\x00\x00\x00\x00\x01\x00}",
        b"{#U\x02U\x04kindi\x05U\x07payload[$U#U\x00",
        b"{NU\x04kindi\x07NU\x07payload[$U#U\x00N}",
    ];
    out.extend(hand.iter().map(|d| d.to_vec()));
    out
}
