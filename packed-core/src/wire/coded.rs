//! The bit codings of fields inside a bit-packing session: Bitsery's `ext::ValueRange`
//! (`ext/value_range.h`) and `ext::Entropy` (`ext/entropy.h`).
//!
//! | attribute | coding | on the wire |
//! |---|---|---|
//! | `range = "MIN..=MAX"` (integer), `bits = N` (`0..=2^N-1`) | [`IntRange`] | `v - MIN` in `bitlen(MAX - MIN)` bits |
//! | `range = "MIN..=MAX"` and `precision = P` or `bits = N` (float) | [`FloatRange`] | `(v - MIN) / (MAX - MIN) * (2^bits - 1)`, truncated, in `bits` bits: `bitlen((MAX - MIN) / P)` of them with `precision`; all in the float's own type |
//! | `entropy = [v1, ...]` | [`Entropy`] | `1 + i` for the value `v(i+1)`, 0 for another, in `bitlen(N)` bits; then padding to a byte (unless `align_before_data = false`); then, for 0, the value |
//!
//! On an array or sequence field the coding applies to each element, after the
//! length prefix of the layout as usual ([`EncodeBits`] for `Vec`, `VecDeque`,
//! `Box<[T]>`, `[T]` and `[T; N]`). A value outside its range is
//! [`EncodeError::ValueOutOfRange`], never wrapped or clamped; bits that decode outside
//! it are [`DecodeError::ValueOutOfRange`] (Bitsery's `InvalidData`), as are decoded
//! floats that rounding put outside it, which Bitsery refuses too.
//!
//! The derive works out `bits` from the attribute at compile time (with the float's
//! own arithmetic for `precision`), so a coding is a constant by the time it is used.

use alloc::{borrow::Cow, boxed::Box, collections::VecDeque, string::String, vec::Vec};

use super::bits::low_bits;
use super::seq::{claim, element, read_len, settle, write_len, Reserve};
use crate::explain::{framed, Role};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes a field's value with bit coding `S`: an integer or float itself, or each
/// element of a sequence or array of them (after the sequence's length prefix).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take this field's `range`, `precision`, `bits` or `entropy`",
    label = "a bit-coded field of type `{Self}`",
    note = "ranges apply to integers of up to 64 bits, float ranges to `f32` and `f64`, \
            `entropy` to integers and strings (`String`, `&str`, `Cow<str>`, `Box<str>`); \
            on a `Vec`, `VecDeque`, `Box<[T]>` or array, to its elements"
)]
pub trait EncodeBits<S: BitCoding> {
    /// Writes `self` with `coding`, under context `C`.
    ///
    /// # Errors
    /// [`EncodeError::ValueOutOfRange`]; as [`Encode::encode`].
    fn encode_bits<C: Ctx, W: Writer + ?Sized>(
        &self,
        coding: &S,
        w: &mut W,
    ) -> Result<(), EncodeError>;
}

/// Reads a field's value with bit coding `S`: [`EncodeBits`] for decoding.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take this field's `range`, `precision`, `bits` or `entropy`",
    label = "a bit-coded field of type `{Self}`",
    note = "ranges apply to integers of up to 64 bits, float ranges to `f32` and `f64`, \
            `entropy` to integers and strings (`String`, `&str`, `Cow<str>`, `Box<str>`); \
            on a `Vec`, `VecDeque`, `Box<[T]>` or array, to its elements"
)]
pub trait DecodeBits<'de, S: BitCoding>: Sized {
    /// Reads a value with `coding`, under context `C`.
    ///
    /// # Errors
    /// [`DecodeError::ValueOutOfRange`], [`DecodeError::UnknownEntropyIndex`]; as
    /// [`Decode::decode`].
    fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(
        coding: &S,
        r: &mut R,
    ) -> Result<Self, DecodeError>;
}

/// A bit coding: [`IntRange`], [`FloatRange`] or [`Entropy`].
pub trait BitCoding {
    /// The fewest bits one value takes.
    fn min_bits(&self) -> u32;
}

// ---------------------------------------------------------------------------------------
// Integer ranges
// ---------------------------------------------------------------------------------------

/// `range = "MIN..=MAX"` or `bits = N` on an integer field: `v - min` in `bits` bits,
/// `bits` being the bit length of `max - min` (Bitsery's `getSize`; 0 for 0).
#[derive(Debug, Clone, Copy)]
pub struct IntRange {
    /// The least value.
    pub min: i128,
    /// The greatest value.
    pub max: i128,
    /// Bits per value.
    pub bits: u32,
    /// The field, as `Type.field`, for errors.
    pub field: &'static str,
    /// The range as written, for errors.
    pub range: &'static str,
}

impl IntRange {
    /// The code of `v`: `v - min`.
    ///
    /// # Errors
    /// [`EncodeError::ValueOutOfRange`] if `v` is outside the range.
    #[inline(always)]
    pub fn code<I: RangedInt>(&self, v: I) -> Result<u64, EncodeError> {
        let v = v.to_i128();
        if v < self.min || v > self.max {
            return Err(out_of_range(self.field, self.range));
        }
        Ok((v - self.min) as u64)
    }

    /// The value of the code in the low [`bits`](Self::bits) bits of `raw` (the bits
    /// above are ignored), read from `r`, where it starts `back` bits before `r`'s
    /// position.
    ///
    /// # Errors
    /// [`DecodeError::ValueOutOfRange`] if the value is outside the range (or, through
    /// a type alias the derive cannot check, outside `I`).
    #[inline(always)]
    pub fn value<'de, I: RangedInt, R: Reader<'de> + ?Sized>(
        &self,
        raw: u64,
        r: &R,
        back: u32,
    ) -> Result<I, DecodeError> {
        let v = self.min + i128::from(raw & low_bits(self.bits));
        if v > self.max || !(I::MIN..=I::MAX).contains(&v) {
            return Err(decoded_out_of_range(r, back, self.field, self.range));
        }
        Ok(I::from_i128(v))
    }
}

impl BitCoding for IntRange {
    #[inline(always)]
    fn min_bits(&self) -> u32 {
        self.bits
    }
}

/// An integer type a range applies to: `u8`..`u64`, `i8`..`i64`, `usize`, `isize`.
pub trait RangedInt: Copy {
    /// The type's least value.
    const MIN: i128;
    /// The type's greatest value.
    const MAX: i128;
    /// The value.
    fn to_i128(self) -> i128;
    /// The value `v`, which is in the type's range.
    fn from_i128(v: i128) -> Self;
}

macro_rules! ranged_int {
    ($($t:ty),*) => {$(
        impl RangedInt for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            #[inline(always)]
            fn to_i128(self) -> i128 {
                self as i128
            }
            #[inline(always)]
            fn from_i128(v: i128) -> Self {
                v as $t
            }
        }

        impl EncodeBits<IntRange> for $t {
            #[inline(always)]
            fn encode_bits<C: Ctx, W: Writer + ?Sized>(&self, coding: &IntRange, w: &mut W) -> Result<(), EncodeError> {
                w.write_bits(coding.code(*self)?, coding.bits)
            }
        }

        impl<'de> DecodeBits<'de, IntRange> for $t {
            #[inline(always)]
            fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(coding: &IntRange, r: &mut R) -> Result<Self, DecodeError> {
                let raw = r.read_bits(coding.bits)?;
                coding.value(raw, r, coding.bits)
            }
        }

        impl EntropyValue<$t> for $t {
            #[inline(always)]
            fn is(&self, listed: &$t) -> bool {
                self == listed
            }
            #[inline(always)]
            fn from_listed(listed: &$t) -> Self {
                *listed
            }
        }
    )*};
}
ranged_int!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

#[cfg_attr(not(debug_assertions), inline(always))]
fn out_of_range(field: &'static str, range: &'static str) -> EncodeError {
    crate::error::cold_path();
    EncodeError::ValueOutOfRange { field, range }
}

/// [`DecodeError::ValueOutOfRange`] for a value whose bits start `back` bits before
/// `r`'s position. The offset is worked out here, inline, so that the call out of line
/// does not take the reader's address (which would keep its state out of registers).
#[inline(always)]
fn decoded_out_of_range<'de, R: Reader<'de> + ?Sized>(
    r: &R,
    back: u32,
    field: &'static str,
    range: &'static str,
) -> DecodeError {
    value_out_of_range(r.bit_offset() - back as usize, field, range)
}

#[cold]
#[inline(never)]
fn value_out_of_range(bit_offset: usize, field: &'static str, range: &'static str) -> DecodeError {
    DecodeError::ValueOutOfRange {
        bit_offset,
        field,
        range,
    }
}

// ---------------------------------------------------------------------------------------
// Float ranges
// ---------------------------------------------------------------------------------------

/// `range = "MIN..=MAX"` with `precision = P` or `bits = N` on an `f32` or `f64` field:
/// the value quantised to `bits` bits, as Bitsery's `ValueRange<float>` does, every
/// step in `F`. Lossy: a value comes back as the nearest code below it.
#[derive(Debug, Clone, Copy)]
pub struct FloatRange<F> {
    /// The least value.
    pub min: F,
    /// The greatest value.
    pub max: F,
    /// Bits per value: at most `F`'s mantissa (24, 53), so that `2^bits - 1` is exact.
    pub bits: u32,
    /// The field, as `Type.field`, for errors.
    pub field: &'static str,
    /// The range as written, for errors.
    pub range: &'static str,
}

impl<F> BitCoding for FloatRange<F> {
    #[inline(always)]
    fn min_bits(&self) -> u32 {
        self.bits
    }
}

macro_rules! ranged_float {
    ($($t:ty => $code:ty, $div:path),*) => {$(
        impl FloatRange<$t> {
            /// The greatest code, `2^bits - 1`, as a float: exact.
            #[inline(always)]
            fn top(&self) -> $t {
                ((1u64 << self.bits) - 1) as $t
            }

            /// The code of `v`: Bitsery's `getRangeValue`,
            /// `(v - min) / (max - min) * (2^bits - 1)`, truncated toward zero, in the
            /// float's own type.
            ///
            /// # Errors
            /// [`EncodeError::ValueOutOfRange`] if `v` is outside the range or NaN.
            #[inline(always)]
            pub fn code(&self, v: $t) -> Result<u64, EncodeError> {
                // Written so that NaN is out of range too.
                if !(v >= self.min && v <= self.max) {
                    return Err(out_of_range(self.field, self.range));
                }
                let ratio = $div(v - self.min, self.max - self.min);
                // In range, `ratio * top` is at most `top`, at most 2^53 - 1: the cast
                // truncates toward zero, never saturates. (To a signed integer: one
                // instruction, where an unsigned one of 64 bits takes a branch.)
                Ok((ratio * self.top()) as i64 as u64)
            }

            /// The value of the code in the low [`bits`](Self::bits) bits of `raw`:
            /// Bitsery's `setRangeValue`, `min + (code / (2^bits - 1)) * (max - min)`,
            /// and its check that the result is in range. Read from `r`, where the code
            /// starts `back` bits before `r`'s position.
            ///
            /// # Errors
            /// [`DecodeError::ValueOutOfRange`] if rounding put the value outside the
            /// range.
            #[inline(always)]
            pub fn value<'de, R: Reader<'de> + ?Sized>(
                &self,
                raw: u64,
                r: &R,
                back: u32,
            ) -> Result<$t, DecodeError> {
                // The code as the float's same-size unsigned integer, as Bitsery has it
                // (bits are at most the mantissa's, so it fits).
                let code = (raw & low_bits(self.bits)) as $code;
                let v = self.min + $div(code as $t, self.top()) * (self.max - self.min);
                if !(v >= self.min && v <= self.max) {
                    return Err(decoded_out_of_range(r, back, self.field, self.range));
                }
                Ok(v)
            }
        }

        impl EncodeBits<FloatRange<$t>> for $t {
            #[inline(always)]
            fn encode_bits<C: Ctx, W: Writer + ?Sized>(&self, coding: &FloatRange<$t>, w: &mut W) -> Result<(), EncodeError> {
                w.write_bits(coding.code(*self)?, coding.bits)
            }
        }

        impl<'de> DecodeBits<'de, FloatRange<$t>> for $t {
            #[inline(always)]
            fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(coding: &FloatRange<$t>, r: &mut R) -> Result<Self, DecodeError> {
                let raw = r.read_bits(coding.bits)?;
                coding.value(raw, r, coding.bits)
            }
        }
    )*};
}
ranged_float!(f32 => u32, crate::fast::quantise::div_f32, f64 => u64, div_f64);

/// `a / d`: `f64` ranges' division (`f32` ranges' is [`div_f32`](crate::fast::quantise::div_f32)).
#[inline(always)]
fn div_f64(a: f64, d: f64) -> f64 {
    a / d
}

// ---------------------------------------------------------------------------------------
// Entropy coding
// ---------------------------------------------------------------------------------------

/// `entropy = [v1, v2, ...]`: Bitsery's `ext::Entropy`. The index of the value in the
/// list plus one, or 0 for a value not in it, in `bits` = the bit length of `N` bits;
/// then padding to the next byte if `align_before_data` (Bitsery's default); then, for
/// 0 only, the value as it is written without the coding.
#[derive(Debug, Clone, Copy)]
pub struct Entropy<V: 'static> {
    /// The likely values.
    pub values: &'static [V],
    /// Bits of the index: the bit length of the number of values.
    pub bits: u32,
    /// Whether the index is followed by padding to the next byte.
    pub align_before_data: bool,
}

impl<V> BitCoding for Entropy<V> {
    #[inline(always)]
    fn min_bits(&self) -> u32 {
        self.bits
    }
}

/// A field type whose values an entropy list of `V`s can name: the integers (a list of
/// the same type) and the strings (a list of `&'static str`).
pub trait EntropyValue<V> {
    /// Whether `self` is `listed`.
    fn is(&self, listed: &V) -> bool;
    /// The value `listed` names.
    fn from_listed(listed: &V) -> Self;
}

macro_rules! entropy_str {
    ($($t:ty => |$s:ident| $make:expr),* $(,)?) => {$(
        impl<'a> EntropyValue<&'static str> for $t {
            #[inline]
            fn is(&self, listed: &&'static str) -> bool {
                **self == **listed
            }
            #[inline]
            fn from_listed(listed: &&'static str) -> Self {
                let $s: &'static str = listed;
                $make
            }
        }
    )*};
}
entropy_str! {
    String => |s| String::from(s),
    Box<str> => |s| Box::from(s),
    &'a str => |s| s,
    Cow<'a, str> => |s| Cow::Borrowed(s),
}

/// Writes `value` with entropy coding `coding`.
#[inline]
fn encode_entropy<C: Ctx, V, T: Encode + EntropyValue<V> + ?Sized, W: Writer + ?Sized>(
    value: &T,
    coding: &Entropy<V>,
    w: &mut W,
) -> Result<(), EncodeError> {
    let index = coding
        .values
        .iter()
        .position(|listed| value.is(listed))
        .map_or(0, |i| i + 1);
    framed(w, Role::Tag, |w| w.write_bits(index as u64, coding.bits))?;
    if coding.align_before_data {
        w.align_bits()?;
    }
    if index == 0 {
        value.encode::<C, W>(w)?;
    }
    Ok(())
}

/// Reads a value with entropy coding `coding`.
#[inline]
fn decode_entropy<'de, C: Ctx, V, T: Decode<'de> + EntropyValue<V>, R: Reader<'de> + ?Sized>(
    coding: &Entropy<V>,
    r: &mut R,
) -> Result<T, DecodeError> {
    let at = r.bit_offset();
    let index = r.read_bits(coding.bits)?;
    let listed = match usize::try_from(index) {
        Ok(0) => None,
        Ok(i) => match coding.values.get(i - 1) {
            Some(listed) => Some(listed),
            None => return Err(unknown_index(at, index, coding.values.len())),
        },
        Err(_) => return Err(unknown_index(at, index, coding.values.len())),
    };
    if coding.align_before_data {
        r.align_bits()?;
    }
    match listed {
        Some(listed) => Ok(T::from_listed(listed)),
        None => T::decode::<C, R>(r),
    }
}

/// `EncodeBits` and `DecodeBits` with an entropy list of `V`s for each type.
macro_rules! entropy_coded {
    ($($t:ty : $v:ty $(, $a:lifetime)?;)*) => {$(
        impl<$($a)?> EncodeBits<Entropy<$v>> for $t {
            #[inline]
            fn encode_bits<C: Ctx, W: Writer + ?Sized>(&self, coding: &Entropy<$v>, w: &mut W) -> Result<(), EncodeError> {
                encode_entropy::<C, $v, Self, W>(self, coding, w)
            }
        }

        impl<'de $(: $a)?, $($a)?> DecodeBits<'de, Entropy<$v>> for $t {
            #[inline]
            fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(coding: &Entropy<$v>, r: &mut R) -> Result<Self, DecodeError> {
                decode_entropy::<C, $v, Self, R>(coding, r)
            }
        }
    )*};
}
entropy_coded! {
    u8: u8; u16: u16; u32: u32; u64: u64; usize: usize;
    i8: i8; i16: i16; i32: i32; i64: i64; isize: isize;
    String: &'static str;
    Box<str>: &'static str;
    &'a str: &'static str, 'a;
    Cow<'a, str>: &'static str, 'a;
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn unknown_index(bit_offset: usize, index: u64, values: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::UnknownEntropyIndex {
        bit_offset,
        index,
        values,
    }
}

// ---------------------------------------------------------------------------------------
// Sequences and arrays: the coding applies to each element
// ---------------------------------------------------------------------------------------

/// Writes `items` with `coding` each, numbered for `explain`.
#[inline]
fn encode_each<'a, C: Ctx, S: BitCoding, T: EncodeBits<S> + 'a, W: Writer + ?Sized>(
    items: impl IntoIterator<Item = &'a T>,
    coding: &S,
    w: &mut W,
) -> Result<(), EncodeError> {
    crate::explain::elements(w, 0, items, |w, item| {
        item.encode_bits::<C::Elem, W>(coding, w)
    })
}

/// Reads a length prefix under `C` and that many elements with `coding`, into a
/// vector reserved as the input allows (each element takes at least
/// [`min_bits`](BitCoding::min_bits) bits; elements that take none count against the
/// document's zero-width budget).
#[inline]
fn decode_each<'de, C: Ctx, S: BitCoding, T: DecodeBits<'de, S>, R: Reader<'de> + ?Sized>(
    coding: &S,
    r: &mut R,
) -> Result<Vec<T>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    if coding.min_bits() == 0 {
        // Zero-width elements: the budget bounds them, not the input.
        r.check_zero_width(offset, len)?;
        let mut out = Vec::new();
        for _ in 0..len {
            out.push(T::decode_bits::<C::Elem, R>(coding, r)?);
            r.count_zero_width(offset)?;
        }
        return Ok(out);
    }
    // Every element takes a bit at least, which is what a session's `remaining`
    // counts; `claim` checks the length against it before allocating.
    let mut c = claim::<BitsPerElement<T>, R>(offset, len, Reserve::vec::<T>(), r)?;
    let mut out = Vec::with_capacity(c.cap);
    for _ in 0..len {
        let v = element::<BitsPerElement<T>, R, T, _>(&mut c, offset, r, |r| {
            T::decode_bits::<C::Elem, R>(coding, r)
        })?;
        out.push(v);
    }
    settle(c, r);
    Ok(out)
}

/// An element of at least one bit, which holds no sequence: the claim
/// [`decode_each`] makes for elements of a coding with bits (the `Vec` it reserves holds
/// `T`s).
struct BitsPerElement<T>(core::marker::PhantomData<T>);

impl<'de, T> Decode<'de> for BitsPerElement<T> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(_r: &mut R) -> Result<Self, DecodeError> {
        Ok(Self(core::marker::PhantomData))
    }
}

impl<S: BitCoding, T: EncodeBits<S>> EncodeBits<S> for [T] {
    #[inline]
    fn encode_bits<C: Ctx, W: Writer + ?Sized>(
        &self,
        coding: &S,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        encode_each::<C, S, T, W>(self, coding, w)
    }
}

macro_rules! coded_seq {
    ($($seq:ident => |$v:ident| $from_vec:expr),* $(,)?) => {$(
        impl<S: BitCoding, T: EncodeBits<S>> EncodeBits<S> for $seq<T> {
            #[inline]
            fn encode_bits<C: Ctx, W: Writer + ?Sized>(&self, coding: &S, w: &mut W) -> Result<(), EncodeError> {
                write_len::<C, W>(self.len(), w)?;
                encode_each::<C, S, T, W>(self.iter(), coding, w)
            }
        }

        impl<'de, S: BitCoding, T: DecodeBits<'de, S>> DecodeBits<'de, S> for $seq<T> {
            #[inline]
            fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(coding: &S, r: &mut R) -> Result<Self, DecodeError> {
                let $v = decode_each::<C, S, T, R>(coding, r)?;
                Ok($from_vec)
            }
        }
    )*};
}
coded_seq! {
    Vec => |v| v,
    VecDeque => |v| VecDeque::from(v),
}

impl<S: BitCoding, T: EncodeBits<S>> EncodeBits<S> for Box<[T]> {
    #[inline]
    fn encode_bits<C: Ctx, W: Writer + ?Sized>(
        &self,
        coding: &S,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        (**self).encode_bits::<C, W>(coding, w)
    }
}

impl<'de, S: BitCoding, T: DecodeBits<'de, S>> DecodeBits<'de, S> for Box<[T]> {
    #[inline]
    fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(
        coding: &S,
        r: &mut R,
    ) -> Result<Self, DecodeError> {
        decode_each::<C, S, T, R>(coding, r).map(Vec::into_boxed_slice)
    }
}

/// No length prefix: the length is the type's.
impl<S: BitCoding, T: EncodeBits<S>, const N: usize> EncodeBits<S> for [T; N] {
    #[inline]
    fn encode_bits<C: Ctx, W: Writer + ?Sized>(
        &self,
        coding: &S,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        encode_each::<C, S, T, W>(self, coding, w)
    }
}

/// Filled in place from defaults: nothing is allocated but what the elements own.
impl<'de, S: BitCoding, T: DecodeBits<'de, S> + Default, const N: usize> DecodeBits<'de, S>
    for [T; N]
{
    #[inline]
    fn decode_bits<C: Ctx, R: Reader<'de> + ?Sized>(
        coding: &S,
        r: &mut R,
    ) -> Result<Self, DecodeError> {
        let start = r.offset();
        let mut out: [T; N] = core::array::from_fn(|_| T::default());
        for slot in &mut out {
            let before = r.bit_offset();
            *slot = T::decode_bits::<C::Elem, R>(coding, r)?;
            if r.bit_offset() == before {
                r.count_zero_width(start)?;
            }
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------------------
// Options whose value is not aligned
// ---------------------------------------------------------------------------------------

/// An `Option` field with `align_before_data = false` (Bitsery's `StdOptional{false}`):
/// its flag bit, then the value at once, without padding to a byte between them.
///
/// # Errors
/// As the value's `encode`.
#[inline]
pub fn encode_option_unaligned<C: Ctx, T: Encode, W: Writer + ?Sized>(
    value: &Option<T>,
    w: &mut W,
) -> Result<(), EncodeError> {
    framed(w, Role::Flag, |w| {
        w.write_bits(u64::from(value.is_some()), 1)
    })?;
    match value {
        Some(v) => v.encode::<C, W>(w),
        None => Ok(()),
    }
}

/// Reads what [`encode_option_unaligned`] writes.
///
/// # Errors
/// As the value's `decode`.
#[inline]
pub fn decode_option_unaligned<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<Option<T>, DecodeError> {
    if r.read_bits(1)? == 0 {
        return Ok(None);
    }
    T::decode::<C, R>(r).map(Some)
}
