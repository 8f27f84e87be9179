//! `std::chrono` counterparts: `Duration` (a `std::chrono::duration`) and `SystemTime`
//! (a `time_point<system_clock>`, counted from the Unix epoch).
//!
//! The count in the field's unit ([`Ctx::Time`], default nanoseconds), written as an
//! integer by the layout's codec: as an `i64` under YAS's conventions
//! (`types/std/chrono.hpp` casts every count to `int64_t`), at the field's `width`
//! under Bitsery's (`ext::StdDuration`, `ext::StdTimePoint` write the count with the
//! width their caller gives). No unit is written. A value that is not a whole number of
//! the unit, or too large for the integer, is an encode error; a count the type cannot
//! hold (a negative `Duration`) a decode error. Under YAS the field's `width` still bounds
//! the count, both ways: YAS writes a `duration<int32_t>`'s count as an `int64_t` and
//! reads an `int64_t` back into the `int32_t`, wrapping a count past it, so such a count
//! is refused rather than read as a value YAS does not read.

use core::time::Duration;

use crate::explain::{framed, Role};
use crate::fast::FixedSize;
use crate::layout::{Conventions, Layout};
use crate::num::{Int, IntCodec};
use crate::time::{TimeForm, Unit};
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

type L<C> = <C as Ctx>::Layout;
type Width<C> = <<C as Ctx>::Time as TimeForm>::Width;
type TimeUnit<C> = <<C as Ctx>::Time as TimeForm>::Unit;

/// Whether counts are `i64` whatever the field's width (YAS).
#[cfg_attr(not(debug_assertions), inline)]
fn always_i64<C: Ctx>() -> bool {
    <<L<C> as Layout>::Conventions as Conventions>::CHRONO_I64
}

/// The fixed size of a count under `C`: the integer's, where integers have a fixed
/// width.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn count_size<C: Ctx, T>() -> FixedSize<T> {
    let width = if always_i64::<C>() {
        8
    } else {
        <Width<C> as Int>::BYTES
    };
    FixedSize::of(if <<L<C> as Layout>::Int as IntCodec>::FIXED {
        width
    } else {
        0
    })
}

/// Writes a signed span of `nanos` nanoseconds (`negative`: before zero) as a count in
/// `C`'s unit and integer. `type_name` is for the error.
#[inline]
pub(crate) fn write_count<C: Ctx, W: Writer + ?Sized>(
    negative: bool,
    nanos: u128,
    type_name: &'static str,
    w: &mut W,
) -> Result<(), EncodeError> {
    let per = u128::from(TimeUnit::<C>::NANOS);
    // The field's width bounds the count under YAS too (its 8 bytes hold a narrower
    // C++ count: the module docs).
    let out_of_range = || EncodeError::TimeOutOfRange {
        type_name,
        unit: TimeUnit::<C>::NAME,
        width: (<Width<C> as Int>::BYTES * 8) as u8,
    };
    if nanos % per != 0 {
        return Err(out_of_range());
    }
    let count = nanos / per;
    framed(w, Role::Value, |w| {
        if always_i64::<C>() {
            Width::<C>::from_sign_magnitude(negative, count).ok_or_else(out_of_range)?;
            let v = i64::from_sign_magnitude(negative, count).ok_or_else(out_of_range)?;
            <L<C> as Layout>::Int::write::<i64, <L<C> as Layout>::Endian, W>(v, w)
        } else {
            let v = Width::<C>::from_sign_magnitude(negative, count).ok_or_else(out_of_range)?;
            <L<C> as Layout>::Int::write::<Width<C>, <L<C> as Layout>::Endian, W>(v, w)
        }
    })
}

/// Reads a count in `C`'s unit and integer: whether it is negative, and its magnitude in
/// nanoseconds. `type_name` is for the error of a magnitude past `u128` nanoseconds.
#[inline]
pub(crate) fn read_count<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
    type_name: &'static str,
) -> Result<(bool, u128), DecodeError> {
    let offset = r.offset();
    let (negative, count) = if always_i64::<C>() {
        let (negative, count) =
            <L<C> as Layout>::Int::read::<i64, <L<C> as Layout>::Endian, R>(r)?.sign_magnitude();
        // A count past the field's width: YAS would wrap it into its narrower count.
        if Width::<C>::from_sign_magnitude(negative, count).is_none() {
            return Err(out_of_range(offset, type_name));
        }
        (negative, count)
    } else {
        <L<C> as Layout>::Int::read::<Width<C>, <L<C> as Layout>::Endian, R>(r)?.sign_magnitude()
    };
    match count.checked_mul(u128::from(TimeUnit::<C>::NANOS)) {
        Some(nanos) => Ok((negative, nanos)),
        None => Err(out_of_range(offset, type_name)),
    }
}

/// A `Duration` of `nanos` nanoseconds, if it holds that many.
pub(crate) fn duration(nanos: u128) -> Option<Duration> {
    let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
    Some(Duration::new(secs, (nanos % 1_000_000_000) as u32))
}

#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn out_of_range(offset: usize, type_name: &'static str) -> DecodeError {
    crate::error::cold_path();
    DecodeError::OutOfRange { offset, type_name }
}

/// A value written as a chrono count: its signed span from zero (a duration's, or a
/// time's from the Unix epoch) in nanoseconds, and back. Its `Encode` and `Decode`
/// come from the `counted!` macro below (not a link: the macro is in scope only after
/// its definition, and by path only with the `chrono` feature).
pub(crate) trait Span: Sized {
    /// The type's name, for errors.
    const NAME: &'static str;
    /// Whether the span is negative, and its magnitude in nanoseconds.
    fn span(&self) -> (bool, u128);
    /// The value of a span, if the type holds it.
    fn from_span(negative: bool, nanos: u128) -> Option<Self>;
}

/// `Encode` and `Decode` of [`Span`] types: the count of the span in the context's
/// unit and integer. A span the type cannot hold is [`DecodeError::OutOfRange`].
macro_rules! counted {
    ($($t:ty),*) => {$(
        impl $crate::Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: $crate::Ctx>() -> $crate::fast::FixedSize<Self> {
                $crate::wire::time::count_size::<C, Self>()
            }
            #[inline]
            fn encode<C: $crate::Ctx, W: $crate::Writer + ?Sized>(
                &self,
                w: &mut W,
            ) -> Result<(), $crate::EncodeError> {
                let (negative, nanos) = $crate::wire::time::Span::span(self);
                $crate::wire::time::write_count::<C, W>(negative, nanos, <$t as $crate::wire::time::Span>::NAME, w)
            }
        }
        impl<'de> $crate::Decode<'de> for $t {
            const MIN_WIRE: usize = 1;
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: $crate::Ctx>() -> $crate::fast::FixedSize<Self> {
                $crate::wire::time::count_size::<C, Self>()
            }
            #[inline]
            fn decode<C: $crate::Ctx, R: $crate::Reader<'de> + ?Sized>(
                r: &mut R,
            ) -> Result<Self, $crate::DecodeError> {
                let name = <$t as $crate::wire::time::Span>::NAME;
                let offset = r.offset();
                let (negative, nanos) = $crate::wire::time::read_count::<C, R>(r, name)?;
                <$t as $crate::wire::time::Span>::from_span(negative, nanos)
                    .ok_or_else(|| $crate::wire::time::out_of_range(offset, name))
            }
        }
    )*};
}
// The optional chrono impls use it too.
#[cfg(feature = "chrono")]
pub(crate) use counted;

/// The count of a `std::chrono::duration`; a negative one is no `Duration`.
impl Span for Duration {
    const NAME: &'static str = "Duration";
    fn span(&self) -> (bool, u128) {
        (false, self.as_nanos())
    }
    fn from_span(negative: bool, nanos: u128) -> Option<Self> {
        if negative {
            return None;
        }
        duration(nanos)
    }
}

counted!(Duration);

/// `time_since_epoch().count()` of a `std::chrono::system_clock::time_point`: the
/// signed count from the Unix epoch (the epoch of `system_clock` since C++20, and of
/// libstdc++'s and MSVC's before). A time the platform's `SystemTime` cannot represent
/// is out of range.
#[cfg(feature = "std")]
impl Span for std::time::SystemTime {
    const NAME: &'static str = "SystemTime";
    fn span(&self) -> (bool, u128) {
        match self.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (false, d.as_nanos()),
            Err(before) => (true, before.duration().as_nanos()),
        }
    }
    fn from_span(negative: bool, nanos: u128) -> Option<Self> {
        let since = duration(nanos)?;
        if negative {
            std::time::UNIX_EPOCH.checked_sub(since)
        } else {
            std::time::UNIX_EPOCH.checked_add(since)
        }
    }
}

#[cfg(feature = "std")]
counted!(std::time::SystemTime);
