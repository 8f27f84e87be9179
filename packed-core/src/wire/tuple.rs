//! Tuples of up to 12 elements: the elements in order, with no prefix.
//!
//! A tuple of fixed size is written and read as one run (`fast::run`): the derive groups
//! consecutive scalar fields of a struct into tuples for that.

use crate::fast::{run, FixedSize};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

macro_rules! tuple {
    ($($n:tt $t:ident),+) => {
        /// Elements in order, no prefix.
        impl<$($t: Encode),+> Encode for ($($t,)+) {
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::run(&[$($t::fixed_size::<C::Elem>().bytes()),+])
            }
            /// One run where the size is fixed (the derive groups scalar fields this way).
            /// Always inline, like the decode below.
            #[inline(always)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                if run::write_as_run::<C, Self, W>(w) {
                    return run::encode_run::<C, Self, W>(self, w);
                }
                $(self.$n.encode::<C::Elem, W>(w)?;)+
                Ok(())
            }
        }
        impl<'de, $($t: Decode<'de>),+> Decode<'de> for ($($t,)+) {
            const MIN_WIRE: usize = 0 $(+ $t::MIN_WIRE)+;
            const RESERVES_AHEAD: bool = false $(|| $t::RESERVES_AHEAD)+;
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::run(&[$($t::fixed_size::<C::Elem>().bytes()),+])
            }
            // Always inline: at `#[inline]` the compiler kept the derive's scalar groups
            // out of line, and a reader passed to an out-of-line function keeps its
            // position in memory for the whole decode (see `SliceReader::short`).
            #[inline(always)]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                if run::read_as_run::<C, Self, R>(r) {
                    return run::decode_flat_run::<C, Self, R>(r);
                }
                Ok(($($t::decode::<C::Elem, R>(r)?,)+))
            }
            #[inline(always)]
            fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(&mut self, r: &mut R) -> Result<(), DecodeError> {
                if run::read_as_run::<C, Self, R>(r) {
                    *self = run::decode_flat_run::<C, Self, R>(r)?;
                    return Ok(());
                }
                $(self.$n.decode_in_place::<C::Elem, R>(r)?;)+
                Ok(())
            }
        }
    };
}
tuple!(0 A);
tuple!(0 A, 1 B);
tuple!(0 A, 1 B, 2 C2);
tuple!(0 A, 1 B, 2 C2, 3 D);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
tuple!(0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);
