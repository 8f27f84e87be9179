//! Generic types: lifetimes, const generics, where clauses, defaults, `bound`.
use std::borrow::Cow;
use std::fmt::Debug;
use std::marker::PhantomData;

use packed_core::{Decode, Encode, Packed};

/// Neither `Encode` nor `Decode`: only usable behind `PhantomData`, `skip` or `bound`.
#[derive(Debug, PartialEq, Default)]
struct Opaque;

#[derive(Packed, Debug, PartialEq)]
struct Borrowed<'a, 'b: 'a> {
    name: &'a str,
    bytes: &'b [u8],
    text: Cow<'a, str>,
}

#[derive(Packed, Debug, PartialEq)]
struct Array<const N: usize> {
    data: [u8; N],
}

#[derive(Packed, Debug, PartialEq)]
struct Mixed<'a, T, const N: usize>
where
    T: Clone + Debug,
{
    items: [T; N],
    label: &'a str,
}

#[derive(Packed, Debug, PartialEq)]
struct Defaulted<T = u16> {
    value: T,
}

#[derive(Packed, Debug, PartialEq)]
struct Phantom<T> {
    id: u8,
    marker: PhantomData<T>,
}

#[derive(Packed, Debug, PartialEq)]
struct Skipped<T, U> {
    value: T,
    #[packed(skip)]
    cache: U,
}

// `bound` replaces the inferred bounds (here it adds `Clone`, which inference would not).
#[derive(Packed, Debug, PartialEq)]
#[packed(bound = "T: ::packed_core::Packed + Clone")]
struct Bounded<T> {
    value: Box<T>,
}

// An empty bound: no bounds at all.
#[derive(Packed, Debug, PartialEq)]
#[packed(bound = "")]
struct Unbounded<T> {
    id: u8,
    marker: PhantomData<fn() -> T>,
}

#[derive(Packed, Debug, PartialEq)]
enum Tree<'a, T> {
    Leaf(T),
    Node {
        name: &'a str,
        children: Vec<Tree<'a, T>>,
    },
}

fn round_trip<'de, T: Encode + Decode<'de> + PartialEq + Debug>(v: &T, bytes: &'de [u8]) {
    assert_eq!(packed_core::to_vec(v).unwrap(), bytes);
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), v);
}

/// A const parameter named as a type in scope: `Shadowed<N>` in the impl headers would
/// name the struct `N` (E0747, "type provided when a constant was expected"); the
/// standard derives compile here, and so must ours, `MaxSize` and `kind` included.
mod const_named_as_a_type {
    #[allow(dead_code)]
    pub struct N;

    #[derive(packed_core::Packed, packed_core::MaxSize, Debug, PartialEq, Clone)]
    #[packed(kind = 7)]
    pub struct Shadowed<T, const N: usize> {
        pub data: [T; N],
    }
}

fn main() {
    round_trip(
        &Borrowed {
            name: "a",
            bytes: &[1, 2],
            text: Cow::Borrowed("b"),
        },
        &[1, b'a', 2, 1, 2, 1, b'b'],
    );
    round_trip(&Array { data: [1, 2, 3] }, &[1, 2, 3]);
    round_trip(
        &Mixed {
            items: [1u16, 2],
            label: "x",
        },
        &[1, 0, 2, 0, 1, b'x'],
    );
    round_trip(&Defaulted::<u16> { value: 5 }, &[5, 0]);
    round_trip(
        &Phantom::<Opaque> {
            id: 3,
            marker: PhantomData,
        },
        &[3],
    );
    let bytes = packed_core::to_vec(&Skipped {
        value: 1u8,
        cache: Opaque,
    })
    .unwrap();
    assert_eq!(bytes, [1]);
    let back: Skipped<u8, Opaque> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(
        back,
        Skipped {
            value: 1,
            cache: Opaque
        }
    );
    round_trip(
        &Bounded {
            value: Box::new(9u8),
        },
        &[9],
    );
    round_trip(
        &Unbounded::<Opaque> {
            id: 4,
            marker: PhantomData,
        },
        &[4],
    );
    let tree = Tree::Node {
        name: "r",
        children: vec![Tree::Leaf(1u8), Tree::Leaf(2)],
    };
    // Node is variant 1: tag 1, "r", 2 children, each tag 0 then its u8.
    round_trip(&tree, &[1, 1, b'r', 2, 0, 1, 0, 2]);

    use const_named_as_a_type::Shadowed;
    round_trip(&Shadowed::<u8, 2> { data: [5, 6] }, &[5, 6]);
    assert_eq!(packed_core::max_size::<Shadowed<u16, 3>>(), 6);
    assert_eq!(<Shadowed<u8, 1> as packed_core::Kind>::KIND, 7);
}
