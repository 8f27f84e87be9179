//! Sequences: `[T]`, `Vec`, `VecDeque`, `Box<[T]>` and `[T; N]`, and the length prefix,
//! `max` and length claim every length-prefixed value shares.
//!
//! A sequence is a length prefix (the element count, by the layout's [`LenPrefix`]),
//! then its elements; an array has no prefix (its length is its type's). The elements
//! of a slice, `Vec`, `Box<[T]>` or array are written in the contiguous form
//! (`encode_contiguous`: YAS writes raw enums there without their size byte), those of a
//! `VecDeque` (YAS's `std::deque`) one at a time as single values (`encode_slice`).
//!
//! Before anything is allocated, a length is checked against the field's `max` and
//! against what the rest of the input can hold ([`claim`]); elements of a type that may
//! encode to nothing are counted against the document's budget instead
//! ([`Reader::count_zero_width`]).

use alloc::{boxed::Box, collections::VecDeque, vec::Vec};

use crate::explain::{framed, Role};
use crate::fast::FixedSize;
use crate::layout::Layout;
use crate::len::LenPrefix;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes a length prefix under `C`, checking the field's `max` first.
#[inline(always)]
pub(crate) fn write_len<C: Ctx, W: Writer + ?Sized>(
    len: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    if len > C::MAX {
        return Err(over_max(len, C::MAX));
    }
    framed(w, Role::Length, |w| {
        <<C::Layout as Layout>::Len as LenPrefix>::write::<<C::Layout as Layout>::Endian, W>(len, w)
    })
}

#[cold]
#[inline(never)]
fn over_max(len: usize, max: usize) -> EncodeError {
    EncodeError::LengthOverMax { len, max }
}

/// Reads a length prefix under `C` and checks the field's `max`. Returns the prefix's
/// offset and the length.
#[inline(always)]
pub(crate) fn read_len<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(usize, usize), DecodeError> {
    let offset = r.offset();
    let len =
        <<C::Layout as Layout>::Len as LenPrefix>::read::<<C::Layout as Layout>::Endian, R>(r)?;
    if len > C::MAX {
        return Err(DecodeError::LengthOverMax {
            offset,
            len: len as u64,
            max: C::MAX,
        });
    }
    Ok((offset, len))
}

/// Elements decoded per step from a stream, so memory follows the input received.
const STREAM_CHUNK_BYTES: usize = 64 * 1024;

/// Checks, before anything is allocated, that `len` elements of at least `min_wire`
/// bytes each fit in what is left of the input, and returns how many elements may be
/// allocated up front. Elements of a type that may encode to nothing (`min_wire` 0)
/// each take a byte or one of the document's zero-width elements
/// ([`Reader::count_zero_width`]), so the elements beyond the bytes left must fit in
/// what is left of that budget. A stream, whose length is unknown, may allocate one
/// chunk of elements at a time ([`append`]).
#[inline(always)]
pub(crate) fn claim<'de, T, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    min_wire: usize,
    r: &R,
) -> Result<usize, DecodeError> {
    match r.remaining() {
        Some(remaining) => {
            if min_wire == 0 {
                r.check_zero_width(offset, len.saturating_sub(remaining))?;
            } else if len.saturating_mul(min_wire) > remaining {
                return Err(exceeds(offset, len, remaining));
            }
            Ok(len)
        }
        None => Ok(len.min(STREAM_CHUNK_BYTES / core::mem::size_of::<T>().max(1))),
    }
}

#[cold]
#[inline(never)]
fn exceeds(offset: usize, len: usize, remaining: usize) -> DecodeError {
    DecodeError::LengthExceedsInput {
        offset,
        len: len as u64,
        remaining,
    }
}

/// Appends `len` elements to `out` with `step` (`T::decode_contiguous` for a
/// contiguous sequence, `T::decode_append` for a `VecDeque`, each appending the number
/// of elements it is given; `offset` is the length prefix's, for errors). Elements of a
/// type that may encode to nothing are read one at a time and counted
/// ([`append_counted`]); others from a slice in one call, from a stream in steps of at
/// most 64 KiB of elements, so memory follows the input received.
#[inline]
fn append<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    r: &mut R,
    out: &mut Vec<T>,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    if T::MIN_WIRE == 0 {
        return append_counted(offset, len, r, out, step);
    }
    if r.remaining().is_some() {
        return step(len, r, out);
    }
    let chunk = (STREAM_CHUNK_BYTES / core::mem::size_of::<T>().max(1)).max(1);
    let mut left = len;
    while left > 0 {
        let n = left.min(chunk);
        step(n, r, out)?;
        left -= n;
    }
    Ok(())
}

/// Appends `n` elements of a type that may encode to nothing (`MIN_WIRE` 0), each
/// through its own `step` call and [`element`], so every element that consumed no
/// input is counted against the document's budget, whatever the type's
/// `decode_append` does: elements then cost at most one per byte read plus the
/// budget, in time and in memory, at any depth of nesting.
fn append_counted<'de, T, R: Reader<'de> + ?Sized>(
    offset: usize,
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    for _ in 0..n {
        element(0, offset, r, |r| step(1, r, out))?;
    }
    Ok(())
}

/// Decodes one element of a sequence, map or set (`offset`: its length prefix) with
/// `decode`. Where the element type may encode to nothing (`min_wire` 0, a constant
/// at every call), an element that consumed no input is counted with
/// [`Reader::count_zero_width`]; for every other type this is `decode(r)`, with no
/// work added per element.
#[inline(always)]
pub(crate) fn element<'de, R: Reader<'de> + ?Sized, V>(
    min_wire: usize,
    offset: usize,
    r: &mut R,
    decode: impl FnOnce(&mut R) -> Result<V, DecodeError>,
) -> Result<V, DecodeError> {
    if min_wire != 0 {
        return decode(r);
    }
    let before = r.offset();
    let v = decode(r)?;
    if r.offset() == before {
        r.count_zero_width(offset)?;
    }
    Ok(v)
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        T::encode_contiguous::<C::Elem, W>(self, w)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }
}

/// Reads a length prefix and that many elements, appended with `step` (see [`append`]).
#[inline]
fn decode_vec<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    let cap = claim::<T, R>(offset, len, T::MIN_WIRE, r)?;
    let mut v = Vec::with_capacity(cap);
    append(offset, len, r, &mut v, step)?;
    Ok(v)
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_contiguous::<C::Elem, R>)
    }

    /// Decodes the first elements in place, then appends or truncates. Elements that
    /// own nothing to reuse (of a fixed size, or without drop glue: numbers, fieldless
    /// enums) are cleared and read as from scratch, in one copy or one run where they
    /// can be, and in the contiguous form where it differs (YAS's raw enums).
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        claim::<T, R>(offset, len, T::MIN_WIRE, r)?;
        if T::fixed_size::<C::Elem>().bytes() != 0 || !core::mem::needs_drop::<T>() {
            self.clear();
        }
        self.truncate(len);
        for item in self.iter_mut() {
            element(T::MIN_WIRE, offset, r, |r| {
                item.decode_in_place::<C::Elem, R>(r)
            })?;
        }
        let more = len - self.len();
        append(offset, more, r, self, T::decode_contiguous::<C::Elem, R>)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(Vec::into_boxed_slice)
    }
}

/// A `VecDeque` is YAS's `std::deque`: its elements are written one at a time, as
/// single values (`encode_slice`, not `encode_contiguous`: a fieldless enum keeps YAS's
/// size byte).
impl<T: Encode> Encode for VecDeque<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        // Its storage, in two parts where it wraps around; the second part's elements
        // are numbered on from the first's.
        let (a, b) = self.as_slices();
        T::encode_slice::<C::Elem, W>(a, 0, w)?;
        T::encode_slice::<C::Elem, W>(b, a.len(), w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_append::<C::Elem, R>).map(VecDeque::from)
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline(always)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        T::fixed_size::<C::Elem>().array::<N>()
    }
    /// No length prefix: the length is part of the type. The elements are those of a
    /// contiguous sequence (YAS's `std::array` and C arrays copy enums as raw memory,
    /// as its `std::vector` does).
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        T::encode_contiguous::<C::Elem, W>(self, w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(N);
    #[inline(always)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        T::fixed_size::<C::Elem>().array::<N>()
    }
    /// Elements that may encode to nothing are counted as in a sequence (`[Z; N]`
    /// inside a `Vec` would otherwise multiply them).
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let start = r.offset();
        if T::MIN_WIRE == 0 {
            claim::<T, R>(start, N, 0, r)?;
        }
        let mut v = Vec::with_capacity(N);
        if T::MIN_WIRE == 0 {
            append_counted(start, N, r, &mut v, T::decode_contiguous::<C::Elem, R>)?;
        } else {
            T::decode_contiguous::<C::Elem, R>(N, r, &mut v)?;
        }
        match v.try_into() {
            Ok(a) => Ok(a),
            Err(_) => unreachable!("decode_contiguous pushed exactly N elements"),
        }
    }
}
