//! Strings, sequences, maps and sets: a length prefix, then the elements.

use alloc::{
    borrow::Cow,
    boxed::Box,
    collections::{BTreeMap, BTreeSet, VecDeque},
    string::String,
    vec::Vec,
};

use crate::layout::Layout;
use crate::len::LenPrefix;
use crate::write::push_str_short;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Role, Writer};

/// Writes a length prefix under `C`, checking the field's `max` first.
#[inline(always)]
pub(crate) fn write_len<C: Ctx, W: Writer + ?Sized>(
    len: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    if len > C::MAX {
        return Err(over_max(len, C::MAX));
    }
    w.begin_frame(Role::Length);
    let r = <<C::Layout as Layout>::Len as LenPrefix>::write::<<C::Layout as Layout>::Endian, W>(
        len, w,
    );
    w.end_frame();
    r
}

#[cold]
#[inline(never)]
fn over_max(len: usize, max: usize) -> EncodeError {
    EncodeError::LengthOverMax { len, max }
}

/// Reads a length prefix under `C` and checks the field's `max`. Returns the prefix's
/// offset and the length.
#[inline(always)]
pub(crate) fn read_len<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(usize, usize), DecodeError> {
    let offset = r.offset();
    let len =
        <<C::Layout as Layout>::Len as LenPrefix>::read::<<C::Layout as Layout>::Endian, R>(r)?;
    if len > C::MAX {
        return Err(DecodeError::LengthOverMax {
            offset,
            len: len as u64,
            max: C::MAX,
        });
    }
    Ok((offset, len))
}

/// Elements decoded per step from a stream, so memory follows the input received.
const STREAM_CHUNK_BYTES: usize = 64 * 1024;

/// A sequence's hold on the reader's [`Ledger`](crate::read::Ledger) while its elements
/// are decoded: made by [`claim`], released element by element by [`element`], given
/// back by [`settle`].
pub(crate) struct Claim {
    /// Elements to allocate before decoding any.
    pub(crate) cap: usize,
    /// Input bytes promised to each element not started yet (element types of a
    /// `MIN_WIRE` above 0).
    share: usize,
    /// Elements not started yet that hold a promised byte (element types of `MIN_WIRE`
    /// 0: only the first `cap` do).
    owed: usize,
    /// Memory reserved ahead of a stream.
    ahead: usize,
}

/// Checks, before anything is allocated, that `len` elements of `T` fit in the bytes
/// left (where the elements may reserve memory themselves, the bytes left that no
/// sequence being decoded has promised to its later elements), promises the elements'
/// bytes where they may, and returns the claim with how many elements may be allocated
/// up front (see [`Ledger`](crate::read::Ledger) for the rule and its invariant).
/// `offset` is the length prefix's, for errors; `reserve` whether the caller allocates
/// `cap` elements (an ordered map or an array does not).
///
/// Elements of a type that may encode to nothing (`MIN_WIRE` 0) each take a byte or
/// one of the document's zero-width elements ([`Reader::count_zero_width`]), so the
/// elements beyond those bytes must fit in what is left of that budget. A stream, whose
/// length is unknown, allocates up front only what the memory its sequences share for
/// that allows, and the rest as elements are read ([`append`]).
#[inline(always)]
pub(crate) fn claim<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    reserve: bool,
    r: &mut R,
) -> Result<Claim, DecodeError> {
    let mut c = Claim {
        cap: 0,
        share: 0,
        owed: 0,
        ahead: 0,
    };
    let Some(remaining) = r.remaining() else {
        if let (true, Some(ledger)) = (reserve, r.ledger()) {
            let size = core::mem::size_of::<T>();
            // Elements of no size take no memory: all of them.
            c.cap = ledger
                .ahead
                .checked_div(size)
                .map_or(len, |fit| len.min(fit));
            c.ahead = c.cap * size;
            ledger.ahead -= c.ahead;
        }
        return Ok(c);
    };
    // Elements that cannot hold a sequence make no claim while they are decoded, so
    // this is the only sequence reserving ahead until they are done: like a string's
    // bytes, they are checked against all the bytes left, promised or not, allocated at
    // once and promised nothing.
    let usable = match (T::RESERVES_AHEAD, r.ledger()) {
        (true, Some(ledger)) => remaining.saturating_sub(ledger.promised),
        _ => remaining,
    };
    let min_wire = T::MIN_WIRE;
    if min_wire == 0 {
        r.check_zero_width(offset, len.saturating_sub(usable))?;
    } else if len.saturating_mul(min_wire) > usable {
        return Err(exceeds(offset, len, usable));
    }
    if !T::RESERVES_AHEAD {
        c.cap = len;
        return Ok(c);
    }
    if let Some(ledger) = r.ledger() {
        if min_wire != 0 {
            c.cap = len;
            c.share = min_wire;
            ledger.promised += len * min_wire;
        } else {
            c.cap = len.min(usable);
            c.owed = c.cap;
            ledger.promised += c.cap;
        }
    }
    Ok(c)
}

/// Gives back the memory a stream's sequence reserved ahead, once its elements are
/// read (for a slice there is none).
#[inline(always)]
pub(crate) fn settle<'de, R: Reader<'de> + ?Sized>(c: Claim, r: &mut R) {
    if c.ahead != 0 {
        if let Some(ledger) = r.ledger() {
            ledger.ahead += c.ahead;
        }
    }
}

/// Checks, before anything is allocated, that a string or byte slice of `len` bytes
/// (length prefix at `offset`) fits in the bytes left, and returns how many of them may
/// be allocated before they are read: all of them from a slice, one chunk from a
/// stream (which reads them chunk by chunk, [`Reader::read_append`]).
///
/// Its bytes are read as soon as they are allocated, so it holds nothing ahead of the
/// input and takes no part in the [`Ledger`](crate::read::Ledger): checking it against
/// the bytes left, not the unpromised ones, keeps the ledger out of every string's
/// decode. (An input that gives a string bytes promised to later elements fails when
/// those run out.)
#[inline(always)]
fn check_bytes<'de, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    r: &R,
) -> Result<usize, DecodeError> {
    match r.remaining() {
        Some(remaining) => {
            if len > remaining {
                return Err(exceeds(offset, len, remaining));
            }
            Ok(len)
        }
        None => Ok(len.min(STREAM_CHUNK_BYTES)),
    }
}

#[cold]
#[inline(never)]
fn exceeds(offset: usize, len: usize, remaining: usize) -> DecodeError {
    DecodeError::LengthExceedsInput {
        offset,
        len: len as u64,
        remaining,
    }
}

/// Pushes the value `make` returns onto `out`: what `decode_append` does per element.
///
/// With `out.push(T::decode(r)?)`, `push` may grow the vector, and a panic while
/// growing must drop the value, so the value sits in a stack temporary that the
/// unwinding path can reach. The compiler then builds it there field by field and
/// copies it into the vector in 16-byte words, and those loads cannot be forwarded
/// from the narrower stores just made: the copy stalled, and `perf` put a tenth of the
/// owned log decode's samples on it. Here the vector grows before the value exists, so
/// nothing can unwind between building the value and writing it; the copy and the stall
/// are gone (and the owned log decode about 3% faster, interleaved A/B).
#[inline(always)]
pub(crate) fn push_with<T, E>(
    out: &mut Vec<T>,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<(), E> {
    out.reserve(1);
    let value = make()?;
    let len = out.len();
    debug_assert!(len < out.capacity());
    #[allow(unsafe_code)]
    // SAFETY: `reserve(1)` left room for one more element past `len`, and `make` cannot
    // have touched `out` (it is borrowed mutably here), so the slot at `len` is allocated
    // and uninitialized. Once it is written, `len + 1` elements are initialized.
    unsafe {
        out.as_mut_ptr().add(len).write(value);
        out.set_len(len + 1);
    }
    Ok(())
}

/// Appends `len` elements to `out` with `step` (`T::decode_contiguous` for a
/// contiguous sequence, `T::decode_append` for a `VecDeque`, each appending the number
/// of elements it is given; `c` is the sequence's claim and `offset` its length
/// prefix, for errors). Elements that may reserve memory themselves or encode to
/// nothing are decoded one at a time through [`element`], which releases each one's
/// promised bytes as it starts and counts those that took no input; others from a
/// slice in one call, from a stream in steps of at most 64 KiB of elements, so memory
/// follows the input received.
#[inline]
fn append<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    c: &mut Claim,
    offset: usize,
    len: usize,
    r: &mut R,
    out: &mut Vec<T>,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    if T::MIN_WIRE == 0 || T::RESERVES_AHEAD {
        for _ in 0..len {
            element::<T, R, ()>(c, offset, r, |r| step(1, r, out))?;
        }
        return Ok(());
    }
    if r.remaining().is_some() {
        return step(len, r, out);
    }
    let chunk = (STREAM_CHUNK_BYTES / core::mem::size_of::<T>().max(1)).max(1);
    let mut left = len;
    while left > 0 {
        let n = left.min(chunk);
        step(n, r, out)?;
        left -= n;
    }
    Ok(())
}

/// Decodes one element of type `T` (a sequence's, map's or set's; `c` is its claim
/// and `offset` its length prefix) with `decode`. Where the elements may reserve
/// memory themselves, the element's promised bytes are released first, so that what it
/// claims may use them (one subtraction); where the element type may encode to
/// nothing, an element that consumed no input is counted with
/// [`Reader::count_zero_width`]. For every other type this is `decode(r)`, with no
/// work added per element (both conditions are constants).
#[inline(always)]
fn element<'de, T: Decode<'de>, R: Reader<'de> + ?Sized, V>(
    c: &mut Claim,
    offset: usize,
    r: &mut R,
    decode: impl FnOnce(&mut R) -> Result<V, DecodeError>,
) -> Result<V, DecodeError> {
    if T::RESERVES_AHEAD {
        if T::MIN_WIRE != 0 {
            if let Some(ledger) = r.ledger() {
                ledger.promised -= c.share;
            }
        } else if c.owed != 0 {
            c.owed -= 1;
            if let Some(ledger) = r.ledger() {
                ledger.promised -= 1;
            }
        }
    }
    if T::MIN_WIRE != 0 {
        return decode(r);
    }
    let before = r.offset();
    let v = decode(r)?;
    if r.offset() == before {
        r.count_zero_width(offset)?;
    }
    Ok(v)
}

/// Reads a length-prefixed UTF-8 string, borrowed where the reader can.
#[inline(always)]
fn decode_str<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<Cow<'de, str>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    check_bytes(offset, len, r)?;
    let start = r.offset();
    match r.read_cow(len)? {
        Cow::Borrowed(b) => str_from_utf8(b, start).map(Cow::Borrowed),
        Cow::Owned(v) => String::from_utf8(v)
            .map(Cow::Owned)
            .map_err(|e| utf8(start, &e.utf8_error())),
    }
}

/// `bytes` as a `str`, or [`DecodeError::InvalidUtf8`] (`start` is their offset).
///
/// Short strings dominate records, and `core::str::from_utf8` costs about a hundred
/// instructions on one of them; an ASCII scan costs a few, so ASCII takes a fast path.
#[inline(always)]
#[allow(unsafe_code)]
fn str_from_utf8(bytes: &[u8], start: usize) -> Result<&str, DecodeError> {
    if is_ascii(bytes) {
        // SAFETY: every byte is below 0x80, and a sequence of ASCII bytes is valid
        // UTF-8 (each byte is a one-byte code point). Hostile input for both paths:
        // the `utf8_fast_path_*` tests below.
        Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        core::str::from_utf8(bytes).map_err(|e| utf8(start, &e))
    }
}

/// Whether every byte is below 0x80. `<[u8]>::is_ascii` goes a byte at a time below 64
/// bytes here, so a string of up to 64 bytes is checked in a fixed number of words
/// instead: four of 16 bytes, two of 8, two of 4 or three single bytes, overlapping
/// where the string is shorter than their sum. On the log, this check was about 15% of
/// an owned decode.
#[inline(always)]
fn is_ascii(b: &[u8]) -> bool {
    const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
    let n = b.len();
    // The `W` bytes at `at` as a number (`at + W <= n` on every call below; a word out
    // of range would count as not ASCII).
    fn word<const W: usize>(b: &[u8], at: usize) -> u128 {
        b.get(at..at + W).map_or(HIGH, |w| {
            let mut x = [0u8; 16];
            x[..W].copy_from_slice(w);
            u128::from_le_bytes(x)
        })
    }
    match n {
        // Four 16-byte words at 0, 16, 32 and 48, each moved back to end by `n` at the
        // latest: no loop and no branch on the length inside the class.
        16..=64 => {
            let at = |k: usize| (16 * k).min(n - 16);
            (word::<16>(b, at(0))
                | word::<16>(b, at(1))
                | word::<16>(b, at(2))
                | word::<16>(b, at(3)))
                & HIGH
                == 0
        }
        // 0..8 and n-8..n.
        8..=15 => (word::<8>(b, 0) | word::<8>(b, n - 8)) & HIGH == 0,
        // 0..4 and n-4..n.
        4..=7 => (word::<4>(b, 0) | word::<4>(b, n - 4)) & HIGH == 0,
        // The first, middle and last byte are all the bytes there are.
        1..=3 => (b[0] | b[n / 2] | b[n - 1]) & 0x80 == 0,
        0 => true,
        _ => b.is_ascii(),
    }
}

#[cold]
#[inline(never)]
fn utf8(start: usize, e: &core::str::Utf8Error) -> DecodeError {
    DecodeError::InvalidUtf8 {
        offset: start + e.valid_up_to(),
    }
}

impl Encode for str {
    // Always: at `#[inline]` the compiler kept it out of line under some layouts
    // (fixed `u8` lengths: 55 ns against 42 for compact on the document).
    #[inline(always)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        w.write_var_bytes(self.as_bytes())
    }
}

impl Encode for String {
    #[inline(always)]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_str().encode::<C, W>(w)
    }
}

impl<'de> Decode<'de> for String {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline(always)]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Ok(match decode_str::<C, R>(r)? {
            Cow::Borrowed(s) => {
                let mut out = String::with_capacity(s.len());
                push_str_short(&mut out, s);
                out
            }
            Cow::Owned(s) => s,
        })
    }

    #[inline(always)]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let s = decode_str::<C, R>(r)?;
        self.clear();
        push_str_short(self, &s);
        Ok(())
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline(always)]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        check_bytes(offset, len, r)?;
        let start = r.offset();
        let bytes = r.borrow_bytes(len)?;
        str_from_utf8(bytes, start)
    }
}

impl<'de> Decode<'de> for Box<str> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        String::decode::<C, R>(r).map(String::into_boxed_str)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_str::<C, R>(r)
    }
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        T::encode_contiguous::<C::Elem, W>(self, w)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }
}

/// Reads a length prefix and that many elements, appended with `step` (see [`append`]).
#[inline]
fn decode_vec<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    let mut c = claim::<T, R>(offset, len, true, r)?;
    let mut v = Vec::with_capacity(c.cap);
    append(&mut c, offset, len, r, &mut v, step)?;
    settle(c, r);
    Ok(v)
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_contiguous::<C::Elem, R>)
    }

    /// Decodes the first elements in place, then appends or truncates. Elements that
    /// own nothing to reuse (of a fixed size, or without drop glue: numbers, fieldless
    /// enums) are cleared and read as from scratch, in one copy or one run where they
    /// can be, and in the contiguous form where it differs (YAS's raw enums).
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        let mut c = claim::<T, R>(offset, len, false, r)?;
        if T::fixed_size::<C::Elem>() != 0 || !core::mem::needs_drop::<T>() {
            self.clear();
        }
        self.truncate(len);
        for item in self.iter_mut() {
            element::<T, R, ()>(&mut c, offset, r, |r| item.decode_in_place::<C::Elem, R>(r))?;
        }
        let more = len - self.len();
        append(
            &mut c,
            offset,
            more,
            r,
            self,
            T::decode_contiguous::<C::Elem, R>,
        )
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        check_bytes(offset, len, r)?;
        r.borrow_bytes(len)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(Vec::into_boxed_slice)
    }
}

/// A `VecDeque` is YAS's `std::deque`: its elements are written one at a time, as
/// single values (`encode_slice`, not `encode_contiguous`: a fieldless enum keeps YAS's
/// size byte).
impl<T: Encode> Encode for VecDeque<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        let (a, b) = self.as_slices();
        // A writer that watches the hooks (`explain`) sees each element with its index
        // in the deque: the second half written on its own would be numbered from 0.
        if !b.is_empty() && !w.takes_runs() {
            return encode_iter::<C, &T, W>(self.len(), self.iter(), w);
        }
        write_len::<C, W>(self.len(), w)?;
        T::encode_slice::<C::Elem, W>(a, w)?;
        T::encode_slice::<C::Elem, W>(b, w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_append::<C::Elem, R>).map(VecDeque::from)
    }
}

/// `N` times the element's fixed size (0 if that is 0, or `N` is).
#[inline(always)]
fn array_size(element: usize, n: usize) -> usize {
    element.checked_mul(n).unwrap_or(0)
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline(always)]
    fn fixed_size<C: Ctx>() -> usize {
        array_size(T::fixed_size::<C::Elem>(), N)
    }
    #[inline(always)]
    fn image_proof() -> Option<crate::image::ImageProof<Self>> {
        T::image_proof().map(crate::image::array)
    }
    /// No length prefix: the length is part of the type. The elements are those of a
    /// contiguous sequence (YAS's `std::array` and C arrays copy enums as raw memory,
    /// as its `std::vector` does).
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        T::encode_contiguous::<C::Elem, W>(self, w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(N);
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline(always)]
    fn fixed_size<C: Ctx>() -> usize {
        array_size(T::fixed_size::<C::Elem>(), N)
    }
    #[inline(always)]
    fn image_proof() -> Option<crate::image::ImageProof<Self>> {
        T::image_proof().map(crate::image::array)
    }
    /// Elements that may encode to nothing are counted as in a sequence (`[Z; N]`
    /// inside a `Vec` would otherwise multiply them).
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let start = r.offset();
        let mut v = Vec::with_capacity(N);
        if T::MIN_WIRE == 0 {
            let mut c = claim::<T, R>(start, N, false, r)?;
            append(
                &mut c,
                start,
                N,
                r,
                &mut v,
                T::decode_contiguous::<C::Elem, R>,
            )?;
        } else {
            T::decode_contiguous::<C::Elem, R>(N, r, &mut v)?;
        }
        match v.try_into() {
            Ok(a) => Ok(a),
            Err(_) => unreachable!("decode_contiguous pushed exactly N elements"),
        }
    }
}

/// Encodes the pairs or items of a map or set, after its length.
#[inline]
fn encode_iter<C: Ctx, T: Encode, W: Writer + ?Sized>(
    len: usize,
    items: impl Iterator<Item = T>,
    w: &mut W,
) -> Result<(), EncodeError> {
    write_len::<C, W>(len, w)?;
    for (i, item) in items.enumerate() {
        w.push_path(crate::PathSeg::Index(i));
        item.encode::<C::Elem, W>(w)?;
        w.pop_path();
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn duplicate_key(offset: usize) -> DecodeError {
    DecodeError::DuplicateKey { offset }
}

/// `(key, value)` by reference, for maps.
struct Pair<'a, K, V>(&'a K, &'a V);

impl<K: Encode, V: Encode> Encode for Pair<'_, K, V> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.0.encode::<C, W>(w)?;
        self.1.encode::<C, W>(w)
    }
}

macro_rules! maps {
    ($($map:ident<K $(: $kb:path)*, V $(, $s:ident)?> $new:ident),*) => {$(
        impl<K: Encode, V: Encode $(, $s)?> Encode for $map<K, V $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_iter::<C, _, W>(self.len(), self.iter().map(|(k, v)| Pair(k, v)), w)
            }
        }
        impl<'de, K: Decode<'de> $(+ $kb)*, V: Decode<'de> $(, $s: core::hash::BuildHasher + Default)?> Decode<'de>
            for $map<K, V $(, $s)?>
        {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let (offset, len) = read_len::<C, R>(r)?;
                let mut c = claim::<(K, V), R>(offset, len, maps!(@reserves $new), r)?;
                let mut m = maps!(@new $new c.cap $(, $s)?);
                for _ in 0..len {
                    let at = r.offset();
                    let (k, v) = element::<(K, V), R, _>(&mut c, offset, r, |r| {
                        Ok((K::decode::<C::Elem, R>(r)?, V::decode::<C::Elem, R>(r)?))
                    })?;
                    if m.insert(k, v).is_some() {
                        return Err(duplicate_key(at));
                    }
                }
                settle(c, r);
                Ok(m)
            }
        }
    )*};
    ($($set:ident<T $(: $kb:path)* $(, $s:ident)?> $new:ident;)*) => {$(
        impl<T: Encode $(, $s)?> Encode for $set<T $(, $s)?> {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                encode_iter::<C, &T, W>(self.len(), self.iter(), w)
            }
        }
        impl<'de, T: Decode<'de> $(+ $kb)* $(, $s: core::hash::BuildHasher + Default)?> Decode<'de> for $set<T $(, $s)?> {
            const MIN_WIRE: usize = 1;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let (offset, len) = read_len::<C, R>(r)?;
                let mut c = claim::<T, R>(offset, len, maps!(@reserves $new), r)?;
                let mut m = maps!(@new $new c.cap $(, $s)?);
                for _ in 0..len {
                    let at = r.offset();
                    let item = element::<T, R, _>(&mut c, offset, r, |r| T::decode::<C::Elem, R>(r))?;
                    if !m.insert(item) {
                        return Err(duplicate_key(at));
                    }
                }
                settle(c, r);
                Ok(m)
            }
        }
    )*};
    (@new ordered $cap:expr) => { { let _ = $cap; Self::new() } };
    (@new hashed $cap:expr, $s:ident) => { Self::with_capacity_and_hasher($cap, $s::default()) };
    // Whether the map allocates its claimed entries up front (a B-tree allocates its
    // nodes as entries arrive).
    (@reserves ordered) => { false };
    (@reserves hashed) => { true };
}

maps!(BTreeMap<K: Ord, V> ordered);
maps!(BTreeSet<T: Ord> ordered;);

#[cfg(feature = "std")]
mod hashed {
    use super::*;
    use std::collections::{HashMap, HashSet};
    maps!(HashMap<K: Eq: core::hash::Hash, V, S> hashed);
    maps!(HashSet<T: Eq: core::hash::Hash, S> hashed;);
}

#[cfg(test)]
mod tests {
    //! The ASCII fast path of [`str_from_utf8`](super::str_from_utf8) must accept
    //! exactly what `core::str::from_utf8` accepts, and report the same offsets.

    use alloc::{string::String, vec::Vec};

    use crate::DecodeError;

    /// `bytes` behind a one-byte compact length prefix (all cases are under 128 bytes).
    fn framed(bytes: &[u8]) -> Vec<u8> {
        let mut v = Vec::with_capacity(bytes.len() + 1);
        v.push(u8::try_from(bytes.len()).unwrap());
        v.extend_from_slice(bytes);
        v
    }

    /// Decodes `bytes` as `&str`, `String` and in place into a `String`; all three
    /// must agree.
    fn decode_all(bytes: &[u8]) -> Result<String, DecodeError> {
        let input = framed(bytes);
        let borrowed = crate::from_slice::<&str>(&input).map(String::from);
        let owned = crate::from_slice::<String>(&input);
        let mut reused = String::from("previous contents");
        let in_place = crate::from_slice_into(&input, &mut reused).map(|()| reused);
        assert_eq!(borrowed, owned, "{bytes:02x?}");
        assert_eq!(owned, in_place, "{bytes:02x?}");
        owned
    }

    #[test]
    fn utf8_fast_path_accepts_ascii_and_valid_utf8() {
        // Lengths 0..=70 cover every branch of the scan, and of the word copies of owned
        // and in-place decodes (into a string of 17 bytes' capacity: some grow).
        for n in 0..=70 {
            let s: String = (0..n).map(|i| char::from(b' ' + (i % 95) as u8)).collect();
            assert_eq!(decode_all(s.as_bytes()).unwrap(), s);
        }
        // Every ASCII byte, 0x00..=0x7F, in two strings (a one-byte prefix holds 127).
        for half in [0..0x40u8, 0x40..0x80] {
            let bytes: Vec<u8> = half.collect();
            assert_eq!(decode_all(&bytes).unwrap().as_bytes(), &bytes[..]);
        }
        // Multi-byte sequences take the checked path.
        for s in [
            "h\u{e9}llo",
            "\u{20ac}",
            "\u{1f600}",
            "abcdefghijklmnop\u{7ff}",
        ] {
            assert_eq!(decode_all(s.as_bytes()).unwrap(), s);
        }
    }

    #[test]
    fn utf8_fast_path_rejects_hostile_bytes() {
        // (string bytes, offset of the first invalid byte in the framed input). The
        // frame is one length byte, so a string's byte i is at offset 1 + i.
        let cases: [(&[u8], usize); 9] = [
            (&[0x80], 1),                    // lone continuation byte
            (&[0xFF], 1),                    // never valid in UTF-8
            (&[b'a', 0xC0, 0x80], 2),        // overlong NUL after 1 ASCII byte
            (&[0xED, 0xA0, 0x80], 1),        // UTF-16 surrogate U+D800
            (&[b'a', b'b', 0xE2, 0x82], 3),  // truncated 3-byte sequence
            (&[0xF4, 0x90, 0x80, 0x80], 1),  // above U+10FFFF
            (b"0123456789abcdef\xFE", 17),   // after a full ASCII word run
            (b"0123456\x80", 8),             // last byte of the first word
            (b"ok\xE2\x82\xACthen\xC3", 10), // valid euro sign, then truncated
        ];
        for (bytes, offset) in cases {
            assert_eq!(
                decode_all(bytes),
                Err(DecodeError::InvalidUtf8 { offset }),
                "{bytes:02x?}"
            );
        }
    }

    /// The word-wise ASCII check sees every byte: on every length from 1 to 70, one
    /// byte that is not ASCII at any position sends the string to the full check, which
    /// rejects a lone 0xFF at that position and accepts a two-byte `é` there.
    #[test]
    fn utf8_fast_path_sees_every_position() {
        for n in 1..=70usize {
            for i in 0..n {
                let mut bad = vec![b'a'; n];
                bad[i] = 0xFF;
                assert_eq!(
                    decode_all(&bad),
                    Err(DecodeError::InvalidUtf8 { offset: 1 + i }),
                    "n {n} at {i}"
                );
                if i + 1 < n {
                    let mut good = vec![b'a'; n];
                    good[i..i + 2].copy_from_slice("\u{e9}".as_bytes());
                    assert_eq!(decode_all(&good).unwrap().as_bytes(), &good[..]);
                }
            }
        }
    }

    /// [`push_with`](super::push_with) writes past `len` itself: at every spare
    /// capacity, including none, a value lands at the end and nothing else moves; a
    /// failed `make` leaves the vector as it was. (Run under AddressSanitizer in CI,
    /// which also reports the leak a lost value would be.)
    #[test]
    fn push_with_writes_one_slot_or_nothing() {
        for cap in 0..=4usize {
            for start in 0..=cap {
                let mut v: Vec<String> = Vec::with_capacity(cap);
                v.extend((0..start).map(|i| i.to_string()));
                let before = v.clone();
                let failed = super::push_with(&mut v, || Err::<String, _>("bad input"));
                assert_eq!(failed, Err("bad input"));
                assert_eq!(v, before, "cap {cap} start {start}");
                super::push_with(&mut v, || Ok::<_, ()>(String::from("new"))).unwrap();
                assert_eq!(v.len(), start + 1);
                assert_eq!(v[..start], before[..]);
                assert_eq!(v[start], "new");
            }
        }
    }

    /// A sequence whose element fails mid-way, through the default `decode_append`
    /// (strings, element by element through `push_with`): every truncation and every
    /// corrupt byte is an error, and the strings decoded before it are dropped, not
    /// leaked (LeakSanitizer runs with AddressSanitizer in CI).
    #[test]
    fn failing_element_mid_sequence() {
        let words: Vec<String> = (0..6).map(|i| "w".repeat(i * 7)).collect();
        let bytes = crate::to_vec(&words).unwrap();
        for end in 0..bytes.len() {
            assert!(
                crate::from_slice::<Vec<String>>(&bytes[..end]).is_err(),
                "{end}"
            );
        }
        for at in 1..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] = 0xFF;
            // A length byte of 0xFF asks for more than there is; a string byte is not
            // UTF-8.
            assert!(crate::from_slice::<Vec<String>>(&bad).is_err(), "{at}");
        }
        assert_eq!(crate::from_slice::<Vec<String>>(&bytes).unwrap(), words);
    }
}
