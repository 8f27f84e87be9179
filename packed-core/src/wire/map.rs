//! Maps and sets: `BTreeMap`, `BTreeSet`, `HashMap`, `HashSet`.
//!
//! A length prefix, then the entries in iteration order (a map's as key, value). The
//! B-tree types give the same bytes for the same contents; the hashed ones need not
//! (their order depends on the hasher's seed). Decoding refuses a key that comes twice
//! ([`DecodeError::DuplicateKey`], at the second one): a count cannot lie about the
//! entries, and two inputs never decode to one value. Entries that may repeat (a C++
//! `std::multimap`) decode as `Vec<Pair<K, V>>` (`crate::cpp::Pair`), which is written
//! the same way; `Vec<(K, V)>` only under Bitsery's conventions (YAS counts a tuple).

use alloc::collections::{BTreeMap, BTreeSet};

use super::seq::{claim, element, read_len, settle, stream_start, unmet, write_len, Reserve};
use crate::explain::{elements, PathSeg};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes a map's or set's length, then its `len` entries.
#[inline]
pub(crate) fn encode_entries<C: Ctx, T: Encode, W: Writer + ?Sized>(
    len: usize,
    entries: impl Iterator<Item = T>,
    w: &mut W,
) -> Result<(), EncodeError> {
    write_len::<C, W>(len, w)?;
    elements(w, 0, entries, |w, entry| entry.encode::<C::Elem, W>(w))
}

/// Reads a map's or set's length, then that many entries `T`: each read with `decode`
/// and added to the collection `new` makes (given how many entries it may allocate
/// for; `reserve`: what it allocates for each) with `insert`, which returns
/// false for a key the collection already holds.
///
/// # Errors
/// From the length prefix, the claim and `decode`; [`DecodeError::DuplicateKey`] at
/// the entry whose key came before.
#[inline]
pub(crate) fn decode_entries<'de, C: Ctx, T: Decode<'de>, M, R: Reader<'de> + ?Sized>(
    r: &mut R,
    reserve: Reserve,
    new: impl FnOnce(usize) -> M,
    mut decode: impl FnMut(&mut R) -> Result<T, DecodeError>,
    mut insert: impl FnMut(&mut M, T) -> bool,
) -> Result<M, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    let mut c = claim::<T, R>(offset, len, reserve, r)?;
    let mut m = new(c.cap);
    let start = stream_start(r);
    for _ in 0..len {
        let at = r.offset();
        let entry = element::<T, R, T, _>(&mut c, offset, r, &mut decode)
            .map_err(|e| unmet::<T>(start, len, e))?;
        if !insert(&mut m, entry) {
            return Err(duplicate_key(at));
        }
    }
    settle(c, r);
    Ok(m)
}

#[cfg_attr(not(debug_assertions), inline)]
fn duplicate_key(offset: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::DuplicateKey { offset }
}

/// `(key, value)` by reference, for maps: the key, then the value, reported to
/// `explain` as the entry's `key` and `value` (`[0].key`, `[0].value`).
pub(crate) struct Pair<'a, K, V>(pub(crate) &'a K, pub(crate) &'a V);

impl<K: Encode, V: Encode> Encode for Pair<'_, K, V> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        w.push_path(PathSeg::Field("key"));
        self.0.encode::<C, W>(w)?;
        w.pop_path();
        w.push_path(PathSeg::Field("value"));
        self.1.encode::<C, W>(w)?;
        w.pop_path();
        Ok(())
    }
}

/// The most a hash table of entries `T` (`std`'s `HashMap` and `HashSet`, an
/// `IndexMap`'s index) allocates per entry it is made with capacity for: it rounds the
/// capacity up to a power of two of buckets at 7/8 load, so up to 16/7 buckets per
/// entry, each holding an entry and a control byte. (Hash tables come with `std` or
/// `indexmap`: a `no_std` build without `indexmap` has none.)
#[cfg_attr(not(any(feature = "std", feature = "indexmap")), allow(dead_code))]
pub(crate) const fn hash_table_bytes<T>() -> usize {
    ((core::mem::size_of::<T>() + 1) * 16).div_ceil(7)
}

macro_rules! maps {
    ($($map:ident<K $(: $kb:path)*, V $(, $s:ident)?> $new:ident),*) => {$(
        impl<K: Encode, V: Encode $(, $s)?> Encode for $map<K, V $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_entries::<C, _, W>(self.len(), self.iter().map(|(k, v)| Pair(k, v)), w)
            }
        }
        impl<'de, K: Decode<'de> $(+ $kb)*, V: Decode<'de> $(, $s: core::hash::BuildHasher + Default)?> Decode<'de>
            for $map<K, V $(, $s)?>
        {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                decode_entries::<C, (K, V), _, R>(
                    r,
                    maps!(@reserves $new (K, V)),
                    |cap| maps!(@new $new cap $(, $s)?),
                    |r| Ok((K::decode::<C::Elem, R>(r)?, V::decode::<C::Elem, R>(r)?)),
                    |m, (k, v)| m.insert(k, v).is_none(),
                )
            }
        }
    )*};
    ($($set:ident<T $(: $kb:path)* $(, $s:ident)?> $new:ident;)*) => {$(
        impl<T: Encode $(, $s)?> Encode for $set<T $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_entries::<C, &T, W>(self.len(), self.iter(), w)
            }
        }
        impl<'de, T: Decode<'de> $(+ $kb)* $(, $s: core::hash::BuildHasher + Default)?> Decode<'de> for $set<T $(, $s)?> {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                decode_entries::<C, T, _, R>(
                    r,
                    maps!(@reserves $new T),
                    |cap| maps!(@new $new cap $(, $s)?),
                    |r| T::decode::<C::Elem, R>(r),
                    |m, item| m.insert(item),
                )
            }
        }
    )*};
    (@new ordered $cap:ident) => { { let _ = $cap; Self::new() } };
    (@new $hashed:ident $cap:ident, $s:ident) => { Self::with_capacity_and_hasher($cap, $s::default()) };
    // What the collection allocates up front per entry `$entry`: a B-tree nothing (it
    // grows by nodes), a hash table its buckets, an `IndexMap` a vector of entries with
    // their hashes and a hash table of their indexes.
    (@reserves ordered $entry:ty) => { Reserve::Nothing };
    (@reserves hashed $entry:ty) => { Reserve::PerElement(hash_table_bytes::<$entry>()) };
    (@reserves indexed $entry:ty) => {
        Reserve::PerElement(core::mem::size_of::<(usize, $entry)>() + hash_table_bytes::<usize>())
    };
}

#[cfg(feature = "indexmap")]
pub(crate) use maps;

maps!(BTreeMap<K: Ord, V> ordered);
maps!(BTreeSet<T: Ord> ordered;);

#[cfg(feature = "std")]
mod hashed {
    use super::*;
    use std::collections::{HashMap, HashSet};
    maps!(HashMap<K: Eq: core::hash::Hash, V, S> hashed);
    maps!(HashSet<T: Eq: core::hash::Hash, S> hashed;);
}
