//! Numbers, `bool`, `char`, `()`, `PhantomData`.
//!
//! Integers are written by the layout's codec ([`IntCodec`]) in its byte order, floats
//! at full width in the byte order, `usize`/`isize` as `u64`/`i64` on every platform,
//! `bool` as one byte `0` or `1` (one bit inside a bit-packing session), `char` as its
//! scalar value in a `u32`, and `()` and `PhantomData` as nothing.

use alloc::vec::Vec;
use core::marker::PhantomData;

use super::bits::in_session;
use crate::fast::{self, FixedSize};
use crate::layout::Layout;
use crate::num::{Endian, IntCodec};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

type L<C> = <C as Ctx>::Layout;
type E<C> = <L<C> as Layout>::Endian;
type I<C> = <L<C> as Layout>::Int;

/// An integer's size under `C` if the layout writes integers at full width, else 0.
#[cfg_attr(not(debug_assertions), inline)]
fn int_size<C: Ctx, T>() -> usize {
    if I::<C>::FIXED {
        core::mem::size_of::<T>()
    } else {
        0
    }
}

/// The fixed size of a number (or `bool`, `char`) of `bytes` bytes under `C`, with
/// its memory-image proof: none inside a bit-packing session, where a value's bytes
/// depend on the bit offset it starts at, so no run or image can stand for them.
#[cfg_attr(not(debug_assertions), inline)]
pub(super) fn scalar_size<C: Ctx, T>(
    bytes: usize,
    image: Option<fast::ImageProof<T>>,
) -> FixedSize<T> {
    if in_session::<C>() {
        return FixedSize::VARIES;
    }
    FixedSize::of(bytes).with_image(image)
}

macro_rules! int {
    ($($t:ty),*) => {$(
        impl Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                scalar_size::<C, $t>(int_size::<C, $t>(), fast::image::number::<C, $t>())
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                I::<C>::write::<$t, E<C>, W>(*self, w)
            }
            #[inline]
            fn encode_slice<C: Ctx, W: Writer + ?Sized>(items: &[Self], _first_index: usize, w: &mut W) -> Result<(), EncodeError> {
                fast::vec::write_ints::<I<C>, E<C>, $t, W>(items, w)
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = 1;
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                <$t as Encode>::fixed_size::<C>()
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                I::<C>::read::<$t, E<C>, R>(r)
            }
            #[inline]
            fn decode_append<C: Ctx, R: Reader<'de> + ?Sized>(n: usize, r: &mut R, out: &mut Vec<Self>) -> Result<(), DecodeError> {
                fast::vec::read_ints::<I<C>, E<C>, $t, R>(n, r, out)
            }
        }
    )*};
}
int!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

macro_rules! float {
    ($($t:ty),*) => {$(
        impl Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                scalar_size::<C, $t>(core::mem::size_of::<$t>(), fast::image::number::<C, $t>())
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                E::<C>::write(*self, w)
            }
            #[inline]
            fn encode_slice<C: Ctx, W: Writer + ?Sized>(items: &[Self], _first_index: usize, w: &mut W) -> Result<(), EncodeError> {
                fast::vec::write_numbers::<E<C>, $t, W>(items, w)
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = core::mem::size_of::<$t>();
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                <$t as Encode>::fixed_size::<C>()
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                E::<C>::read(r)
            }
            #[inline]
            fn decode_append<C: Ctx, R: Reader<'de> + ?Sized>(n: usize, r: &mut R, out: &mut Vec<Self>) -> Result<(), DecodeError> {
                fast::vec::read_numbers::<E<C>, $t, R>(n, r, out)
            }
        }
    )*};
}
float!(f32, f64);

/// `Encode` and `Decode` of a type `$t` written as the integer `$wire`: `$to` is the
/// integer of `$v` (a `&$t`), `$from` the value of integer `$i` or `None`, and
/// `$refused(offset, type name)` the error for `None`.
macro_rules! through_int {
    ($($(#[$doc:meta])* $t:ty => $wire:ty, |$v:ident| $to:expr, |$i:ident| $from:expr, $refused:path;)*) => {$(
        $(#[$doc])*
        impl Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                $crate::wire::prim::scalar_size::<C, $t>(<$wire as Encode>::fixed_size::<C>().bytes(), None)
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                let $v = self;
                <$wire as Encode>::encode::<C, W>(&$to, w)
            }
        }
        $(#[$doc])*
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = <$wire as Decode<'de>>::MIN_WIRE;
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                <$t as Encode>::fixed_size::<C>()
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let offset = r.offset();
                let $i = <$wire>::decode::<C, R>(r)?;
                $from.ok_or_else(|| $refused(offset, stringify!($t)))
            }
        }
    )*};
}
pub(crate) use through_int;

through_int! {
    /// Written as its 64-bit counterpart on every platform.
    usize => u64, |v| *v as u64, |i| usize::try_from(i).ok(), crate::num::overflow;
    /// Written as its 64-bit counterpart on every platform.
    isize => i64, |v| *v as i64, |i| isize::try_from(i).ok(), crate::num::overflow;
}

/// One byte `0` or `1`; inside a bit-packing session, one bit (Bitsery's `boolValue`).
impl Encode for bool {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        scalar_size::<C, bool>(1, None)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        if in_session::<C>() {
            return w.write_bits(u64::from(*self), 1);
        }
        w.write_byte(u8::from(*self))
    }
}

impl<'de> Decode<'de> for bool {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        <bool as Encode>::fixed_size::<C>()
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        if in_session::<C>() {
            return Ok(r.read_bits(1)? != 0);
        }
        match r.read_byte()? {
            0 => Ok(false),
            1 => Ok(true),
            byte => Err(invalid_bool(r.offset() - 1, byte)),
        }
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn invalid_bool(offset: usize, byte: u8) -> DecodeError {
    crate::error::cold_path();
    DecodeError::InvalidBool { offset, byte }
}

/// A `char` is its scalar value as a `u32`.
impl Encode for char {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        scalar_size::<C, char>(int_size::<C, u32>(), None)
    }
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        u32::from(*self).encode::<C, W>(w)
    }
}

impl<'de> Decode<'de> for char {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        <char as Encode>::fixed_size::<C>()
    }
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let offset = r.offset();
        let value = u32::decode::<C, R>(r)?;
        char::from_u32(value).ok_or(DecodeError::InvalidChar { offset, value })
    }
}

impl Encode for () {
    #[cfg_attr(not(debug_assertions), inline)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, _w: &mut W) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl<'de> Decode<'de> for () {
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(_r: &mut R) -> Result<Self, DecodeError> {
        Ok(())
    }
}

impl<T: ?Sized> Encode for PhantomData<T> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, _w: &mut W) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(_r: &mut R) -> Result<Self, DecodeError> {
        Ok(PhantomData)
    }
}
