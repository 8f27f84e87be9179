//! The standard types and their field attributes: chrono `unit` and `width` (also
//! inside `Option` and `Vec`), `Cow<'static, _>` fields (decoded owned from any input),
//! `conventions`, tuples up to 16, `Fields`.
use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use packed_core::cpp::{Fields, Pair};
use packed_core::Packed;

#[derive(Packed, Debug, PartialEq)]
struct Times {
    #[packed(unit = "ms")]
    a: Duration,
    #[packed(unit = "s", width = "i32")]
    b: Option<Duration>,
    #[packed(width = "i32")]
    c: Vec<Duration>,
    d: SystemTime,
}

#[derive(Packed, Debug, PartialEq)]
struct Names {
    name: Cow<'static, str>,
    tags: Vec<Cow<'static, str>>,
    bytes: Option<Cow<'static, [u8]>>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas", conventions = "bitsery")]
struct YasFramingBitseryTypes {
    t: (u8, u8),
    a: [u8; 2],
    p: Pair<u8, u8>,
    f: Fields<[u8; 2]>,
}

#[derive(Packed)]
#[allow(clippy::type_complexity)]
struct Long {
    t: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8),
    // More than sixteen scalar fields in a row: one group, nested.
    a: u8, b: u8, c: u8, d: u8, e: u8, f: u8, g: u8, h: u8, i: u8,
    j: u8, k: u8, l: u8, m: u8, n: u8, o: u8, p: u8, q: u8, r: u8,
}

fn main() {
    let t = Times {
        a: Duration::from_millis(1500),
        b: Some(Duration::from_secs(2)),
        c: vec![Duration::from_nanos(3)],
        d: UNIX_EPOCH + Duration::from_nanos(4),
    };
    let bytes = packed_core::to_vec(&t).unwrap();
    assert_eq!(bytes.len(), 8 + 1 + 4 + 1 + 4 + 8);
    assert_eq!(packed_core::from_slice::<Times>(&bytes).unwrap(), t);

    let n = Names {
        name: Cow::Borrowed("static"),
        tags: vec![Cow::Borrowed("a")],
        bytes: Some(Cow::Borrowed(&[1, 2])),
    };
    let bytes = packed_core::to_vec(&n).unwrap();
    // Decoded from a buffer that does not live for 'static.
    let copy = bytes.clone();
    let back: Names = packed_core::from_slice(&copy).unwrap();
    assert_eq!(back, n);
    assert!(matches!(back.name, Cow::Owned(_)));
    let from_stream: Names = packed_core::from_reader(&bytes[..]).unwrap();
    assert_eq!(from_stream, n);

    let y = YasFramingBitseryTypes {
        t: (1, 2),
        a: [3, 4],
        p: Fields((5, 6)),
        f: Fields([7, 8]),
    };
    assert_eq!(
        packed_core::to_vec(&y).unwrap(),
        [b"yas0017".as_slice(), &[1, 2, 3, 4, 5, 6, 7, 8]].concat()
    );

    let l = Long {
        t: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
        a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9,
        j: 10, k: 11, l: 12, m: 13, n: 14, o: 15, p: 16, q: 17, r: 18,
    };
    let bytes = packed_core::to_vec(&l).unwrap();
    assert_eq!(bytes.len(), 16 + 18);
    let back = packed_core::from_slice::<Long>(&bytes).unwrap();
    assert_eq!((back.t.15, back.r), (16, 18));
    let yas = packed_core::to_vec_as::<packed_core::layout::YasNoHeader, _>(&l).unwrap();
    assert_eq!(yas.len(), 1 + 16 + 18, "the tuple's count byte, no count for the fields");
}
