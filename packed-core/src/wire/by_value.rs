//! Wrappers written as the value they hold, with nothing around it: `Rc`, `Arc`,
//! `Cell`, `RefCell`, `Wrapping`, `Saturating`, `Reverse`, and `Rc`/`Arc` of `str` and
//! of slices (as a string and a sequence). Decoding makes a new wrapper around the
//! decoded value: an `Rc` shared in memory is written once per reference, and comes back
//! as separate values (Bitsery's pointer-linking ids, which write a shared pointee once,
//! are not modelled).

use alloc::{borrow::Cow, rc::Rc, string::String, sync::Arc, vec::Vec};
use core::cell::{Cell, RefCell};
use core::cmp::Reverse;
use core::num::{Saturating, Wrapping};

use super::wrap::encode_as_pointee;
use crate::fast::FixedSize;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// `Encode` and `Decode` for wrappers `$w<T>` of a `T`, reached with `self $get` and
/// made with `$new`. A wrapper by value keeps `T`'s fixed size and least size, a
/// pointer (`@decode ... pointer`) does not: a pointer to a recursive type cannot ask
/// its pointee.
macro_rules! by_value {
    ($($w:ident<T $(: $bound:path)?> get [$($get:tt)*], new $new:expr;)*) => {$(
        by_value!(@encode $w<T $(: $bound)?> get [$($get)*]);
        by_value!(@decode $w<T $(: $bound)?> new $new, value);
    )*};
    (@encode $w:ident<T $(: $bound:path)?> get [$($get:tt)*]) => {
        impl<T: Encode $(+ $bound)?> Encode for $w<T> {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of(T::fixed_size::<C>().bytes())
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                self $($get)*.encode::<C, W>(w)
            }
        }
    };
    (@decode $w:ident<T $(: $bound:path)?> new $new:expr, $fixed:ident) => {
        impl<'de, T: Decode<'de> $(+ $bound)?> Decode<'de> for $w<T> {
            const MIN_WIRE: usize = by_value!(@min $fixed);
            const RESERVES_AHEAD: bool = by_value!(@reserves $fixed);
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                by_value!(@fixed $fixed)
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                T::decode::<C, R>(r).map($new)
            }
            by_value!(@header $fixed);
        }
    };
    // A pointer as the top-level message has its pointee's header, as it writes it.
    (@header pointer) => {
        #[cfg_attr(not(debug_assertions), inline)]
        fn decode_header<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError> {
            T::decode_header::<C, R>(r)
        }
    };
    (@header value) => {};
    (@fixed value) => {{
        let inner = T::fixed_size::<C>();
        FixedSize::of(inner.bytes()).nesting(inner.levels())
    }};
    (@fixed pointer) => { FixedSize::VARIES };
    (@min value) => { T::MIN_WIRE };
    (@min pointer) => { 0 };
    (@reserves value) => { T::RESERVES_AHEAD };
    (@reserves pointer) => { true };
}

by_value! {
    Wrapping<T> get [.0], new Wrapping;
    Saturating<T> get [.0], new Saturating;
    Reverse<T> get [.0], new Reverse;
    Cell<T: Copy> get [.get()], new Cell::new;
}

// `MIN_WIRE` 0 and `RESERVES_AHEAD` true for pointers, as for `Box`: forwarding `T`'s
// would make recursive types (`Rc<Self>`) cyclic. They encode as `T: ?Sized` below.
by_value!(@decode Rc<T> new Rc::new, pointer);
by_value!(@decode Arc<T> new Arc::new, pointer);

/// The value behind the borrow. Encoding while it is mutably borrowed is
/// [`EncodeError::AlreadyBorrowed`].
impl<T: Encode + ?Sized> Encode for RefCell<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        match self.try_borrow() {
            Ok(v) => v.encode::<C, W>(w),
            Err(_) => Err(EncodeError::AlreadyBorrowed),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RefCell<T> {
    const RESERVES_AHEAD: bool = true;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        T::decode::<C, R>(r).map(RefCell::new)
    }
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        self.get_mut().decode_in_place::<C, R>(r)
    }
}

/// `Rc<T>` and `Arc<T>` encode as any `T`; `Rc<str>`, `Arc<str>`, `Rc<[T]>`,
/// `Arc<[T]>` decode as a `String` or `Vec<T>` and convert.
macro_rules! pointers {
    ($($p:ident),*) => {$(
        impl<T: Encode + ?Sized> Encode for $p<T> {
            encode_as_pointee!();
        }
        impl<'de> Decode<'de> for $p<str> {
            const MIN_WIRE: usize = 1;
            const RESERVES_AHEAD: bool = false;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                String::decode::<C, R>(r).map($p::from)
            }
        }
        impl<'de, T: Decode<'de>> Decode<'de> for $p<[T]> {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                Vec::decode::<C, R>(r).map($p::from)
            }
        }
    )*};
}
pointers!(Rc, Arc);

/// A borrowed or owned slice decodes owned: elements are decoded values, not bytes of
/// the input. (`Cow<str>` borrows where it can; see `string`.)
impl<'de, T: Decode<'de> + Clone> Decode<'de> for Cow<'_, [T]> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(Cow::Owned)
    }
}
