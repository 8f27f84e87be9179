//! Quick end-to-end check of a data enum with borrowed, boxed and field-attributed
//! parts (the seed document's sizes are in `golden.rs`).

use packed_core::Packed;

#[derive(Packed, Debug, PartialEq)]
enum Shape<'a> {
    Unit,
    Tup(u8, &'a str),
    Named {
        x: Option<Box<Shape<'a>>>,
        #[packed(len = "u8", max = 3)]
        v: Vec<u16>,
    },
}

#[test]
fn data_enum_round_trips_byte_exact() {
    let s = Shape::Named {
        x: Some(Box::new(Shape::Tup(5, "hi"))),
        v: vec![1, 2],
    };
    let sb = packed_core::to_vec(&s).unwrap();
    // tag 2 (Named); flag 1; tag 1 (Tup), 05, compact length 2, "hi"; u8 length 2,
    // then 1 and 2 as little-endian u16.
    assert_eq!(sb, [2, 1, 1, 5, 2, b'h', b'i', 2, 1, 0, 2, 0]);
    assert_eq!(packed_core::from_slice::<Shape>(&sb).unwrap(), s);
    assert_eq!(packed_core::from_slice::<Shape>(&[0]).unwrap(), Shape::Unit);
}
