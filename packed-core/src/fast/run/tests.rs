//! Runs change speed, never bytes or errors: these compare them with the
//! field-by-field path (a stream, which never takes a run, or a writer that sees
//! every field) and with bytes worked out by hand.

use alloc::{
    borrow::ToOwned,
    format,
    string::{String, ToString},
    vec,
    vec::Vec,
};

use super::run_size;
use crate::fast::FixedSize;
use crate::{layout, Ctx, Decode, DecodeError, Encode, EncodeError, Packed, Reader, Writer};

#[derive(Packed, Clone, Copy, PartialEq, Debug)]
#[packed(crate = "crate")]
struct Vertex {
    x: f32,
    flag: bool,
    id: u16,
    pair: (u8, i8),
    pad: [u8; 2],
}

#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
struct Shape {
    name: String,
    corners: Vec<Vertex>,
    centre: Vertex,
}

/// `Vertex { x: 1.5, flag, id: 0x0102, pair: (3, -1), pad: [9, 8] }`, by hand: 1.5f32
/// is 0x3FC00000, little-endian.
const VERTEX: [u8; 11] = [0, 0, 0xC0, 0x3F, 1, 2, 1, 3, 0xFF, 9, 8];

fn vertex() -> Vertex {
    Vertex {
        x: 1.5,
        flag: true,
        id: 0x0102,
        pair: (3, -1),
        pad: [9, 8],
    }
}

type B = crate::ctx::Root;
type V = crate::ctx::RootAs<layout::Varint>;

#[test]
fn run_size_is_zero_unless_every_part_is_fixed() {
    assert_eq!(run_size(&[]), 0);
    assert_eq!(run_size(&[4, 8, 1]), 13);
    assert_eq!(run_size(&[4, 0, 1]), 0);
    assert_eq!(run_size(&[usize::MAX, 1]), 0);
}

#[test]
fn fixed_size_follows_the_layout() {
    assert_eq!(<Vertex as Encode>::fixed_size::<B>().bytes(), 11);
    assert_eq!(<Vertex as Decode<'_>>::fixed_size::<B>().bytes(), 11);
    assert_eq!(<[Vertex; 3] as Encode>::fixed_size::<B>().bytes(), 33);
    assert_eq!(<(u64, Vertex) as Decode<'_>>::fixed_size::<B>().bytes(), 19);
    assert_eq!(<char as Encode>::fixed_size::<B>().bytes(), 4);
    // Varint integers vary; floats and bools do not.
    assert_eq!(<Vertex as Encode>::fixed_size::<V>().bytes(), 0);
    assert_eq!(<(f64, bool) as Encode>::fixed_size::<V>().bytes(), 9);
    // Anything with a length, a tag or a flag varies.
    assert_eq!(<Shape as Encode>::fixed_size::<B>().bytes(), 0);
    assert_eq!(<Option<u8> as Encode>::fixed_size::<B>().bytes(), 0);
    assert_eq!(<[u8; 0] as Encode>::fixed_size::<B>().bytes(), 0);
    assert_eq!(<() as Encode>::fixed_size::<B>().bytes(), 0);
}

/// A writer that sees every field (as `explain` does) and one that takes runs
/// write the same bytes, which are the hand-worked ones.
#[test]
fn runs_write_the_field_by_field_bytes() {
    let shape = Shape {
        name: "tri".into(),
        corners: vec![vertex(); 3],
        centre: vertex(),
    };
    let mut expected = vec![3, b't', b'r', b'i', 3];
    for _ in 0..4 {
        expected.extend_from_slice(&VERTEX);
    }
    assert_eq!(crate::to_vec(&shape).unwrap(), expected);
    let fields = WatchWriter::write(&shape, false);
    assert_eq!(fields.bytes, expected);
    // Field by field: 2 for the name, 1 length, 6 calls per vertex (the two
    // bytes of the array are one slice).
    assert_eq!(fields.writes.len(), 2 + 1 + 4 * 6);
    // `explain` still names every field.
    let e = crate::explain(&shape).unwrap();
    let paths: Vec<&str> = e.spans().iter().map(|s| s.path.as_str()).collect();
    assert!(paths.contains(&"corners[2].flag"), "{paths:?}");
    assert!(paths.contains(&"centre.id"), "{paths:?}");
    assert_eq!(crate::from_slice::<Shape>(&expected).unwrap(), shape);
}

/// A writer that records where each write starts and how many bytes it has. With
/// `runs` it takes runs, as `Vec<u8>` does; without, it sees every field, as
/// `explain` does.
struct WatchWriter {
    bytes: Vec<u8>,
    runs: bool,
    /// `(offset, length)` of every `write_bytes` call.
    writes: Vec<(usize, usize)>,
}

impl WatchWriter {
    fn write<T: Encode + ?Sized>(value: &T, runs: bool) -> Self {
        let mut w = Self {
            bytes: Vec::new(),
            runs,
            writes: Vec::new(),
        };
        crate::config().encode_to(value, &mut w).unwrap();
        w
    }
}

impl Writer for WatchWriter {
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.writes.push((self.bytes.len(), bytes.len()));
        self.bytes.extend_from_slice(bytes);
        Ok(())
    }
    fn takes_runs(&self) -> bool {
        self.runs
    }
}

/// A slice reader that records where each read starts and how many bytes it
/// takes. With `runs` it lends runs, as [`SliceReader`](crate::SliceReader) does;
/// without, it is the field-by-field path.
struct WatchReader<'de> {
    inner: crate::SliceReader<'de>,
    runs: bool,
    /// `(offset, length)` of every read.
    reads: Vec<(usize, usize)>,
}

impl<'de> WatchReader<'de> {
    fn new(bytes: &'de [u8], runs: bool) -> Self {
        Self {
            inner: crate::SliceReader::new(bytes),
            runs,
            reads: Vec::new(),
        }
    }
}

impl<'de> Reader<'de> for WatchReader<'de> {
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        self.reads.push((self.inner.offset(), out.len()));
        self.inner.read_into(out)
    }
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        self.reads.push((self.inner.offset(), n));
        self.inner.borrow_bytes(n)
    }
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.reads.push((self.inner.offset(), n));
        self.inner.read_append(n, out)
    }
    fn offset(&self) -> usize {
        self.inner.offset()
    }
    fn remaining(&self) -> Option<usize> {
        self.inner.remaining()
    }
    fn enter(&mut self) -> Result<(), DecodeError> {
        self.inner.enter()
    }
    fn leave(&mut self) {
        self.inner.leave();
    }
    fn lends_runs(&self) -> bool {
        self.runs
    }
    fn depth_left(&self) -> usize {
        self.inner.depth_left()
    }
}

/// `WatchReader` implements only the required methods (and `lends_runs`, `depth_left`): like any
/// such reader it keeps no count of elements that take no input, and the defaults
/// refuse them (and nothing else) rather than let them through unbounded.
#[test]
fn readers_without_a_count_refuse_zero_width_elements() {
    fn plain<T: for<'a> Decode<'a>>(bytes: &[u8]) -> Result<T, DecodeError> {
        crate::config().decode_from::<T, _>(&mut WatchReader::new(bytes, false))
    }
    let refused = DecodeError::ZeroWidthLimitExceeded {
        offset: 0,
        limit: 0,
    };
    assert_eq!(plain::<Vec<()>>(&[0]), Ok(vec![]));
    assert_eq!(plain::<Vec<()>>(&[1]), Err(refused.clone()));
    assert_eq!(plain::<[(); 1]>(&[]), Err(refused));
    // Elements that read input are not counted, even where `MIN_WIRE` is 0.
    assert_eq!(
        plain::<Vec<alloc::boxed::Box<u8>>>(&[2, 5, 6]),
        Ok(vec![5.into(), 6.into()])
    );
    assert_eq!(plain::<Vec<String>>(&[1, 0]), Ok(vec![String::new()]));
}

/// Decoding with runs and without agree on every input here, errors included, at
/// the same offsets; so does decoding in place.
fn both(bytes: &[u8]) -> Result<Shape, DecodeError> {
    let runs = crate::from_slice::<Shape>(bytes).map_err(crate::Error::into_kind);
    let mut r = WatchReader::new(bytes, false);
    let fields = crate::config().decode_from::<Shape, _>(&mut r);
    assert_eq!(runs, fields, "{bytes:02x?}");
    let mut reused = Shape {
        name: String::new(),
        corners: vec![vertex(); 5],
        centre: vertex(),
    };
    let in_place = crate::from_slice_into(bytes, &mut reused)
        .map(|()| reused)
        .map_err(crate::Error::into_kind);
    if runs.is_ok() {
        assert_eq!(runs, in_place);
    }
    runs
}

#[test]
fn runs_reject_what_the_fields_reject_at_the_same_offset() {
    let mut bytes = vec![0, 2];
    bytes.extend_from_slice(&VERTEX);
    bytes.extend_from_slice(&VERTEX);
    bytes.extend_from_slice(&VERTEX);
    assert!(both(&bytes).is_ok());
    // A bad bool in the second corner (offset 2 + 11 + 4), in the centre (2 + 22 +
    // 4), in a corner decoded in place.
    for at in [17, 28] {
        let mut bad = bytes.clone();
        bad[at] = 7;
        assert_eq!(
            both(&bad),
            Err(DecodeError::InvalidBool {
                offset: at,
                byte: 7
            })
        );
    }
    // Every truncation: the field that is cut short is named, as without runs.
    for cut in 0..bytes.len() {
        let got = both(&bytes[..cut]);
        assert!(
            matches!(
                got,
                Err(DecodeError::UnexpectedEnd { .. } | DecodeError::LengthExceedsInput { .. })
            ),
            "cut {cut}: {got:?}"
        );
    }
    // Cut inside the centre's `pair` (x 4, flag 1, id 2, then pair.0 at 24 + 7).
    assert_eq!(
        both(&bytes[..bytes.len() - 3]),
        Err(DecodeError::UnexpectedEnd {
            offset: 2 + 22 + 8,
            needed: 1,
            remaining: 0
        })
    );
}

/// A run takes the levels of nesting its value takes field by field: one for a struct
/// of numbers.
#[test]
fn a_run_is_one_level_deep() {
    let limits = |d| crate::Limits::DEFAULT.with_max_depth(d);
    let bytes = VERTEX;
    assert!(crate::from_slice_with_limits::<Vertex>(&bytes, limits(1)).is_ok());
    assert_eq!(
        crate::from_slice_with_limits::<Vertex>(&bytes, limits(0)).map_err(crate::Error::into_kind),
        Err(DecodeError::DepthLimitExceeded {
            offset: 0,
            limit: 0
        })
    );
}

/// A line item: the derive groups `qty`, `price` and `flags` (consecutive scalars)
/// into one tuple, one run under fixed-width integers.
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
struct Line {
    sku: String,
    qty: i32,
    price: i64,
    flags: [bool; 2],
    note: String,
}

#[test]
fn scalar_groups_keep_bytes_paths_errors_and_depth() {
    let line = Line {
        sku: "ab".into(),
        qty: -2,
        price: 300,
        flags: [true, false],
        note: String::new(),
    };
    // By hand: length 2, "ab", -2 as i32, 300 as i64, two bools, empty note.
    let expected = [
        2, b'a', b'b', 0xFE, 0xFF, 0xFF, 0xFF, 0x2C, 0x01, 0, 0, 0, 0, 0, 0, 1, 0, 0,
    ];
    assert_eq!(crate::to_vec(&line).unwrap(), expected);
    // Varint: no run (the group's size varies); zigzag -2 is 3, 300 is 600 =
    // LEB128 D8 04.
    assert_eq!(
        crate::to_vec_as::<layout::Varint, _>(&line).unwrap(),
        [2, b'a', b'b', 3, 0xD8, 0x04, 1, 0, 0]
    );
    let e = crate::explain(&line).unwrap();
    let paths: Vec<&str> = e.spans().iter().map(|s| s.path.as_str()).collect();
    assert_eq!(
        paths,
        ["sku", "sku", "qty", "price", "flags[0]", "flags[1]", "note"],
        "{paths:?}"
    );
    let decode = |bytes: &[u8]| {
        let runs = crate::from_slice::<Line>(bytes).map_err(crate::Error::into_kind);
        let mut r = WatchReader::new(bytes, false);
        let fields = crate::config().decode_from::<Line, _>(&mut r);
        assert_eq!(runs, fields, "{bytes:02x?}");
        let mut reused = line.clone();
        reused.qty = 9;
        let in_place = crate::from_slice_into(bytes, &mut reused)
            .map(|()| reused)
            .map_err(crate::Error::into_kind);
        if runs.is_ok() {
            assert_eq!(runs, in_place);
        }
        runs
    };
    assert_eq!(decode(&expected).unwrap(), line);
    let mut bad = expected;
    bad[16] = 2;
    assert_eq!(
        decode(&bad),
        Err(DecodeError::InvalidBool {
            offset: 16,
            byte: 2
        })
    );
    for cut in 0..expected.len() {
        assert!(decode(&expected[..cut]).is_err());
    }
    // A group is not a level of nesting: one level is the struct's.
    let one = crate::Limits::DEFAULT.with_max_depth(1);
    assert_eq!(
        crate::from_slice_with_limits::<Line>(&expected, one).unwrap(),
        line
    );
}

/// Thirteen scalar fields in a row: one more than the tuple impls cover, so the
/// derive nests tuples to keep the group one run.
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
struct Wide13 {
    a: u8,
    b: i8,
    c: u16,
    d: i16,
    e: u32,
    f: i32,
    g: u64,
    h: i64,
    x: f32,
    y: f64,
    flag: bool,
    letter: char,
    pad: [u8; 2],
}

fn wide13() -> Wide13 {
    Wide13 {
        a: 1,
        b: -2,
        c: 0x0304,
        d: -3,
        e: 0x0506_0708,
        f: -4,
        g: 0x1112_1314_1516_1718,
        h: -5,
        x: 1.5,
        y: -2.0,
        flag: true,
        letter: 'A',
        pad: [9, 8],
    }
}

/// `wide13()` by hand: every field little-endian at its full width; 1.5f32 is
/// 0x3FC00000, -2.0f64 is 0xC000000000000000, 'A' is U+0041.
#[rustfmt::skip]
const WIDE13: [u8; 49] = [
    0x01,                                           // a
    0xFE,                                           // b: -2
    0x04, 0x03,                                     // c
    0xFD, 0xFF,                                     // d: -3
    0x08, 0x07, 0x06, 0x05,                         // e
    0xFC, 0xFF, 0xFF, 0xFF,                         // f: -4
    0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11, // g
    0xFB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // h: -5
    0x00, 0x00, 0xC0, 0x3F,                         // x: 1.5
    0, 0, 0, 0, 0, 0, 0, 0xC0,                      // y: -2.0
    0x01,                                           // flag, at 42
    0x41, 0, 0, 0,                                  // letter, at 43
    9, 8,                                           // pad
];

/// Runs of 13 and of 15 scalars (one an array of const-generic length) between
/// fields of other types, one of them generic.
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
struct Telemetry<T, const N: usize> {
    name: T,
    t0: i16,
    t1: i16,
    t2: i16,
    t3: i16,
    t4: i16,
    t5: i16,
    t6: i16,
    t7: i16,
    t8: i16,
    t9: i16,
    t10: i16,
    t11: i16,
    t12: i16,
    samples: Vec<u8>,
    b0: u8,
    b1: u8,
    b2: u8,
    b3: u8,
    b4: u8,
    b5: u8,
    b6: u8,
    b7: u8,
    b8: u8,
    b9: u8,
    b10: u8,
    b11: u8,
    b12: u8,
    ok: bool,
    raw: [u8; N],
    frame: Wide13,
}

fn telemetry() -> Telemetry<String, 3> {
    Telemetry {
        name: "ab".into(),
        t0: -1,
        t1: -2,
        t2: -3,
        t3: -4,
        t4: -5,
        t5: -6,
        t6: -7,
        t7: -8,
        t8: -9,
        t9: -10,
        t10: -11,
        t11: -12,
        t12: -13,
        samples: vec![5, 6],
        b0: 0,
        b1: 3,
        b2: 6,
        b3: 9,
        b4: 12,
        b5: 15,
        b6: 18,
        b7: 21,
        b8: 24,
        b9: 27,
        b10: 30,
        b11: 33,
        b12: 36,
        ok: true,
        raw: [0xAA; 3],
        frame: wide13(),
    }
}

/// `telemetry()` by hand. The runs are at 3..29 (`t0`..`t12`, two bytes each) and
/// 32..49 (`b0`..`raw`), the frame at 49..98.
fn telemetry_bytes() -> Vec<u8> {
    let mut b = vec![2, b'a', b'b'];
    for t in 1..=13u8 {
        // -t as a little-endian i16: 0x10000 - t.
        b.extend_from_slice(&[0u8.wrapping_sub(t), 0xFF]);
    }
    b.extend_from_slice(&[2, 5, 6]);
    b.extend_from_slice(&[0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    b.extend_from_slice(&[1, 0xAA, 0xAA, 0xAA]);
    b.extend_from_slice(&WIDE13);
    assert_eq!(b.len(), 98);
    b
}

/// A generic tuple struct: a run of 24 scalars between two `T`s.
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
#[rustfmt::skip]
struct Wide24<T>(
    T,
    u8, u8, u8, u8, u8, u8, u8, u8,
    i16, i16, i16, i16, i16, i16, i16, i16,
    u32, u32, u32, u32, u32, u32, u32, u32,
    T,
);

/// Sixty-four named fields, `u32` and `u16` by turns (192 bytes).
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
#[rustfmt::skip]
struct Wide64 {
    f0: u32, f1: u16, f2: u32, f3: u16, f4: u32, f5: u16, f6: u32, f7: u16,
    f8: u32, f9: u16, f10: u32, f11: u16, f12: u32, f13: u16, f14: u32, f15: u16,
    f16: u32, f17: u16, f18: u32, f19: u16, f20: u32, f21: u16, f22: u32, f23: u16,
    f24: u32, f25: u16, f26: u32, f27: u16, f28: u32, f29: u16, f30: u32, f31: u16,
    f32: u32, f33: u16, f34: u32, f35: u16, f36: u32, f37: u16, f38: u32, f39: u16,
    f40: u32, f41: u16, f42: u32, f43: u16, f44: u32, f45: u16, f46: u32, f47: u16,
    f48: u32, f49: u16, f50: u32, f51: u16, f52: u32, f53: u16, f54: u32, f55: u16,
    f56: u32, f57: u16, f58: u32, f59: u16, f60: u32, f61: u16, f62: u32, f63: u16,
}

/// Two hundred fields: a `T`, then a run of 199 `u16`s (398 bytes: more than one
/// stack buffer takes, so it is written field by field, and still read as one run).
#[derive(Packed, Clone, PartialEq, Debug)]
#[packed(crate = "crate")]
#[rustfmt::skip]
struct Wide200<T>(
    T,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16, u16,
    u16, u16, u16, u16, u16, u16, u16
);

/// The top-level fields `explain` attributes bytes to, in order.
fn explained_fields<T: Encode>(value: &T) -> Vec<String> {
    let e = crate::explain(value).unwrap();
    let mut names: Vec<String> = Vec::new();
    for span in e.spans() {
        let top = span.path.split(['.', '[']).next().unwrap_or_default();
        if names.last().map(String::as_str) != Some(top) {
            names.push(top.into());
        }
    }
    names
}

/// Decodes `bytes` every way: from a slice with runs and without, from a stream and
/// in place into `reused`. All agree, errors included, at the same offsets (a
/// stream does not know how much input is left, and finds a length too long for
/// the input only when it runs out). Returns the slice's result.
fn decode_every_way<T>(bytes: &[u8], mut reused: T) -> Result<T, DecodeError>
where
    T: crate::Packed + PartialEq + core::fmt::Debug,
{
    let runs = crate::from_slice::<T>(bytes).map_err(crate::Error::into_kind);
    let mut r = WatchReader::new(bytes, false);
    let fields = crate::config().decode_from::<T, _>(&mut r);
    assert_eq!(runs, fields, "{bytes:02x?}");
    let in_place = crate::from_slice_into(bytes, &mut reused)
        .map(|()| reused)
        .map_err(crate::Error::into_kind);
    assert_eq!(runs, in_place, "{bytes:02x?}");
    #[cfg(feature = "std")]
    match (
        &runs,
        &crate::from_reader::<T, _>(bytes).map_err(crate::Error::into_kind),
    ) {
        (
            Err(DecodeError::UnexpectedEnd { offset, needed, .. }),
            Err(DecodeError::UnexpectedEnd {
                offset: o,
                needed: n,
                ..
            }),
        ) => assert_eq!((offset, needed), (o, n), "{bytes:02x?}"),
        (Err(DecodeError::LengthExceedsInput { .. }), Err(DecodeError::UnexpectedEnd { .. })) => {}
        (runs, stream) => assert_eq!(runs, stream, "{bytes:02x?}"),
    }
    runs
}

/// What every wide struct below shows: `value` encodes to `bytes`, its hand-worked
/// encoding, with runs, field by field, through `std::io` and by size; `bytes`
/// decode to `value` every way ([`decode_every_way`], into `reused`); `explain`
/// attributes bytes to `fields` in order; and every cut of `bytes` is an error, the
/// same every way.
fn agrees_every_way<T>(value: &T, bytes: &[u8], reused: &T, fields: &[String])
where
    T: crate::DecodeOwned + Encode + Clone + PartialEq + core::fmt::Debug,
{
    assert_eq!(crate::to_vec(value).unwrap(), bytes);
    assert_eq!(WatchWriter::write(value, true).bytes, bytes);
    assert_eq!(WatchWriter::write(value, false).bytes, bytes);
    assert_eq!(crate::encoded_len(value).unwrap(), bytes.len());
    #[cfg(feature = "std")]
    {
        let mut sink = Vec::new();
        assert_eq!(crate::to_writer(value, &mut sink).unwrap(), bytes.len());
        assert_eq!(sink, bytes);
    }
    assert_eq!(explained_fields(value), fields);
    assert_eq!(decode_every_way(bytes, reused.clone()).as_ref(), Ok(value));
    for cut in 0..bytes.len() {
        assert!(decode_every_way(&bytes[..cut], reused.clone()).is_err());
    }
}

/// [`agrees_every_way`] for a tuple struct of `n` fields, whose paths are their indices.
fn tuple_agrees_every_way<T>(value: &T, bytes: &[u8], reused: &T, n: usize)
where
    T: crate::DecodeOwned + Encode + Clone + PartialEq + core::fmt::Debug,
{
    let fields: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    agrees_every_way(value, bytes, reused, &fields);
}

/// The accesses (`(offset, length)`) that a writer taking runs makes to encode
/// `value`, and a reader lending runs to decode `bytes`, that start inside each of
/// `groups` (`(offset, length)` too). One each, covering the group, is one bounds
/// check per group.
fn accesses_per_group<T>(value: &T, bytes: &[u8], groups: &[(usize, usize)]) -> (PerGroup, PerGroup)
where
    T: crate::DecodeOwned + Encode + PartialEq + core::fmt::Debug,
{
    let mut r = WatchReader::new(bytes, true);
    assert_eq!(&crate::config().decode_from::<T, _>(&mut r).unwrap(), value);
    let within = |accesses: &[(usize, usize)]| -> PerGroup {
        groups
            .iter()
            .map(|&(start, len)| {
                accesses
                    .iter()
                    .copied()
                    .filter(|&(at, _)| (start..start + len).contains(&at))
                    .collect()
            })
            .collect()
    };
    (
        within(&WatchWriter::write(value, true).writes),
        within(&r.reads),
    )
}

/// Accesses, `(offset, length)`, by group.
type PerGroup = Vec<Vec<(usize, usize)>>;

/// One access per group, covering it.
fn one_each(groups: &[(usize, usize)]) -> PerGroup {
    groups.iter().map(|&g| vec![g]).collect()
}

#[test]
fn thirteen_scalars_keep_bytes_paths_and_errors() {
    let v = wide13();
    let reused = Wide13 { a: 7, ..wide13() };
    let fields = [
        "a", "b", "c", "d", "e", "f", "g", "h", "x", "y", "flag", "letter", "pad",
    ];
    agrees_every_way(&v, &WIDE13, &reused, &fields.map(String::from));
    // With runs, one write and one read for the whole struct; field by field, one
    // write per field (the array's two bytes are one slice).
    let whole = [(0, 49)];
    assert_eq!(
        accesses_per_group(&v, &WIDE13, &whole),
        (one_each(&whole), one_each(&whole))
    );
    assert_eq!(WatchWriter::write(&v, false).writes.len(), 13);
    let mut bad = WIDE13;
    bad[42] = 2;
    assert_eq!(
        decode_every_way(&bad, reused.clone()),
        Err(DecodeError::InvalidBool {
            offset: 42,
            byte: 2
        })
    );
    let mut bad = WIDE13;
    bad[43..47].copy_from_slice(&[0x00, 0xD8, 0, 0]);
    assert!(matches!(
        decode_every_way(&bad, reused.clone()),
        Err(DecodeError::InvalidChar { offset: 43, .. })
    ));
    // Cut inside `h` (at 22): that field is named by its offset, as without runs.
    assert_eq!(
        decode_every_way(&WIDE13[..25], reused),
        Err(DecodeError::UnexpectedEnd {
            offset: 22,
            needed: 8,
            remaining: 3
        })
    );
}

#[test]
fn long_runs_between_other_fields_are_one_run_each() {
    let v = telemetry();
    let bytes = telemetry_bytes();
    let mut reused = telemetry();
    reused.name = "longer".into();
    reused.samples = vec![1; 9];
    reused.t5 = 0;
    let mut fields = vec!["name".to_owned()];
    fields.extend((0..13).map(|i| format!("t{i}")));
    fields.push("samples".into());
    fields.extend((0..13).map(|i| format!("b{i}")));
    fields.extend(["ok".into(), "raw".into(), "frame".into()]);
    agrees_every_way(&v, &bytes, &reused, &fields);
    // The two runs of scalar fields and the nested fixed-size struct.
    let groups = [(3, 26), (32, 17), (49, 49)];
    assert_eq!(
        accesses_per_group(&v, &bytes, &groups),
        (one_each(&groups), one_each(&groups))
    );
    // Field by field: one write per field of the runs.
    let writes = WatchWriter::write(&v, false).writes;
    let in_runs = |&(at, _): &(usize, usize)| (3..29).contains(&at) || (32..49).contains(&at);
    assert_eq!(writes.iter().filter(|w| in_runs(w)).count(), 13 + 15);
    // A bad `ok` (32 + 13) and a bad `frame.flag` (49 + 42).
    for at in [45, 91] {
        let mut bad = bytes.clone();
        bad[at] = 7;
        assert_eq!(
            decode_every_way(&bad, reused.clone()),
            Err(DecodeError::InvalidBool {
                offset: at,
                byte: 7
            })
        );
    }
    // Cut inside `t7` (at 3 + 14): named by its offset, as without runs.
    assert_eq!(
        decode_every_way(&bytes[..18], reused),
        Err(DecodeError::UnexpectedEnd {
            offset: 17,
            needed: 2,
            remaining: 1
        })
    );
}

#[test]
fn a_tuple_struct_of_24_scalars_is_one_run() {
    #[rustfmt::skip]
    let v = Wide24(
        String::from("a"),
        1, 2, 3, 4, 5, 6, 7, 8,
        -1, -2, -3, -4, -5, -6, -7, -8,
        0x100, 0x200, 0x300, 0x400, 0x500, 0x600, 0x700, 0x800,
        String::from("bc"),
    );
    // By hand: "a", the u8s, each i16 -k as (256 - k, 0xFF), each u32 k * 0x100 as
    // (0, k, 0, 0), "bc".
    let mut bytes = vec![1, b'a', 1, 2, 3, 4, 5, 6, 7, 8];
    for k in 1..=8u8 {
        bytes.extend_from_slice(&[0u8.wrapping_sub(k), 0xFF]);
    }
    for k in 1..=8u8 {
        bytes.extend_from_slice(&[0, k, 0, 0]);
    }
    bytes.extend_from_slice(&[2, b'b', b'c']);
    let reused = Wide24 {
        0: String::from("previous"),
        ..v.clone()
    };
    tuple_agrees_every_way(&v, &bytes, &reused, 26);
    let group = [(2, 56)];
    assert_eq!(
        accesses_per_group(&v, &bytes, &group),
        (one_each(&group), one_each(&group))
    );
}

#[test]
fn sixty_four_named_scalars_are_one_run() {
    #[rustfmt::skip]
    let v = Wide64 {
        f0: 0, f1: 1, f2: 2, f3: 3, f4: 4, f5: 5, f6: 6, f7: 7,
        f8: 8, f9: 9, f10: 10, f11: 11, f12: 12, f13: 13, f14: 14, f15: 15,
        f16: 16, f17: 17, f18: 18, f19: 19, f20: 20, f21: 21, f22: 22, f23: 23,
        f24: 24, f25: 25, f26: 26, f27: 27, f28: 28, f29: 29, f30: 30, f31: 31,
        f32: 32, f33: 33, f34: 34, f35: 35, f36: 36, f37: 37, f38: 38, f39: 39,
        f40: 40, f41: 41, f42: 42, f43: 43, f44: 44, f45: 45, f46: 46, f47: 47,
        f48: 48, f49: 49, f50: 50, f51: 51, f52: 52, f53: 53, f54: 54, f55: 55,
        f56: 56, f57: 57, f58: 58, f59: 59, f60: 60, f61: 61, f62: 62, f63: 63,
    };
    // By hand: field i is i, as a u32 for even i and a u16 for odd i.
    let mut bytes = Vec::new();
    for i in 0..64u8 {
        bytes.extend_from_slice(&[i, 0]);
        if i % 2 == 0 {
            bytes.extend_from_slice(&[0, 0]);
        }
    }
    assert_eq!(bytes.len(), 192);
    let fields: Vec<String> = (0..64).map(|i| format!("f{i}")).collect();
    let reused = Wide64 {
        f63: 1,
        ..v.clone()
    };
    agrees_every_way(&v, &bytes, &reused, &fields);
    let whole = [(0, 192)];
    assert_eq!(
        accesses_per_group(&v, &bytes, &whole),
        (one_each(&whole), one_each(&whole))
    );
    assert_eq!(WatchWriter::write(&v, false).writes.len(), 64);
}

#[test]
fn two_hundred_fields_read_as_one_run() {
    #[rustfmt::skip]
    let v = Wide200(
        String::from("z"),
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
        21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
        40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
        59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77,
        78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96,
        97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112,
        113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127,
        128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142,
        143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157,
        158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172,
        173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187,
        188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198,
    );
    // By hand: "z", then field k + 1 is k as a little-endian u16.
    let mut bytes = vec![1, b'z'];
    for k in 0..199u16 {
        bytes.extend_from_slice(&[(k & 0xFF) as u8, (k >> 8) as u8]);
    }
    let reused = Wide200 {
        0: String::from("previous"),
        ..v.clone()
    };
    tuple_agrees_every_way(&v, &bytes, &reused, 200);
    // 398 bytes are more than a stack buffer takes: written field by field, but
    // still read from one borrowed slice.
    let group = [(2, 398)];
    let (writes, reads) = accesses_per_group(&v, &bytes, &group);
    assert_eq!(writes[0].len(), 199);
    assert_eq!(reads, one_each(&group));
    // Cut inside field 100 (at 2 + 99 * 2).
    assert_eq!(
        decode_every_way(&bytes[..201], v),
        Err(DecodeError::UnexpectedEnd {
            offset: 200,
            needed: 2,
            remaining: 1
        })
    );
    // The same struct with a fixed-size first field is one run as a whole.
    let bytes_u8: Vec<u8> = [&[9][..], &bytes[2..]].concat();
    let w: Wide200<u8> = crate::from_slice(&bytes_u8).unwrap();
    assert_eq!((w.0, w.1, w.100, w.199), (9, 0, 99, 198));
    assert_eq!(crate::to_vec(&w).unwrap(), bytes_u8);
    let mut r = WatchReader::new(&bytes_u8, true);
    assert_eq!(
        crate::config()
            .decode_from::<Wide200<u8>, _>(&mut r)
            .unwrap(),
        w
    );
    assert_eq!(r.reads, [(0, 399)]);
}

/// A hand-written `fixed_size` that lies is an error of its own, naming the type
/// whose run it broke, never wrong bytes, a panic or a user's `Custom` error, whichever
/// way it lies.
#[test]
fn a_wrong_fixed_size_is_an_error() {
    struct Liar<const CLAIM: usize>(u32);
    impl<const CLAIM: usize> Encode for Liar<CLAIM> {
        fn fixed_size<C: Ctx>() -> FixedSize<Self> {
            FixedSize::of(CLAIM)
        }
        fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
            self.0.encode::<C, W>(w)
        }
    }
    impl<'de, const CLAIM: usize> Decode<'de> for Liar<CLAIM> {
        fn fixed_size<C: Ctx>() -> FixedSize<Self> {
            FixedSize::of(CLAIM)
        }
        fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
            u32::decode::<C, R>(r).map(Self)
        }
    }
    #[derive(Packed)]
    #[packed(crate = "crate")]
    struct Holds<const CLAIM: usize> {
        a: u8,
        liar: Liar<CLAIM>,
    }
    fn check<const CLAIM: usize>() {
        let v = Holds::<CLAIM> {
            a: 1,
            liar: Liar(2),
        };
        let holds = core::any::type_name::<Holds<CLAIM>>();
        let encoded = crate::to_vec(&v).map_err(crate::Error::into_kind);
        assert_eq!(
            encoded,
            Err(EncodeError::FixedSizeMismatch { type_name: holds })
        );
        let message = encoded.unwrap_err().to_string();
        assert!(
            message.contains("Holds") && message.contains("bug"),
            "{message}"
        );
        let bytes = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            crate::take_from_slice::<Holds<CLAIM>>(&bytes)
                .map(|_| ())
                .map_err(crate::Error::into_kind),
            Err(DecodeError::FixedSizeMismatch {
                offset: 0,
                type_name: holds
            })
        );
        let many = [&[2][..], &bytes].concat();
        assert_eq!(
            crate::take_from_slice::<Vec<Holds<CLAIM>>>(&many)
                .map(|_| ())
                .map_err(crate::Error::into_kind),
            Err(DecodeError::FixedSizeMismatch {
                offset: 1,
                type_name: holds
            })
        );
    }
    check::<3>();
    check::<8>();
}
