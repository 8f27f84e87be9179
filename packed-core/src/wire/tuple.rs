//! Tuples of up to 16 elements: a `std::tuple`. Under Bitsery's conventions the
//! elements in order (`ext::StdTuple`); under YAS's one raw byte, the number of
//! elements, first (`types/std/tuple.hpp`), checked on decode
//! ([`DecodeError::LengthMismatch`]). [`Fields`] of a tuple is its elements alone in
//! every layout: a `std::pair`, and the derive's groups of scalar fields.
//!
//! A tuple of fixed size is written and read as one run (`fast::run`): the derive groups
//! consecutive scalar fields of a struct into `Fields` of tuples for that.

use crate::cpp::Fields;
use crate::explain::{framed, Role};
use crate::fast::{run, FixedSize};
use crate::layout::{Conventions, Layout};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Whether tuples have a count byte under `C`.
#[cfg_attr(not(debug_assertions), inline)]
fn counted<C: Ctx>() -> bool {
    <<C::Layout as Layout>::Conventions as Conventions>::TUPLE_COUNT
}

/// The fixed size of a tuple whose elements take `body` (0: varies), with the count
/// byte where `C` writes one.
#[cfg_attr(not(debug_assertions), inline)]
fn with_count<C: Ctx, T>(body: usize) -> FixedSize<T> {
    if counted::<C>() {
        FixedSize::run(&[1, body])
    } else {
        FixedSize::of(body)
    }
}

/// Writes the count byte of an `n`-tuple where `C` has one.
#[cfg_attr(not(debug_assertions), inline)]
fn write_count<C: Ctx, W: Writer + ?Sized>(n: u8, w: &mut W) -> Result<(), EncodeError> {
    if counted::<C>() {
        return framed(w, Role::Length, |w| w.write_byte(n));
    }
    Ok(())
}

/// Reads and checks the count byte of an `n`-tuple where `C` has one.
#[cfg_attr(not(debug_assertions), inline)]
fn read_count<'de, C: Ctx, R: Reader<'de> + ?Sized>(n: u8, r: &mut R) -> Result<(), DecodeError> {
    if counted::<C>() {
        let found = r.read_byte()?;
        if found != n {
            return Err(count_mismatch(r.offset() - 1, n, found));
        }
    }
    Ok(())
}

#[cfg_attr(not(debug_assertions), inline)]
fn count_mismatch(offset: usize, expected: u8, found: u8) -> DecodeError {
    crate::error::cold_path();
    DecodeError::LengthMismatch {
        offset,
        expected: u64::from(expected),
        found: u64::from(found),
    }
}

/// `Encode` and `Decode` for one tuple type `$tuple` (with its elements at `$v.$n`),
/// with `$count` (the conventions' count byte) or without (`Fields`) before them.
macro_rules! tuple_impls {
    ($tuple:ty, $count:ident, $len:expr; $($n:tt $t:ident),+) => {
        impl<$($t: Encode),+> Encode for $tuple {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                let body = run::run_size(&[$($t::fixed_size::<C::Elem>().bytes()),+]);
                tuple_impls!(@fixed $count C body)
            }
            /// One run where the size is fixed (the derive groups scalar fields this way).
            /// Always inline, like the decode below.
            #[cfg_attr(not(debug_assertions), inline)]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                if run::write_as_run::<C, Self, W>(w) {
                    return run::encode_run::<C, Self, W>(self, w);
                }
                tuple_impls!(@write $count C w $len);
                let elements = tuple_impls!(@elements $count self);
                $(elements.$n.encode::<C::Elem, W>(w)?;)+
                Ok(())
            }
        }
        impl<'de, $($t: Decode<'de>),+> Decode<'de> for $tuple {
            const MIN_WIRE: usize = 0 $(+ $t::MIN_WIRE)+;
            const RESERVES_AHEAD: bool = false $(|| $t::RESERVES_AHEAD)+;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                let body = run::run_size(&[$($t::fixed_size::<C::Elem>().bytes()),+]);
                let levels = run::levels(&[$($t::fixed_size::<C::Elem>().levels()),+]);
                tuple_impls!(@fixed $count C body).nesting(levels)
            }
            // Always inline: at `#[inline]` the compiler kept the derive's scalar groups
            // out of line, and a reader passed to an out-of-line function keeps its
            // position in memory for the whole decode (see `SliceReader::short`).
            #[cfg_attr(not(debug_assertions), inline)]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                if run::read_as_run::<C, Self, R>(r) {
                    return run::decode_flat_run::<C, Self, R>(r);
                }
                tuple_impls!(@read $count C r $len);
                Ok(tuple_impls!(@build $count ($($t::decode::<C::Elem, R>(r)?,)+)))
            }
            #[cfg_attr(not(debug_assertions), inline)]
            fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(&mut self, r: &mut R) -> Result<(), DecodeError> {
                if run::read_as_run::<C, Self, R>(r) {
                    *self = run::decode_flat_run::<C, Self, R>(r)?;
                    return Ok(());
                }
                tuple_impls!(@read $count C r $len);
                let elements = tuple_impls!(@elements_mut $count self);
                $(elements.$n.decode_in_place::<C::Elem, R>(r)?;)+
                Ok(())
            }
        }
    };
    (@fixed counted $c:ident $body:ident) => { with_count::<$c, Self>($body) };
    (@fixed bare $c:ident $body:ident) => { FixedSize::of($body) };
    (@write counted $c:ident $w:ident $len:expr) => { write_count::<$c, W>($len, $w)? };
    (@write bare $c:ident $w:ident $len:expr) => {};
    (@read counted $c:ident $r:ident $len:expr) => { read_count::<$c, R>($len, $r)? };
    (@read bare $c:ident $r:ident $len:expr) => {};
    (@elements counted $s:expr) => { $s };
    (@elements bare $s:expr) => { &$s.0 };
    (@elements_mut counted $s:expr) => { $s };
    (@elements_mut bare $s:expr) => { &mut $s.0 };
    (@build bare $elements:expr) => { Fields($elements) };
    (@build counted $elements:expr) => { $elements };
}

macro_rules! tuple {
    ($len:literal; $($n:tt $t:ident),+) => {
        // A `std::tuple`: a count byte under YAS's conventions, then the elements.
        tuple_impls!(($($t,)+), counted, $len; $($n $t),+);
        // The elements in order, with no count: a `std::pair` for two.
        tuple_impls!(Fields<($($t,)+)>, bare, $len; $($n $t),+);
    };
}
tuple!(1; 0 A);
tuple!(2; 0 A, 1 B);
tuple!(3; 0 A, 1 B, 2 C2);
tuple!(4; 0 A, 1 B, 2 C2, 3 D);
tuple!(5; 0 A, 1 B, 2 C2, 3 D, 4 E);
tuple!(6; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F);
tuple!(7; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G);
tuple!(8; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H);
tuple!(9; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
tuple!(10; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
tuple!(11; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
tuple!(12; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);
tuple!(13; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M);
tuple!(14; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N);
tuple!(15; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 O);
tuple!(16; 0 A, 1 B, 2 C2, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 O, 15 P);
