//! Hygiene of the generated code: `#[derive(Packed)]` compiles in a module without
//! the prelude, beside items that shadow every prelude name it could lean on, and
//! through a re-exported runtime (`crate = "..."`), with every warning denied,
//! extra rustc lints and clippy's pedantic group on. The derived types also
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
        enums = "plain"
    )]
    pub struct Tuple(pub ::core::primitive::i32, pub ::std::string::String);
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

use derived::{Bounded, Everything, Point, Shape, Status, Tuple, Unit, Wide};
use packed_core::Kind;
use rerouted::{Choice, Message};

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
    assert!(<Point as packed_core::Encode>::image_proof().is_some());
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
    // Two fields, each written once by `to_vec` to count the size and once to write.
    let m = Message {
        text: String::new(),
        values: Vec::new(),
    };
    let _ = fake::to_vec(&m).unwrap();
    assert_eq!(fields() - before, 4);
    // A type without `crate = ...` does not go through `crate::fake`.
    let before = fields();
    let _ = packed_core::to_vec(&Bounded { value: 1u8 }).unwrap();
    assert_eq!(fields(), before);
}
