//! How `std::chrono` counts are written: the unit and the integer of a field's
//! `Duration` or `SystemTime` (`#[packed(unit = "ms", width = "i32")]`).
//!
//! Neither Bitsery nor YAS writes a unit: a `std::chrono::duration` is its `count()`,
//! a `time_point` the count of its `time_since_epoch()`, so the reader must know the
//! unit the writer counted in. A field says it with `unit` (`"s"`, `"ms"`, `"us"`,
//! `"ns"`; default `"ns"`, the period of libstdc++'s `system_clock`) and, where the
//! layout follows Bitsery ([`Conventions`](crate::layout::Conventions)), the integer
//! with `width` (`"i32"` as for `ext4b` of a `duration<int32_t, ...>`, `"i64"` the
//! default); YAS writes every count as an `i64`, and `width` then bounds the count (YAS
//! reads the `i64` back into a `duration<int32_t, ...>`'s count, wrapping one past it: a
//! count past `width` is refused both ways rather than written or read as a value YAS
//! holds otherwise). Each is a type
//! here, chosen at expansion time ([`Count`]), and reaches the value through the
//! context ([`Ctx::Time`](crate::Ctx::Time)), so it also applies inside an `Option`, a
//! `Vec` or a map of the field.
//!
//! A value that is not a whole number of the unit, or whose count does not fit the
//! integer, is [`EncodeError::TimeOutOfRange`](crate::EncodeError::TimeOutOfRange),
//! never rounded; a count the Rust type cannot hold (a negative `Duration`) is
//! [`DecodeError::OutOfRange`](crate::DecodeError::OutOfRange).

use core::marker::PhantomData;

use crate::num::Int;

/// A unit of time: how many nanoseconds one count is.
pub trait Unit: 'static {
    /// Attribute name (`"ms"`).
    const NAME: &'static str;
    /// Nanoseconds in one count.
    const NANOS: u64;
}

macro_rules! units {
    ($($(#[$doc:meta])* $name:ident = $attr:literal, $nanos:expr;)*) => {$(
        $(#[$doc])*
        pub enum $name {}
        impl Unit for $name {
            const NAME: &'static str = $attr;
            const NANOS: u64 = $nanos;
        }
    )*};
}

units! {
    /// Seconds (`unit = "s"`: `std::chrono::seconds`).
    Seconds = "s", 1_000_000_000;
    /// Milliseconds (`unit = "ms"`: `std::chrono::milliseconds`).
    Millis = "ms", 1_000_000;
    /// Microseconds (`unit = "us"`: `std::chrono::microseconds`).
    Micros = "us", 1_000;
    /// Nanoseconds (`unit = "ns"`, the default: `std::chrono::nanoseconds`, and
    /// libstdc++'s `system_clock::duration`).
    Nanos = "ns", 1;
}

/// How a chrono count is written: in unit [`Unit`](TimeForm::Unit), as the integer
/// [`Width`](TimeForm::Width) (where the layout's conventions let the field choose).
/// Implemented by [`Count`].
pub trait TimeForm: 'static {
    /// What one count is.
    type Unit: Unit;
    /// The integer the count is written as under Bitsery's conventions.
    type Width: Int;
}

/// The form with unit `U` and integer `I`. Never constructed: it only names types.
pub struct Count<U, I>(PhantomData<(U, I)>, core::convert::Infallible);

impl<U: Unit, I: Int> TimeForm for Count<U, I> {
    type Unit = U;
    type Width = I;
}

/// The form without `unit` or `width`: nanoseconds in an `i64`.
pub type Default = Count<Nanos, i64>;
