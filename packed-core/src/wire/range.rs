//! `Range` and `RangeInclusive`: the start, then the end (as a struct of the two would
//! be written; an exhausted `RangeInclusive` is written as its bounds).

use core::ops::{Range, RangeInclusive};

use crate::fast::{run, FixedSize};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// The fixed size of two values of `one` bytes each.
#[cfg_attr(not(debug_assertions), inline)]
fn two<S>(one: usize) -> FixedSize<S> {
    FixedSize::of(run::run_size(&[one, one]))
}

/// Writes `start`, then `end`.
#[inline]
fn encode_bounds<C: Ctx, T: Encode, W: Writer + ?Sized>(
    start: &T,
    end: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    start.encode::<C, W>(w)?;
    end.encode::<C, W>(w)
}

/// Reads a start, then an end.
#[inline]
fn decode_bounds<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(T, T), DecodeError> {
    Ok((T::decode::<C, R>(r)?, T::decode::<C, R>(r)?))
}

/// `Encode` and `Decode` for a range type, its bounds reached as `$bounds` of `$r` and
/// the range made of bounds `$s` and `$e` as `$new`.
macro_rules! range {
    ($($range:ident: |$r:ident| $bounds:expr, |$s:ident, $e:ident| $new:expr;)*) => {$(
        impl<T: Encode> Encode for $range<T> {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                two(T::fixed_size::<C>().bytes())
            }
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                let $r = self;
                let (start, end) = $bounds;
                encode_bounds::<C, T, W>(start, end, w)
            }
        }
        impl<'de, T: Decode<'de>> Decode<'de> for $range<T> {
            const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(2);
            const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                let bound = T::fixed_size::<C>();
                two(bound.bytes()).nesting(bound.levels())
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                decode_bounds::<C, T, R>(r).map(|($s, $e)| $new)
            }
        }
    )*};
}

range! {
    Range: |r| (&r.start, &r.end), |start, end| start..end;
    RangeInclusive: |r| (r.start(), r.end()), |start, end| start..=end;
}
