//! `NonZeroU8`..`NonZeroI128`, `NonZeroUsize`, `NonZeroIsize`: written as the integer;
//! a zero in the input is [`DecodeError::UnexpectedZero`].

use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};

use crate::fast::FixedSize;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

#[cold]
#[inline(never)]
fn zero(offset: usize, type_name: &'static str) -> DecodeError {
    DecodeError::UnexpectedZero { offset, type_name }
}

macro_rules! nonzero {
    ($($t:ident($int:ty)),*) => {$(
        /// The integer.
        impl Encode for $t {
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of(<$int as Encode>::fixed_size::<C>().bytes())
            }
            #[inline(always)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                self.get().encode::<C, W>(w)
            }
        }
        /// The integer; zero is [`DecodeError::UnexpectedZero`].
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = <$int as Decode<'de>>::MIN_WIRE;
            const RESERVES_AHEAD: bool = false;
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                <$t as Encode>::fixed_size::<C>()
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let offset = r.offset();
                <$t>::new(<$int>::decode::<C, R>(r)?).ok_or_else(|| zero(offset, stringify!($t)))
            }
        }
    )*};
}
nonzero!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroU128(u128),
    NonZeroUsize(usize),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
    NonZeroI128(i128),
    NonZeroIsize(isize)
);
