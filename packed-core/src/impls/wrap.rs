//! Wrappers: `Option`, `Box`, references, `Cow`, tuples.

use alloc::{borrow::Cow, boxed::Box};

use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Role, Writer};

impl<T: Encode + ?Sized> Encode for &T {
    #[inline(always)]
    fn fixed_size<C: Ctx>() -> usize {
        T::fixed_size::<C>()
    }
    #[inline(always)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        (**self).encode::<C, W>(w)
    }
    #[inline(always)]
    fn encode_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
        T::encode_header::<C, W>(w)
    }
}

impl<T: Encode + ?Sized> Encode for Box<T> {
    #[inline(always)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        (**self).encode::<C, W>(w)
    }
    #[inline(always)]
    fn encode_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
        T::encode_header::<C, W>(w)
    }
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
    #[inline(always)]
    fn decode_header<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError> {
        T::decode_header::<C, R>(r)
    }
}

impl<T: Encode + alloc::borrow::ToOwned + ?Sized> Encode for Cow<'_, T> {
    #[inline(always)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        (**self).encode::<C, W>(w)
    }
}

/// A presence flag (`00`/`01`, as Bitsery's `StdOptional` and YAS write it), then the
/// value if present. Any other flag byte is [`DecodeError::InvalidOptionFlag`].
impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        w.begin_frame(Role::Flag);
        let r = w.write_byte(u8::from(self.is_some()));
        w.end_frame();
        r?;
        match self {
            Some(v) => v.encode::<C, W>(w),
            None => Ok(()),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        match r.read_byte()? {
            0 => Ok(None),
            1 => T::decode::<C, R>(r).map(Some),
            byte => Err(invalid_flag(r.offset() - 1, byte)),
        }
    }
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        match (r.read_byte()?, self.as_mut()) {
            (0, _) => *self = None,
            (1, Some(v)) => v.decode_in_place::<C, R>(r)?,
            (1, None) => *self = Some(T::decode::<C, R>(r)?),
            (byte, _) => return Err(invalid_flag(r.offset() - 1, byte)),
        }
        Ok(())
    }
}

#[cold]
#[inline(never)]
fn invalid_flag(offset: usize, byte: u8) -> DecodeError {
    DecodeError::InvalidOptionFlag { offset, byte }
}

macro_rules! tuple {
    ($($n:tt $t:ident),+) => {
        /// Elements in order, no prefix.
        impl<$($t: Encode),+> Encode for ($($t,)+) {
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> usize {
                crate::run::run_size(&[$($t::fixed_size::<C::Elem>()),+])
            }
            /// One run where the size is fixed (the derive groups scalar fields this way).
            /// Always inline, like the decode below.
            #[inline(always)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                if crate::run::write_as_run::<C, Self, W>(w) {
                    return crate::run::encode_run::<C, Self, W>(self, w);
                }
                $(self.$n.encode::<C::Elem, W>(w)?;)+
                Ok(())
            }
        }
        impl<'de, $($t: Decode<'de>),+> Decode<'de> for ($($t,)+) {
            const MIN_WIRE: usize = 0 $(+ $t::MIN_WIRE)+;
            const RESERVES_AHEAD: bool = false $(|| $t::RESERVES_AHEAD)+;
            #[inline(always)]
            fn fixed_size<C: Ctx>() -> usize {
                crate::run::run_size(&[$($t::fixed_size::<C::Elem>()),+])
            }
            // Always inline: at `#[inline]` the compiler kept the derive's scalar groups
            // out of line, and a reader passed to an out-of-line function keeps its
            // position in memory for the whole decode (see `SliceReader::short`).
            #[inline(always)]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                if crate::run::read_as_run::<C, Self, R>(r) {
                    return crate::run::decode_flat_run::<C, Self, R>(r);
                }
                Ok(($($t::decode::<C::Elem, R>(r)?,)+))
            }
            #[inline(always)]
            fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(&mut self, r: &mut R) -> Result<(), DecodeError> {
                if crate::run::read_as_run::<C, Self, R>(r) {
                    *self = crate::run::decode_flat_run::<C, Self, R>(r)?;
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
