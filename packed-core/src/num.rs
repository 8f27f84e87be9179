//! Numbers on the wire: byte order ([`Endian`]), integer encodings ([`IntCodec`]) and the
//! primitive types they apply to ([`Num`], [`Int`]).
//!
//! Every choice here is a type, picked by the derive at expansion time; none is a
//! run-time flag. Branches that remain depend on the value (a compacted integer's
//! width), never on the configuration.

use crate::{DecodeError, EncodeError, Reader, Writer};

mod sealed {
    pub trait Sealed {}
}

/// A fixed-width number: an integer or a float. Sealed.
pub trait Num: Copy + Default + bytemuck::Pod + sealed::Sealed + 'static {
    /// The value as bytes, `[u8; size_of::<Self>()]`.
    type Bytes: Copy + Default + AsRef<[u8]> + AsMut<[u8]>;
    /// The type's name, for errors.
    const NAME: &'static str;
    /// Little-endian bytes.
    fn to_le(self) -> Self::Bytes;
    /// Big-endian bytes.
    fn to_be(self) -> Self::Bytes;
    /// From little-endian bytes.
    fn from_le(b: Self::Bytes) -> Self;
    /// From big-endian bytes.
    fn from_be(b: Self::Bytes) -> Self;
}

/// An integer type. Sealed.
pub trait Int: Num {
    /// Width in bytes.
    const BYTES: usize;
    /// Whether the type is signed.
    const SIGNED: bool;
    /// Sign and magnitude (YAS compacted form). Never overflows: `i64::MIN` has
    /// magnitude 2^63.
    fn sign_magnitude(self) -> (bool, u128);
    /// The inverse of [`sign_magnitude`](Int::sign_magnitude), `None` if out of range.
    fn from_sign_magnitude(negative: bool, magnitude: u128) -> Option<Self>;
    /// Zigzag for signed types, the value itself for unsigned ones (LEB128 form).
    fn zigzag(self) -> u128;
    /// The inverse of [`zigzag`](Int::zigzag), `None` if out of range.
    fn unzigzag(v: u128) -> Option<Self>;
}

macro_rules! num {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Num for $t {
            type Bytes = [u8; core::mem::size_of::<$t>()];
            const NAME: &'static str = stringify!($t);
            #[cfg_attr(not(debug_assertions), inline(always))] fn to_le(self) -> Self::Bytes { self.to_le_bytes() }
            #[cfg_attr(not(debug_assertions), inline(always))] fn to_be(self) -> Self::Bytes { self.to_be_bytes() }
            #[cfg_attr(not(debug_assertions), inline(always))] fn from_le(b: Self::Bytes) -> Self { <$t>::from_le_bytes(b) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn from_be(b: Self::Bytes) -> Self { <$t>::from_be_bytes(b) }
        }
    )*};
}
num!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            const SIGNED: bool = false;
            #[inline] fn sign_magnitude(self) -> (bool, u128) { (false, self as u128) }
            #[inline] fn from_sign_magnitude(negative: bool, m: u128) -> Option<Self> {
                if negative && m != 0 { return None; }
                <$t>::try_from(m).ok()
            }
            #[inline] fn zigzag(self) -> u128 { self as u128 }
            #[inline] fn unzigzag(v: u128) -> Option<Self> { <$t>::try_from(v).ok() }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, u128);

macro_rules! signed {
    ($($t:ty => $u:ty),*) => {$(
        impl Int for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            const SIGNED: bool = true;
            #[inline] fn sign_magnitude(self) -> (bool, u128) {
                (self < 0, self.unsigned_abs() as u128)
            }
            #[inline] fn from_sign_magnitude(negative: bool, m: u128) -> Option<Self> {
                let m = <$u>::try_from(m).ok()?;
                if negative {
                    // -m; m may be |MIN|, which only the wrapping negation reaches.
                    (m <= <$t>::MIN.unsigned_abs()).then(|| (m as $t).wrapping_neg())
                } else {
                    <$t>::try_from(m).ok()
                }
            }
            #[inline] fn zigzag(self) -> u128 {
                (((self as $u) << 1) ^ ((self >> (<$t>::BITS - 1)) as $u)) as u128
            }
            #[inline] fn unzigzag(v: u128) -> Option<Self> {
                let v = <$u>::try_from(v).ok()?;
                Some(((v >> 1) as $t) ^ -((v & 1) as $t))
            }
        }
    )*};
}
signed!(i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128);

/// Byte order of fixed-width numbers and fixed-width length prefixes.
pub trait Endian: sealed::Sealed + 'static {
    /// True for big-endian (YAS's header records it).
    const BIG: bool;
    /// Attribute name (`"little"`, `"big"`).
    const NAME: &'static str;
    /// The bytes of `v` in this order.
    fn bytes<N: Num>(v: N) -> N::Bytes;
    /// A number from bytes in this order.
    fn num<N: Num>(b: N::Bytes) -> N;

    /// Writes `v` in this order; between the byte boundaries of a bit-packing session,
    /// as its bits, little-endian, whatever the order (Bitsery's `writeBytes`).
    ///
    /// # Errors
    /// From the writer.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write<N: Num, W: Writer + ?Sized>(v: N, w: &mut W) -> Result<(), EncodeError> {
        if Self::BIG && w.bits_pending() {
            return w.write_bytes(v.to_le().as_ref());
        }
        w.write_bytes(Self::bytes(v).as_ref())
    }

    /// Reads a number in this order; between the byte boundaries of a bit-packing
    /// session, as little-endian bits.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read<'de, N: Num, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<N, DecodeError> {
        let unaligned = Self::BIG && r.bits_pending();
        let mut b = N::Bytes::default();
        r.read_into(b.as_mut())?;
        Ok(if unaligned {
            N::from_le(b)
        } else {
            Self::num(b)
        })
    }
}

/// Little-endian: least significant byte first (Bitsery's default, YAS on x86).
pub enum Little {}
/// Big-endian: most significant byte first.
pub enum Big {}
impl sealed::Sealed for Little {}
impl sealed::Sealed for Big {}

macro_rules! endian {
    ($t:ty, $big:expr, $name:expr, $to:ident, $from:ident) => {
        impl Endian for $t {
            const BIG: bool = $big;
            const NAME: &'static str = $name;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bytes<N: Num>(v: N) -> N::Bytes {
                v.$to()
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn num<N: Num>(b: N::Bytes) -> N {
                N::$from(b)
            }
        }
    };
}
endian!(Little, false, "little", to_le, from_le);
endian!(Big, true, "big", to_be, from_be);

/// How integers wider than one byte are written. One-byte integers are always one raw
/// byte, in every codec (as in YAS).
pub trait IntCodec: sealed::Sealed + 'static {
    /// Whether this is YAS's compacted form (recorded in YAS's header).
    const YAS_COMPACTED: bool;
    /// Whether integers are written at full width (YAS's enum size byte needs it).
    const FIXED: bool;
    /// Attribute name.
    const NAME: &'static str;
    /// How many bytes an integer takes at most: for [`MaxSize`](crate::MaxSize).
    #[doc(hidden)]
    const SIZE: IntSize;

    /// Writes `v`.
    ///
    /// # Errors
    /// From the writer.
    fn write<I: Int, E: Endian, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError>;

    /// Reads an integer.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`], [`DecodeError::IntegerOverflow`].
    fn read<'de, I: Int, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError>;
}

/// How many bytes an [`IntCodec`] writes at most for an integer, for
/// [`MaxSize`](crate::MaxSize).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntSize {
    /// Full width.
    Fixed,
    /// YAS's compacted form: a width byte, then up to the full width.
    YasCompacted,
    /// LEB128 (zigzag for signed types): a byte per 7 bits.
    Leb128,
}

impl IntSize {
    /// The most bytes an integer of `bytes` bytes takes. One-byte integers are one raw
    /// byte in every codec.
    #[must_use]
    pub const fn max_bytes(self, bytes: usize) -> usize {
        match self {
            _ if bytes == 1 => 1,
            Self::Fixed => bytes,
            Self::YasCompacted => 1 + bytes,
            Self::Leb128 => leb128_max_bytes(bytes as u32 * 8),
        }
    }
}

/// The most bytes LEB128 takes for a value of `bits` significant bits (at least one).
pub(crate) const fn leb128_max_bytes(bits: u32) -> usize {
    if bits == 0 {
        1
    } else {
        bits.div_ceil(7) as usize
    }
}

/// Integers at full width in the layout's byte order (`int = "fixed"`: Bitsery, YAS
/// binary).
pub enum Fixed {}
/// YAS's compacted integers (`int = "yas-compacted"`): a byte of width and sign, then
/// the low bytes of the magnitude, always little-endian (YAS never swaps them, even with
/// `ebig`).
pub enum YasCompact {}
/// LEB128 varints, zigzag for signed types (`int = "varint"`).
pub enum ZigzagLeb128 {}
impl sealed::Sealed for Fixed {}
impl sealed::Sealed for YasCompact {}
impl sealed::Sealed for ZigzagLeb128 {}

impl IntCodec for Fixed {
    const YAS_COMPACTED: bool = false;
    const FIXED: bool = true;
    const NAME: &'static str = "fixed";
    const SIZE: IntSize = IntSize::Fixed;

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write<I: Int, E: Endian, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError> {
        E::write(v, w)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read<'de, I: Int, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
        E::read(r)
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn overflow(offset: usize, type_name: &'static str) -> DecodeError {
    crate::error::cold_path();
    DecodeError::IntegerOverflow { offset, type_name }
}

/// Writes `v` in a variable-width codec's form, with `wide`, unless it is one byte:
/// every codec writes a one-byte integer as that raw byte (as YAS does).
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_wide<I: Int, W: Writer + ?Sized>(
    v: I,
    w: &mut W,
    wide: impl FnOnce(I, &mut W) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    if I::BYTES == 1 {
        return w.write_bytes(v.to_le().as_ref());
    }
    wide(v, w)
}

/// Reads an `I` in a variable-width codec's form, with `wide` (given the integer's
/// offset, for [`DecodeError::IntegerOverflow`]), unless it is one byte, which is its
/// raw byte.
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_wide<'de, I: Int, R: Reader<'de> + ?Sized>(
    r: &mut R,
    wide: impl FnOnce(&mut R, usize) -> Result<I, DecodeError>,
) -> Result<I, DecodeError> {
    if I::BYTES == 1 {
        let mut b = I::Bytes::default();
        r.read_into(b.as_mut())?;
        return Ok(I::from_le(b));
    }
    let offset = r.offset();
    wide(r, offset)
}

/// Writes the low `n` bytes of `m`, little-endian.
#[inline]
fn write_low_bytes<W: Writer + ?Sized>(m: u128, n: usize, w: &mut W) -> Result<(), EncodeError> {
    w.write_bytes(&m.to_le_bytes()[..n])
}

/// Bytes needed for `m` (at least 1).
#[inline]
fn byte_width(m: u128) -> usize {
    (16 - (m.leading_zeros() as usize) / 8).max(1)
}

impl YasCompact {
    /// Writes an unsigned magnitude in YAS's compacted unsigned form.
    #[inline]
    pub(crate) fn write_unsigned<W: Writer + ?Sized>(
        m: u128,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        if m < 0x80 {
            return w.write_byte(0x80 | m as u8);
        }
        let n = byte_width(m);
        w.write_byte(n as u8)?;
        write_low_bytes(m, n, w)
    }

    /// Reads YAS's compacted unsigned form, at most `max_bytes` wide.
    #[inline]
    pub(crate) fn read_unsigned<'de, R: Reader<'de> + ?Sized>(
        r: &mut R,
        max_bytes: usize,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        let offset = r.offset();
        let first = r.read_byte()?;
        if first & 0x80 != 0 {
            return Ok(u128::from(first & 0x7F));
        }
        let n = usize::from(first);
        if n > max_bytes {
            return Err(overflow(offset, type_name));
        }
        let mut b = [0u8; 16];
        r.read_into(&mut b[..n])?;
        Ok(u128::from_le_bytes(b))
    }
}

impl IntCodec for YasCompact {
    const YAS_COMPACTED: bool = true;
    const FIXED: bool = false;
    const NAME: &'static str = "yas-compacted";
    const SIZE: IntSize = IntSize::YasCompacted;

    #[inline]
    fn write<I: Int, E: Endian, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError> {
        write_wide(v, w, |v, w| {
            let (negative, m) = v.sign_magnitude();
            if !I::SIGNED {
                return Self::write_unsigned(m, w);
            }
            let sign = if negative { 0x80 } else { 0 };
            if m < 0x40 {
                return w.write_byte(sign | 0x40 | m as u8);
            }
            let n = byte_width(m);
            w.write_byte(sign | n as u8)?;
            write_low_bytes(m, n, w)
        })
    }

    #[inline]
    fn read<'de, I: Int, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
        read_wide(r, |r, offset| {
            if !I::SIGNED {
                let m = Self::read_unsigned(r, I::BYTES, I::NAME)?;
                return I::from_sign_magnitude(false, m).ok_or_else(|| overflow(offset, I::NAME));
            }
            let first = r.read_byte()?;
            let negative = first & 0x80 != 0;
            let m = if first & 0x40 != 0 {
                u128::from(first & 0x3F)
            } else {
                let n = usize::from(first & 0x3F);
                if n > I::BYTES {
                    return Err(overflow(offset, I::NAME));
                }
                let mut b = [0u8; 16];
                r.read_into(&mut b[..n])?;
                u128::from_le_bytes(b)
            };
            I::from_sign_magnitude(negative, m).ok_or_else(|| overflow(offset, I::NAME))
        })
    }
}

impl ZigzagLeb128 {
    /// Writes `v` as unsigned LEB128.
    #[inline]
    pub(crate) fn write_u128<W: Writer + ?Sized>(
        mut v: u128,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let mut buf = [0u8; 19];
        let mut i = 0;
        while v >= 0x80 {
            buf[i] = (v as u8) | 0x80;
            v >>= 7;
            i += 1;
        }
        buf[i] = v as u8;
        w.write_bytes(&buf[..=i])
    }

    /// Reads unsigned LEB128 of at most `bits` significant bits.
    #[inline]
    pub(crate) fn read_u128<'de, R: Reader<'de> + ?Sized>(
        r: &mut R,
        bits: u32,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        let offset = r.offset();
        let mut v: u128 = 0;
        let mut shift = 0u32;
        loop {
            let b = r.read_byte()?;
            let low = u128::from(b & 0x7F);
            if shift >= bits || (bits - shift < 7 && low >> (bits - shift) != 0) {
                return Err(overflow(offset, type_name));
            }
            v |= low << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
        }
    }
}

impl IntCodec for ZigzagLeb128 {
    const YAS_COMPACTED: bool = false;
    const FIXED: bool = false;
    const NAME: &'static str = "varint";
    const SIZE: IntSize = IntSize::Leb128;

    #[inline]
    fn write<I: Int, E: Endian, W: Writer + ?Sized>(v: I, w: &mut W) -> Result<(), EncodeError> {
        write_wide(v, w, |v, w| Self::write_u128(v.zigzag(), w))
    }

    #[inline]
    fn read<'de, I: Int, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<I, DecodeError> {
        read_wide(r, |r, offset| {
            let v = Self::read_u128(r, (I::BYTES * 8) as u32, I::NAME)?;
            I::unzigzag(v).ok_or_else(|| overflow(offset, I::NAME))
        })
    }
}
