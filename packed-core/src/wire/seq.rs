//! Sequences: `[T]`, `Vec`, `VecDeque`, `Box<[T]>`, `[T; N]` and `Fields<[T; N]>`, and the length prefix,
//! `max` and length claim every length-prefixed value shares.
//!
//! A sequence is a length prefix (the element count, by the layout's [`LenPrefix`]),
//! then its elements; an array has the prefix only where the layout's conventions
//! write one (YAS's `std::array`), and [`Fields`] of an array never. The elements
//! of a slice, `Vec`, `Box<[T]>` or array are written in the contiguous form
//! (`encode_contiguous`: YAS writes raw enums there without their size byte), those of a
//! `VecDeque` (YAS's `std::deque`) one at a time as single values (`encode_slice`).
//!
//! Before anything is allocated, a length is checked against the field's `max` and
//! against what the rest of the input can hold ([`claim`]); elements of a type that may
//! encode to nothing are counted against the document's budget instead
//! ([`Reader::count_zero_width`]).

use alloc::{boxed::Box, collections::VecDeque, vec::Vec};

use crate::cpp::Fields;
use crate::explain::Role;
use crate::fast::FixedSize;
use crate::layout::{Conventions, Layout};
use crate::len::LenPrefix;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes a length prefix under `C`, checking the field's `max` first.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn write_len<C: Ctx, W: Writer + ?Sized>(
    len: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    if len > C::MAX {
        return Err(over_max(len, C::MAX));
    }
    // `framed`'s work without its closure, which LLVM would not always inline here (the
    // compact prefix's long forms make it larger), taking the writer's address.
    w.begin_frame(Role::Length);
    let r = <<C::Layout as Layout>::Len as LenPrefix>::write::<<C::Layout as Layout>::Endian, W>(
        len, w,
    );
    w.end_frame();
    r
}

/// The bytes of the length prefix [`write_len`] writes for `len` under `C`, when it
/// succeeds: the prefix's [`LenPrefix::size_of`], or, for a prefix that does not say
/// (a custom one), its write counted.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn len_size<C: Ctx>(len: usize) -> usize {
    match <<C::Layout as Layout>::Len as LenPrefix>::size_of(len) {
        0 => count_len::<C>(len),
        n => n,
    }
}

/// [`len_size`] of a prefix that does not give its size, or of a length it cannot
/// write (whose encode fails anyway): the write counted, out of line.
#[cold]
#[inline(never)]
fn count_len<C: Ctx>(len: usize) -> usize {
    crate::SizeCounter::bytes_of(|counter| {
        <<C::Layout as Layout>::Len as LenPrefix>::write::<<C::Layout as Layout>::Endian, _>(
            len, counter,
        )
    })
}

#[cfg_attr(not(debug_assertions), inline)]
fn over_max(len: usize, max: usize) -> EncodeError {
    crate::error::cold_path();
    EncodeError::LengthOverMax { len, max }
}

/// Reads a length prefix under `C` and checks the field's `max`. Returns the prefix's
/// offset and the length.
#[cfg_attr(not(debug_assertions), inline(always))]
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

/// What a collection allocates, before reading them, for the elements a [`claim`] lets
/// it reserve: from a stream the claim counts this against the memory its sequences may
/// reserve ahead.
#[derive(Clone, Copy)]
pub(crate) enum Reserve {
    /// Nothing: the collection grows as elements are read (a B-tree) or is filled in
    /// place (an array, a reused `Vec`).
    Nothing,
    /// At most this many bytes per element.
    PerElement(usize),
}

impl Reserve {
    /// A `Vec<T>`'s: the elements themselves.
    pub(crate) const fn vec<T>() -> Self {
        Self::PerElement(core::mem::size_of::<T>())
    }
}

/// Checks, before anything is allocated, that `len` elements of `T` fit in the bytes
/// left (where the elements may reserve memory themselves, the bytes left that no
/// sequence being decoded has promised to its later elements), promises the elements'
/// bytes where they may, and returns the claim with how many elements may be allocated
/// up front (see [`Ledger`](crate::read::Ledger) for the rule and its invariant).
/// `offset` is the length prefix's, for errors; `reserve` what the caller allocates
/// for the `cap` elements.
///
/// Elements of a type that may encode to nothing (`MIN_WIRE` 0) each take a byte or
/// one of the document's zero-width elements ([`Reader::count_zero_width`]), so the
/// elements beyond those bytes must fit in what is left of that budget. A stream, whose
/// length is unknown, allocates up front only what the memory its sequences share for
/// that allows, and the rest as elements are read ([`append`]).
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn claim<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    reserve: Reserve,
    r: &mut R,
) -> Result<Claim, DecodeError> {
    let mut c = Claim {
        cap: 0,
        share: 0,
        owed: 0,
        ahead: 0,
    };
    let Some(remaining) = r.remaining() else {
        // A stream inside a growable record knows where the record ends: a claim past
        // it is refused as from a slice (checked only; the record's size is a claim).
        if let Some(bound) = r.claim_bound() {
            check_room::<T, R>(offset, len, bound, r)?;
        }
        if let (Reserve::PerElement(bytes), Some(ledger)) = (reserve, r.ledger()) {
            // Elements that take no memory (a `Vec<()>`'s) take none of the budget;
            // how many are made room for up front is capped as if each took a byte.
            c.cap = len.min(ledger.ahead / bytes.max(1));
            c.ahead = c.cap * bytes;
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
    check_room::<T, R>(offset, len, usable, r)?;
    let min_wire = T::MIN_WIRE;
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

/// Checks that `len` elements of `T` fit in `room` bytes: each takes its `MIN_WIRE`
/// bytes, or, for elements that may encode to nothing, a byte or one of the document's
/// zero-width elements ([`Reader::check_zero_width`]).
#[cfg_attr(not(debug_assertions), inline)]
fn check_room<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    offset: usize,
    len: usize,
    room: usize,
    r: &R,
) -> Result<(), DecodeError> {
    if T::MIN_WIRE == 0 {
        r.check_zero_width(offset, len.saturating_sub(room))
    } else if len.saturating_mul(T::MIN_WIRE) > room {
        Err(exceeds(offset, len, room))
    } else {
        Ok(())
    }
}

/// Gives back the memory a stream's sequence reserved ahead, once its elements are
/// read (for a slice there is none).
#[cfg_attr(not(debug_assertions), inline)]
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
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn check_bytes<'de, R: Reader<'de> + ?Sized>(
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
        None => match r.claim_bound() {
            Some(bound) if len > bound => Err(exceeds(offset, len, bound)),
            _ => Ok(len.min(STREAM_CHUNK_BYTES)),
        },
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn exceeds(offset: usize, len: usize, remaining: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::LengthExceedsInput {
        offset,
        len: len as u64,
        remaining,
    }
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
    let start = stream_start(r);
    if T::MIN_WIRE == 0 || T::RESERVES_AHEAD {
        for _ in 0..len {
            element::<T, R, (), _>(c, offset, r, |r| step(1, r, out))
                .map_err(|e| unmet::<T>(start, len, e))?;
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
        step(n, r, out).map_err(|e| unmet::<T>(start, len, e))?;
        left -= n;
    }
    Ok(())
}

/// Where the elements a stream reads start, for [`unmet`]; `None` from a slice, which
/// checked the claim at the prefix (so a slice's decode keeps no extra state).
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn stream_start<'de, R: Reader<'de> + ?Sized>(r: &R) -> Option<usize> {
    match r.remaining() {
        Some(_) => None,
        None => Some(r.offset()),
    }
}

/// What a stream reports where the input ends inside `len` elements of `T` that start
/// at `start` ([`stream_start`]): if the input could not have held them (`T::MIN_WIRE`
/// bytes each, the rule a slice checks at the prefix), the claim, as for a string
/// (`UnexpectedEnd` at the elements' start, `needed` their bytes, `remaining` the bytes
/// there were); else `e`, the element's own error. A stream, which does not know its
/// length, finds out only here, and would otherwise report the step it was reading
/// (64 KiB of elements, or one element). From a slice, `e` as it is.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn unmet<'de, T: Decode<'de>>(
    start: Option<usize>,
    len: usize,
    e: DecodeError,
) -> DecodeError {
    match start {
        Some(start) => unmet_claim(start, len, T::MIN_WIRE, e),
        None => e,
    }
}

/// [`unmet`] for a stream, out of line and for every element type at once.
#[cold]
#[inline(never)]
fn unmet_claim(start: usize, len: usize, min_wire: usize, e: DecodeError) -> DecodeError {
    match e {
        DecodeError::UnexpectedEnd {
            offset, remaining, ..
        } if min_wire != 0 && offset >= start => {
            let had = offset - start + remaining;
            let needed = len.saturating_mul(min_wire);
            if needed > had {
                DecodeError::UnexpectedEnd {
                    offset: start,
                    needed,
                    remaining: had,
                }
            } else {
                e
            }
        }
        e => e,
    }
}

/// Decodes one element of type `T` (a sequence's, map's or set's; `c` is its claim
/// and `offset` its length prefix) with `decode`. Where the elements may reserve
/// memory themselves, the element's promised bytes are released first, so that what it
/// claims may use them (one subtraction); where the element type may encode to
/// nothing, an element that consumed no input is counted with
/// [`Reader::count_zero_width`]. For every other type this is `decode(r)`, with no
/// work added per element (both conditions are constants). `E` is the decoder's error
/// type: [`DecodeError`], or the serde `Deserializer`'s.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn element<'de, T: Decode<'de>, R: Reader<'de> + ?Sized, V, E: From<DecodeError>>(
    c: &mut Claim,
    offset: usize,
    r: &mut R,
    decode: impl FnOnce(&mut R) -> Result<V, E>,
) -> Result<V, E> {
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
    let v = decode(r);
    // Checked in place, not unwrapped with `?`: an unwrapped element is copied out of
    // the slot `decode` wrote it to, which costs a large one (a serde visitor's record).
    if v.is_ok() && r.offset() == before {
        if let Err(e) = r.count_zero_width(offset) {
            return Err(e.into());
        }
    }
    v
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        T::encode_contiguous::<C::Elem, W>(self, w)
    }

    #[inline]
    fn encoded_size<C: Ctx>(&self) -> usize {
        len_size::<C>(self.len()).wrapping_add(T::contiguous_size::<C::Elem>(self))
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }

    #[inline]
    fn encoded_size<C: Ctx>(&self) -> usize {
        self.as_slice().encoded_size::<C>()
    }
}

/// Reads a length prefix and that many elements, appended with `step` (see [`append`]).
#[inline]
pub(crate) fn decode_vec<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    let mut c = claim::<T, R>(offset, len, Reserve::vec::<T>(), r)?;
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
        let mut c = claim::<T, R>(offset, len, Reserve::Nothing, r)?;
        if T::fixed_size::<C::Elem>().bytes() != 0 || !core::mem::needs_drop::<T>() {
            self.clear();
        }
        self.truncate(len);
        for item in self.iter_mut() {
            element::<T, R, (), _>(&mut c, offset, r, |r| item.decode_in_place::<C::Elem, R>(r))?;
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
        write_len::<C, W>(self.len(), w)?;
        // Its storage, in two parts where it wraps around; the second part's elements
        // are numbered on from the first's.
        let (a, b) = self.as_slices();
        T::encode_slice::<C::Elem, W>(a, 0, w)?;
        T::encode_slice::<C::Elem, W>(b, a.len(), w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_append::<C::Elem, R>).map(VecDeque::from)
    }
}

/// Whether fixed arrays have a length prefix under `C` (YAS's `std::array`).
#[cfg_attr(not(debug_assertions), inline)]
fn array_length<C: Ctx>() -> bool {
    <<C::Layout as Layout>::Conventions as Conventions>::ARRAY_LENGTH
}

/// The fixed size of `[T; N]` under `C`: its elements' (an image where they are one),
/// after the length prefix where `C` writes one (then not an image: the memory holds
/// no length).
#[cfg_attr(not(debug_assertions), inline)]
fn array_size<C: Ctx, T, const N: usize>(elements: FixedSize<T>) -> FixedSize<[T; N]> {
    let body = elements.array::<N>();
    if !array_length::<C>() {
        return body;
    }
    let prefix = <<C::Layout as Layout>::Len as LenPrefix>::size_of(N);
    FixedSize::run(&[prefix, body.bytes()]).nesting(body.levels())
}

/// Reads the length before a fixed array of `N` where `C` writes one, and checks it.
#[cfg_attr(not(debug_assertions), inline)]
fn read_array_length<'de, C: Ctx, R: Reader<'de> + ?Sized, const N: usize>(
    r: &mut R,
) -> Result<(), DecodeError> {
    if array_length::<C>() {
        let (offset, len) = read_len::<C, R>(r)?;
        if len != N {
            return Err(length_mismatch(offset, N, len));
        }
    }
    Ok(())
}

#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn length_mismatch(offset: usize, expected: usize, found: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::LengthMismatch {
        offset,
        expected: expected as u64,
        found: found as u64,
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        array_size::<C, T, N>(T::fixed_size::<C::Elem>())
    }
    /// A `std::array` or C array: its length where the conventions write one (YAS),
    /// then the elements of a contiguous sequence (YAS copies enums in `std::array`
    /// and C arrays as raw memory, as in its `std::vector`).
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        if array_length::<C>() {
            write_len::<C, W>(N, w)?;
        }
        T::encode_contiguous::<C::Elem, W>(self, w)
    }
}

/// `N` elements, appended to `v` with `step` (`decode_contiguous` for an array's,
/// `decode_append` for `Fields`'s single values); `start` is where they start, for
/// errors. Elements that may encode to nothing are counted as in a sequence (`[Z; N]`
/// inside a `Vec` would otherwise multiply them).
#[inline]
fn decode_elements<'de, T: Decode<'de>, R: Reader<'de> + ?Sized, const N: usize>(
    start: usize,
    r: &mut R,
    step: impl Fn(usize, &mut R, &mut Vec<T>) -> Result<(), DecodeError>,
) -> Result<[T; N], DecodeError> {
    let mut v = Vec::with_capacity(N);
    if T::MIN_WIRE == 0 {
        let mut c = claim::<T, R>(start, N, Reserve::Nothing, r)?;
        append(&mut c, start, N, r, &mut v, step)?;
    } else {
        step(N, r, &mut v)?;
    }
    match v.try_into() {
        Ok(a) => Ok(a),
        Err(_) => unreachable!("the step pushed exactly N elements"),
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(N);
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        array_size::<C, T, N>(T::fixed_size::<C::Elem>())
    }
    /// A length different from `N` is [`DecodeError::LengthMismatch`].
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        read_array_length::<C, R, N>(r)?;
        decode_elements::<T, R, N>(r.offset(), r, T::decode_contiguous::<C::Elem, R>)
    }
}

/// `N` values one after another, each as a single value, with no length in any layout.
impl<T: Encode, const N: usize> Encode for Fields<[T; N]> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::of(T::fixed_size::<C::Elem>().array::<N>().bytes())
    }
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        T::encode_slice::<C::Elem, W>(&self.0, 0, w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for Fields<[T; N]> {
    const MIN_WIRE: usize = T::MIN_WIRE.saturating_mul(N);
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        let elements = T::fixed_size::<C::Elem>().array::<N>();
        FixedSize::of(elements.bytes()).nesting(elements.levels())
    }
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_elements::<T, R, N>(r.offset(), r, T::decode_append::<C::Elem, R>).map(Fields)
    }
}
