//! Hygiene of the generated code: `#[derive(Packed)]` compiles in a module without
//! the prelude, beside items that shadow every prelude name it could lean on, through
//! a re-exported runtime (`crate = "..."`), and applied by `macro_rules!` macros (the
//! derive's tokens and the user's then carry different hygiene), with every warning
//! denied, extra rustc lints and clippy's pedantic group on. The derived types also
//! round-trip, with hand-worked bytes.
#![deny(warnings)]
#![warn(
    clippy::pedantic,
    rust_2018_idioms,
    unused_qualifications,
    unused_results,
    trivial_casts,
    trivial_numeric_casts,
    single_use_lifetimes,
    unused_lifetimes,
    unreachable_pub,
    missing_docs,
    missing_debug_implementations,
    unused_import_braces,
    variant_size_differences
)]

/// Declares, in the invoking module, items named like everything the prelude (and
/// generated code) could refer to, so that any unqualified name in generated code
/// would resolve to one of these and fail to compile.
macro_rules! shadow_everything {
    () => {
        #[allow(
            dead_code,
            missing_docs,
            missing_debug_implementations,
            non_camel_case_types,
            unreachable_pub
        )]
        mod shadows {
            pub struct Result;
            pub struct Ok;
            pub struct Err;
            pub struct Option;
            pub struct Some;
            pub struct None;
            pub struct Vec;
            pub struct Box;
            pub struct String;
            pub struct usize;
            pub struct u8;
            pub struct u16;
            pub struct i64;
            pub trait Default {}
            pub trait Sized {}
            pub trait Clone {}
            pub trait Into<T> {}
            pub trait From<T> {}
            pub trait Iterator {}
            pub trait Drop {}
            pub trait Fn {}
            pub trait Encode {}
            pub trait Decode {}
            pub trait Ctx {}
            pub trait Writer {}
            pub trait Reader {}
            pub trait Kind {}
            pub mod packed_core {}
            pub mod core {}
            pub mod std {}
        }
        // Explicit imports shadow every other source of these names. They exist only
        // to break unqualified names in generated code, hence unused.
        #[allow(unused_imports)]
        use self::shadows::{
            core, i64, packed_core, std, u16, u8, usize, Box, Clone, Ctx, Decode, Default, Drop,
            Encode, Err, Fn, From, Into, Iterator, Kind, None, Ok, Option, Reader, Result, Sized,
            Some, String, Vec, Writer,
        };
    };
}

/// Derives without the prelude, beside the shadowing items above.
pub mod derived {
    #![no_implicit_prelude]
    // The derive's one `unsafe` block (a memory image's proof, below) is the macro's,
    // not the user's: it compiles where `unsafe` is forbidden.
    #![forbid(unsafe_code)]

    shadow_everything!();
    // The derive itself, by absolute path; nothing else from the runtime is imported.
    use ::packed_core::Packed;

    /// Every field form, with generics, a lifetime and a const generic.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(len = "u16", kind = 1_234_567)]
    pub struct Everything<'a, T, const N: ::core::primitive::usize>
    where
        T: ::core::fmt::Debug,
    {
        /// Borrowed text.
        pub name: &'a ::core::primitive::str,
        /// Generic elements.
        pub items: ::std::vec::Vec<T>,
        /// A fixed array.
        pub fixed: [::core::primitive::u8; N],
        /// Length override.
        #[packed(len = "u8")]
        pub short: ::std::string::String,
        /// Length override by path.
        #[packed(len = ::packed_core::len::U32)]
        pub long: ::std::vec::Vec<::core::primitive::u8>,
        /// A checked maximum.
        #[packed(max = 4)]
        pub capped: ::std::vec::Vec<::core::primitive::u16>,
        /// Both.
        #[packed(len = "u8", max = 9)]
        pub both: ::core::option::Option<::std::boxed::Box<::core::primitive::str>>,
        /// Not written.
        #[packed(skip)]
        pub cache: ::std::vec::Vec<::core::primitive::u64>,
        /// Written by a module.
        #[packed(with = "super::as_text")]
        pub via: ::core::primitive::u32,
        /// Written through its serde impls.
        #[packed(serde)]
        pub foreign: (::core::primitive::u8, ::std::string::String),
        /// Unused type parameter.
        pub marker: ::core::marker::PhantomData<fn() -> T>,
    }

    /// A fieldless `#[repr]` enum under YAS's enum form.
    #[derive(
        Packed,
        ::core::fmt::Debug,
        ::core::cmp::PartialEq,
        ::core::clone::Clone,
        ::core::marker::Copy,
    )]
    #[packed(layout = "yas-noheader")]
    #[repr(i16)]
    pub enum Status {
        /// Minus one.
        Negative = -1,
        /// Two.
        Two = 2,
    }

    /// A fieldless `#[repr(usize)]` enum (written as 64 bits).
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[repr(usize)]
    pub enum Wide {
        /// Zero.
        Zero,
        /// One.
        One,
    }

    /// A data enum: unit, tuple and struct variants, a generic skipped field.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(tag = "u16", endian = "big")]
    pub enum Shape<'a, T: ::core::default::Default> {
        /// Nothing.
        Empty,
        /// A pair.
        Pair(::core::primitive::u8, &'a [::core::primitive::u8]),
        /// Named fields.
        Named {
            /// Status.
            status: Status,
            /// Skipped, so `T: Default` is required on decode only.
            #[packed(skip)]
            hidden: T,
            /// Nested.
            inner: ::core::option::Option<::std::boxed::Box<Shape<'a, T>>>,
        },
    }

    /// A custom `bound`.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(bound = "T: ::packed_core::Packed")]
    pub struct Bounded<T> {
        /// The value.
        pub value: T,
    }

    /// A memory image: numbers without padding. A `Vec` of it is one copy each way.
    #[derive(
        Packed,
        ::core::fmt::Debug,
        ::core::cmp::PartialEq,
        ::core::clone::Clone,
        ::core::marker::Copy,
    )]
    #[repr(C)]
    pub struct Point {
        /// x.
        pub x: ::core::primitive::f32,
        /// An identifier.
        pub id: ::core::primitive::u32,
    }

    /// A unit struct and a tuple struct.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Unit;

    /// A tuple struct with every layout key.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(
        len = "varint",
        int = "varint",
        endian = "little",
        header = "none",
        conventions = "bitsery"
    )]
    pub struct Tuple(pub ::core::primitive::i32, pub ::std::string::String);

    /// A chrono field with `unit` and `width`, a `Cow<'static, str>` (decoded owned),
    /// and a data enum without `tag` (its index in the conventions' form).
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Timed {
        /// Milliseconds in an `i32`.
        #[packed(unit = "ms", width = "i32")]
        pub after: ::core::time::Duration,
        /// Owned text.
        pub label: ::std::borrow::Cow<'static, ::core::primitive::str>,
        /// A choice.
        pub choice: Pick,
    }

    /// A data enum without `tag`.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub enum Pick {
        /// A byte.
        A(::core::primitive::u8),
        /// Nothing.
        B,
    }

    /// Bit packing with every coding, generic and with a lifetime.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(bitpack)]
    pub struct BitPacked<'a, T> {
        /// One bit.
        pub flag: ::core::primitive::bool,
        /// 7 bits.
        #[packed(range = "0..=100")]
        pub health: ::core::primitive::u8,
        /// 10 bits each.
        #[packed(max = 4, range = "0..=1023")]
        pub items: ::std::vec::Vec<::core::primitive::u16>,
        /// 8 bits.
        #[packed(range = "-1.0..=1.0", precision = 0.01)]
        pub x: ::core::primitive::f32,
        /// 2 bits, then the text only if not listed.
        #[packed(entropy = ["GET", "POST", "PUT"])]
        pub method: &'a ::core::primitive::str,
        /// A flag bit, the value at once.
        #[packed(align_before_data = false)]
        pub maybe: ::core::option::Option<::core::primitive::u8>,
        /// At the next byte.
        #[packed(align)]
        pub value: T,
    }

    /// A generic growable record: fields that older records may lack take their
    /// `default` or their type's `Default`.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(growable, endian = "big")]
    pub struct Grown<T> {
        /// First.
        pub id: ::core::primitive::u16,
        /// Generic, so `T: Default` is required on decode.
        pub value: T,
        /// With an expression.
        #[packed(default = "::core::primitive::u8::MAX")]
        pub level: ::core::primitive::u8,
        /// Skipped, with an expression.
        #[packed(skip, default = "7")]
        pub cache: ::core::primitive::u32,
        /// Written by a module.
        #[packed(with = "super::as_text")]
        pub via: ::core::primitive::u32,
    }

    /// A growable enum: a discriminant and `tag = N` as tags, and `other`.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(growable)]
    #[repr(u8)]
    pub enum Evolving {
        /// Tag 3.
        Start(::core::primitive::u16) = 3,
        /// Tag 4.
        Stop,
        /// Tag 9.
        #[packed(tag = 9)]
        Named {
            /// A field older records may lack.
            #[packed(default = "1")]
            n: ::core::primitive::i8,
        },
        /// Unknown tags.
        #[packed(other)]
        Unknown,
    }

    /// A fieldless `#[repr]` enum with `other`, and no record.
    #[derive(Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[repr(u8)]
    pub enum Open {
        /// One.
        One = 1,
        /// Anything else.
        #[packed(other)]
        Other = 0xFF,
    }
}

/// A `with` module: a `u32` as its decimal text.
pub mod as_text {
    use packed_core::{Ctx, DecodeError, EncodeError, Reader, Writer};

    /// Writes `v` as text.
    ///
    /// # Errors
    /// From the writer.
    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        packed_core::Encode::encode::<C, W>(v.to_string().as_str(), w)
    }

    /// Reads text written by [`encode`].
    ///
    /// # Errors
    /// On malformed input.
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let s: &str = packed_core::Decode::decode::<C, R>(r)?;
        Ok(s.parse().unwrap_or(u32::MAX))
    }
}

/// The runtime, re-exported: what `crate = "crate::fake"` points at. One helper the
/// generated code calls for every field it writes is replaced by a counting version,
/// so a test can see that the derive went through this path and not `::packed_core`.
pub mod fake {
    pub use ::packed_core::*;

    /// The derive's support module, with `push_field` overridden.
    #[doc(hidden)]
    pub mod __private {
        use std::cell::Cell;

        pub use ::packed_core::__private::*;

        thread_local! {
            /// Fields written through this module on this thread.
            pub static FIELDS: Cell<usize> = const { Cell::new(0) };
        }

        /// Counts, then forwards to the real helper.
        #[inline]
        pub fn push_field<W: ::packed_core::Writer + ?Sized>(w: &mut W, name: &'static str) {
            FIELDS.with(|n| n.set(n.get() + 1));
            ::packed_core::__private::push_field(w, name);
        }
    }
}

/// Derives that reach the runtime only through `crate::fake`.
pub mod rerouted {
    #![no_implicit_prelude]

    shadow_everything!();

    /// Through the re-export, with every container key.
    #[derive(crate::fake::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(crate = "crate::fake", layout = "yas", endian = "big", kind = -3)]
    pub struct Message {
        /// Text.
        pub text: ::std::string::String,
        /// Numbers.
        #[packed(len = "u8", max = 3)]
        pub values: ::std::vec::Vec<::core::primitive::i16>,
    }

    /// An enum through the re-export.
    #[derive(crate::fake::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(crate = "crate::fake", tag = "u32")]
    pub enum Choice {
        /// First.
        A,
        /// Second.
        B(::core::primitive::u8),
    }
}

/// Macros that apply `#[derive(Packed)]` to tokens they were given, or to items they
/// build from fragments. Defined here, with the prelude, and invoked from modules
/// without it: the generated code must resolve whichever tokens came from where.
/// Everything a macro writes itself is an absolute path, as the invoking module has no
/// prelude.
mod macros {
    /// Adds the derive to each item it is given.
    macro_rules! packed_items {
        ($($i:item)*) => {
            $(
                #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
                $i
            )*
        };
    }

    /// A struct from a name and `field: Type` fragments, attributes passed through.
    macro_rules! packed_struct {
        ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $f:ident : $t:ty),* $(,)? }) => {
            #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
            $(#[$m])*
            pub struct $name { $($(#[$fm])* pub $f: $t,)* }
        };
    }

    /// A generic struct from a name, one type parameter and `field: Type` pairs, each
    /// type one token tree.
    macro_rules! packed_generic {
        ($(#[$m:meta])* $name:ident <$g:ident> { $($(#[$fm:meta])* $f:ident : $t:tt),* $(,)? }) => {
            #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
            $(#[$m])*
            pub struct $name<$g> { $($(#[$fm])* pub $f: $t,)* }
        };
    }

    /// A tuple struct from a name and types as single token trees (`u8`, `(a::B)`),
    /// which keep the caller's hygiene where a `$t:ty` fragment takes the macro's.
    macro_rules! packed_tuple {
        ($(#[$m:meta])* $name:ident ($($t:tt),* $(,)?)) => {
            #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
            $(#[$m])*
            #[allow(unused_parens)] // a path type is one token tree in parentheses
            pub struct $name($(pub $t),*);
        };
    }

    /// An enum from a name and variants with optional tuple fields, each type one
    /// token tree.
    macro_rules! packed_enum {
        ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident $(($($t:tt),*))?),* $(,)? }) => {
            #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
            $(#[$m])*
            #[allow(unused_parens)] // a path type is one token tree in parentheses
            pub enum $name { $($(#[$vm])* $v $(($($t),*))?,)* }
        };
    }

    /// The other way round: the caller writes the derive, the macro writes the fields
    /// (their types, and a field attribute, carry the macro's hygiene).
    macro_rules! header_struct {
        ($(#[$m:meta])* $name:ident) => {
            $(#[$m])*
            pub struct $name {
                /// Version.
                pub version: ::core::primitive::u16,
                /// Flags.
                pub flags: ::core::primitive::u8,
                /// Name, with a one-byte length.
                #[packed(len = "u8")]
                pub name: ::std::string::String,
                /// Data, with the container's length.
                pub data: ::std::vec::Vec<::core::primitive::u8>,
            }
        };
    }

    pub(crate) use {
        header_struct, packed_enum, packed_generic, packed_items, packed_struct, packed_tuple,
    };
}

/// Derives applied by `crate::macros`, without the prelude and beside the shadowing
/// items, so every type is an absolute path.
pub mod through_macros {
    #![no_implicit_prelude]
    #![forbid(unsafe_code)]

    shadow_everything!();

    crate::macros::packed_items! {
        /// Every field attribute, through `$i:item`.
        #[packed(len = "u16")]
        pub struct Attributed {
            /// A one-byte length.
            #[packed(len = "u8")]
            pub short: ::std::string::String,
            /// At most two.
            #[packed(max = 2)]
            pub capped: ::std::vec::Vec<::core::primitive::u16>,
            /// Not written.
            #[packed(skip)]
            pub cache: ::core::primitive::u32,
            /// Written as text by a module.
            #[packed(with = "crate::as_text")]
            pub via: ::core::primitive::u32,
            /// A number.
            pub id: ::core::primitive::u8,
        }

        /// A tagged enum.
        #[packed(tag = "u16")]
        pub enum Event {
            /// Nothing.
            Empty,
            /// Two numbers.
            Moved(::core::primitive::i16, ::core::primitive::i16),
            /// Named fields with attributes.
            Named {
                /// A one-byte length.
                #[packed(len = "u8")]
                label: ::std::string::String,
                /// Not written.
                #[packed(skip)]
                seen: ::core::primitive::bool,
            },
        }

        /// A growable record of every field form.
        #[packed(growable)]
        pub struct Record {
            /// A number.
            pub id: ::core::primitive::u8,
            /// With a default.
            #[packed(default = "5")]
            pub n: ::core::primitive::u16,
            /// A one-byte length.
            #[packed(len = "u8")]
            pub label: ::std::string::String,
        }

        /// A growable enum with tags and `other`.
        #[packed(growable)]
        pub enum Grows {
            /// Tag 2.
            #[packed(tag = 2)]
            A(::core::primitive::u8),
            /// Unknown tags.
            #[packed(other)]
            Other,
        }

        /// A fieldless enum written as its `u8`.
        #[repr(u8)]
        pub enum Level {
            /// One.
            Low = 1,
            /// Seven.
            High = 7,
        }

        /// Generic, with a lifetime.
        pub struct Labelled<'a, T> {
            /// Borrowed text.
            pub label: &'a ::core::primitive::str,
            /// The value.
            pub value: T,
        }

        /// Bit packing through `$i:item`.
        #[packed(bitpack)]
        pub struct Flags {
            /// One bit.
            pub on: ::core::primitive::bool,
            /// Three bits.
            #[packed(bits = 3)]
            pub level: ::core::primitive::u8,
            /// One bit, padding, then the byte.
            pub extra: ::core::option::Option<::core::primitive::u8>,
        }

        /// A memory image: its one `unsafe` block is the derive's.
        #[repr(C)]
        pub struct Pixel {
            /// Red.
            pub r: ::core::primitive::u8,
            /// Green.
            pub g: ::core::primitive::u8,
            /// Blue.
            pub b: ::core::primitive::u8,
            /// Alpha.
            pub a: ::core::primitive::u8,
        }
    }

    crate::macros::header_struct! {
        #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
        #[packed(layout = "yas-noheader")]
        /// Fields written by the macro, the derive by the caller.
        Header
    }
}

/// Fields whose types are associated types of a parameter (a protocol generic over
/// its id and payload types): the bound is on `T::Id`, not on `T`, which need not be
/// a packed type itself.
pub mod associated {
    #![no_implicit_prelude]

    /// A protocol's types.
    pub trait Protocol {
        /// The message id.
        type Id;
        /// The payload.
        type Body;
    }

    /// A protocol whose types are packed, though it is not.
    #[derive(::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Chat;

    impl Protocol for Chat {
        type Id = u16;
        type Body = ::std::string::String;
    }

    /// A message of protocol `P` (std's derives bound `<P as Protocol>::Body` on `P`,
    /// so it has neither `Debug` nor `PartialEq`).
    #[derive(::packed_core::Packed)]
    #[allow(missing_debug_implementations)]
    pub struct Message<P: Protocol> {
        /// The id, by its short path.
        pub id: P::Id,
        /// Bodies, by the qualified path.
        pub bodies: ::std::vec::Vec<<P as Protocol>::Body>,
        /// Skipped: takes the protocol's default id.
        #[packed(skip)]
        pub cached: ::core::option::Option<P::Id>,
    }
}

/// Derives applied by `crate::macros` to types from `$t:ty` fragments, without the
/// prelude. Scalar types are written as the primitive names, so the derive groups
/// them: runs of thirteen fields, one past the tuple impls.
pub mod macro_groups {
    #![no_implicit_prelude]
    #![forbid(unsafe_code)]

    crate::macros::packed_struct! {
        /// Thirteen scalars in a row, then fields with every attribute.
        #[packed(endian = "big")]
        Sample {
            /// 1.
            a: u8,
            /// 2.
            b: i8,
            /// 3.
            c: u16,
            /// 4.
            d: i16,
            /// 5.
            e: u32,
            /// 6.
            f: i32,
            /// 7.
            g: u64,
            /// 8.
            h: i64,
            /// 9.
            x: f32,
            /// 10.
            y: f64,
            /// 11.
            flag: bool,
            /// 12.
            letter: char,
            /// 13.
            pad: [u8; 2],
            /// A one-byte length and at most four bytes.
            #[packed(len = "u8", max = 4)]
            label: ::std::string::String,
            /// Not written.
            #[packed(skip)]
            cache: ::std::vec::Vec<u8>,
            /// Written as text by a module.
            #[packed(with = "crate::as_text")]
            via: u32,
        }
    }

    crate::macros::packed_generic! {
        /// Generic fields around a run of thirteen.
        Framed<T> {
            /// First.
            head: T,
            /// 1.
            s0: u8,
            /// 2.
            s1: u8,
            /// 3.
            s2: u8,
            /// 4.
            s3: u8,
            /// 5.
            s4: u8,
            /// 6.
            s5: u8,
            /// 7.
            s6: u8,
            /// 8.
            s7: u8,
            /// 9.
            s8: u8,
            /// 10.
            s9: u8,
            /// 11.
            s10: u8,
            /// 12.
            s11: u8,
            /// 13.
            s12: u16,
            /// Last.
            tail: T,
        }
    }

    crate::macros::packed_tuple! {
        /// Thirteen numbers and a string.
        Reading(u16, u16, u16, u16, u16, u16, u16, i16, i16, i16, i16, i16, i16, (::std::string::String))
    }

    /// Bit packing with the scalar types by their bare names, as users write them:
    /// consecutive `bool`s and ranged integers are gathered into one group of bits,
    /// and a `bool` joins the group without the prelude's `From`.
    #[derive(::packed_core::Packed, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[packed(bitpack)]
    pub struct GroupedBits {
        /// One bit.
        pub on: bool,
        /// Three bits.
        #[packed(bits = 3)]
        pub level: u8,
        /// One bit.
        pub off: bool,
        /// Four bits.
        #[packed(range = "100..=115")]
        pub wide: u64,
    }

    crate::macros::packed_enum! {
        /// A tagged enum from fragments.
        #[packed(tag = "u16")]
        Command {
            /// Nothing.
            Stop,
            /// Two numbers.
            Move(i32, i32),
            /// Text.
            Say((::std::string::String)),
        }
    }
}

use derived::{
    Bounded, Everything, Evolving, Grown, Open, Pick, Point, Shape, Status, Timed, Tuple, Unit,
    Wide,
};
use packed_core::Kind;
use rerouted::{Choice, Message};
use through_macros::Flags;

#[test]
fn prelude_free_struct_round_trips() {
    let e = Everything::<u8, 2> {
        name: "ab",
        items: vec![7],
        fixed: [1, 2],
        short: "x".into(),
        long: vec![3],
        capped: vec![5],
        both: Some("yz".into()),
        cache: vec![99],
        via: 42,
        foreign: (9, "s".into()),
        marker: core::marker::PhantomData,
    };
    #[rustfmt::skip]
    let bytes = [
        2, 0, b'a', b'b',     // name: container len u16
        1, 0, 7,              // items
        1, 2,                 // fixed: no prefix
        1, b'x',              // short: u8
        1, 0, 0, 0, 3,        // long: u32
        1, 0, 5, 0,           // capped: u16 len, one u16
        1, 2, b'y', b'z',     // both: Some, u8 len
        // cache: skipped
        2, 0, b'4', b'2',     // via: "42" through the container's u16 prefix
        9, 1, 0, b's',        // foreign: serde's tuple, the same u16 prefix
        // marker: nothing
    ];
    assert_eq!(packed_core::to_vec(&e).unwrap(), bytes);
    let back: Everything<'_, u8, 2> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(
        back,
        Everything {
            cache: Vec::new(),
            ..e
        }
    );
    assert_eq!(<Everything<'_, u8, 2> as Kind>::KIND, 1_234_567);
}

#[test]
fn prelude_free_enums_round_trip() {
    // YAS enum form in native (little-endian) order: size byte 2, then the i16.
    assert_eq!(
        packed_core::to_vec(&Status::Negative).unwrap(),
        [2, 0xFF, 0xFF]
    );
    assert_eq!(
        packed_core::from_slice::<Status>(&[2, 2, 0]).unwrap(),
        Status::Two
    );
    assert_eq!(
        packed_core::to_vec(&Wide::One).unwrap(),
        [1, 0, 0, 0, 0, 0, 0, 0]
    );

    let s: Shape<'_, u32> = Shape::Named {
        status: Status::Two,
        hidden: 77,
        inner: Some(Box::new(Shape::Pair(9, &[8]))),
    };
    // tag u16 big-endian 2; Status keeps its own layout (YAS form): 02 02 00;
    // Some; tag 00 01; 9; compact len 1; 8.
    let bytes = [0, 2, 2, 2, 0, 1, 0, 1, 9, 1, 8];
    assert_eq!(packed_core::to_vec(&s).unwrap(), bytes);
    let back: Shape<'_, u32> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(
        back,
        Shape::Named {
            status: Status::Two,
            hidden: 0,
            inner: Some(Box::new(Shape::Pair(9, &[8])))
        }
    );
    assert_eq!(packed_core::to_vec(&Shape::<u32>::Empty).unwrap(), [0, 0]);
}

#[test]
fn prelude_free_std_types_round_trip() {
    let t = Timed {
        after: std::time::Duration::from_millis(2),
        label: "x".into(),
        choice: Pick::A(9),
    };
    let bytes = packed_core::to_vec(&t).unwrap();
    assert_eq!(bytes, [2, 0, 0, 0, 1, b'x', 0, 9]);
    let copy = bytes.clone();
    assert_eq!(packed_core::from_slice::<Timed>(&copy).unwrap(), t);
}

#[test]
fn prelude_free_small_types_round_trip() {
    assert_eq!(packed_core::to_vec(&Bounded { value: 5u8 }).unwrap(), [5]);
    assert_eq!(
        packed_core::from_slice::<Bounded<u8>>(&[5]).unwrap(),
        Bounded { value: 5 }
    );
    assert!(packed_core::to_vec(&Unit).unwrap().is_empty());
    assert_eq!(packed_core::from_slice::<Unit>(&[]).unwrap(), Unit);
    // varint ints: -2 zigzags to 3; varint length 1.
    let t = Tuple(-2, "q".into());
    assert_eq!(packed_core::to_vec(&t).unwrap(), [3, 1, b'q']);
    assert_eq!(packed_core::from_slice::<Tuple>(&[3, 1, b'q']).unwrap(), t);
}

#[test]
fn prelude_free_memory_image_round_trips() {
    assert!(<Point as packed_core::Encode>::fixed_size::<packed_core::ctx::Root>().is_image());
    let points = vec![
        Point { x: 1.0, id: 2 },
        Point {
            x: -2.0,
            id: 0x0102_0304,
        },
    ];
    // By hand: one length byte, then 1.0f32 = 0x3F800000 and -2.0f32 = 0xC0000000,
    // little-endian, each followed by its id.
    let bytes = [2, 0, 0, 0x80, 0x3F, 2, 0, 0, 0, 0, 0, 0, 0xC0, 4, 3, 2, 1];
    assert_eq!(packed_core::to_vec(&points).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Vec<Point>>(&bytes).unwrap(),
        points
    );
}

#[test]
fn rerouted_types_round_trip() {
    let m = Message {
        text: "hi".into(),
        values: vec![1, -1],
    };
    #[rustfmt::skip]
    let bytes = [
        b'y', b'a', b's', b'0', b'0', b'9', b'7', // YAS header, big-endian bit
        0, 0, 0, 0, 0, 0, 0, 2, b'h', b'i',       // u64 length, big-endian
        2, 0, 1, 0xFF, 0xFF,                      // u8 length, two big-endian i16
    ];
    assert_eq!(fake::to_vec(&m).unwrap(), bytes);
    assert_eq!(fake::from_slice::<Message>(&bytes).unwrap(), m);
    assert_eq!(Message::KIND, -3);

    assert_eq!(fake::to_vec(&Choice::B(4)).unwrap(), [1, 0, 0, 0, 4]);
    assert_eq!(
        fake::from_slice::<Choice>(&[0, 0, 0, 0]).unwrap(),
        Choice::A
    );
}

#[test]
fn crate_path_is_the_only_route() {
    let fields = || fake::__private::FIELDS.with(std::cell::Cell::get);
    let before = fields();
    // Two fields, each written once by `to_vec` (which adds up the size without
    // writing).
    let m = Message {
        text: String::new(),
        values: Vec::new(),
    };
    let _ = fake::to_vec(&m).unwrap();
    assert_eq!(fields() - before, 2);
    // A type without `crate = ...` does not go through `crate::fake`.
    let before = fields();
    let _ = packed_core::to_vec(&Bounded { value: 1u8 }).unwrap();
    assert_eq!(fields(), before);
}

/// Encodes `value` to exactly `bytes` and decodes `bytes` back to `value`.
fn round_trips<'de, T>(value: &T, bytes: &'de [u8])
where
    T: packed_core::Encode + packed_core::Decode<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(packed_core::to_vec(value).unwrap(), bytes);
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), value);
}

#[test]
fn items_given_to_a_macro_round_trip() {
    use through_macros::{Attributed, Event, Labelled, Level, Pixel};

    let v = Attributed {
        short: "hi".into(),
        capped: vec![1, 2],
        cache: 9,
        via: 42,
        id: 5,
    };
    #[rustfmt::skip]
    let bytes = [
        2, b'h', b'i',        // short: the field's u8 length
        2, 0, 1, 0, 2, 0,     // capped: the container's u16 length, two u16s
        // cache: skipped
        2, 0, b'4', b'2',     // via: "42", the container's u16 length
        5,                    // id
    ];
    assert_eq!(packed_core::to_vec(&v).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Attributed>(&bytes).unwrap(),
        Attributed { cache: 0, ..v }
    );
    // `max = 2` came through the macro too.
    let over = Attributed {
        short: String::new(),
        capped: vec![1, 2, 3],
        cache: 0,
        via: 0,
        id: 0,
    };
    assert!(packed_core::to_vec(&over).is_err());

    // Tag as a little-endian u16, then the fields.
    round_trips(&Event::Moved(-1, 2), &[1, 0, 0xFF, 0xFF, 2, 0]);
    let named = Event::Named {
        label: "x".into(),
        seen: true,
    };
    assert_eq!(packed_core::to_vec(&named).unwrap(), [2, 0, 1, b'x']);
    assert_eq!(
        packed_core::from_slice::<Event>(&[2, 0, 1, b'x']).unwrap(),
        Event::Named {
            label: "x".into(),
            seen: false
        }
    );
    round_trips(&Event::Empty, &[0, 0]);

    round_trips(&Level::High, &[7]);
    round_trips(&Level::Low, &[1]);
    assert!(packed_core::from_slice::<Level>(&[2]).is_err());

    let l = Labelled {
        label: "k",
        value: 300u16,
    };
    let bytes = [1, b'k', 0x2C, 0x01];
    round_trips(&l, &bytes);

    assert!(<Pixel as packed_core::Encode>::fixed_size::<packed_core::ctx::Root>().is_image());
    let pixels = vec![
        Pixel {
            r: 1,
            g: 2,
            b: 3,
            a: 4,
        },
        Pixel {
            r: 5,
            g: 6,
            b: 7,
            a: 8,
        },
    ];
    let bytes = [2, 1, 2, 3, 4, 5, 6, 7, 8];
    round_trips(&pixels, &bytes);
}

#[test]
fn fields_written_by_a_macro_round_trip() {
    let h = through_macros::Header {
        version: 3,
        flags: 1,
        name: "ab".into(),
        data: vec![7],
    };
    #[rustfmt::skip]
    let bytes = [
        3, 0,                      // version
        1,                         // flags
        2, b'a', b'b',             // name: the field's u8 length
        1, 0, 0, 0, 0, 0, 0, 0, 7, // data: YAS's u64 length
    ];
    round_trips(&h, &bytes);
}

#[test]
fn structs_from_fragments_round_trip() {
    use macro_groups::{Command, Framed, Reading, Sample};

    let s = Sample {
        a: 1,
        b: -1,
        c: 0x0203,
        d: -2,
        e: 0x0405_0607,
        f: -3,
        g: 8,
        h: -4,
        x: 1.5,
        y: -2.0,
        flag: true,
        letter: 'B',
        pad: [9, 8],
        label: "ab".into(),
        cache: vec![1],
        via: 7,
    };
    // Big-endian: 1.5f32 is 0x3FC00000, -2.0f64 is 0xC000000000000000, 'B' is 0x42.
    #[rustfmt::skip]
    let bytes = [
        1,                              // a
        0xFF,                           // b: -1
        0x02, 0x03,                     // c
        0xFF, 0xFE,                     // d: -2
        0x04, 0x05, 0x06, 0x07,         // e
        0xFF, 0xFF, 0xFF, 0xFD,         // f: -3
        0, 0, 0, 0, 0, 0, 0, 8,         // g
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFC, // h: -4
        0x3F, 0xC0, 0, 0,               // x
        0xC0, 0, 0, 0, 0, 0, 0, 0,      // y
        1,                              // flag
        0, 0, 0, 0x42,                  // letter
        9, 8,                           // pad
        2, b'a', b'b',                  // label: u8 length
        // cache: skipped
        1, b'7',                        // via: "7", compact length
    ];
    assert_eq!(packed_core::to_vec(&s).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Sample>(&bytes).unwrap(),
        Sample {
            cache: Vec::new(),
            ..s
        }
    );
    let long = Sample {
        label: "abcde".into(),
        cache: Vec::new(),
        ..packed_core::from_slice::<Sample>(&bytes).unwrap()
    };
    assert!(packed_core::to_vec(&long).is_err(), "max = 4");

    let f = Framed {
        head: 0x0102u16,
        s0: 0,
        s1: 1,
        s2: 2,
        s3: 3,
        s4: 4,
        s5: 5,
        s6: 6,
        s7: 7,
        s8: 8,
        s9: 9,
        s10: 10,
        s11: 11,
        s12: 0x0C0D,
        tail: 0x0E0F,
    };
    let bytes = [
        2, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x0D, 0x0C, 0x0F, 0x0E,
    ];
    round_trips(&f, &bytes);

    let r = Reading(1, 2, 3, 4, 5, 6, 7, -1, -2, -3, -4, -5, -6, "z".into());
    #[rustfmt::skip]
    let bytes = [
        1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0,
        0xFF, 0xFF, 0xFE, 0xFF, 0xFD, 0xFF, 0xFC, 0xFF, 0xFB, 0xFF, 0xFA, 0xFF,
        1, b'z',
    ];
    round_trips(&r, &bytes);

    let m = Command::Move(-2, 3);
    let bytes = [1, 0, 0xFE, 0xFF, 0xFF, 0xFF, 3, 0, 0, 0];
    round_trips(&m, &bytes);
    round_trips(&Command::Say("hi".into()), &[2, 0, 2, b'h', b'i']);
    round_trips(&Command::Stop, &[0, 0]);
}

#[test]
fn prelude_free_bit_packing_round_trips() {
    let v = derived::BitPacked {
        flag: true,
        health: 100,
        items: vec![1023],
        x: 1.0,
        method: "PUT",
        maybe: Some(0xAB),
        value: 0x1234u16,
    };
    // Bit 0 the flag, bits 1-7 health 100 (`c9`); the count 1 (`01`); 1023 in bits
    // 16-25, x's code 255 in 26-33 (`ff ff`, two bits of `0f`), the index 3 in 34-35,
    // padding (`0f`); the option's flag, then 0xAB from bit 1 (`57 01`), padding; the
    // u16 at the byte boundary.
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(
        bytes,
        [0xC9, 0x01, 0xFF, 0xFF, 0x0F, 0x57, 0x01, 0x34, 0x12]
    );
    let back: derived::BitPacked<'_, u16> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    let f = Flags {
        on: true,
        level: 5,
        extra: Some(9),
    };
    assert_eq!(packed_core::to_vec(&f).unwrap(), [0b0001_1011, 9]);
    assert_eq!(
        packed_core::from_slice::<Flags>(&[0b0001_1011, 9]).unwrap(),
        f
    );
}

/// A type parameter bounded both in its list and in a `where` clause: clippy's
/// `type_repetition_in_bounds` is the user's to allow on the type, and the impls the
/// derive writes beside it (which add their own `T: Encode` beside the user's bounds)
/// must not raise it again where the user cannot reach.
mod repeated_bounds {
    #![deny(clippy::type_repetition_in_bounds)]

    use packed_core::{MaxSize, Packed};

    /// Two values of `T`.
    #[allow(clippy::type_repetition_in_bounds)]
    #[derive(Packed, MaxSize, Debug, PartialEq)]
    pub(crate) struct Pair<T: Copy>
    where
        T: core::fmt::Debug,
    {
        pub(crate) a: T,
        pub(crate) b: T,
    }
}

#[test]
fn repeated_bounds_round_trip() {
    let p = repeated_bounds::Pair { a: 1u16, b: 0x0302 };
    let bytes = packed_core::to_vec(&p).unwrap();
    assert_eq!(bytes, [0x01, 0x00, 0x02, 0x03]);
    assert_eq!(
        packed_core::from_slice::<repeated_bounds::Pair<u16>>(&bytes).unwrap(),
        p
    );
    assert_eq!(packed_core::max_size::<repeated_bounds::Pair<u16>>(), 4);
}

#[test]
fn associated_types_take_the_bound() {
    use associated::{Chat, Message};
    let m = Message::<Chat> {
        id: 0x0102,
        bodies: vec!["hi".into()],
        cached: None,
    };
    // The id (little-endian), one body of two bytes.
    let bytes = packed_core::to_vec(&m).unwrap();
    assert_eq!(bytes, [0x02, 0x01, 0x01, 0x02, b'h', b'i']);
    let back = packed_core::from_slice::<Message<Chat>>(&bytes).unwrap();
    assert_eq!(
        (back.id, back.bodies, back.cached),
        (m.id, m.bodies, m.cached)
    );
}

#[test]
fn prelude_free_bit_groups_round_trip() {
    let g = macro_groups::GroupedBits {
        on: true,
        level: 5,
        off: false,
        wide: 113,
    };
    // Bit 0 `on`, bits 1-3 level 5 (`101`), bit 4 `off`, bits 5-8 113 - 100 = 13
    // (`1101`): 0b1010_1011, then bit 8 the last 1 of 13 and padding.
    let bytes = packed_core::to_vec(&g).unwrap();
    assert_eq!(bytes, [0b1010_1011, 0b0000_0001]);
    assert_eq!(
        packed_core::from_slice::<macro_groups::GroupedBits>(&bytes).unwrap(),
        g
    );
}

#[test]
fn prelude_free_growable_types_round_trip() {
    use through_macros::{Grows, Record};

    let g = Grown {
        id: 1,
        value: 2u8,
        level: 3,
        cache: 7,
        via: 42,
    };
    // Big-endian size 4 + 2 + 1 + 1 + 3, then the fields; `via` as text.
    let bytes = [0, 0, 0, 11, 0, 1, 2, 3, 2, b'4', b'2'];
    assert_eq!(packed_core::to_vec(&g).unwrap(), bytes);
    assert_eq!(packed_core::from_slice(&bytes), Ok(g));
    // An old record holding `id` alone: the defaults.
    let old: Grown<u8> = packed_core::from_slice(&[0, 0, 0, 6, 0, 1]).unwrap();
    assert_eq!(
        (old.value, old.level, old.cache, old.via),
        (0, u8::MAX, 7, 0)
    );

    assert_eq!(
        packed_core::to_vec(&Evolving::Start(5)).unwrap(),
        [7, 0, 0, 0, 3, 5, 0]
    );
    assert_eq!(
        packed_core::to_vec(&Evolving::Stop).unwrap(),
        [5, 0, 0, 0, 4]
    );
    assert_eq!(
        packed_core::from_slice(&[5, 0, 0, 0, 9]),
        Ok(Evolving::Named { n: 1 })
    );
    assert_eq!(
        packed_core::from_slice(&[6, 0, 0, 0, 8, 1]),
        Ok(Evolving::Unknown)
    );
    assert_eq!(packed_core::from_slice(&[2]), Ok(Open::Other));
    assert_eq!(packed_core::from_slice(&[1]), Ok(Open::One));

    let r = Record {
        id: 1,
        n: 2,
        label: "a".into(),
    };
    let bytes = [9, 0, 0, 0, 1, 2, 0, 1, b'a'];
    assert_eq!(packed_core::to_vec(&r).unwrap(), bytes);
    assert_eq!(packed_core::from_slice(&bytes), Ok(r));
    assert_eq!(
        packed_core::to_vec(&Grows::A(4)).unwrap(),
        [6, 0, 0, 0, 2, 4]
    );
    assert_eq!(packed_core::from_slice(&[5, 0, 0, 0, 0]), Ok(Grows::Other));
}

/// A `with` module named like a generic parameter of the documented signature (`W`):
/// the derive gives its own parameters its generated names instead.
#[allow(non_snake_case)]
mod W {
    pub(crate) use super::as_text::{decode, encode};
}

#[derive(::packed_core::Packed, Debug, PartialEq)]
struct ThroughW {
    #[packed(with = "W")]
    n: u32,
}

#[test]
fn a_with_module_named_like_a_parameter_compiles() {
    let v = ThroughW { n: 42 };
    let bytes = ::packed_core::to_vec(&v).unwrap();
    assert_eq!(bytes, [2, b'4', b'2']);
    assert_eq!(::packed_core::from_slice::<ThroughW>(&bytes).unwrap(), v);
}

/// Generic parameters, and names in attribute values, spelled like the names the
/// derive generates (`__C`, `'__de`, `__packed`, `__f0`, ...): the derive picks other
/// names for its own, rather than declaring a second `__C` beside the user's.
#[allow(
    non_camel_case_types,
    non_upper_case_globals,
    clippy::pub_underscore_fields
)]
mod generated_names {
    use ::packed_core::{MaxSize, Packed};

    /// The coding methods' parameters, the runtime's alias and the layout's alias.
    #[derive(Packed, MaxSize, Debug, PartialEq)]
    pub(crate) struct Params<
        '__de,
        __C,
        __W: Clone,
        __R,
        __packed,
        __PackedOwnLayout,
        const __n: usize,
        const __f0: u8,
    > {
        pub(crate) a: [u8; __n],
        pub(crate) c: __C,
        pub(crate) w: __W,
        pub(crate) r: __R,
        pub(crate) p: __packed,
        pub(crate) o: __PackedOwnLayout,
        #[packed(skip)]
        pub(crate) s: ::core::marker::PhantomData<&'__de ()>,
    }

    /// An enum's bindings and tag.
    #[derive(Packed, Debug, PartialEq)]
    pub(crate) enum Variants<'__de, __v, __d, __tag, __off> {
        A(__v, __d),
        B { t: __tag, o: __off },
        C(&'__de str),
    }

    /// A growable record's presence and a `default` naming a parameter.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable)]
    pub(crate) struct Grows<__rec, __f1, __bits: Default> {
        pub(crate) a: __rec,
        pub(crate) b: __f1,
        #[packed(default = "__bits::default()")]
        pub(crate) c: __bits,
    }

    /// A bit-packed type's groups.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    pub(crate) struct Bits<__bits, __f0, __rec> {
        #[packed(range = "0..=7")]
        pub(crate) x: u8,
        pub(crate) a: __bits,
        pub(crate) b: __f0,
        pub(crate) c: __rec,
    }

    /// A fieldless enum named like the value binding, in a sequence of a type named
    /// like `encode_contiguous`'s items.
    #[derive(Packed, Debug, PartialEq, Clone, Copy)]
    #[repr(u8)]
    pub(crate) enum __v {
        A = 3,
        B = 5,
    }

    /// A type named like the derive's impl for a `with` field at position 0.
    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct __PackedWith0(pub(crate) u8);

    /// A `with` field at position 0 beside a field of that type: the derive names its
    /// impl otherwise, or the field's type would mean the impl inside the derive's block.
    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct WithImplNamed {
        #[packed(with = "crate::as_text")]
        pub(crate) n: u32,
        pub(crate) t: __PackedWith0,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct __items<__out, __n> {
        pub(crate) a: __out,
        pub(crate) b: __n,
        pub(crate) c: Vec<__v>,
    }
}

#[test]
fn parameters_named_like_generated_names_compile() {
    use generated_names::{
        __PackedWith0, __items, __v, Bits, Grows, Params, Variants, WithImplNamed,
    };
    type P<'a> = Params<'a, u8, u16, u32, u8, u8, 2, 0>;
    let params: P<'_> = Params {
        a: [9, 8],
        c: 1,
        w: 2,
        r: 3,
        p: 4,
        o: 5,
        s: ::core::marker::PhantomData,
    };
    let bytes = ::packed_core::to_vec(&params).unwrap();
    assert_eq!(bytes, [9, 8, 1, 2, 0, 3, 0, 0, 0, 4, 5]);
    assert_eq!(::packed_core::from_slice::<P<'_>>(&bytes).unwrap(), params);
    assert_eq!(::packed_core::max_size::<P<'_>>(), 11);

    let variant: Variants<'_, u8, u8, u8, u8> = Variants::B { t: 1, o: 2 };
    assert_eq!(::packed_core::to_vec(&variant).unwrap(), [1, 1, 2]);
    assert_eq!(
        ::packed_core::from_slice::<Variants<'_, u8, u8, u8, u8>>(&[2, 1, b'x']).unwrap(),
        Variants::C("x")
    );

    let grows = Grows {
        a: 1u8,
        b: 2u8,
        c: 3u8,
    };
    assert_eq!(
        ::packed_core::to_vec(&grows).unwrap(),
        [7, 0, 0, 0, 1, 2, 3]
    );
    let old = ::packed_core::from_slice::<Grows<u8, u8, u8>>(&[6, 0, 0, 0, 1, 2]).unwrap();
    assert_eq!(old, Grows { a: 1, b: 2, c: 0 });

    // 3 bits of `x`, then one bit each, low bits first: 0b1_0_1_101.
    let bits = Bits {
        x: 5,
        a: true,
        b: false,
        c: true,
    };
    assert_eq!(::packed_core::to_vec(&bits).unwrap(), [0b0010_1101]);
    assert_eq!(
        ::packed_core::from_slice::<Bits<bool, bool, bool>>(&[0b0010_1101]).unwrap(),
        bits
    );

    let items = __items {
        a: 1u8,
        b: 2u8,
        c: vec![__v::B, __v::A],
    };
    assert_eq!(::packed_core::to_vec(&items).unwrap(), [1, 2, 2, 5, 3]);
    assert_eq!(
        ::packed_core::from_slice::<__items<u8, u8>>(&[1, 2, 2, 5, 3]).unwrap(),
        items
    );

    // `n` as the text "42" (a one-byte length, then its bytes), then `t`.
    let with = WithImplNamed {
        n: 42,
        t: __PackedWith0(7),
    };
    assert_eq!(::packed_core::to_vec(&with).unwrap(), [2, b'4', b'2', 7]);
    assert_eq!(
        ::packed_core::from_slice::<WithImplNamed>(&[2, b'4', b'2', 7]).unwrap(),
        with
    );
}

/// A fieldless enum whose `#[repr(u8)]` is written in a `macro_rules!` body: the
/// generated conversion's casts carry the macro's (local) spans, so this crate's
/// `trivial_numeric_casts` reached them, and `as u8 as u8` failed the build.
macro_rules! repr_enum_in_macro {
    ($name:ident) => {
        #[derive(::packed_core::Packed, Debug, PartialEq, Clone, Copy)]
        #[repr(u8)]
        pub(crate) enum $name {
            P = 1,
            Q = 2,
        }
    };
}

repr_enum_in_macro!(ReprFromMacro);

#[test]
fn repr_enum_declared_in_a_macro_round_trips() {
    round_trips(&vec![ReprFromMacro::Q, ReprFromMacro::P], &[2, 2, 1]);
    assert!(matches!(
        packed_core::from_slice::<ReprFromMacro>(&[3]).map_err(packed_core::Error::into_kind),
        Err(packed_core::DecodeError::UnknownVariant { .. })
    ));
}

/// Declares, in the invoking module, a unit struct (`unit`) or a `const` or `static`
/// (`value`) named like each local the generated code binds (`let __v`, `__w: &mut
/// __W`, the fields' `__f0`, ...) and like the user's own fields. The derive cannot see
/// them (they are not in its input), and a binding meets such an item first: `let __v
/// = ...` became a pattern against the unit struct (mismatched types), a parameter
/// `__w` a refused shadowing (E0530).
macro_rules! items_named_like_locals {
    (unit) => {
        pub(crate) struct __v;
        pub(crate) struct __d;
        pub(crate) struct __off;
        pub(crate) struct __tag;
        pub(crate) struct __items;
        pub(crate) struct __n;
        pub(crate) struct __out;
        pub(crate) struct __bits;
        pub(crate) struct __rec;
        pub(crate) struct __w;
        pub(crate) struct __r;
        pub(crate) struct __f0;
        pub(crate) struct __f1;
        pub(crate) struct a;
        pub(crate) struct b;
    };
    (value) => {
        pub(crate) const __v: u8 = 0;
        pub(crate) static __d: u8 = 0;
        pub(crate) const __off: usize = 0;
        pub(crate) static __tag: u32 = 0;
        pub(crate) const __items: u8 = 0;
        pub(crate) const __n: usize = 0;
        pub(crate) static __out: u8 = 0;
        pub(crate) const __bits: u64 = 0;
        pub(crate) const __rec: u8 = 0;
        pub(crate) static __w: u8 = 0;
        pub(crate) const __r: u8 = 0;
        pub(crate) const __f0: u8 = 0;
        pub(crate) static __f1: u8 = 0;
        pub(crate) const a: u32 = 0;
        pub(crate) static b: u16 = 0;
    };
}

/// Types of every shape derived beside [`items_named_like_locals`], in a module of
/// them.
macro_rules! derived_beside_locals {
    ($items:ident) => {
        #[allow(dead_code, non_camel_case_types, non_upper_case_globals)]
        pub(crate) mod $items {
            use ::packed_core::{MaxSize, Packed};

            items_named_like_locals!($items);

            #[derive(Packed, MaxSize, Debug, PartialEq)]
            pub(crate) struct Plain {
                pub(crate) a: u32,
                pub(crate) b: u16,
                #[packed(max = 4)]
                pub(crate) c: Vec<u8>,
            }

            #[derive(Packed, Debug, PartialEq)]
            pub(crate) struct Tuple(pub(crate) u8, pub(crate) String);

            #[derive(Packed, Debug, PartialEq)]
            pub(crate) enum Data {
                X,
                Y(u8, u16),
                Z { a: bool },
            }

            #[derive(Packed, Debug, PartialEq, Clone, Copy)]
            #[repr(u8)]
            pub(crate) enum Repr {
                P = 1,
                Q = 2,
            }

            #[derive(Packed, Debug, PartialEq)]
            #[packed(growable)]
            pub(crate) struct Grows {
                pub(crate) a: u32,
                pub(crate) b: String,
            }

            #[derive(Packed, Debug, PartialEq)]
            #[packed(growable)]
            pub(crate) enum GrowsEnum {
                A(u8),
                #[packed(other)]
                Other,
            }

            #[derive(Packed, Debug, PartialEq)]
            #[packed(bitpack)]
            pub(crate) struct Bits {
                #[packed(range = "0..=100")]
                pub(crate) h: u8,
                pub(crate) f: bool,
                pub(crate) g: bool,
            }
        }
    };
}

derived_beside_locals!(unit);
derived_beside_locals!(value);

macro_rules! round_trip_beside_locals {
    ($items:ident) => {{
        use $items::{Bits, Data, Grows, GrowsEnum, Plain, Repr, Tuple};
        let plain = Plain {
            a: 1,
            b: 2,
            c: vec![3],
        };
        round_trips(&plain, &[1, 0, 0, 0, 2, 0, 1, 3]);
        assert_eq!(::packed_core::max_size::<Plain>(), 4 + 2 + 1 + 4);
        round_trips(&Tuple(7, "hi".into()), &[7, 2, b'h', b'i']);
        round_trips(&Data::Y(5, 0x0102), &[1, 5, 2, 1]);
        round_trips(&vec![Repr::Q, Repr::P], &[2, 2, 1]);
        // The size counts itself: 4 + 4 + 1 + 1.
        round_trips(
            &Grows {
                a: 7,
                b: "x".into(),
            },
            &[10, 0, 0, 0, 7, 0, 0, 0, 1, b'x'],
        );
        round_trips(&GrowsEnum::A(9), &[6, 0, 0, 0, 0, 9]);
        // `h` in 7 bits (100 = 0b110_0100), `f` in bit 7, `g` in bit 8.
        round_trips(
            &Bits {
                h: 100,
                f: true,
                g: false,
            },
            &[0xE4, 0x00],
        );
    }};
}

#[test]
fn types_beside_items_named_like_generated_locals_round_trip() {
    round_trip_beside_locals!(unit);
    round_trip_beside_locals!(value);
}
