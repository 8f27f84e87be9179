//! Filling vectors: an element built in its slot ([`push_with`]) and slices of numbers
//! copied in bulk ([`write_numbers`], [`read_numbers`], [`write_ints`], [`read_ints`]).

use alloc::vec::Vec;

use crate::num::{Endian, Int, IntCodec, Num};
use crate::{DecodeError, EncodeError, Reader, Writer};

/// Pushes the value `make` returns onto `out`: what the default `decode_append` does
/// per element.
///
/// With `out.push(T::decode(r)?)`, `push` may grow the vector, and a panic while
/// growing must drop the value, so the value sits in a stack temporary that the
/// unwinding path can reach. The compiler then builds it there field by field and
/// copies it into the vector in 16-byte words, and those loads cannot be forwarded
/// from the narrower stores just made: the copy stalls. Here the vector grows before
/// the value exists, so nothing can unwind between building the value and writing it,
/// and the compiler builds it in its slot.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn push_with<T, E>(
    out: &mut Vec<T>,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<(), E> {
    out.reserve(1);
    let value = make()?;
    let len = out.len();
    debug_assert!(len < out.capacity());
    #[allow(unsafe_code)]
    // SAFETY: `reserve(1)` left room for one more element past `len`, and `make` cannot
    // have touched `out` (it is borrowed mutably here), so the slot at `len` is allocated
    // and uninitialized. Once it is written, `len + 1` elements are initialized.
    unsafe {
        out.as_mut_ptr().add(len).write(value);
        out.set_len(len + 1);
    }
    Ok(())
}

/// Whether byte order `E` is the host's: numbers are then their memory.
#[cfg_attr(not(debug_assertions), inline)]
const fn is_host<E: Endian>() -> bool {
    E::BIG == cfg!(target_endian = "big")
}

/// Writes numbers as their memory: one copy.
#[inline]
fn write_native<N: Num, W: Writer + ?Sized>(s: &[N], w: &mut W) -> Result<(), EncodeError> {
    w.write_var_bytes(bytemuck::cast_slice(s))
}

/// Appends `n` numbers read as their memory: one copy of the input.
#[inline]
fn read_native<'de, N: Num, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<N>,
) -> Result<(), DecodeError> {
    let start = out.len();
    out.resize(start + n, N::default());
    r.read_into(bytemuck::cast_slice_mut(&mut out[start..]))
}

/// Writes a slice of numbers at full width in byte order `E`: one copy where `E` is the
/// host's order, else one by one.
///
/// # Errors
/// From the writer.
#[inline]
pub(crate) fn write_numbers<E: Endian, N: Num, W: Writer + ?Sized>(
    s: &[N],
    w: &mut W,
) -> Result<(), EncodeError> {
    if is_host::<E>() {
        write_native(s, w)
    } else {
        s.iter().try_for_each(|&v| E::write(v, w))
    }
}

/// Appends `n` numbers at full width in byte order `E` to `out`: one copy of the input,
/// then, where their order is not the host's, a byte swap of each. The caller has checked
/// that the input can hold them.
///
/// # Errors
/// [`DecodeError::UnexpectedEnd`].
#[inline]
pub(crate) fn read_numbers<'de, E: Endian, N: Num, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<N>,
) -> Result<(), DecodeError> {
    // Between the byte boundaries of a bit-packing session the numbers are
    // little-endian bits whatever `E` says, and stay so: they are whole bytes.
    let little = r.bits_pending() || !E::BIG;
    read_native(n, r, out)?;
    if little == cfg!(target_endian = "big") {
        let start = out.len() - n;
        for v in &mut out[start..] {
            let mut b = N::Bytes::default();
            b.as_mut().copy_from_slice(bytemuck::bytes_of(v));
            *v = if little { N::from_le(b) } else { N::from_be(b) };
        }
    }
    Ok(())
}

/// Writes a slice of integers under codec `I`: as [`write_numbers`] at full width, one
/// copy for one-byte integers (every codec writes them raw), else one by one.
///
/// # Errors
/// From the writer.
#[inline]
pub(crate) fn write_ints<I: IntCodec, E: Endian, N: Int, W: Writer + ?Sized>(
    s: &[N],
    w: &mut W,
) -> Result<(), EncodeError> {
    if I::FIXED {
        write_numbers::<E, N, W>(s, w)
    } else if N::BYTES == 1 {
        write_native(s, w)
    } else {
        s.iter().try_for_each(|&v| I::write::<N, E, W>(v, w))
    }
}

/// Appends `n` integers under codec `I` to `out`: as [`read_numbers`] at full width and
/// for one-byte integers, else one by one. The caller has checked that the input can
/// hold them.
///
/// # Errors
/// As [`IntCodec::read`].
#[inline]
pub(crate) fn read_ints<'de, I: IntCodec, E: Endian, N: Int, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<N>,
) -> Result<(), DecodeError> {
    if I::FIXED {
        return read_numbers::<E, N, R>(n, r, out);
    }
    if N::BYTES == 1 {
        return read_native(n, r, out);
    }
    out.reserve(n);
    for _ in 0..n {
        out.push(I::read::<N, E, R>(r)?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloc::{
        string::{String, ToString},
        vec::Vec,
    };

    /// [`push_with`](super::push_with) writes past `len` itself: at every spare
    /// capacity, including none, a value lands at the end and nothing else moves; a
    /// failed `make` leaves the vector as it was. (Run under AddressSanitizer in CI,
    /// which also reports the leak a lost value would be.)
    #[test]
    fn push_with_writes_one_slot_or_nothing() {
        for cap in 0..=4usize {
            for start in 0..=cap {
                let mut v: Vec<String> = Vec::with_capacity(cap);
                v.extend((0..start).map(|i| i.to_string()));
                let before = v.clone();
                let failed = super::push_with(&mut v, || Err::<String, _>("bad input"));
                assert_eq!(failed, Err("bad input"));
                assert_eq!(v, before, "cap {cap} start {start}");
                super::push_with(&mut v, || Ok::<_, ()>(String::from("new"))).unwrap();
                assert_eq!(v.len(), start + 1);
                assert_eq!(v[..start], before[..]);
                assert_eq!(v[start], "new");
            }
        }
    }

    /// A sequence whose element fails mid-way, through the default `decode_append`
    /// (strings, element by element through `push_with`): every truncation and every
    /// corrupt byte is an error, and the strings decoded before it are dropped, not
    /// leaked (LeakSanitizer runs with AddressSanitizer in CI).
    #[test]
    fn failing_element_mid_sequence() {
        let words: Vec<String> = (0..6).map(|i| "w".repeat(i * 7)).collect();
        let bytes = crate::to_vec(&words).unwrap();
        for end in 0..bytes.len() {
            assert!(
                crate::from_slice::<Vec<String>>(&bytes[..end]).is_err(),
                "{end}"
            );
        }
        for at in 1..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] = 0xFF;
            // A length byte of 0xFF asks for more than there is; a string byte is not
            // UTF-8.
            assert!(crate::from_slice::<Vec<String>>(&bad).is_err(), "{at}");
        }
        assert_eq!(crate::from_slice::<Vec<String>>(&bytes).unwrap(), words);
    }
}
