//! Length prefixes: how the element count of a string, sequence or map is written.
//!
//! [`LenPrefix`] is an open trait: besides the strategies here, a crate may define its
//! own and name it in `#[packed(len = path::To::Strategy)]`.

use crate::num::{Endian, YasCompact, ZigzagLeb128};
use crate::{DecodeError, EncodeError, Reader, Writer};

/// How a length is written in front of a sequence.
///
/// # Contract
/// - `write` writes `len` or returns [`EncodeError::LengthTooLarge`]; it never writes a
///   different number.
/// - `read` consumes exactly what `write` wrote for the same length and returns it, and
///   may accept other (non-canonical) forms; on malformed or truncated input it returns
///   an error and never panics.
/// - Neither looks at anything but the value and the byte order `E`: no run-time
///   configuration.
///
/// A prefix of two big-endian bytes whatever the layout's byte order, built on
/// [`U16`]:
///
/// ```
/// use packed_core::len::{LenPrefix, U16};
/// use packed_core::num::{Big, Endian};
/// use packed_core::{DecodeError, EncodeError, Packed, Reader, Writer};
///
/// pub enum BigU16 {}
///
/// impl LenPrefix for BigU16 {
///     const NAME: &'static str = "big-u16";
///     const MAX: u64 = u16::MAX as u64;
///
///     fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
///         U16::write::<Big, W>(len, w)
///     }
///
///     fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
///         U16::read::<Big, R>(r)
///     }
/// }
///
/// #[derive(Packed, Debug, PartialEq)]
/// struct Note {
///     #[packed(len = BigU16)]
///     text: String,
/// }
///
/// let bytes = packed_core::to_vec(&Note { text: "hi".into() })?;
/// assert_eq!(bytes, [0x00, 0x02, b'h', b'i']);
/// assert_eq!(packed_core::from_slice::<Note>(&bytes)?, Note { text: "hi".into() });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait LenPrefix: 'static {
    /// Attribute name, used in error messages.
    const NAME: &'static str;
    /// The largest length the prefix can represent.
    const MAX: u64;
    /// How many bytes the prefix takes for lengths up to a bound, for
    /// [`MaxSize`](crate::MaxSize). The default, [`PrefixSize::Unbounded`], gives types
    /// with this prefix no maximum encoded size.
    const SIZE: PrefixSize = PrefixSize::Unbounded;

    /// Writes `len`.
    ///
    /// # Errors
    /// [`EncodeError::LengthTooLarge`] if `len > MAX`; writer errors.
    fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError>;

    /// Reads a length.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`], [`DecodeError::LengthExceedsInput`] for lengths
    /// this platform cannot address.
    fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError>;

    /// The number of bytes [`write`](LenPrefix::write) writes for `len`, or 0 if that is
    /// not known without writing it (the default) or `len` does not fit. Gives the fixed
    /// size of what a constant length precedes (a fixed array under YAS's conventions),
    /// for the speed paths; 0 only costs speed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[must_use]
    fn size_of(len: usize) -> usize {
        let _ = len;
        0
    }
}

/// How many bytes a length prefix takes, as a function of the largest length it may
/// hold: what [`MaxSize`](crate::MaxSize) adds for a sequence with a `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrefixSize {
    /// Always this many bytes (`u8`..`u64`).
    Fixed(usize),
    /// Bitsery's compact size: 1 byte below 128, 2 below 2^14, else 4.
    Compact,
    /// LEB128: a byte per 7 bits.
    Leb128,
    /// YAS's compacted size: 1 byte below 128, else a width byte and the low bytes.
    YasCompacted,
    /// Not known: a custom prefix that does not say.
    Unbounded,
}

impl PrefixSize {
    /// The most bytes the prefix takes for a length of at most `max`, or `usize::MAX`
    /// if that is not known.
    ///
    /// ```
    /// use packed_core::len::PrefixSize;
    /// assert_eq!(PrefixSize::Compact.max_bytes(127), 1);
    /// assert_eq!(PrefixSize::Compact.max_bytes(128), 2);
    /// assert_eq!(PrefixSize::Leb128.max_bytes(300), 2);
    /// assert_eq!(PrefixSize::YasCompacted.max_bytes(300), 3);
    /// ```
    #[must_use]
    pub const fn max_bytes(self, max: usize) -> usize {
        match self {
            Self::Fixed(n) => n,
            Self::Compact if max < 0x80 => 1,
            Self::Compact if max < 0x4000 => 2,
            Self::Compact => 4,
            Self::Leb128 => crate::num::leb128_max_bytes(usize::BITS - max.leading_zeros()),
            Self::YasCompacted if max < 0x80 => 1,
            Self::YasCompacted => 1 + (usize::BITS - max.leading_zeros()).div_ceil(8) as usize,
            Self::Unbounded => usize::MAX,
        }
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn too_large<P: LenPrefix>(len: usize) -> EncodeError {
    crate::error::cold_path();
    EncodeError::LengthTooLarge {
        len: len as u64,
        max: P::MAX,
        prefix: P::NAME,
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn check<P: LenPrefix>(len: usize) -> Result<(), EncodeError> {
    if len as u64 > P::MAX {
        return Err(too_large::<P>(len));
    }
    Ok(())
}

#[cfg_attr(not(debug_assertions), inline)]
fn unaddressable(offset: usize, len: u64) -> DecodeError {
    crate::error::cold_path();
    DecodeError::LengthExceedsInput {
        offset,
        len,
        remaining: 0,
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn to_usize(offset: usize, len: u64) -> Result<usize, DecodeError> {
    usize::try_from(len).map_err(|_| unaddressable(offset, len))
}

/// Reads a length in a variable-width form of at most 64 bits with `read`, and checks
/// that this platform can address it.
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_variable<'de, R: Reader<'de> + ?Sized>(
    r: &mut R,
    read: impl FnOnce(&mut R) -> Result<u128, DecodeError>,
) -> Result<usize, DecodeError> {
    let offset = r.offset();
    let n = read(r)?;
    to_usize(offset, n as u64)
}

/// Bitsery's size prefix (`len = "compact"`): 1 byte below 128, 2 bytes below 2^14, 4 bytes below 2^30.
///
/// The first two bytes of each form are high-byte-first; the last two bytes of the
/// 4-byte form are a `u16` in the layout's byte order (Bitsery's `writeBytes<2>`), so
/// 0x01234567 is `C1 23 67 45` little-endian and `C1 23 45 67` big-endian. Lengths from
/// 2^30 are an error (Bitsery silently wraps them in release builds). The reader
/// accepts non-canonical forms (`80 05` is 5), as Bitsery does.
pub enum Compact {}

impl LenPrefix for Compact {
    const NAME: &'static str = "compact";
    const MAX: u64 = (1 << 30) - 1;
    const SIZE: PrefixSize = PrefixSize::Compact;

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
        if len < 0x80 {
            w.write_byte(len as u8)
        } else {
            write_compact_long::<E, W>(len, w)
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
        let hb = r.read_byte()?;
        if hb < 0x80 {
            Ok(usize::from(hb))
        } else {
            read_compact_long::<E, R>(hb, r)
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn size_of(len: usize) -> usize {
        match len {
            0..0x80 => 1,
            0x80..0x4000 => 2,
            _ if len as u64 <= Self::MAX => 4,
            _ => 0,
        }
    }
}

/// Writes a compact length of 128 or more: the 2- and 4-byte forms. The bytes are
/// worked out out of line, without the writer, and written inline: a call that took
/// the writer would take the address of a bit-packing session's writer, whose bits
/// then could not stay in registers through the fields around it.
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_compact_long<E: Endian, W: Writer + ?Sized>(
    len: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    // The 4-byte form's low 16 bits go in the layout's order, but little-endian between
    // the byte boundaries of a session, as `Endian::write` writes them.
    let (bytes, n) = compact_long(len, E::BIG && !w.bits_pending())?;
    w.write_bytes(&bytes[..n])
}

/// The compact form of `len` (at least 128): its bytes and how many there are (2 or 4),
/// the last two big-endian if `big`.
#[inline(never)]
fn compact_long(len: usize, big: bool) -> Result<([u8; 4], usize), EncodeError> {
    if len < 0x4000 {
        return Ok(([0x80 | (len >> 8) as u8, len as u8, 0, 0], 2));
    }
    check::<Compact>(len)?;
    let low = len as u16;
    let low = if big {
        low.to_be_bytes()
    } else {
        low.to_le_bytes()
    };
    Ok((
        [0xC0 | (len >> 24) as u8, (len >> 16) as u8, low[0], low[1]],
        4,
    ))
}

// Inline although rare: a reader passed to an out-of-line function could no longer
// keep its position in a register (see `SliceReader::short`).
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_compact_long<'de, E: Endian, R: Reader<'de> + ?Sized>(
    hb: u8,
    r: &mut R,
) -> Result<usize, DecodeError> {
    let lb = usize::from(r.read_byte()?);
    if hb & 0x40 == 0 {
        return Ok(usize::from(hb & 0x7F) << 8 | lb);
    }
    let lw = usize::from(E::read::<u16, R>(r)?);
    Ok(((usize::from(hb & 0x3F) << 8 | lb) << 16) | lw)
}

macro_rules! fixed_prefix {
    ($(#[$doc:meta])* $name:ident, $t:ty, $attr:expr) => {
        $(#[$doc])*
        pub enum $name {}

        impl LenPrefix for $name {
            const NAME: &'static str = $attr;
            const MAX: u64 = <$t>::MAX as u64;
            const SIZE: PrefixSize = PrefixSize::Fixed(core::mem::size_of::<$t>());

            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
                check::<Self>(len)?;
                E::write(len as $t, w)
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
                let offset = r.offset();
                let n = E::read::<$t, R>(r)?;
                to_usize(offset, u64::from(n))
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            fn size_of(len: usize) -> usize {
                if len as u64 <= Self::MAX { core::mem::size_of::<$t>() } else { 0 }
            }
        }
    };
}

fixed_prefix!(
    /// A one-byte length (at most 255).
    U8, u8, "u8"
);
fixed_prefix!(
    /// A two-byte length in the layout's byte order.
    U16, u16, "u16"
);
fixed_prefix!(
    /// A four-byte length in the layout's byte order.
    U32, u32, "u32"
);
fixed_prefix!(
    /// An eight-byte length in the layout's byte order: YAS's binary archives.
    U64, u64, "u64"
);

/// Unsigned LEB128 (`len = "varint"`): 7 bits a byte, low first, high bit set on all
/// but the last byte.
pub enum Leb128 {}

impl LenPrefix for Leb128 {
    const NAME: &'static str = "varint";
    const MAX: u64 = u64::MAX;
    const SIZE: PrefixSize = PrefixSize::Leb128;

    #[inline]
    fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
        if len < 0x80 {
            return w.write_byte(len as u8);
        }
        ZigzagLeb128::write_u128(len as u128, w)
    }

    #[inline]
    fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
        read_variable(r, |r| ZigzagLeb128::read_u128(r, 64, "u64"))
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn size_of(len: usize) -> usize {
        // 7 bits a byte.
        (usize::BITS - len.leading_zeros()).div_ceil(7).max(1) as usize
    }
}

/// YAS's compacted size (`len = "yas-compacted"`): `0x80 | n` below 128, else a width
/// byte and the low bytes of `n` little-endian (YAS ignores the byte order here, even
/// with `ebig`).
pub enum YasSize {}

impl LenPrefix for YasSize {
    const NAME: &'static str = "yas-compacted";
    const MAX: u64 = u64::MAX;
    const SIZE: PrefixSize = PrefixSize::YasCompacted;

    #[inline]
    fn write<E: Endian, W: Writer + ?Sized>(len: usize, w: &mut W) -> Result<(), EncodeError> {
        YasCompact::write_unsigned(len as u128, w)
    }

    #[inline]
    fn read<'de, E: Endian, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<usize, DecodeError> {
        read_variable(r, |r| YasCompact::read_unsigned(r, 8, "u64"))
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn size_of(len: usize) -> usize {
        // `0x80 | n` below 128, else a width byte and the bytes of `n`.
        if len < 0x80 {
            1
        } else {
            1 + (usize::BITS - len.leading_zeros()).div_ceil(8) as usize
        }
    }
}
