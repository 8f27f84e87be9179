//! Derived enums: a variant's tag, then its fields; a fieldless `#[repr(int)]` enum as
//! its discriminant.
//!
//! The tag is the variant's index ([`TagForm`]): without `tag`, in the form of the
//! layout's [`Conventions`] (Bitsery's `StdVariant`: the size prefix's form; YAS's
//! `std::variant`: one raw byte); with `tag = "u8"`..`"u32"`, that integer by the
//! layout's integer codec. A fieldless enum with `#[repr(u8)]`..`#[repr(i64)]` is its
//! discriminant in the conventions' enum form, which distinguishes a single value from
//! an element of a contiguous sequence (YAS copies a `std::vector` of raw enums without
//! their size byte). The derive writes the fields; these functions write and read what
//! is around them, and generated code reaches them through `__private`.

use alloc::vec::Vec;

use crate::explain::{elements, framed, Role};
use crate::layout::{Conventions, Layout};
use crate::len::{Compact, LenPrefix};
use crate::num::{Int, IntCodec};
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

type Conv<C> = <<C as Ctx>::Layout as Layout>::Conventions;

/// How a variant's index is written: [`VariantIndex`] (the layout's conventions, the
/// default) or a fixed integer (`u8`, `u16`, `u32`: `tag = "..."`, by the layout's
/// integer codec).
pub trait TagForm: 'static {
    /// The index as the derive numbers variants.
    type Index: Int;
    /// *Wire format: `MaxSize`.* The integer's size in bytes, written by the layout's
    /// integer codec; `None` for [`VariantIndex`], whose size [`max_tag`] works out.
    #[doc(hidden)]
    const INT_BYTES: Option<usize>;
    /// Writes `index` under `C`.
    ///
    /// # Errors
    /// From the writer; [`EncodeError::VariantIndexTooLarge`] if the form cannot hold it.
    fn write<C: Ctx, W: Writer + ?Sized>(index: Self::Index, w: &mut W) -> Result<(), EncodeError>;
    /// Reads an index under `C`.
    ///
    /// # Errors
    /// From the reader and the integer codec.
    fn read<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self::Index, DecodeError>;
}

macro_rules! fixed_tag {
    ($($t:ty),*) => {$(
        /// `tag = "...`: the integer, by the layout's integer codec.
        impl TagForm for $t {
            type Index = $t;
            const INT_BYTES: Option<usize> = Some(<$t as Int>::BYTES);
            #[cfg_attr(not(debug_assertions), inline)]
            fn write<C: Ctx, W: Writer + ?Sized>(index: $t, w: &mut W) -> Result<(), EncodeError> {
                <<C::Layout as Layout>::Int as IntCodec>::write::<$t, <C::Layout as Layout>::Endian, W>(index, w)
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn read<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<$t, DecodeError> {
                <<C::Layout as Layout>::Int as IntCodec>::read::<$t, <C::Layout as Layout>::Endian, R>(r)
            }
        }
    )*};
}
fixed_tag!(u8, u16, u32);

/// The index of a `std::variant`'s alternative, as the layout's [`Conventions`] write
/// it: Bitsery's size prefix form (`ext::StdVariant`: one byte below 128, `80 80` for
/// 128), or YAS's one raw byte (at most 255). The default form of a derived enum's tag,
/// and of `Result` and `Bound`.
pub enum VariantIndex {}

impl TagForm for VariantIndex {
    type Index = u32;
    const INT_BYTES: Option<usize> = None;
    #[cfg_attr(not(debug_assertions), inline)]
    fn write<C: Ctx, W: Writer + ?Sized>(index: u32, w: &mut W) -> Result<(), EncodeError> {
        if Conv::<C>::VARIANT_INDEX_BYTE {
            match u8::try_from(index) {
                Ok(byte) => w.write_byte(byte),
                Err(_) => Err(index_too_large(index)),
            }
        } else {
            Compact::write::<<C::Layout as Layout>::Endian, W>(index as usize, w)
        }
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn read<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        if Conv::<C>::VARIANT_INDEX_BYTE {
            r.read_byte().map(u32::from)
        } else {
            // The size prefix holds at most 2^30 - 1.
            Compact::read::<<C::Layout as Layout>::Endian, R>(r).map(|i| i as u32)
        }
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn index_too_large(index: u32) -> EncodeError {
    crate::error::cold_path();
    EncodeError::VariantIndexTooLarge {
        index: u64::from(index),
        max: u64::from(u8::MAX),
    }
}

/// The most bytes a tag of form `T` takes under `C` when no tag is above `largest`
/// (for `MaxSize`): the integer's in the layout's codec; one byte for YAS's variant
/// index; Bitsery's size prefix of `largest`.
#[must_use]
pub const fn max_tag<C: Ctx, T: TagForm>(largest: u64) -> usize {
    match T::INT_BYTES {
        Some(bytes) => <<C::Layout as Layout>::Int as IntCodec>::SIZE.max_bytes(bytes),
        None if Conv::<C>::VARIANT_INDEX_BYTE => 1,
        None => <Compact as LenPrefix>::SIZE.max_bytes(largest as usize),
    }
}

/// Writes an enum's variant tag in form `T`.
#[cfg_attr(not(debug_assertions), inline)]
pub fn write_tag<C: Ctx, T: TagForm, W: Writer + ?Sized>(
    tag: T::Index,
    w: &mut W,
) -> Result<(), EncodeError> {
    framed(w, Role::Tag, |w| T::write::<C, W>(tag, w))
}

/// The bytes of an enum's variant tag `tag` in form `T` under `C` (its write counted,
/// which folds to a constant for the derive's constant tags).
#[cfg_attr(not(debug_assertions), inline)]
#[must_use]
pub fn tag_size<C: Ctx, T: TagForm>(tag: T::Index) -> usize {
    crate::SizeCounter::bytes_of(|counter| T::write::<C, crate::SizeCounter>(tag, counter))
}

/// Two sizes of a derived type's parts added up (wrapping: a sum that large is not the
/// size of a value that encodes, and `to_vec` only allocates by it).
#[cfg_attr(not(debug_assertions), inline(always))]
#[must_use]
pub fn add_size(a: usize, b: usize) -> usize {
    a.wrapping_add(b)
}

/// `contiguous_size` of a type with its own `encode_contiguous` (a fieldless
/// `#[repr(int)]` enum): that counted.
#[cfg_attr(not(debug_assertions), inline)]
#[must_use]
pub fn count_contiguous<C: Ctx, T: crate::Encode>(items: &[T]) -> usize {
    crate::SizeCounter::bytes_of(|counter| {
        T::encode_contiguous::<C, crate::SizeCounter>(items, counter)
    })
}

/// Reads an enum's variant tag in form `T`.
#[cfg_attr(not(debug_assertions), inline)]
pub fn read_tag<'de, C: Ctx, T: TagForm, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T::Index, DecodeError> {
    T::read::<C, R>(r)
}

/// Writes a fieldless `#[repr(int)]` enum's discriminant.
#[cfg_attr(not(debug_assertions), inline)]
pub fn write_repr<C: Ctx, I: Int, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError> {
    Conv::<C>::write_enum::<C::Layout, I, W>(v, w)
}

/// Reads a fieldless `#[repr(int)]` enum's discriminant.
#[cfg_attr(not(debug_assertions), inline)]
fn read_repr<'de, C: Ctx, I: Int, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
    Conv::<C>::read_enum::<C::Layout, I, R>(r)
}

/// Reads a fieldless `#[repr(int)]` enum `T`: its discriminant, then the variant
/// `variant` names for it.
///
/// # Errors
/// As `read_repr`; [`DecodeError::UnknownVariant`] at the discriminant's offset if
/// it names no variant.
#[cfg_attr(not(debug_assertions), inline)]
pub fn read_repr_value<'de, C: Ctx, I: Int, T, R: Reader<'de> + ?Sized>(
    r: &mut R,
    type_name: &'static str,
    variant: impl Fn(I) -> Option<T>,
) -> Result<T, DecodeError> {
    let offset = r.offset();
    let d = read_repr::<C, I, R>(r)?;
    named_variant(offset, d, type_name, &variant)
}

/// Writes the elements of a contiguous sequence of a fieldless `#[repr(int)]` enum
/// `T`, each `discriminant` in the conventions' element form
/// ([`Conventions::write_enum_element`]): the enum's `encode_contiguous`.
///
/// # Errors
/// From the writer.
#[inline]
pub fn write_repr_elements<C: Ctx, I: Int, T, W: Writer + ?Sized>(
    items: &[T],
    discriminant: impl Fn(&T) -> I,
    w: &mut W,
) -> Result<(), EncodeError> {
    elements(w, 0, items, |w, item| {
        Conv::<C>::write_enum_element::<C::Layout, I, W>(discriminant(item), w)
    })
}

/// Appends `n` elements of a contiguous sequence of a fieldless `#[repr(int)]` enum
/// `T`, each read in the conventions' element form
/// ([`Conventions::read_enum_element`]): the enum's `decode_contiguous`. The caller
/// has checked `n` against the input.
///
/// # Errors
/// As [`Conventions::read_enum_element`]; [`DecodeError::UnknownVariant`] at the offset of the
/// first element whose discriminant names no variant.
#[inline]
pub fn read_repr_elements<'de, C: Ctx, I: Int, T, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
    type_name: &'static str,
    variant: impl Fn(I) -> Option<T>,
) -> Result<(), DecodeError> {
    out.reserve(n);
    for _ in 0..n {
        let offset = r.offset();
        let d = Conv::<C>::read_enum_element::<C::Layout, I, R>(r)?;
        out.push(named_variant(offset, d, type_name, &variant)?);
    }
    Ok(())
}

/// The variant `variant` names for the discriminant `d` read at `offset`, or
/// [`DecodeError::UnknownVariant`].
#[cfg_attr(not(debug_assertions), inline)]
fn named_variant<I: Int, T>(
    offset: usize,
    d: I,
    type_name: &'static str,
    variant: &impl Fn(I) -> Option<T>,
) -> Result<T, DecodeError> {
    match variant(d) {
        Some(v) => Ok(v),
        None => Err(unknown_variant(offset, type_name, tag_bits(d))),
    }
}

/// The error for a tag that names no variant.
#[inline]
#[must_use]
pub fn unknown_variant(offset: usize, type_name: &'static str, tag: u64) -> DecodeError {
    crate::error::cold_path();
    DecodeError::UnknownVariant {
        offset,
        type_name,
        tag,
    }
}

/// A tag or discriminant as `u64` for errors (negative values as two's complement).
#[inline]
pub fn tag_bits<I: Int>(v: I) -> u64 {
    let (negative, m) = v.sign_magnitude();
    if negative {
        (m as u64).wrapping_neg()
    } else {
        m as u64
    }
}
