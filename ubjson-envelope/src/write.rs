//! The writer: [`Value::to_vec`], [`Value::write_into`], [`Value::write_to`]
//! and [`Value::encoded_len`].
//!
//! Byte-minimal rules, all big-endian:
//!
//! - an integer value takes the smallest marker: `i` for -128..=127, `U` for
//!   128..=255, then `I`, `l`, `L`;
//! - a length or count (never negative) takes `U` for 0..=255, then `I`, `l`,
//!   `L` (the same bytes `serde_ubjson` and `py-ubjson` write);
//! - object keys carry no `S` marker;
//! - [`Value::Binary`] is always `[$U#` + count + raw bytes, also when empty
//!   (`[$U#U\x00`: the `#` is never skipped);
//! - an array or object whose elements all take the same scalar marker (other
//!   than `U` in arrays, which would read back as binary) is written typed,
//!   `$m#n` with no per-element markers and no end marker, whenever that is
//!   strictly shorter than the plain form (5 or more elements), except that
//!   typed arrays of `Z`/`T`/`F`, whose elements take no bytes, hold at most
//!   [`Limits::max_zero_size_elements`] of the default [`Limits`] (2^16)
//!   elements in one document, what a reader with default limits accepts:
//!   past that budget such arrays are written plain, one byte per element;
//! - any other array or object is plain: `[` … `]`, `{` … `}`;
//! - NaN and ±infinity are written as `Z` (null), as Draft 12 asks.

use alloc::vec::Vec;
use core::convert::Infallible;

use crate::marker::Marker;
use crate::read::Limits;
use crate::value::Value;

/// Where the writer puts bytes: a `Vec<u8>` (infallible), a [`ByteCount`]
/// (infallible; measures) or an `std::io::Write` (fallible).
pub(crate) trait Sink {
    type Error;
    fn put(&mut self, bytes: &[u8]) -> Result<(), Self::Error>;
    fn put_byte(&mut self, byte: u8) -> Result<(), Self::Error> {
        self.put(&[byte])
    }
}

impl Sink for Vec<u8> {
    type Error = Infallible;
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), Infallible> {
        self.extend_from_slice(bytes);
        Ok(())
    }
    #[inline]
    fn put_byte(&mut self, byte: u8) -> Result<(), Infallible> {
        self.push(byte);
        Ok(())
    }
}

/// Counts bytes instead of storing them. The writer run over it gives the
/// exact length of an encoding, so no second description of a layout has to
/// be kept in step with the one that writes it.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ByteCount(pub(crate) usize);

impl Sink for ByteCount {
    type Error = Infallible;
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> Result<(), Infallible> {
        self.0 += bytes.len();
        Ok(())
    }
    #[inline]
    fn put_byte(&mut self, _byte: u8) -> Result<(), Infallible> {
        self.0 += 1;
        Ok(())
    }
}

/// An in-memory sink that knows how many bytes it holds, so that a writer can
/// say where each part it wrote begins.
pub(crate) trait Measured: Sink<Error = Infallible> {
    /// Bytes held so far.
    fn position(&self) -> usize;
}

impl Measured for Vec<u8> {
    #[inline]
    fn position(&self) -> usize {
        self.len()
    }
}

impl Measured for ByteCount {
    #[inline]
    fn position(&self) -> usize {
        self.0
    }
}

/// The value of a write that cannot fail.
#[inline]
pub(crate) fn into_ok<T>(r: Result<T, Infallible>) -> T {
    match r {
        Ok(v) => v,
        Err(never) => match never {},
    }
}

#[cfg(feature = "std")]
struct IoSink<W>(W);

#[cfg(feature = "std")]
impl<W: std::io::Write> Sink for IoSink<W> {
    type Error = std::io::Error;
    fn put(&mut self, bytes: &[u8]) -> Result<(), std::io::Error> {
        self.0.write_all(bytes)
    }
}

/// Converts a length to `i64`. Lengths of slices never exceed `isize::MAX`,
/// so this saturation is never reached on any supported target.
#[inline]
pub(crate) fn len_to_i64(len: usize) -> i64 {
    i64::try_from(len).unwrap_or(i64::MAX)
}

/// The smallest marker for an integer value.
#[inline]
pub(crate) fn int_marker(v: i64) -> Marker {
    if i8::try_from(v).is_ok() {
        Marker::Int8
    } else if u8::try_from(v).is_ok() {
        Marker::UInt8
    } else if i16::try_from(v).is_ok() {
        Marker::Int16
    } else if i32::try_from(v).is_ok() {
        Marker::Int32
    } else {
        Marker::Int64
    }
}

/// The smallest marker for a length or count: `U` up to 255.
#[inline]
pub(crate) fn len_marker(len: usize) -> Marker {
    // Never negative, so `U` (unsigned) serves up to 255 where an integer
    // value takes `i` up to 127; from 256 on the two rules agree.
    if len <= 0xFF {
        Marker::UInt8
    } else {
        int_marker(len_to_i64(len))
    }
}

/// Bytes taken by an integer with the given marker, marker included.
#[inline]
pub(crate) fn int_size(marker: Marker) -> usize {
    1 + marker.fixed_size().unwrap_or(8)
}

/// Writes `v`'s payload at the width of `marker` (which `v` must fit; the
/// callers pass `int_marker(v)` or a wider marker).
#[inline]
fn put_int_body<S: Sink>(s: &mut S, marker: Marker, v: i64) -> Result<(), S::Error> {
    // Truncating casts are exact here: `marker` was chosen so that `v` fits.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    match marker {
        Marker::Int8 => s.put_byte(v as i8 as u8),
        Marker::UInt8 => s.put_byte(v as u8),
        Marker::Int16 => s.put(&(v as i16).to_be_bytes()),
        Marker::Int32 => s.put(&(v as i32).to_be_bytes()),
        _ => s.put(&v.to_be_bytes()),
    }
}

/// Writes `marker`, then `v` at its width (which `v` must fit).
#[inline]
pub(crate) fn put_int_as<S: Sink>(s: &mut S, marker: Marker, v: i64) -> Result<(), S::Error> {
    s.put_byte(marker.byte())?;
    put_int_body(s, marker, v)
}

/// Writes a length or count with its smallest marker (`U` up to 255).
#[inline]
pub(crate) fn put_len<S: Sink>(s: &mut S, len: usize) -> Result<(), S::Error> {
    put_int_as(s, len_marker(len), len_to_i64(len))
}

/// The marker a scalar value is written with, if it may be an element of a
/// typed container; `None` for binary, arrays and objects.
fn scalar_marker(v: &Value<'_>) -> Option<Marker> {
    Some(match v {
        Value::Bool(true) => Marker::True,
        Value::Bool(false) => Marker::False,
        Value::Int(i) => int_marker(*i),
        Value::Float32(x) if x.is_finite() => Marker::Float32,
        Value::Float64(x) if x.is_finite() => Marker::Float64,
        // Non-finite floats are written as null.
        Value::Null | Value::Float32(_) | Value::Float64(_) => Marker::Null,
        Value::HighPrecision(_) => Marker::HighPrecision,
        Value::Char(_) => Marker::Char,
        Value::String(_) => Marker::String,
        Value::Binary(_) | Value::Array(_) | Value::Object(_) => return None,
    })
}

/// The element type for a typed container of these values, if the typed
/// form is strictly shorter than the plain one.
///
/// With Σ the bytes of the elements written plain (markers included):
/// plain is `[` + Σ + `]` = 2 + Σ; typed is `[$m#` + count + Σ − n
/// = 4 + len(count) + Σ − n. Typed is shorter iff n > 2 + len(count): for
/// n ≤ 255 (count `U nn`, 2 bytes) that is n ≥ 5, and for larger n it always
/// holds. Objects add the same key bytes to both forms.
fn typed_marker<'v, 'a: 'v>(
    mut values: impl Iterator<Item = &'v Value<'a>>,
    n: usize,
    is_array: bool,
) -> Option<Marker> {
    let count_size = int_size(len_marker(n));
    if n <= 2 + count_size {
        return None;
    }
    let first = scalar_marker(values.next()?)?;
    if is_array && first == Marker::UInt8 {
        return None;
    }
    if values.all(|v| scalar_marker(v) == Some(first)) {
        Some(first)
    } else {
        None
    }
}

/// Writes a scalar's payload without its marker (typed-container element).
fn put_scalar_body<S: Sink>(s: &mut S, marker: Marker, v: &Value<'_>) -> Result<(), S::Error> {
    match v {
        Value::Int(i) => put_int_body(s, marker, *i),
        Value::Float32(x) if x.is_finite() => s.put(&x.to_be_bytes()),
        Value::Float64(x) if x.is_finite() => s.put(&x.to_be_bytes()),
        Value::HighPrecision(h) => {
            put_len(s, h.as_str().len())?;
            s.put(h.as_str().as_bytes())
        }
        Value::Char(c) => s.put_byte(c.get()),
        Value::String(t) => {
            put_len(s, t.len())?;
            s.put(t.as_bytes())
        }
        // Z, T, F (and non-finite floats, written as Z) have no payload.
        _ => Ok(()),
    }
}

/// Writes one whole document.
fn put_document<S: Sink>(s: &mut S, v: &Value<'_>) -> Result<(), S::Error> {
    let mut zero_size_left = Limits::DEFAULT.max_zero_size_elements;
    put_value(s, v, &mut zero_size_left)
}

/// Whether elements of this type take no bytes in a typed array.
fn is_zero_size(m: Marker) -> bool {
    matches!(m, Marker::Null | Marker::True | Marker::False)
}

/// `zero_size_left`: how many more elements typed `$Z`/`$T`/`$F` arrays may
/// have in this document before a reader with the default [`Limits`] refuses
/// it ([`Limits::max_zero_size_elements`], counted over the whole document in
/// the order it is read, which is the order it is written).
fn put_value<S: Sink>(s: &mut S, v: &Value<'_>, zero_size_left: &mut u64) -> Result<(), S::Error> {
    match v {
        Value::Binary(b) => {
            s.put(b"[$U#")?;
            put_len(s, b.len())?;
            s.put(b)
        }
        Value::Array(items) => {
            let n = u64::try_from(items.len()).unwrap_or(u64::MAX);
            let typed = typed_marker(items.iter(), items.len(), true).filter(|&m| {
                // Past the budget, the plain form (one byte per element) is
                // what our own reader takes back.
                !is_zero_size(m) || n <= *zero_size_left
            });
            if let Some(m) = typed {
                if is_zero_size(m) {
                    *zero_size_left -= n;
                }
                s.put(&[b'[', b'$', m.byte(), b'#'])?;
                put_len(s, items.len())?;
                for item in items {
                    put_scalar_body(s, m, item)?;
                }
            } else {
                s.put_byte(b'[')?;
                for item in items {
                    put_value(s, item, zero_size_left)?;
                }
                s.put_byte(b']')?;
            }
            Ok(())
        }
        Value::Object(entries) => {
            let typed = typed_marker(entries.iter().map(|(_, v)| v), entries.len(), false);
            if let Some(m) = typed {
                s.put(&[b'{', b'$', m.byte(), b'#'])?;
                put_len(s, entries.len())?;
            } else {
                s.put_byte(b'{')?;
            }
            for (k, item) in entries {
                put_len(s, k.len())?;
                s.put(k.as_bytes())?;
                match typed {
                    Some(m) => put_scalar_body(s, m, item)?,
                    None => put_value(s, item, zero_size_left)?,
                }
            }
            if typed.is_none() {
                s.put_byte(b'}')?;
            }
            Ok(())
        }
        scalar => {
            // Every other variant is a scalar.
            let m = scalar_marker(scalar).unwrap_or(Marker::Null);
            s.put_byte(m.byte())?;
            put_scalar_body(s, m, scalar)
        }
    }
}

impl Value<'_> {
    /// Encodes the value as UBJSON into a new vector (allocated once, at the
    /// exact size).
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// assert_eq!(Value::Int(200).to_vec(), [b'U', 200]);
    /// assert_eq!(Value::Int(-200).to_vec(), [b'I', 0xFF, 0x38]);
    /// assert_eq!(Value::from("hi").to_vec(), b"SU\x02hi");
    /// assert_eq!(Value::from(&b""[..]).to_vec(), b"[$U#U\x00");
    /// assert_eq!(Value::Float64(f64::NAN).to_vec(), b"Z");
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.encoded_len());
        self.write_into(&mut out);
        out
    }

    /// Appends the value's UBJSON encoding to `out`.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let mut out = vec![0xAA];
    /// Value::Bool(true).write_into(&mut out);
    /// assert_eq!(out, [0xAA, b'T']);
    /// ```
    pub fn write_into(&self, out: &mut Vec<u8>) {
        into_ok(put_document(out, self));
    }

    /// Writes the value's UBJSON encoding to an [`std::io::Write`].
    ///
    /// The writer receives many small writes: wrap unbuffered writers (files,
    /// sockets) in a [`std::io::BufWriter`].
    ///
    /// # Errors
    ///
    /// Any error the writer returns.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let mut out = std::io::Cursor::new(Vec::new());
    /// Value::Array(vec![Value::Null]).write_to(&mut out)?;
    /// assert_eq!(out.into_inner(), b"[Z]");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn write_to<W: std::io::Write>(&self, writer: W) -> std::io::Result<()> {
        put_document(&mut IoSink(writer), self)
    }

    /// The exact number of bytes [`Value::to_vec`] produces.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let v = Value::Array(vec![Value::Int(1), Value::from("abc")]);
    /// assert_eq!(v.encoded_len(), v.to_vec().len());
    /// assert_eq!(v.encoded_len(), 1 + 2 + 6 + 1);
    /// ```
    #[must_use]
    pub fn encoded_len(&self) -> usize {
        let mut count = ByteCount::default();
        into_ok(put_document(&mut count, self));
        count.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_markers_at_boundaries() {
        let cases: &[(i64, Marker)] = &[
            (-129, Marker::Int16),
            (-128, Marker::Int8),
            (127, Marker::Int8),
            (128, Marker::UInt8),
            (255, Marker::UInt8),
            (256, Marker::Int16),
            (32767, Marker::Int16),
            (32768, Marker::Int32),
            (-32768, Marker::Int16),
            (-32769, Marker::Int32),
            (i64::from(i32::MAX), Marker::Int32),
            (i64::from(i32::MAX) + 1, Marker::Int64),
            (i64::from(i32::MIN), Marker::Int32),
            (i64::from(i32::MIN) - 1, Marker::Int64),
            (i64::MAX, Marker::Int64),
            (i64::MIN, Marker::Int64),
        ];
        for &(v, m) in cases {
            assert_eq!(int_marker(v), m, "{v}");
        }
    }

    #[test]
    fn len_markers_at_boundaries() {
        assert_eq!(len_marker(0), Marker::UInt8);
        assert_eq!(len_marker(127), Marker::UInt8);
        assert_eq!(len_marker(128), Marker::UInt8);
        assert_eq!(len_marker(255), Marker::UInt8);
        assert_eq!(len_marker(256), Marker::Int16);
        assert_eq!(len_marker(32767), Marker::Int16);
        assert_eq!(len_marker(32768), Marker::Int32);
        assert_eq!(len_marker(0x7FFF_FFFF), Marker::Int32);
    }
}
