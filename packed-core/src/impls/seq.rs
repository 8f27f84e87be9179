//! Strings, sequences, maps and sets: a length prefix, then the elements.

use alloc::{
    borrow::Cow,
    boxed::Box,
    collections::{BTreeMap, BTreeSet, VecDeque},
    string::String,
    vec::Vec,
};

use crate::layout::Layout;
use crate::len::LenPrefix;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Role, Writer};

/// Writes a length prefix under `C`, checking the field's `max` first.
#[inline(always)]
pub(crate) fn write_len<C: Ctx, W: Writer + ?Sized>(
    len: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    if len > C::MAX {
        return Err(over_max(len, C::MAX));
    }
    w.begin_frame(Role::Length);
    let r = <<C::Layout as Layout>::Len as LenPrefix>::write::<<C::Layout as Layout>::Endian, W>(
        len, w,
    );
    w.end_frame();
    r
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

/// Checks that `len` elements of at least `min_wire` bytes each (at least one, even for
/// types that encode to nothing) fit in what is left of the input, before anything is
/// allocated. Returns how many elements may be allocated up front.
#[inline(always)]
pub(crate) fn claim<'de, T, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    min_wire: usize,
    r: &R,
) -> Result<usize, DecodeError> {
    match r.remaining() {
        Some(remaining) => {
            if len.saturating_mul(min_wire.max(1)) > remaining {
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

/// Appends `len` elements to `out`, in bounded steps for streams.
#[inline]
fn append<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    len: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    if r.remaining().is_some() {
        return T::decode_append::<C::Elem, R>(len, r, out);
    }
    let step = (STREAM_CHUNK_BYTES / core::mem::size_of::<T>().max(1)).max(1);
    let mut left = len;
    while left > 0 {
        let n = left.min(step);
        T::decode_append::<C::Elem, R>(n, r, out)?;
        left -= n;
    }
    Ok(())
}

/// Reads a length-prefixed UTF-8 string, borrowed where the reader can.
#[inline]
fn decode_str<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<Cow<'de, str>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    claim::<u8, R>(offset, len, 1, r)?;
    let start = r.offset();
    match r.read_cow(len)? {
        Cow::Borrowed(b) => core::str::from_utf8(b)
            .map(Cow::Borrowed)
            .map_err(|e| utf8(start, &e)),
        Cow::Owned(v) => String::from_utf8(v)
            .map(Cow::Owned)
            .map_err(|e| utf8(start, &e.utf8_error())),
    }
}

#[cold]
#[inline(never)]
fn utf8(start: usize, e: &core::str::Utf8Error) -> DecodeError {
    DecodeError::InvalidUtf8 {
        offset: start + e.valid_up_to(),
    }
}

impl Encode for str {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        w.write_bytes(self.as_bytes())
    }
}

impl Encode for String {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_str().encode::<C, W>(w)
    }
}

impl<'de> Decode<'de> for String {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_str::<C, R>(r).map(Cow::into_owned)
    }

    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let s = decode_str::<C, R>(r)?;
        self.clear();
        self.push_str(&s);
        Ok(())
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        claim::<u8, R>(offset, len, 1, r)?;
        let start = r.offset();
        let bytes = r.borrow_bytes(len)?;
        core::str::from_utf8(bytes).map_err(|e| utf8(start, &e))
    }
}

impl<'de> Decode<'de> for Box<str> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        String::decode::<C, R>(r).map(String::into_boxed_str)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_str::<C, R>(r)
    }
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        T::encode_slice::<C::Elem, W>(self, w)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        let cap = claim::<T, R>(offset, len, T::MIN_WIRE, r)?;
        let mut v = Vec::with_capacity(cap);
        append::<C, T, R>(len, r, &mut v)?;
        Ok(v)
    }

    /// Decodes the first elements in place, then appends or truncates.
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        claim::<T, R>(offset, len, T::MIN_WIRE, r)?;
        self.truncate(len);
        for item in self.iter_mut() {
            item.decode_in_place::<C::Elem, R>(r)?;
        }
        let more = len - self.len();
        append::<C, T, R>(more, r, self)
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        claim::<u8, R>(offset, len, 1, r)?;
        r.borrow_bytes(len)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(Vec::into_boxed_slice)
    }
}

impl<T: Encode> Encode for VecDeque<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        let (a, b) = self.as_slices();
        T::encode_slice::<C::Elem, W>(a, w)?;
        T::encode_slice::<C::Elem, W>(b, w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(VecDeque::from)
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    /// No length prefix: the length is part of the type.
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        T::encode_slice::<C::Elem, W>(self, w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(N);
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let mut v = Vec::with_capacity(N);
        T::decode_append::<C::Elem, R>(N, r, &mut v)?;
        match v.try_into() {
            Ok(a) => Ok(a),
            Err(_) => unreachable!("decode_append pushed exactly N elements"),
        }
    }
}

/// Encodes the pairs or items of a map or set, after its length.
#[inline]
fn encode_iter<C: Ctx, T: Encode, W: Writer + ?Sized>(
    len: usize,
    items: impl Iterator<Item = T>,
    w: &mut W,
) -> Result<(), EncodeError> {
    write_len::<C, W>(len, w)?;
    for (i, item) in items.enumerate() {
        w.push_path(crate::PathSeg::Index(i));
        item.encode::<C::Elem, W>(w)?;
        w.pop_path();
    }
    Ok(())
}

/// `(key, value)` by reference, for maps.
struct Pair<'a, K, V>(&'a K, &'a V);

impl<K: Encode, V: Encode> Encode for Pair<'_, K, V> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.0.encode::<C, W>(w)?;
        self.1.encode::<C, W>(w)
    }
}

macro_rules! maps {
    ($($map:ident<K $(: $kb:path)*, V $(, $s:ident)?> $new:ident),*) => {$(
        impl<K: Encode, V: Encode $(, $s)?> Encode for $map<K, V $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_iter::<C, _, W>(self.len(), self.iter().map(|(k, v)| Pair(k, v)), w)
            }
        }
        impl<'de, K: Decode<'de> $(+ $kb)*, V: Decode<'de> $(, $s: core::hash::BuildHasher + Default)?> Decode<'de>
            for $map<K, V $(, $s)?>
        {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let (offset, len) = read_len::<C, R>(r)?;
                let _cap = claim::<(K, V), R>(offset, len, K::MIN_WIRE + V::MIN_WIRE, r)?;
                let mut m = maps!(@new $new _cap $(, $s)?);
                for _ in 0..len {
                    let k = K::decode::<C::Elem, R>(r)?;
                    let v = V::decode::<C::Elem, R>(r)?;
                    m.insert(k, v);
                }
                Ok(m)
            }
        }
    )*};
    ($($set:ident<T $(: $kb:path)* $(, $s:ident)?> $new:ident;)*) => {$(
        impl<T: Encode $(, $s)?> Encode for $set<T $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_iter::<C, &T, W>(self.len(), self.iter(), w)
            }
        }
        impl<'de, T: Decode<'de> $(+ $kb)* $(, $s: core::hash::BuildHasher + Default)?> Decode<'de> for $set<T $(, $s)?> {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let (offset, len) = read_len::<C, R>(r)?;
                let _cap = claim::<T, R>(offset, len, T::MIN_WIRE, r)?;
                let mut m = maps!(@new $new _cap $(, $s)?);
                for _ in 0..len {
                    m.insert(T::decode::<C::Elem, R>(r)?);
                }
                Ok(m)
            }
        }
    )*};
    (@new ordered $cap:ident) => { { let _ = $cap; Self::new() } };
    (@new hashed $cap:ident, $s:ident) => { Self::with_capacity_and_hasher($cap, $s::default()) };
}

maps!(BTreeMap<K: Ord, V> ordered);
maps!(BTreeSet<T: Ord> ordered;);

#[cfg(feature = "std")]
mod hashed {
    use super::*;
    use std::collections::{HashMap, HashSet};
    maps!(HashMap<K: Eq: core::hash::Hash, V, S> hashed);
    maps!(HashSet<T: Eq: core::hash::Hash, S> hashed;);
}
