//! The decode side of the differential test: bytes the C++ libraries accept or refuse.
//!
//! With `--mutations M` (default [`DEFAULT_MUTATIONS`]), `gen.cpp` follows each case
//! with `M` mutations of each configuration's bytes (one where they are longer than 4
//! KiB): truncated, a bit flipped, a byte set, inserted, deleted or appended, bytes at
//! the size forms' edges most often. With each comes the library's verdict: the value
//! it read, or that it refused them (Bitsery: a `ReaderError` or bytes left over; YAS:
//! an exception or bytes left over). Each mutation must get the same verdict here
//! (`from_slice` of the type read in that configuration, with `from_reader` and
//! `from_slice_into` agreeing with it): both refuse, or both read the same value,
//! except where we differ by design ([`deliberate`], and one case in [`compare`]; each
//! reason is documented for users, and counted in the log).

use packed_core::DecodeError;

use crate::text;

/// Mutations per case and configuration when no `--mutations` is given.
pub const DEFAULT_MUTATIONS: u64 = 1;

/// Applies one of `gen.cpp`'s mutations (`t<n>`, `f<bit>`, `s<i>=<hh>`, `i<i>=<hh>`,
/// `d<i>`, `a<hh>`) to `bytes`.
pub fn apply(spec: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let bad = || format!("mutation `{spec}`");
    let num = |s: &str| s.parse::<usize>().map_err(|_| bad());
    let byte = |s: &str| u8::from_str_radix(s, 16).map_err(|_| bad());
    let (kind, rest) = spec.split_at(1.min(spec.len()));
    let mut out = bytes.to_vec();
    match kind {
        "t" => out.truncate(num(rest)?),
        "f" => {
            let bit = num(rest)?;
            *out.get_mut(bit / 8).ok_or_else(bad)? ^= 1 << (bit % 8);
        }
        "s" | "i" => {
            let (i, b) = rest.split_once('=').ok_or_else(bad)?;
            let (i, b) = (num(i)?, byte(b)?);
            if i > out.len() || (kind == "s" && i == out.len()) {
                return Err(bad());
            }
            if kind == "s" {
                out[i] = b;
            } else {
                out.insert(i, b);
            }
        }
        "d" => {
            let i = num(rest)?;
            if i >= out.len() {
                return Err(bad());
            }
            out.remove(i);
        }
        "a" => out.push(byte(rest)?),
        _ => return Err(bad()),
    }
    Ok(out)
}

/// Why we refuse, by design, bytes that the library in configuration `config` (0, 1:
/// Bitsery; 2 to 6: YAS) reads as shape `shape`: `None` if we must not. Each reason is
/// in the crate docs' "Reading what the C++ libraries read", which users see.
pub fn deliberate(shape: &str, config: usize, ours: &DecodeError) -> Option<&'static str> {
    let yas = config >= 2;
    let growable = shape.starts_with("growable");
    Some(match ours {
        DecodeError::InvalidUtf8 { .. } => "refused: a String that is not UTF-8",
        DecodeError::InvalidChar { .. } | DecodeError::InvalidUtf16 { .. } => {
            "refused: a wide string's code unit that is no char"
        }
        DecodeError::UnknownVariant { .. } => {
            "refused: an enum value or variant index with no variant"
        }
        DecodeError::DuplicateKey { .. } => "refused: a key that comes twice",
        DecodeError::BitsetPadding { .. } => "refused: a bit set past a bitset's size",
        DecodeError::OutOfRange { .. } => "refused: a count the Rust time type cannot hold",
        DecodeError::IntegerOverflow { .. } => {
            "refused: a compacted or LEB128 integer past its type (the library wraps or drops bits)"
        }
        DecodeError::InvalidBool { .. } | DecodeError::InvalidOptionFlag { .. } if yas => {
            "refused: a bool byte past 1 (YAS does not check)"
        }
        DecodeError::BadHeader { .. } if yas => {
            "refused: a YAS header other than the layout's (YAS checks some of its bits)"
        }
        // Inside a growable record, a value past its end; for the record, a size under
        // 4 (its own bytes), which Bitsery does not check.
        DecodeError::LengthExceedsInput { .. }
        | DecodeError::RecordEndsInsideField { .. }
        | DecodeError::RecordSizeTooLarge { .. }
        | DecodeError::UnexpectedEndOfBits { .. }
            if growable =>
        {
            "refused: a value cut by a growable record's end (Bitsery reads zeros)"
        }
        DecodeError::RecordSizeTooSmall { .. } if growable => {
            "refused: a growable record's size under 4 (Bitsery does not check it)"
        }
        _ => return None,
    })
}

/// The verdict of one mutation, ours against the library's: `Ok(Some(reason))` for a
/// deliberate difference, `Ok(None)` for agreement, `Err(what)` for a defect.
pub fn compare(
    shape: &str,
    config: usize,
    theirs: Result<&str, &str>,
    ours: Result<String, DecodeError>,
    same: impl Fn(&str, &str) -> bool,
) -> Result<Option<&'static str>, String> {
    match (theirs, ours) {
        (Err(_), Err(_)) => Ok(None),
        (Ok(t), Ok(o)) if same(t, &o) => Ok(None),
        (Ok(t), Ok(o)) => Err(format!(
            "both read it, to other values: C++ {} / ours {}",
            crate::clip(t, 400),
            crate::clip(&o, 400)
        )),
        (Ok(t), Err(e)) => match deliberate(shape, config, &e) {
            Some(why) => Ok(Some(why)),
            None => Err(format!(
                "C++ reads {}; we refuse: {e:?}",
                crate::clip(t, 400)
            )),
        },
        // Bits after a growable bit-packed record's fields, in its last byte: Bitsery
        // reads them as padding (InvalidData when one is set); we skip them with the
        // rest of the record, since they may be a newer version's fields (crate docs,
        // Bit packing; the `Refused::Decodes` policy of ext_shapes.rs).
        (Err("InvalidData"), Ok(_)) if shape.starts_with("growable_bits") => Ok(Some(
            "read by us, refused by Bitsery: a newer growable bit-packed record's tail",
        )),
        (Err(why), Ok(o)) => Err(format!(
            "C++ refuses ({why}); we read {}",
            crate::clip(&o, 400)
        )),
    }
}

/// What we make of one mutated input: `from_slice`'s value (as text) or error, and
/// what is wrong with `from_reader`'s or `from_slice_into`'s, which must agree (a
/// stream reads one message and leaves what follows it, so it may read what a slice
/// refuses for trailing bytes).
pub struct Ours {
    pub slice: Result<String, DecodeError>,
    pub problem: Option<String>,
}

/// Decodes `bytes` as `T` from a slice, from a stream, and in place over the value of
/// `original` (the unmutated bytes), which must give the slice's value where it gives
/// one.
pub fn decoded<T: text::Text + packed_core::DecodeOwned>(original: &[u8], bytes: &[u8]) -> Ours {
    let slice = packed_core::from_slice::<T>(bytes)
        .map(|v| text::print(&v))
        .map_err(|e| e.kind().clone());
    if let Ok(mut previous) = packed_core::from_slice::<T>(original) {
        let in_place = packed_core::from_slice_into(bytes, &mut previous)
            .map(|()| text::print(&previous))
            .map_err(|e| e.kind().clone());
        let agree = match (&slice, &in_place) {
            (Ok(a), Ok(b)) => a == b,
            (Err(a), Err(b)) => a == b,
            _ => false,
        };
        if !agree {
            return Ours {
                problem: Some(format!(
                    "from_slice and from_slice_into disagree: {} / {}",
                    crate::clip(&format!("{slice:?}"), 300),
                    crate::clip(&format!("{in_place:?}"), 300)
                )),
                slice,
            };
        }
    }
    let stream = packed_core::from_reader::<T, _>(bytes)
        .map(|v| text::print(&v))
        .map_err(|e| e.kind().clone());
    let problem = match (&slice, &stream) {
        (Ok(a), Ok(b)) if a == b => None,
        (Err(_), Err(_)) => None,
        (Err(DecodeError::TrailingBytes { .. }), Ok(_)) => None,
        (a, b) => Some(format!(
            "from_slice and from_reader disagree: {} / {}",
            crate::clip(&format!("{a:?}"), 300),
            crate::clip(&format!("{b:?}"), 300)
        )),
    };
    Ours { slice, problem }
}
