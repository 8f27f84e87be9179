//! Every field attribute form: `len` (presets and paths), `max`, `skip`, `with`.
use std::fmt::Debug;

use packed_core::len::LenPrefix;
use packed_core::num::Endian;
use packed_core::{DecodeError, DecodeOwned, Encode, EncodeError, Packed, Reader, Writer};

fn check<T: Encode + DecodeOwned + PartialEq + Debug>(value: &T, bytes: &[u8]) {
    assert_eq!(packed_core::to_vec(value).unwrap(), bytes, "{value:?}");
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), value);
}

/// A user-defined length prefix: always two bytes, big-endian.
pub enum BigU16 {}

impl LenPrefix for BigU16 {
    const NAME: &'static str = "big-u16";
    const MAX: u64 = u16::MAX as u64;

    fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
        <packed_core::len::U16 as LenPrefix>::write::<packed_core::num::Big, W>(len, w)
    }

    fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
        <packed_core::len::U16 as LenPrefix>::read::<packed_core::num::Big, R>(r)
    }
}

/// Writes a `u32` as its decimal text.
mod as_text {
    use packed_core::{Ctx, DecodeError, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        packed_core::Encode::encode::<C, W>(v.to_string().as_str(), w)
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let s: &str = packed_core::Decode::decode::<C, R>(r)?;
        Ok(s.parse().unwrap_or(u32::MAX))
    }
}

#[derive(Packed, Debug, PartialEq)]
struct Lens {
    #[packed(len = "compact")]
    a: String,
    #[packed(len = "u8")]
    b: String,
    #[packed(len = "u16")]
    c: String,
    #[packed(len = "u32")]
    d: String,
    #[packed(len = "u64")]
    e: String,
    #[packed(len = "varint")]
    f: String,
    #[packed(len = "yas-compacted")]
    g: String,
    #[packed(len = packed_core::len::U16)]
    h: String,
    #[packed(len = BigU16)]
    i: String,
}

#[derive(Packed, Debug, PartialEq, Default)]
struct Others {
    // The field's len applies to every prefix in its value: outer and inner.
    #[packed(len = "u16")]
    nested: Vec<String>,
    #[packed(len = "u8")]
    maybe: Option<Vec<u8>>,
    #[packed(max = 3)]
    small: Vec<u16>,
    #[packed(len = "u8", max = 2)]
    both: String,
    #[packed(max = 4)]
    #[packed(len = "u16")]
    both_split: Box<[u8]>,
    #[packed(skip)]
    cache: Vec<u64>,
    #[packed(with = "as_text")]
    text: u32,
    #[packed(with = "self::as_text")]
    text2: u32,
}

fn main() {
    let s = |x: &str| String::from(x);
    let lens = Lens {
        a: s("a"),
        b: s("b"),
        c: s("c"),
        d: s("d"),
        e: s("e"),
        f: s("f"),
        g: s("g"),
        h: s("h"),
        i: s("i"),
    };
    #[rustfmt::skip]
    let bytes = [
        1, b'a',
        1, b'b',
        1, 0, b'c',
        1, 0, 0, 0, b'd',
        1, 0, 0, 0, 0, 0, 0, 0, b'e',
        1, b'f',
        0x81, b'g',
        1, 0, b'h',
        0, 1, b'i',
    ];
    check(&lens, &bytes);

    let o = Others {
        nested: vec![s("hi")],
        maybe: Some(vec![7]),
        small: vec![1, 2, 3],
        both: s("ab"),
        both_split: vec![5].into_boxed_slice(),
        cache: vec![1, 2, 3],
        text: 42,
        text2: 7,
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 2, 0, b'h', b'i', // count 1 (u16), "hi" with a u16 prefix too
        1, 1, 7,                // Some, u8 count 1, 7
        3, 1, 0, 2, 0, 3, 0,    // compact count 3, three u16
        2, b'a', b'b',          // u8 length 2
        1, 0, 5,                // u16 length 1
        // cache: not written
        2, b'4', b'2',          // "42" with the default compact prefix
        1, b'7',
    ];
    assert_eq!(packed_core::to_vec(&o).unwrap(), bytes);
    let back: Others = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(
        back,
        Others {
            cache: Vec::new(),
            ..o
        }
    );

    // max is checked on encode.
    let over = Others {
        small: vec![0; 4],
        ..Others::default()
    };
    assert!(matches!(
        packed_core::to_vec(&over).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthOverMax { .. })
    ));
}
