//! Derived enums: a variant's tag, then its fields; a fieldless `#[repr(int)]` enum as
//! its discriminant.
//!
//! The tag is the variant's index as the enum's `tag` type (`u8` unless set), written by
//! the layout's integer codec. A fieldless enum with `#[repr(u8)]`..`#[repr(i64)]` is
//! its discriminant in the layout's [`EnumRepr`] form, which distinguishes a single
//! value from an element of a contiguous sequence (YAS copies a `std::vector` of raw
//! enums without their size byte). The derive writes the fields; these functions write
//! and read what is around them, and generated code reaches them through `__private`.

use alloc::vec::Vec;

use crate::explain::{elements, framed, Role};
use crate::layout::{EnumRepr, Layout};
use crate::num::{Int, IntCodec};
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

/// Writes an enum's variant tag with the layout's integer codec.
#[inline(always)]
pub fn write_tag<C: Ctx, I: Int, W: Writer + ?Sized>(tag: I, w: &mut W) -> Result<(), EncodeError> {
    framed(w, Role::Tag, |w| {
        <<C::Layout as Layout>::Int as IntCodec>::write::<I, <C::Layout as Layout>::Endian, W>(
            tag, w,
        )
    })
}

/// Reads an enum's variant tag.
#[inline(always)]
pub fn read_tag<'de, C: Ctx, I: Int, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
    <<C::Layout as Layout>::Int as IntCodec>::read::<I, <C::Layout as Layout>::Endian, R>(r)
}

/// Writes a fieldless `#[repr(int)]` enum's discriminant.
#[inline(always)]
pub fn write_repr<C: Ctx, I: Int, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError> {
    <<C::Layout as Layout>::Enums as EnumRepr>::write::<C::Layout, I, W>(v, w)
}

/// Reads a fieldless `#[repr(int)]` enum's discriminant.
#[inline(always)]
fn read_repr<'de, C: Ctx, I: Int, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
    <<C::Layout as Layout>::Enums as EnumRepr>::read::<C::Layout, I, R>(r)
}

/// Reads a fieldless `#[repr(int)]` enum `T`: its discriminant, then the variant
/// `variant` names for it.
///
/// # Errors
/// As `read_repr`; [`DecodeError::UnknownVariant`] at the discriminant's offset if
/// it names no variant.
#[inline(always)]
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
/// `T`, each `discriminant` in the layout's element form
/// ([`EnumRepr::write_element`]): the enum's `encode_contiguous`.
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
        <<C::Layout as Layout>::Enums as EnumRepr>::write_element::<C::Layout, I, W>(
            discriminant(item),
            w,
        )
    })
}

/// Appends `n` elements of a contiguous sequence of a fieldless `#[repr(int)]` enum
/// `T`, each read in the layout's element form ([`EnumRepr::read_element`]): the
/// enum's `decode_contiguous`. The caller has checked `n` against the input.
///
/// # Errors
/// As [`EnumRepr::read_element`]; [`DecodeError::UnknownVariant`] at the offset of the
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
        let d = <<C::Layout as Layout>::Enums as EnumRepr>::read_element::<C::Layout, I, R>(r)?;
        out.push(named_variant(offset, d, type_name, &variant)?);
    }
    Ok(())
}

/// The variant `variant` names for the discriminant `d` read at `offset`, or
/// [`DecodeError::UnknownVariant`].
#[inline(always)]
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
#[cold]
#[inline(never)]
#[must_use]
pub fn unknown_variant(offset: usize, type_name: &'static str, tag: u64) -> DecodeError {
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
