//! `Result` and `Bound`: written as a data-carrying enum would be, the variant's index in
//! the layout's conventions' form (as a `std::variant` of the alternatives), then its
//! value. `Ok` is 0 and `Err` 1; `Included` 0, `Excluded` 1, `Unbounded` 2.

use core::ops::Bound;

use super::enums::{read_tag, unknown_variant, write_tag, VariantIndex};
use crate::explain::PathSeg;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes the index of variant `name`, then what `value` writes, inside the variant's
/// path for `explain`.
#[inline]
fn write_variant<C: Ctx, W: Writer + ?Sized>(
    index: u32,
    name: &'static str,
    w: &mut W,
    value: impl FnOnce(&mut W) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    write_tag::<C, VariantIndex, W>(index, w)?;
    w.push_path(PathSeg::Variant(name));
    value(w)?;
    w.pop_path();
    Ok(())
}

/// Reads a variant index; the offset is for the error of an index of no variant.
#[inline]
fn read_variant<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(usize, u32), DecodeError> {
    let offset = r.offset();
    Ok((offset, read_tag::<C, VariantIndex, R>(r)?))
}

/// `std::variant<T, E>`: index 0 and the value, or 1 and the error.
impl<T: Encode, E: Encode> Encode for Result<T, E> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        match self {
            Ok(v) => write_variant::<C, W>(0, "Ok", w, |w| v.encode::<C, W>(w)),
            Err(e) => write_variant::<C, W>(1, "Err", w, |w| e.encode::<C, W>(w)),
        }
    }
}

impl<'de, T: Decode<'de>, E: Decode<'de>> Decode<'de> for Result<T, E> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD || E::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        match read_variant::<C, R>(r)? {
            (_, 0) => T::decode::<C, R>(r).map(Ok),
            (_, 1) => E::decode::<C, R>(r).map(Err),
            (offset, i) => Err(unknown_variant(offset, "Result", u64::from(i))),
        }
    }
}

/// Index 0 and the value (`Included`), 1 and the value (`Excluded`), or 2 (`Unbounded`).
impl<T: Encode> Encode for Bound<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        match self {
            Bound::Included(v) => write_variant::<C, W>(0, "Included", w, |w| v.encode::<C, W>(w)),
            Bound::Excluded(v) => write_variant::<C, W>(1, "Excluded", w, |w| v.encode::<C, W>(w)),
            Bound::Unbounded => write_variant::<C, W>(2, "Unbounded", w, |_| Ok(())),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        match read_variant::<C, R>(r)? {
            (_, 0) => T::decode::<C, R>(r).map(Bound::Included),
            (_, 1) => T::decode::<C, R>(r).map(Bound::Excluded),
            (_, 2) => Ok(Bound::Unbounded),
            (offset, i) => Err(unknown_variant(offset, "Bound", u64::from(i))),
        }
    }
}
