//! Every documented form of bit packing's attributes compiles: `bitpack` on structs and
//! enums, `range` on integers (alone, in arrays, `Vec`s, `VecDeque`s, boxed slices and
//! through an alias), `bits`, float ranges in both forms, `entropy` on integers and
//! strings (owned and borrowed) with and without `align_before_data`, `align`, and
//! `align_before_data = false` on an `Option`, beside `len`, `max` and the layout keys.

use std::borrow::Cow;
use std::collections::VecDeque;

use packed_core::Packed;

type ItemId = u16;

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, layout = "yas-noheader", endian = "big")]
struct Everything<'a> {
    #[packed(range = "-100..=100")]
    signed: i32,
    #[packed(range = "0..=1023")]
    alias: ItemId,
    #[packed(bits = 3)]
    small: u8,
    #[packed(range = "0..=9")]
    array: [u8; 4],
    #[packed(max = 8, range = "0..=1023")]
    items: Vec<u16>,
    #[packed(range = "0..=7", len = "u8")]
    deque: VecDeque<u32>,
    #[packed(range = "0..=7")]
    boxed: Box<[i64]>,
    #[packed(range = "-1.0..=1.0", precision = 0.01)]
    x: f32,
    #[packed(range = "0..=360", bits = 12)]
    heading: f64,
    #[packed(max = 3, range = "-0.5..=2.5", precision = 1e-6)]
    samples: Vec<f64>,
    #[packed(entropy = [80, 443, 8080])]
    port: u16,
    #[packed(entropy = ["GET", "POST"], max = 32)]
    method: String,
    // Aligned after its index: a miss's bytes are whole bytes of the input, borrowed.
    #[packed(entropy = ["a", "b"])]
    borrowed: &'a str,
    // Not aligned: a miss's bytes are copied (a `&str` there is `CannotBorrow`).
    #[packed(entropy = ["a", "b"], align_before_data = false)]
    cow: Cow<'a, str>,
    #[packed(entropy = [-1, 0, 1])]
    signs: Vec<i8>,
    #[packed(align)]
    aligned: u16,
    #[packed(align_before_data = false)]
    maybe: Option<u32>,
    flag: bool,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, tag = "u16")]
enum Event {
    Moved {
        #[packed(range = "-10..=10")]
        dx: i8,
        #[packed(range = "-10..=10")]
        dy: i8,
    },
    Jumped(bool),
    Quit,
}

fn main() {
    let e = Everything {
        signed: -7,
        alias: 1000,
        small: 5,
        array: [0, 1, 2, 9],
        items: vec![1, 2],
        deque: VecDeque::from(vec![7]),
        boxed: vec![0, 7].into_boxed_slice(),
        x: 0.5,
        heading: 90.0,
        samples: vec![1.0],
        port: 443,
        method: "GET".into(),
        borrowed: "c",
        cow: Cow::Borrowed("z"),
        signs: vec![-1, 5],
        aligned: 3,
        maybe: Some(4),
        flag: true,
    };
    let bytes = packed_core::to_vec(&e).unwrap();
    let back: Everything<'_> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(back.signed, -7);
    assert_eq!(back.port, 443);
    let event = Event::Moved { dx: -3, dy: 10 };
    let bytes = packed_core::to_vec(&event).unwrap();
    assert_eq!(packed_core::from_slice::<Event>(&bytes).unwrap(), event);
}
