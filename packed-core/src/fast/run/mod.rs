//! Fixed-size runs: one bounds check per value instead of one per field.
//!
//! Under a context with fixed-width integers, a derived struct of numbers, `bool`s,
//! `char`s, arrays and tuples of them (and of such structs) encodes to the same number
//! of bytes whatever its value: its [`FixedSize`](super::FixedSize). Such a value is
//! written into a stack buffer of that size and handed to the writer in one call, and
//! read from one borrowed slice of that size. Inside the run every position is a
//! constant, so the compiler folds the per-field checks away; the bytes are the same as
//! field by field.
//!
//! Nothing here changes what is written or accepted: a run is taken only where the
//! sizes agree, and where the input is too short the field-by-field path runs instead,
//! so errors keep their exact offsets.
//!
//! - One value (what the derive and the tuples call, through `__private`):
//!   [`write_as_run`] / [`encode_run`], [`read_as_run`] / [`decode_run`],
//!   [`decode_flat_run`], [`decode_run_in_place`].
//! - Many values (what the default `decode_append` calls): [`read_as_runs`] /
//!   [`decode_runs`].
//! - The writer and reader a run is coded through: `io`.

mod io;
#[cfg(test)]
mod tests;

use alloc::vec::Vec;

use self::io::{RunReader, RunWriter, MAX_RUN};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// The levels of nesting of a run of parts that nest the given levels: the deepest
/// one's (a tuple is no level of its own). Constant after inlining.
#[cfg_attr(not(debug_assertions), inline)]
#[must_use]
pub const fn levels(parts: &[usize]) -> usize {
    crate::max_size::largest(parts)
}

/// The size of a run of values of the given fixed sizes: their sum, or 0 if any of
/// them is 0 (variable or empty), or if the sum overflows. Constant after inlining.
#[cfg_attr(not(debug_assertions), inline)]
#[must_use]
pub const fn run_size(sizes: &[usize]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < sizes.len() {
        if sizes[i] == 0 {
            return 0;
        }
        total = match total.checked_add(sizes[i]) {
            Some(t) => t,
            None => return 0,
        };
        i += 1;
    }
    total
}

// ---------------------------------------------------------------------------------------
// One value
// ---------------------------------------------------------------------------------------

/// Whether a `T` is written under `C` as one run: its size is fixed (and at most
/// 256 bytes) and the writer takes runs. Constant once inlined; the derive branches
/// on it before writing field by field.
#[cfg_attr(not(debug_assertions), inline)]
pub fn write_as_run<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(w: &W) -> bool {
    let n = T::fixed_size::<C>().bytes();
    n != 0 && n <= MAX_RUN && w.takes_runs()
}

/// Writes `v` as one run: encodes it into a stack buffer of its fixed size, then hands
/// the buffer to the writer. Only after [`write_as_run`] said yes.
#[cfg_attr(not(debug_assertions), inline)]
pub fn encode_run<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(
    v: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    let n = T::fixed_size::<C>().bytes();
    // Three buffer sizes, so a 12-byte vector does not zero 256 bytes. The branch is
    // on constants.
    if n <= 16 {
        encode_in::<C, T, W, 16>(v, n, w)
    } else if n <= 64 {
        encode_in::<C, T, W, 64>(v, n, w)
    } else {
        encode_in::<C, T, W, MAX_RUN>(v, n, w)
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn encode_in<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized, const B: usize>(
    v: &T,
    n: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    let mut buf = [0u8; B];
    let Some(bytes) = buf.get_mut(..n) else {
        return Err(io::encode_mismatch(core::any::type_name::<T>()));
    };
    let mut run = RunWriter::new(bytes);
    v.encode::<C, RunWriter<'_>>(&mut run)?;
    if !run.filled_exactly() {
        return Err(io::encode_mismatch(core::any::type_name::<T>()));
    }
    w.write_bytes(&buf[..n])
}

/// Whether a `T` is read under `C` as one run: its size is fixed, the reader can lend
/// that many bytes (a slice, not a stream, and not a run already) and has them, and
/// the levels of nesting `T` enters fit the depth limit. Where the input is short, or
/// the limit would be met, the fields are read one by one, so the error names the
/// field and the level is the one a stream reports.
#[cfg_attr(not(debug_assertions), inline)]
pub fn read_as_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(r: &R) -> bool {
    read_as_runs::<C, T, R>(1, r)
}

/// Reads a `T` from one borrowed run of its fixed size. Only after [`read_as_run`]
/// said yes.
///
/// The levels of nesting the value enters field by field were found to fit the
/// depth limit by [`read_as_run`], so the run enters none.
#[cfg_attr(not(debug_assertions), inline)]
pub fn decode_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    read_run::<C, T, R>(r)
}

/// [`decode_run`] for a value that is not a level of nesting: a tuple, a run of scalar
/// fields.
#[cfg_attr(not(debug_assertions), inline)]
pub fn decode_flat_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    read_run::<C, T, R>(r)
}

/// [`decode_run`] into `*v`: a fixed-size value owns no allocations to reuse.
#[cfg_attr(not(debug_assertions), inline)]
pub fn decode_run_in_place<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    v: &mut T,
    r: &mut R,
) -> Result<(), DecodeError> {
    *v = decode_run::<C, T, R>(r)?;
    Ok(())
}

#[cfg_attr(not(debug_assertions), inline)]
fn read_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    let n = T::fixed_size::<C>().bytes();
    let base = r.offset();
    let mut run = RunReader::new::<T>(r.borrow_bytes(n)?, base + n);
    let v = T::decode::<C, RunReader<'de>>(&mut run)?;
    if !run.read_exactly() {
        return Err(io::decode_mismatch(base, core::any::type_name::<T>()));
    }
    Ok(v)
}

// ---------------------------------------------------------------------------------------
// Many values
// ---------------------------------------------------------------------------------------

/// Whether `r` can lend `n` values of `size` bytes each (`size` not 0) in one slice:
/// it lends runs (a slice, not a stream, and not a run already) and has that many
/// bytes left.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn lends<'de, R: Reader<'de> + ?Sized>(r: &R, size: usize, n: usize) -> bool {
    size != 0
        && r.lends_runs()
        && matches!(
            (r.remaining(), size.checked_mul(n)),
            (Some(left), Some(total)) if left >= total
        )
}

/// Whether `n` values of `T` are read under `C` as one run each, from one borrowed
/// slice: [`read_as_run`] for all of them at once.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn read_as_runs<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &R,
) -> bool {
    let fixed = T::fixed_size::<C>();
    lends(r, fixed.bytes(), n) && fixed.levels() <= r.depth_left()
}

/// Appends `n` values of `T`, each read from its own run of one slice taken with one
/// bounds check. Only after [`read_as_runs`] said yes (their levels of nesting fit
/// the depth limit, so they enter none).
#[inline]
pub(crate) fn decode_runs<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    let size = T::fixed_size::<C>().bytes();
    let base = r.offset();
    let bytes = r.borrow_bytes(size * n)?;
    out.reserve(n);
    let mut end = base;
    for chunk in bytes.chunks_exact(size) {
        end += size;
        let mut run = RunReader::new::<T>(chunk, end);
        let v = T::decode::<C, RunReader<'de>>(&mut run)?;
        if !run.read_exactly() {
            return Err(io::decode_mismatch(end - size, core::any::type_name::<T>()));
        }
        out.push(v);
    }
    Ok(())
}
