//! Layouts: the framing a type's fields are written with, as types.
//!
//! A [`Layout`] bundles five strategies: the length prefix ([`LenPrefix`]), the integer
//! codec ([`IntCodec`]), the byte order ([`Endian`]), the message header ([`Header`])
//! and the C++ library whose serializers of standard types it follows
//! ([`Conventions`]: enums, fixed arrays, tuples, variants, chrono, bitsets, wide
//! strings). The derive turns a type's container
//! attributes into one [`Spec`] at expansion time; the presets below are what
//! `layout = "..."` names, and what [`with`](crate::with) and
//! [`Config::layout`](crate::Config::layout) take. This module is the one place that
//! says what `"bitsery"`, `"yas"`, ... mean: the derive emits these types.

use core::marker::PhantomData;

use crate::explain::{framed, Role};
use crate::len::{self, LenPrefix};
use crate::num::{self, Endian, Int, IntCodec};
use crate::{DecodeError, EncodeError, Reader, Writer};

/// A complete framing choice. Implemented by [`Spec`]; the presets are aliases of it.
pub trait Layout: 'static {
    /// Length prefixes.
    type Len: LenPrefix;
    /// Integers wider than a byte.
    type Int: IntCodec;
    /// Byte order of fixed-width numbers and prefixes.
    type Endian: Endian;
    /// The top-level message header.
    type Header: Header;
    /// The C++ library whose serializers of standard types the layout follows.
    type Conventions: Conventions;
}

/// The layout with the given strategies. Never constructed: it only names types.
pub struct Spec<Len, Int, Endian, Header, Conventions>(
    PhantomData<(Len, Int, Endian, Header, Conventions)>,
    core::convert::Infallible,
);

impl<L, I, E, H, N> Layout for Spec<L, I, E, H, N>
where
    L: LenPrefix,
    I: IntCodec,
    E: Endian,
    H: Header,
    N: Conventions,
{
    type Len = L;
    type Int = I;
    type Endian = E;
    type Header = H;
    type Conventions = N;
}

/// Bitsery's layout and the default: compact sizes, full-width little-endian integers,
/// no header, Bitsery's conventions.
pub type Bitsery = Spec<len::Compact, num::Fixed, num::Little, NoHeader, BitseryConventions>;
/// YAS `binary`: 8-byte sizes, the 7-byte header `yas0017`, YAS's conventions.
pub type Yas = Spec<len::U64, num::Fixed, num::Little, YasHeader, YasConventions>;
/// YAS `binary | no_header`.
pub type YasNoHeader = Spec<len::U64, num::Fixed, num::Little, NoHeader, YasConventions>;
/// YAS `binary | ebig`: as [`Yas`], big-endian, header `yas0097`.
pub type YasBig = Spec<len::U64, num::Fixed, num::Big, YasHeader, YasConventions>;
/// YAS `binary | compacted`: compacted sizes and integers, header `yas0117`.
pub type YasCompacted = Spec<len::YasSize, num::YasCompact, num::Little, YasHeader, YasConventions>;
/// YAS `binary | compacted | ebig`: header `yas0197`; floats big-endian, compacted
/// integers still little-endian (as YAS writes them).
pub type YasCompactedBig = Spec<len::YasSize, num::YasCompact, num::Big, YasHeader, YasConventions>;
/// Bitsery with a big-endian config.
pub type BitseryBig = Spec<len::Compact, num::Fixed, num::Big, NoHeader, BitseryConventions>;
/// LEB128 lengths and integers (zigzag for signed), the smallest of the layouts.
pub type Varint = Spec<len::Leb128, num::ZigzagLeb128, num::Little, NoHeader, BitseryConventions>;

/// A header written before a top-level message (never before a nested one).
pub trait Header: 'static {
    /// The header's length in bytes, for [`MaxSize`](crate::MaxSize). The default,
    /// `usize::MAX`, gives messages with this header no maximum encoded size.
    const SIZE: usize = usize::MAX;
    /// Writes the header for layout `L`.
    ///
    /// # Errors
    /// From the writer.
    fn write<L: Layout, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError>;
    /// Reads and checks the header for layout `L`.
    ///
    /// # Errors
    /// [`DecodeError::BadHeader`] if it is missing or describes another layout.
    fn read<'de, L: Layout, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError>;
}

/// No header.
pub enum NoHeader {}

impl Header for NoHeader {
    const SIZE: usize = 0;
    #[cfg_attr(not(debug_assertions), inline)]
    fn write<L: Layout, W: Writer + ?Sized>(_w: &mut W) -> Result<(), EncodeError> {
        Ok(())
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn read<'de, L: Layout, R: Reader<'de> + ?Sized>(_r: &mut R) -> Result<(), DecodeError> {
        Ok(())
    }
}

/// YAS's header: `yas` and four uppercase hex digits of a 16-bit word
/// `version 7 | binary << 4 | big-endian << 7 | compacted << 8`:
/// `yas0017`, `yas0097` (big-endian), `yas0117` (compacted), `yas0197`.
///
/// On decode the whole word must describe the layout (YAS itself skips the endian bit;
/// we check it, since a wrong byte order would misread every number).
pub enum YasHeader {}

impl YasHeader {
    /// The 7 header bytes for layout `L`.
    #[must_use]
    pub const fn bytes<L: Layout>() -> [u8; 7] {
        let word: u16 = 7
            | 1 << 4
            | (<L::Endian as Endian>::BIG as u16) << 7
            | (<L::Int as IntCodec>::YAS_COMPACTED as u16) << 8;
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        [
            b'y',
            b'a',
            b's',
            HEX[(word >> 12) as usize & 0xF],
            HEX[(word >> 8) as usize & 0xF],
            HEX[(word >> 4) as usize & 0xF],
            HEX[word as usize & 0xF],
        ]
    }
}

impl Header for YasHeader {
    const SIZE: usize = 7;
    #[inline]
    fn write<L: Layout, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
        framed(w, Role::Header, |w| w.write_bytes(&Self::bytes::<L>()))
    }

    fn read<'de, L: Layout, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError> {
        let offset = r.offset();
        let expected = Self::bytes::<L>();
        // What the input holds of the header, up to its 7 bytes: a slice says how much
        // there is; a stream is read a byte at a time until it ends.
        let mut found = [0u8; 7];
        let got = match r.remaining() {
            Some(n) => {
                let got = n.min(7);
                r.read_into(&mut found[..got])?;
                got
            }
            None => {
                let mut got = 0;
                while got < 7 {
                    match r.read_byte() {
                        Ok(b) => {
                            found[got] = b;
                            got += 1;
                        }
                        Err(DecodeError::UnexpectedEnd { .. }) => break,
                        Err(e) => return Err(e),
                    }
                }
                got
            }
        };
        // Bytes that differ are a bad header, however many there are; input that ends
        // inside a header it agrees with so far ends early, as a cut value does: the
        // same error from a slice, a stream and any split of either.
        let agrees = found[..got]
            .iter()
            .zip(&expected)
            .enumerate()
            .all(|(i, (f, e))| {
                if i < 3 {
                    f == e
                } else {
                    f.eq_ignore_ascii_case(e)
                }
            });
        if !agrees {
            return Err(DecodeError::BadHeader {
                offset,
                expected,
                found,
            });
        }
        if got < 7 {
            return Err(DecodeError::UnexpectedEnd {
                offset,
                needed: 7,
                remaining: got,
            });
        }
        Ok(())
    }
}

/// Which C++ library's serializers for standard types a layout follows: Bitsery's
/// ([`BitseryConventions`], the default and the `varint` layout's) or YAS's
/// ([`YasConventions`], the YAS layouts'). The two libraries frame the same standard
/// types differently; this is the one place that says how, and every type whose bytes
/// depend on it reads it from here:
///
/// | | Bitsery | YAS |
/// |---|---|---|
/// | fieldless `#[repr]` enum | its integer | a size byte, then its raw bytes, where YAS copies it as memory ([`YasConventions`]) |
/// | such enums in a slice, `Vec` or array | each one's integer | the raw bytes alone |
/// | fixed array `[T; N]` (`std::array`, C array) | the elements | the length `N`, then the elements |
/// | tuple (`std::tuple`) | the elements | a count byte, then the elements |
/// | data-carrying enum's variant index (`std::variant`), without `tag` | the size prefix's form (`80 80` for 128) | one raw byte |
/// | `Duration`, `SystemTime` (`std::chrono`) | the count at the field's `width` (default `i64`) | the count as `i64`, whatever the `width` |
/// | [`Bitset<N>`](crate::cpp::Bitset) (`std::bitset`) | ⌈N/8⌉ bytes | the length `N`, then a byte vector of ⌈N/8⌉ bytes |
/// | [`U16String`](crate::cpp::U16String), [`WString`](crate::cpp::WString) | the length in code units, then the units | UTF-8, as a `std::string` (CESU-8 for UTF-16 surrogates) |
///
/// Everything else (numbers, strings, sequences, maps, sets, `Option`) is framed alike
/// by both and follows the layout's other strategies.
pub trait Conventions: 'static {
    /// Attribute name (`"bitsery"`, `"yas"`).
    const NAME: &'static str;
    /// Whether a fixed array `[T; N]` is preceded by its length, as YAS writes
    /// `std::array` and C arrays (`concepts/const_sized_array.hpp`).
    const ARRAY_LENGTH: bool;
    /// Whether a tuple is preceded by a one-byte count of its elements, as YAS writes
    /// `std::tuple` (`types/std/tuple.hpp`).
    const TUPLE_COUNT: bool;
    /// Whether the index of a data-carrying enum's variant is one raw byte (YAS's
    /// `std::variant`); otherwise it takes the size prefix's form (Bitsery's
    /// `ext::StdVariant`). Only enums without `tag` take this form.
    const VARIANT_INDEX_BYTE: bool;
    /// Whether a `std::chrono` count is always written as an `i64` (YAS's
    /// `types/std/chrono.hpp`); otherwise at the field's `width` (Bitsery's
    /// `ext::StdDuration` takes the width from its caller).
    const CHRONO_I64: bool;
    /// Whether a `std::bitset<N>` is written as its bit count `N` and then a byte
    /// vector (YAS's `types/std/bitset.hpp`); otherwise as its ⌈N/8⌉ bytes alone
    /// (Bitsery's `ext::StdBitset`).
    const BITSET_COUNT: bool;
    /// Whether wide strings (`std::u16string`, `std::wstring`) are written as UTF-8
    /// `std::string`s (YAS's `types/std/u16string.hpp`, `wstring.hpp`); otherwise as
    /// their code units (Bitsery's `text2b`, `text4b`).
    const WIDE_STRING_UTF8: bool;
    /// How many bytes a single fieldless enum takes at most (the element form is never
    /// longer), for [`MaxSize`](crate::MaxSize). The default gives enums under these
    /// conventions no maximum encoded size.
    #[doc(hidden)]
    const SIZE: ReprSize = ReprSize::Unbounded;

    /// Writes the discriminant `v` of a single fieldless `#[repr(int)]` enum (a field,
    /// an `Option`'s value, an element of a `VecDeque`, set or map) under layout `L`.
    ///
    /// # Errors
    /// From the writer.
    fn write_enum<L: Layout, I: Int, W: Writer + ?Sized>(
        v: I,
        w: &mut W,
    ) -> Result<(), EncodeError>;
    /// Reads the discriminant of a single fieldless enum under layout `L`.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`], [`DecodeError::InvalidEnumSize`], integer errors.
    fn read_enum<'de, L: Layout, I: Int, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<I, DecodeError>;

    /// Writes the discriminant `v` of one fieldless enum in a contiguous sequence (a
    /// slice, `Vec`, `Box<[T]>` or array) under layout `L`. The default: as a single
    /// value.
    ///
    /// # Errors
    /// From the writer.
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_enum_element<L: Layout, I: Int, W: Writer + ?Sized>(
        v: I,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        Self::write_enum::<L, I, W>(v, w)
    }
    /// Reads the discriminant of one fieldless enum in a contiguous sequence under
    /// layout `L`. The default: as a single value.
    ///
    /// # Errors
    /// As [`read_enum`](Conventions::read_enum).
    #[cfg_attr(not(debug_assertions), inline)]
    fn read_enum_element<'de, L: Layout, I: Int, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<I, DecodeError> {
        Self::read_enum::<L, I, R>(r)
    }
}

/// How many bytes a fieldless enum takes at most under a [`Conventions`], for
/// [`MaxSize`](crate::MaxSize).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReprSize {
    /// The integer in the layout's codec ([`BitseryConventions`]).
    Int,
    /// YAS's: a size byte and the raw bytes where YAS copies raw memory, else the
    /// integer ([`YasConventions`]).
    Yas,
    /// Not known.
    Unbounded,
}

/// The most bytes a fieldless enum whose integer is `I` takes under layout `L`.
#[must_use]
pub(crate) const fn repr_max_bytes<L: Layout, I: Int>() -> usize {
    let int = <L::Int as IntCodec>::SIZE.max_bytes(I::BYTES);
    match <L::Conventions as Conventions>::SIZE {
        ReprSize::Int => int,
        ReprSize::Yas if YasConventions::raw::<L, I>() => 1 + I::BYTES,
        ReprSize::Yas => int,
        ReprSize::Unbounded => usize::MAX,
    }
}

/// Bitsery's conventions (`conventions = "bitsery"`): standard types add no framing of
/// their own beyond Bitsery's size prefix. A fieldless enum is its integer, written
/// like any integer of its type (Bitsery's `value4b(e)`), alone and in sequences alike
/// (`container4b`: the length, then each value); a fixed array and a tuple are their
/// elements (`container(std::array)`, `ext::StdTuple`); a variant's index is a size
/// prefix (`ext::StdVariant`, so index 128 is `80 80`).
pub enum BitseryConventions {}

impl Conventions for BitseryConventions {
    const NAME: &'static str = "bitsery";
    const ARRAY_LENGTH: bool = false;
    const TUPLE_COUNT: bool = false;
    const VARIANT_INDEX_BYTE: bool = false;
    const CHRONO_I64: bool = false;
    const BITSET_COUNT: bool = false;
    const WIDE_STRING_UTF8: bool = false;
    const SIZE: ReprSize = ReprSize::Int;

    #[cfg_attr(not(debug_assertions), inline)]
    fn write_enum<L: Layout, I: Int, W: Writer + ?Sized>(
        v: I,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        L::Int::write::<I, L::Endian, W>(v, w)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn read_enum<'de, L: Layout, I: Int, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<I, DecodeError> {
        L::Int::read::<I, L::Endian, R>(r)
    }
}

/// YAS's conventions (`conventions = "yas"`): YAS 7.1.0's serializers in
/// `include/yas/types/std/` and `types/concepts/`.
///
/// Enums: YAS copies an enum as raw memory where its `can_be_processed_as_byte_array`
/// holds (`detail/type_traits/type_traits.hpp`): for a one-byte enum always, for a
/// wider one when integers are written at full width in the host's byte order (neither
/// `compacted` nor `ebig`; the x86 hosts YAS archives come from are little-endian).
/// Signedness plays no part. Then:
///
/// | | raw (one byte; wider under `binary`, `no_header`) | otherwise (wider under `compacted`, `ebig`) |
/// |---|---|---|
/// | single value | a size byte, `sizeof(T)`, then the raw bytes | the integer (`ebig`: big-endian; `compacted`: compacted) |
/// | element of a contiguous sequence | the raw bytes, no size byte: the whole `std::vector`, `std::array` or C array is one copy | the integer, as a single value |
///
/// A `std::deque` (a `VecDeque` here), set or map writes its elements one at a time
/// (`concepts/list.hpp`, ...), as single values, so with the size byte.
///
/// A fixed array is its length (the layout's length prefix), then its elements
/// (`const_sized_array.hpp`, `autoarray.hpp`); a tuple a count byte, then its elements
/// (`tuple.hpp`); a variant's index one raw byte (`variant.hpp`); a chrono count an
/// `i64` (`chrono.hpp`); a bitset its bit count and a byte vector (`bitset.hpp`); a
/// wide string UTF-8 (`u16string.hpp`, `wstring.hpp`).
pub enum YasConventions {}

impl YasConventions {
    /// Whether YAS copies an `I`-sized enum as raw memory under `L`.
    const fn raw<L: Layout, I: Int>() -> bool {
        I::BYTES == 1 || (<L::Int as IntCodec>::FIXED && !<L::Endian as Endian>::BIG)
    }
}

impl Conventions for YasConventions {
    const NAME: &'static str = "yas";
    const ARRAY_LENGTH: bool = true;
    const TUPLE_COUNT: bool = true;
    const VARIANT_INDEX_BYTE: bool = true;
    const CHRONO_I64: bool = true;
    const BITSET_COUNT: bool = true;
    const WIDE_STRING_UTF8: bool = true;
    const SIZE: ReprSize = ReprSize::Yas;

    #[inline]
    fn write_enum<L: Layout, I: Int, W: Writer + ?Sized>(
        v: I,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        if Self::raw::<L, I>() {
            framed(w, Role::Tag, |w| w.write_byte(I::BYTES as u8))?;
        }
        Self::write_enum_element::<L, I, W>(v, w)
    }

    #[inline]
    fn read_enum<'de, L: Layout, I: Int, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<I, DecodeError> {
        if Self::raw::<L, I>() {
            let offset = r.offset();
            let found = r.read_byte()?;
            if usize::from(found) != I::BYTES {
                return Err(DecodeError::InvalidEnumSize {
                    offset,
                    expected: I::BYTES as u8,
                    found,
                });
            }
        }
        Self::read_enum_element::<L, I, R>(r)
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn write_enum_element<L: Layout, I: Int, W: Writer + ?Sized>(
        v: I,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        if Self::raw::<L, I>() {
            w.write_bytes(v.to_le().as_ref())
        } else {
            L::Int::write::<I, L::Endian, W>(v, w)
        }
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn read_enum_element<'de, L: Layout, I: Int, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<I, DecodeError> {
        if Self::raw::<L, I>() {
            let mut b = I::Bytes::default();
            r.read_into(b.as_mut())?;
            Ok(I::from_le(b))
        } else {
            L::Int::read::<I, L::Endian, R>(r)
        }
    }
}

/// A derived type's own layout: either a concrete [`Spec`] (the type has container
/// attributes) or [`Inherit`] (it has none and takes its parent's).
pub trait OwnLayout: 'static {
    /// The layout the type's fields use when its parent's layout is `P`.
    type Resolve<P: Layout>: Layout;
}

/// A type without container attributes: its fields use the enclosing type's layout
/// (at the top level, [`Bitsery`]).
pub enum Inherit {}

impl OwnLayout for Inherit {
    type Resolve<P: Layout> = P;
}

impl<L, I, E, H, N> OwnLayout for Spec<L, I, E, H, N>
where
    Self: Layout,
{
    type Resolve<P: Layout> = Self;
}
