//! Wrappers: `Option`, `Box`, references, `Cow`.
//!
//! `&T`, `Box<T>` and `Cow<T>` are written as the `T` they hold. An `Option` is a
//! presence flag (`00`/`01`, as Bitsery's `StdOptional` and YAS write it), then the
//! value if present.

use alloc::{borrow::Cow, boxed::Box};

use super::bits::in_session;
use crate::explain::{framed, Role};
use crate::fast::FixedSize;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// The `encode` and `encode_header` of a pointer to a `T`: the `T`'s, so a `&T` or a
/// `Box<T>` (an `Rc`, `Arc`, `Cow`) as the top-level message has `T`'s own header.
macro_rules! encode_as_pointee {
    () => {
        const REPORTS_PATHS: bool = T::REPORTS_PATHS;
        #[cfg_attr(not(debug_assertions), inline)]
        fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
            (**self).encode::<C, W>(w)
        }
        #[cfg_attr(not(debug_assertions), inline)]
        fn encode_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
            T::encode_header::<C, W>(w)
        }
        #[cfg_attr(not(debug_assertions), inline)]
        fn encoded_size<C: Ctx>(&self) -> usize {
            (**self).encoded_size::<C>()
        }
    };
}
pub(crate) use encode_as_pointee;

impl<T: Encode + ?Sized> Encode for &T {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::of(T::fixed_size::<C>().bytes())
    }
    encode_as_pointee!();
}

impl<T: Encode + ?Sized> Encode for Box<T> {
    encode_as_pointee!();
}

/// `MIN_WIRE` is 0 and `RESERVES_AHEAD` true: forwarding `T`'s would make recursive
/// types (`Box<Self>`) cyclic.
impl<'de, T: Decode<'de>> Decode<'de> for Box<T> {
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        T::decode::<C, R>(r).map(Box::new)
    }
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        (**self).decode_in_place::<C, R>(r)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode_header<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError> {
        T::decode_header::<C, R>(r)
    }
}

impl<T: Encode + alloc::borrow::ToOwned + ?Sized> Encode for Cow<'_, T> {
    encode_as_pointee!();
}

/// A presence flag (`00`/`01`, as Bitsery's `StdOptional` and YAS write it), then the
/// value if present. Any other flag byte is [`DecodeError::InvalidOptionFlag`]. Inside
/// a bit-packing session the flag is one bit, followed by padding to the next byte
/// (Bitsery's `StdOptional{}`; a field's `align_before_data = false` leaves it out).
impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        option_flag_to::<C, W>(self.is_some(), w)?;
        match self {
            Some(v) => v.encode::<C, W>(w),
            None => Ok(()),
        }
    }

    /// The flag's byte (outside sessions, where this is asked), then the value.
    #[inline]
    fn encoded_size<C: Ctx>(&self) -> usize {
        match self {
            Some(v) => v.encoded_size::<C>().wrapping_add(1),
            None => 1,
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        if option_flag::<C, R>(r)? {
            T::decode::<C, R>(r).map(Some)
        } else {
            Ok(None)
        }
    }
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        match (option_flag::<C, R>(r)?, self.as_mut()) {
            (false, _) => *self = None,
            (true, Some(v)) => v.decode_in_place::<C, R>(r)?,
            (true, None) => *self = Some(T::decode::<C, R>(r)?),
        }
        Ok(())
    }
}

/// Writes an `Option`'s flag under `C`: a byte ([`write_flag`]), or inside a bit-packing
/// session a bit and the padding after it. Also the serde bridge's, so that a serde
/// `Option` in a session has the derive's bytes.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn option_flag_to<C: Ctx, W: Writer + ?Sized>(
    present: bool,
    w: &mut W,
) -> Result<(), EncodeError> {
    if in_session::<C>() {
        framed(w, Role::Flag, |w| w.write_bits(u64::from(present), 1))?;
        return w.align_bits();
    }
    write_flag(present, w)
}

/// Reads an `Option`'s flag under `C`: a byte ([`read_flag`]), or inside a bit-packing
/// session a bit and the padding after it. Also the serde bridge's.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn option_flag<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<bool, DecodeError> {
    if in_session::<C>() {
        let flag = r.read_bits(1)? != 0;
        r.align_bits()?;
        return Ok(flag);
    }
    read_flag(r)
}

/// Writes an `Option`'s presence flag.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_flag<W: Writer + ?Sized>(present: bool, w: &mut W) -> Result<(), EncodeError> {
    framed(w, Role::Flag, |w| w.write_byte(u8::from(present)))
}

/// Reads an `Option`'s presence flag.
///
/// # Errors
/// [`DecodeError::InvalidOptionFlag`] for a byte other than `0` or `1`.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn read_flag<'de, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<bool, DecodeError> {
    match r.read_byte()? {
        0 => Ok(false),
        1 => Ok(true),
        byte => Err(invalid_flag(r.offset() - 1, byte)),
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn invalid_flag(offset: usize, byte: u8) -> DecodeError {
    crate::error::cold_path();
    DecodeError::InvalidOptionFlag { offset, byte }
}
