//! `NonZeroU8`..`NonZeroI128`, `NonZeroUsize`, `NonZeroIsize`: written as the integer;
//! a zero in the input is [`DecodeError::UnexpectedZero`].

use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};

use super::prim::through_int;
use crate::fast::FixedSize;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

#[cfg_attr(not(debug_assertions), inline)]
fn zero(offset: usize, type_name: &'static str) -> DecodeError {
    crate::error::cold_path();
    DecodeError::UnexpectedZero { offset, type_name }
}

macro_rules! nonzero {
    ($($t:ident($int:ty)),*) => {
        through_int! {$(
            /// The integer; zero is [`DecodeError::UnexpectedZero`].
            $t => $int, |v| v.get(), |i| $t::new(i), zero;
        )*}
    };
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
