//! Bit-packing sessions: Bitsery's `enableBitPacking`
//! (`details/adapter_bit_packing.h`, `serializer.h`).
//!
//! A `#[packed(bitpack)]` type writes its fields, and everything nested in them, as one
//! stream of bits, padded with zero bits to a byte at its end. Bit `k` of the stream is
//! bit `k mod 8` of byte `k / 8`: values are appended least significant bit first.
//! Inside the session:
//!
//! - a `bool` is one bit, an `Option`'s flag one bit followed by padding to the next
//!   byte (Bitsery's `StdOptional`);
//! - everything else is written as its bytes, each byte as 8 bits at the current bit
//!   offset: strings, sequences, length prefixes and LEB128 integers are **not**
//!   aligned. A number wider than a byte takes the layout's byte order only at a byte
//!   boundary; between boundaries its bits go out little-endian (Bitsery's
//!   `writeBytes` in a session);
//! - the bit codings of fields (`range`, `precision`, `bits`, `entropy`, in
//!   `wire/coded.rs`) write just the bits they need; `align` pads to the next byte.
//!
//! A bit-packed type nested in a session writes into it (Bitsery's `enableBitPacking`
//! inside a session is a no-op), so only the outermost one pads. Decoding mirrors all
//! of it and refuses a set padding bit ([`DecodeError::InvalidPadding`]). Errors about
//! the bits say where they are as a bit offset from the start of the input.
//!
//! [`BitWriter`] and [`BitReader`] are the session's writer and reader. Which one a
//! value sees is chosen by its context ([`Session`]), so a session is opened once, at
//! the outermost bit-packed type.

use alloc::{borrow::Cow, vec::Vec};

use crate::ctx::{Bits, Bytes, Session};
use crate::explain::{PathSeg, Role};
use crate::fast::bits::{append_straddled, near_end, word_at, Lent, Source, Streamed};
use crate::fast::copy::{append_word, le_word};
use crate::read::Ledger;
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

/// The fields of a `#[packed(bitpack)]` type, written inside a bit-packing session:
/// what the derive implements beside `Encode`, whose `encode` opens the session (or
/// joins the one open) and calls this.
pub trait BitPacked {
    /// Writes the fields under `C`, which is inside a session.
    ///
    /// # Errors
    /// As [`Encode::encode`](crate::Encode::encode).
    fn encode_fields<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError>;
}

/// [`BitPacked`] for decoding.
pub trait BitUnpacked<'de>: Sized {
    /// Reads the fields under `C`, which is inside a session.
    ///
    /// # Errors
    /// As [`Decode::decode`](crate::Decode::decode).
    fn decode_fields<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError>;
}

/// Outside a session: open one around the fields, and close it (padding to a byte).
impl Session for Bytes {
    const BIT_PACKING: bool = false;

    #[inline]
    fn encode_packed<C: Ctx, T: BitPacked + ?Sized, W: Writer + ?Sized>(
        value: &T,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let mut bits = BitWriter::new(w);
        value.encode_fields::<C::InBits, BitWriter<'_, W>>(&mut bits)?;
        bits.finish()
    }

    #[inline]
    fn decode_packed<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        // Two readers, so that reading from a slice does not ask, bit after bit,
        // whether it reads from one.
        match r.lend_unread() {
            Some(input) => decode_in::<C, T, R, Lent<'de>>(BitReader::new(r, Lent(input))),
            None => decode_in::<C, T, R, Streamed>(BitReader::new(r, Streamed)),
        }
    }

    #[inline(always)]
    fn decode_packed_record<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        decode_record_session::<C, T, R>(r)
    }
}

/// A growable record's body that is a bit-packing session (a type both
/// `#[packed(growable)]` and `#[packed(bitpack)]`: Bitsery's safe pattern, the session
/// inside the record): opened as outside a session, read as Bitsery reads it
/// ([`BitReader::in_record`]). The record itself is never inside a session
/// (`read_record` refuses that first).
///
/// # Errors
/// As [`Decode::decode`](crate::Decode::decode).
#[inline]
pub fn decode_record_session<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    match r.lend_unread() {
        Some(input) => decode_in::<C, T, R, Lent<'de>>(BitReader::new(r, Lent(input)).in_record()),
        None => decode_in::<C, T, R, Streamed>(BitReader::new(r, Streamed).in_record()),
    }
}

/// Reads a `T`'s fields through `bits` and closes the session.
#[inline(always)]
fn decode_in<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized, S: Source<'de>>(
    mut bits: BitReader<'_, 'de, R, S>,
) -> Result<T, DecodeError> {
    let value = T::decode_fields::<C::InBits, BitReader<'_, 'de, R, S>>(&mut bits)?;
    bits.finish()?;
    Ok(value)
}

/// Inside a session: the fields go on in it.
impl Session for Bits {
    const BIT_PACKING: bool = true;

    #[inline(always)]
    fn encode_packed<C: Ctx, T: BitPacked + ?Sized, W: Writer + ?Sized>(
        value: &T,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        value.encode_fields::<C, W>(w)
    }

    #[inline(always)]
    fn decode_packed<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        T::decode_fields::<C, R>(r)
    }

    /// Not reached: `read_record` refuses a record inside a session before its body.
    #[cold]
    fn decode_packed_record<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        Err(DecodeError::RecordInBitPacking {
            bit_offset: r.bit_offset(),
            type_name: core::any::type_name::<T>(),
        })
    }
}

/// Whether values under `C` are inside a bit-packing session. A constant.
#[inline(always)]
pub(crate) fn in_session<C: Ctx>() -> bool {
    <C::Session as Session>::BIT_PACKING
}

/// Mask of the low `bits` bits (`bits` at most 64).
#[inline(always)]
pub(crate) fn low_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The writer of a bit-packing session over `W`: collects bits least significant
/// first and hands them to `W` as whole bytes, eight at a time (or, if `W` packs bits
/// itself, as `explain`'s recorder does, hands it every write as it comes).
pub struct BitWriter<'a, W: Writer + ?Sized> {
    inner: &'a mut W,
    /// Bits not handed to `inner` yet, the oldest in the lowest bits.
    acc: u64,
    /// How many bits of `acc` are in use: 0 to 63.
    used: u32,
}

impl<'a, W: Writer + ?Sized> BitWriter<'a, W> {
    /// Opens a session on `inner`, which is at a byte boundary.
    #[inline(always)]
    pub(crate) fn new(inner: &'a mut W) -> Self {
        Self {
            inner,
            acc: 0,
            used: 0,
        }
    }

    /// Appends the low `bits` bits of `value`, whose other bits are zero.
    #[inline(always)]
    fn push(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        debug_assert!(bits <= 64 && value & !low_bits(bits) == 0);
        let used = self.used;
        self.acc |= value << used;
        let total = used + bits;
        if total < 64 {
            self.used = total;
            return Ok(());
        }
        let word = self.acc;
        // The bits of `value` that did not fit: its top `total - 64`. In two shifts, so
        // that `used == 0` (all of a 64-bit value fitted) needs no branch.
        self.acc = (value >> 1) >> (63 - used);
        self.used = total - 64;
        self.inner.write_bytes(&word.to_le_bytes())
    }

    /// Hands the whole bytes collected to `inner`; only at a byte boundary.
    #[inline]
    fn flush_bytes(&mut self) -> Result<(), EncodeError> {
        debug_assert!(self.used % 8 == 0);
        let n = (self.used / 8) as usize;
        let word = self.acc;
        self.acc = 0;
        self.used = 0;
        self.inner.write_bytes(&word.to_le_bytes()[..n])
    }

    /// Pads to a byte boundary with zero bits.
    #[inline]
    fn pad(&mut self) -> Result<(), EncodeError> {
        let padding = self.used.wrapping_neg() % 8;
        if padding == 0 {
            return Ok(());
        }
        // The padding bits of `acc` are zero already.
        self.used += padding;
        if self.used == 64 {
            return self.flush_bytes();
        }
        Ok(())
    }

    /// Closes the session: pads the last byte with zero bits and hands it over.
    ///
    /// # Errors
    /// From the inner writer.
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.align_bits();
        }
        self.pad()?;
        if self.used == 0 {
            return Ok(());
        }
        self.flush_bytes()
    }

    /// Appends `bytes` as 8 bits each, more than 8 of them: at a byte boundary in one
    /// piece, else 8 at a time (each one word read, [`le_word`]). Takes the writer's
    /// bits by value and gives them back, so that no call takes the writer's address
    /// and its bits can stay in registers on the inline paths.
    #[inline(never)]
    fn write_long(
        inner: &mut W,
        acc: u64,
        used: u32,
        bytes: &[u8],
    ) -> Result<(u64, u32), EncodeError> {
        let mut w = BitWriter { inner, acc, used };
        if w.used % 8 == 0 {
            w.flush_bytes()?;
            w.inner.write_bytes(bytes)?;
        } else {
            for chunk in bytes.chunks(8) {
                w.push(le_word(chunk), 8 * chunk.len() as u32)?;
            }
        }
        Ok((w.acc, w.used))
    }
}

impl<W: Writer + ?Sized> Writer for BitWriter<'_, W> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_bytes(bytes);
        }
        if bytes.len() > 8 {
            let (acc, used) = Self::write_long(self.inner, self.acc, self.used, bytes)?;
            self.acc = acc;
            self.used = used;
            return Ok(());
        }
        self.push(le_word(bytes), 8 * bytes.len() as u32)
    }

    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_byte(byte);
        }
        self.push(u64::from(byte), 8)
    }

    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.write_bytes(bytes)
    }

    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        self.inner.begin_frame(role);
    }

    #[inline(always)]
    fn end_frame(&mut self) {
        self.inner.end_frame();
    }

    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        self.inner.push_path(seg);
    }

    #[inline(always)]
    fn pop_path(&mut self) {
        self.inner.pop_path();
    }

    #[inline(always)]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_bits(value, bits);
        }
        self.push(value, bits)
    }

    #[inline(always)]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.align_bits();
        }
        self.pad()
    }

    #[inline(always)]
    fn bits_pending(&self) -> bool {
        if self.inner.packs_bits() {
            return self.inner.bits_pending();
        }
        self.used % 8 != 0
    }

    #[inline(always)]
    fn packs_bits(&self) -> bool {
        true
    }

    /// The sink's: whether it watches fields (`explain`'s does). No run or image
    /// reaches a session's writer (numbers have no fixed size inside one); groups of
    /// bit-coded fields are written in one piece where the sink takes runs.
    #[inline(always)]
    fn takes_runs(&self) -> bool {
        self.inner.takes_runs()
    }
}

/// The reader of a bit-packing session over `R`.
///
/// From a slice ([`Lent`]) the reader's only state is its bit position in the input,
/// and its bits are read a word at a time ([`fast::bits`](crate::fast::bits)); where
/// the words are not all in the input (or past a growable record's end) the bytes are
/// gathered one by one ([`read_tail`](Self::read_tail)). The session is skipped on the
/// inner reader when it ends. From a stream ([`Streamed`]) bits are read from a 64-bit
/// accumulator, least significant first, into which bytes are taken one at a time, only
/// as the bits are needed, so nothing past the session's last byte is read.
pub struct BitReader<'a, 'de, R: Reader<'de> + ?Sized, S: Source<'de>> {
    inner: &'a mut R,
    /// Where the bits come from.
    source: S,
    input: core::marker::PhantomData<&'de [u8]>,
    /// From a slice: the bits of the session read so far (past a growable record's
    /// end, with the zeros read there).
    bit: usize,
    /// From a stream: bits taken from the input and not read yet, the oldest in the
    /// lowest bits.
    acc: u64,
    /// From a stream: how many bits of `acc` those are.
    avail: u32,
    /// From a stream: bytes of the session taken into `acc` so far: the session has
    /// read `8 * taken - avail` bits.
    taken: usize,
    /// `inner`'s offset where the session starts.
    start: usize,
    /// From a slice: what the sequences being decoded have promised, in bits (see
    /// [`Ledger::in_bits`]).
    ledger: Ledger,
    /// The session is a growable record's body ([`decode_record_session`]): bits past
    /// the record's end read as zeros, and its last byte's padding is not checked.
    in_record: bool,
    /// In a record from a stream: how many more zero bits may be read past its end
    /// ([`RECORD_ZERO_BITS`]; from a slice the bound is on the position).
    zero_bits_left: usize,
    /// From a stream: zero bytes taken into `acc` past a record's end: not the
    /// input's, so offsets stop where the input does.
    zeros: usize,
    /// A record's session from a stream: the bits of its body, against which claims
    /// are checked as a slice checks them ([`Reader::claim_bound`]).
    record_bits: Option<usize>,
}

/// The zero bits a growable bit-packed record may be read past its end: the fields an
/// older record lacks, up to 512 bytes of them. A bound, so that hostile input (a
/// record whose fields claim many elements, each read past its end from a stream, which
/// does not know its length) costs time and memory in proportion to its bytes.
pub const RECORD_ZERO_BITS: usize = 4096;

impl<'a, 'de, R: Reader<'de> + ?Sized, S: Source<'de>> BitReader<'a, 'de, R, S> {
    /// Opens a session on `inner`, which is at a byte boundary, reading from `source`.
    #[inline(always)]
    pub(crate) fn new(inner: &'a mut R, source: S) -> Self {
        Self {
            source,
            input: core::marker::PhantomData,
            start: inner.offset(),
            ledger: Ledger::in_bits(inner.ledger()),
            inner,
            bit: 0,
            acc: 0,
            avail: 0,
            taken: 0,
            in_record: false,
            zero_bits_left: 0,
            zeros: 0,
            record_bits: None,
        }
    }

    /// The session of a growable record's body, as Bitsery reads one: the reader's
    /// fields go on past the end of an older record's bits, reading zeros there (the
    /// fields it lacks: 0, the range's minimum, `false`, `None`, empty), and the bits
    /// after the reader's fields in the record's last byte may be a newer version's
    /// fields, so they are not checked as padding.
    #[inline(always)]
    fn in_record(mut self) -> Self {
        self.in_record = true;
        self.zero_bits_left = RECORD_ZERO_BITS;
        if self.source.lent().is_none() {
            self.record_bits = self.inner.claim_bound().map(|b| b.saturating_mul(8));
        }
        self
    }

    /// Runs `f`, an out-of-line path, on a copy of the reader whose state is copied
    /// back after: so that no call takes this reader's address, and its state (from a
    /// slice, its position) can stay in registers on the inline paths.
    #[inline(always)]
    fn detached<T>(&mut self, f: impl FnOnce(&mut BitReader<'_, 'de, R, S>) -> T) -> T {
        // From a slice, the accumulator's fields are not used: they are not copied, so
        // that the copies stay small enough for the derived `decode_fields` to be
        // inlined still.
        let (acc, avail, taken, zero_bits_left, zeros) = if S::LENT {
            (0, 0, 0, 0, 0)
        } else {
            (
                self.acc,
                self.avail,
                self.taken,
                self.zero_bits_left,
                self.zeros,
            )
        };
        let mut copy = BitReader {
            inner: &mut *self.inner,
            source: self.source,
            input: core::marker::PhantomData,
            bit: self.bit,
            acc,
            avail,
            taken,
            start: self.start,
            ledger: self.ledger,
            in_record: self.in_record,
            zero_bits_left,
            zeros,
            record_bits: self.record_bits,
        };
        let out = f(&mut copy);
        let BitReader {
            bit,
            acc,
            avail,
            taken,
            ledger,
            in_record,
            zero_bits_left,
            zeros,
            ..
        } = copy;
        self.bit = bit;
        self.ledger = ledger;
        self.in_record = in_record;
        if !S::LENT {
            self.acc = acc;
            self.avail = avail;
            self.taken = taken;
            self.zero_bits_left = zero_bits_left;
            self.zeros = zeros;
        }
        out
    }

    /// Bits of the session read so far.
    #[inline(always)]
    fn pos(&self) -> usize {
        if S::LENT {
            self.bit
        } else {
            8 * self.taken - self.avail as usize
        }
    }

    /// The bits read up to the next byte boundary: 0 at one.
    #[inline(always)]
    fn misalign(&self) -> u32 {
        if S::LENT {
            (self.bit.wrapping_neg() % 8) as u32
        } else {
            self.avail % 8
        }
    }

    /// The bytes of the session taken from the input, which past a growable record's
    /// end the session's position is not: where offsets stop.
    #[inline(always)]
    fn input_taken(&self) -> usize {
        match self.source.lent() {
            Some(input) => input.len(),
            None => self.taken - self.zeros,
        }
    }

    /// Closes the session: reads the padding of the last byte, which must be zero bits,
    /// and moves the inner reader past the session.
    ///
    /// # Errors
    /// [`DecodeError::InvalidPadding`].
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), DecodeError> {
        if self.in_record {
            // What is left of the record, read or not, is skipped when it closes.
            if let Some(input) = self.source.lent() {
                self.inner
                    .borrow_bytes(self.pos().div_ceil(8).min(input.len()))?;
            }
            return Ok(());
        }
        self.align_bits()?;
        if self.source.lent().is_some() {
            self.inner.borrow_bytes(self.pos() / 8)?;
        }
        Ok(())
    }

    /// The error for reading `bits` more bits where fewer are left. From a slice
    /// limited by [`Limits::max_bytes`](crate::Limits::max_bytes), the inner reader's
    /// own error, which says so.
    #[cold]
    #[inline(never)]
    fn exhausted(&mut self, bits: usize) -> DecodeError {
        let bit_offset = self.bit_offset();
        let remaining = match self.source.lent() {
            Some(input) => {
                // Past a growable record's end the session has read zeros that are
                // not the input's: nothing of it is left.
                let left = (input.len() * 8).saturating_sub(self.pos());
                if self.inner.borrow_bytes(input.len()).is_ok() {
                    if let Err(e @ DecodeError::ByteLimitExceeded { .. }) = self.inner.read_byte() {
                        return e;
                    }
                }
                left
            }
            None => self.avail as usize,
        };
        DecodeError::UnexpectedEndOfBits {
            bit_offset,
            needed: bits,
            remaining,
        }
    }

    /// From a stream: takes bytes into `acc`, one at a time, until it holds at least
    /// `bits` bits (at most 56). `Err` if the input ends first.
    #[inline(never)]
    fn refill(&mut self, bits: u32) -> Result<(), DecodeError> {
        debug_assert!(bits <= 56 && self.avail < bits && !S::LENT);
        while self.avail < bits {
            let byte = match self.inner.read_byte() {
                Ok(b) => Some(b),
                Err(DecodeError::UnexpectedEnd { .. }) => None,
                Err(e) => return Err(e),
            };
            let byte = match byte {
                Some(byte) => byte,
                None if self.in_record && self.zero_bits_left >= 8 => {
                    self.zero_bits_left -= 8;
                    self.zeros += 1;
                    0
                }
                None => return Err(self.exhausted(bits as usize)),
            };
            self.acc |= u64::from(byte) << self.avail;
            self.taken += 1;
            self.avail += 8;
        }
        Ok(())
    }

    /// Reads `bits` bits, at most 56.
    #[inline(always)]
    fn read_short(&mut self, bits: u32) -> Result<u64, DecodeError> {
        debug_assert!(bits <= 56);
        if let Some(input) = self.source.lent() {
            let pos = self.bit;
            // The 8 bytes from the position's byte hold its bit and the 56 after it at
            // least; Bitsery's order, least significant bit first.
            if let Some(word) = word_at(input, pos / 8) {
                self.bit = pos + bits as usize;
                return Ok(u64::from_le_bytes(*word) >> (pos % 8) & low_bits(bits));
            }
            if let Some(v) = near_end(input, pos, bits) {
                self.bit = pos + bits as usize;
                return Ok(v);
            }
            return self.detached(|r| r.read_tail(bits));
        }
        if self.avail < bits {
            self.detached(|r| r.refill(bits))?;
        }
        let v = self.acc & low_bits(bits);
        // `bits` may be 0; it is below 64, so the shift is defined.
        self.acc >>= bits;
        self.avail -= bits;
        Ok(v)
    }

    /// From a slice, [`read_short`](Self::read_short) within 8 bytes of the input's
    /// end: the bytes that are left, and past a growable record's end zeros, up to
    /// [`RECORD_ZERO_BITS`] of them. `Err` if the input ends first.
    #[inline(never)]
    fn read_tail(&mut self, bits: u32) -> Result<u64, DecodeError> {
        let input = self.source.lent().unwrap_or_default();
        let pos = self.bit;
        let end = pos + bits as usize;
        let zeros = if self.in_record { RECORD_ZERO_BITS } else { 0 };
        // As a stream takes bytes, a byte at a time: the read may end in the byte the
        // budget's last zero bit is in, or in the byte the position is in (the rest of
        // a byte of zeros is read as zeros when the record's zeros are turned off,
        // [`claimed`](Self::claimed)).
        if end.div_ceil(8) > (input.len() + zeros / 8).max(pos.div_ceil(8)) {
            return Err(self.exhausted(bits as usize));
        }
        let rest = input.get(pos / 8..).unwrap_or_default();
        let word = le_word(rest.get(..8).unwrap_or(rest));
        self.bit = end;
        Ok(word >> (pos % 8) & low_bits(bits))
    }

    /// The lent input's next `n` whole bytes at a byte boundary, consumed, or `None`
    /// to read them bit by bit (between boundaries, or from a stream). `Err` if fewer
    /// are left.
    #[inline(always)]
    fn take_aligned(&mut self, n: usize) -> Result<Option<&'de [u8]>, DecodeError> {
        let Some(input) = self.source.lent() else {
            return Ok(None);
        };
        if self.bit % 8 != 0 {
            return Ok(None);
        }
        let at = self.bit / 8;
        match input.get(at..).and_then(|rest| rest.get(..n)) {
            Some(bytes) => {
                self.bit += 8 * n;
                Ok(Some(bytes))
            }
            // Past a record's end: zeros, read bit by bit.
            None if self.in_record => Ok(None),
            // Nothing to take past a growable record's end, where `at` counts zeros
            // beyond the input: an older record's missing string reads its length as
            // 0, then no bytes (claimed bytes are read outside record mode).
            None if n == 0 => Ok(Some(&[])),
            None => Err(self.detached(|r| r.exhausted(8 * n))),
        }
    }

    /// Checks, before anything is allocated or read, that the lent input holds `n`
    /// more whole bytes (a stream is not checked: its bytes arrive or it ends).
    #[inline]
    fn check_bytes_left(&mut self, n: usize) -> Result<(), DecodeError> {
        if let Some(input) = self.source.lent() {
            if n.saturating_mul(8) > (input.len() * 8).saturating_sub(self.pos()) {
                return Err(self.detached(|r| r.exhausted(n.saturating_mul(8))));
            }
        }
        Ok(())
    }

    /// `read` with a record's zeros past its end turned off: for bytes a length claims
    /// (a string's, a byte vector's), which an older record's missing field never has
    /// (its length reads as 0), so a claim past the end is an error, as outside a
    /// record, never a run of zeros as long as the claim.
    #[inline(always)]
    fn claimed<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let in_record = core::mem::replace(&mut self.in_record, false);
        let r = read(self);
        self.in_record = in_record;
        r
    }

    /// Hands the next `n` whole bytes between byte boundaries to `sink`, up to 7 at a
    /// time (each chunk one read of at most 56 bits), after checking that the input
    /// holds them all.
    #[inline]
    fn unaligned_bytes(
        &mut self,
        n: usize,
        mut sink: impl FnMut(&[u8]),
    ) -> Result<(), DecodeError> {
        // In a record, bytes past its end are zeros: `n` is a fixed size there (claimed
        // bytes are read outside record mode).
        if !self.in_record {
            self.check_bytes_left(n)?;
        }
        let mut left = n;
        while left > 0 {
            let k = left.min(7);
            let word = self.read_short(8 * k as u32)?.to_le_bytes();
            sink(&word[..k]);
            left -= k;
        }
        Ok(())
    }

    /// Appends the next `n` bytes between byte boundaries to `out` (which has room for
    /// them), 8 at a time (one word store each), the last up to 7 in one read and at
    /// most two stores. From a slice, 8 bytes are taken from the 9 they straddle while
    /// the input holds 9; else in two reads of 32 bits. The caller has checked that
    /// the input holds them.
    #[inline]
    fn unaligned_words(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        let mut left = n;
        if let Some(input) = self.source.lent() {
            (self.bit, left) = append_straddled(input, self.bit, left, out);
        }
        while left >= 8 {
            let low = self.read_short(32)?;
            let high = self.read_short(32)?;
            append_word(out, low | high << 32, 8);
            left -= 8;
        }
        if left > 0 {
            let word = self.read_short(8 * left as u32)?;
            append_word(out, word, left);
        }
        Ok(())
    }
}

impl<'de, R: Reader<'de> + ?Sized, S: Source<'de>> BitReader<'_, 'de, R, S> {
    /// Whether the next `n` bytes are at most 8 and lie between byte boundaries, where
    /// [`short_unaligned`](Self::short_unaligned) reads them: the bytes of a plain
    /// number or of a short string inside a session.
    #[inline(always)]
    fn is_short_unaligned(&self, n: usize) -> bool {
        n <= 8 && self.misalign() != 0
    }

    /// The next `n` bytes (at most 8), between byte boundaries, as a little-endian
    /// word: what [`unaligned_bytes`](Self::unaligned_bytes) reads, with the same
    /// errors, in one read of the accumulator (two for 8 bytes). Up to 7 bytes need no
    /// check against the input first: the one read fails, at the same bit offset and
    /// asking for the same bits, where the check would.
    #[inline(always)]
    fn short_unaligned(&mut self, n: usize) -> Result<u64, DecodeError> {
        debug_assert!(n <= 8);
        if n < 8 {
            return self.read_short(8 * n as u32);
        }
        if !self.in_record {
            self.check_bytes_left(8)?;
        }
        // As `unaligned_bytes` takes them: 7 bytes, then 1.
        let low = self.read_short(56)?;
        let high = self.read_short(8)?;
        Ok(low | high << 56)
    }

    /// [`Reader::read_into`] for all but the short unaligned reads.
    #[inline(never)]
    fn read_into_general(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        if let Some(bytes) = self.take_aligned(out.len())? {
            out.copy_from_slice(bytes);
            return Ok(());
        }
        if self.source.lent().is_none() && self.avail == 0 && !self.in_record {
            // A stream at a byte boundary: the inner reader's bytes are the session's.
            return match self.inner.read_into(out) {
                Ok(()) => {
                    self.taken += out.len();
                    Ok(())
                }
                // The inner reader took the bytes it had: they are the bits left.
                Err(DecodeError::UnexpectedEnd { remaining, .. }) => {
                    Err(DecodeError::UnexpectedEndOfBits {
                        bit_offset: self.bit_offset(),
                        needed: 8 * out.len(),
                        remaining: 8 * remaining,
                    })
                }
                Err(e) => Err(e),
            };
        }
        let mut at = 0;
        self.unaligned_bytes(out.len(), |chunk| {
            out[at..at + chunk.len()].copy_from_slice(chunk);
            at += chunk.len();
        })
    }

    /// [`Reader::read_append`] for all but short strings between byte boundaries.
    #[inline(never)]
    fn read_append_general(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        if self.in_record {
            return self.claimed(|r| r.read_append(n, out));
        }
        if let Some(bytes) = self.take_aligned(n)? {
            out.extend_from_slice(bytes);
            return Ok(());
        }
        if self.source.lent().is_some() {
            // Checked against the input before anything is reserved.
            self.check_bytes_left(n)?;
            out.reserve(n);
            return self.unaligned_words(n, out);
        }
        // A stream's bytes arrive as they are read: allocate for them in steps.
        const CHUNK: usize = 64 * 1024;
        let mut left = n;
        while left > 0 {
            let step = left.min(CHUNK);
            let start = out.len();
            out.resize(start + step, 0);
            self.read_into(&mut out[start..])?;
            left -= step;
        }
        Ok(())
    }

    /// [`Reader::read_cow`] for all but short strings between byte boundaries.
    #[inline(never)]
    fn read_cow_general(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        if self.in_record {
            return self.claimed(|r| r.read_cow(n));
        }
        if let Some(bytes) = self.take_aligned(n)? {
            return Ok(Cow::Borrowed(bytes));
        }
        if self.source.lent().is_some() {
            // Checked against the input before anything is allocated.
            self.check_bytes_left(n)?;
            let mut v = Vec::with_capacity(n);
            self.unaligned_words(n, &mut v)?;
            return Ok(Cow::Owned(v));
        }
        let mut v = Vec::new();
        self.read_append(n, &mut v)?;
        Ok(Cow::Owned(v))
    }
}

impl<'de, R: Reader<'de> + ?Sized, S: Source<'de>> Reader<'de> for BitReader<'_, 'de, R, S> {
    /// The bytes of a number between byte boundaries in one read of the accumulator,
    /// the rest out of line.
    #[inline(always)]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        if self.is_short_unaligned(out.len()) {
            let word = self.short_unaligned(out.len())?.to_le_bytes();
            out.copy_from_slice(&word[..out.len()]);
            return Ok(());
        }
        self.detached(|r| r.read_into_general(out))
    }

    #[inline(always)]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.read_short(8)? as u8)
    }

    /// Borrows at a byte boundary of a slice's session; between boundaries the bytes
    /// are not in the input as they are, so a `&str` or `&[u8]` there is
    /// [`DecodeError::CannotBorrow`] (decode a `String` or `Cow<str>`).
    #[inline]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        match self.take_aligned(n)? {
            Some(bytes) => Ok(bytes),
            None => Err(DecodeError::CannotBorrow {
                offset: self.offset(),
            }),
        }
    }

    /// A short string's bytes between byte boundaries in one read of the accumulator,
    /// the rest out of line.
    #[inline(always)]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        if self.is_short_unaligned(n) && !self.in_record {
            let word = self.short_unaligned(n)?;
            append_word(out, word, n);
            return Ok(());
        }
        self.detached(|r| r.read_append_general(n, out))
    }

    /// As [`read_append`](Reader::read_append): an owned copy of a short string's
    /// bytes between byte boundaries, read before it is allocated.
    #[inline(always)]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        if self.is_short_unaligned(n) && !self.in_record {
            let word = self.short_unaligned(n)?;
            // Room for 8, which an allocator gives a shorter string anyway: the word
            // goes in with one store, from which a string's UTF-8 check then reads
            // (two overlapping stores, for 4 to 7 bytes, would make its loads wait for
            // both to reach the cache).
            let mut v = Vec::with_capacity(8);
            append_word(&mut v, word, n);
            return Ok(Cow::Owned(v));
        }
        self.detached(|r| r.read_cow_general(n))
    }

    #[inline(always)]
    fn offset(&self) -> usize {
        self.start + (self.pos() / 8).min(self.input_taken())
    }

    /// Inside a session, the **bits** left: every value of `MIN_WIRE` `m` takes at
    /// least `m` bits there (a `bool` one, a byte eight), so length claims checked
    /// against it stay sound.
    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        self.source
            .lent()
            .map(|input| (input.len() * 8).saturating_sub(self.pos()))
    }

    /// From a stream, in a record: the bits left in it, as `remaining` counts them
    /// from a slice (zeros read past its end leave none).
    #[inline(always)]
    fn claim_bound(&self) -> Option<usize> {
        self.record_bits.map(|bits| bits.saturating_sub(self.pos()))
    }

    #[inline(always)]
    fn enter(&mut self) -> Result<(), DecodeError> {
        // The inner reader's offset is where it stands, which for a slice is the
        // session's start (or the last word taken): the level starts at this
        // reader's offset.
        self.inner.enter().map_err(|e| match e {
            DecodeError::DepthLimitExceeded { limit, .. } => DecodeError::DepthLimitExceeded {
                offset: self.offset(),
                limit,
            },
            other => other,
        })
    }

    #[inline(always)]
    fn leave(&mut self) {
        self.inner.leave();
    }

    #[inline]
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.inner.check_zero_width(offset, n)
    }

    #[inline]
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.inner.count_zero_width(offset)
    }

    /// From a slice, the session's own, in bits (see [`Ledger::in_bits`]); from a
    /// stream, the inner reader's, whose memory budget does not depend on units.
    #[inline(always)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        match self.source.lent() {
            Some(_) => Some(&mut self.ledger),
            None => self.inner.ledger(),
        }
    }

    #[inline(always)]
    fn read_bits(&mut self, bits: u32) -> Result<u64, DecodeError> {
        if bits <= 56 {
            return self.read_short(bits);
        }
        // Wider: the low 32 bits, then the rest.
        let low = self.read_short(32)?;
        let high = self.read_short(bits - 32)?;
        Ok(low | high << 32)
    }

    #[inline]
    fn align_bits(&mut self) -> Result<(), DecodeError> {
        let padding = self.misalign();
        if padding == 0 {
            return Ok(());
        }
        let bit_offset = self.bit_offset();
        if self.read_short(padding)? != 0 {
            return Err(DecodeError::InvalidPadding { bit_offset });
        }
        Ok(())
    }

    #[inline(always)]
    fn bits_pending(&self) -> bool {
        self.misalign() != 0
    }

    #[inline(always)]
    fn bit_offset(&self) -> usize {
        self.start * 8 + self.pos().min(8 * self.input_taken())
    }
}

#[cfg(test)]
mod tests {
    use alloc::{vec, vec::Vec};

    use super::{BitReader, BitWriter};
    use crate::fast::bits::{Lent, Streamed};
    use crate::{DecodeError, Reader, SliceReader, Writer};

    /// The writer's bits are the reader's, at every width and offset, and the
    /// session's last byte is padded with zero bits.
    #[test]
    fn bits_round_trip_at_every_offset() {
        for lead in 0..64u32 {
            for width in 0..=64u32 {
                let value = 0xA5C3_96F0_0F69_3C5Au64 & super::low_bits(width);
                let mut out = Vec::new();
                let mut w = BitWriter::new(&mut out);
                w.write_bits(u64::from(lead > 0), lead.min(1)).unwrap();
                w.write_bits(0, lead.saturating_sub(1)).unwrap();
                w.write_bits(value, width).unwrap();
                w.write_bytes(&[0xEE; 11]).unwrap();
                w.finish().unwrap();
                let bits = lead + width + 88;
                assert_eq!(out.len(), bits.div_ceil(8) as usize, "{lead} {width}");
                let mut r = SliceReader::new(&out);
                let mut br = BitReader::new(&mut r, Lent(&out));
                assert_eq!(br.read_bits(lead).unwrap(), u64::from(lead > 0));
                assert_eq!(br.read_bits(width).unwrap(), value, "{lead} {width}");
                let mut tail = [0u8; 11];
                br.read_into(&mut tail).unwrap();
                assert_eq!(tail, [0xEE; 11]);
                br.finish().unwrap();
                assert!(r.rest().is_empty());
            }
        }
    }

    /// A reader that lends nothing, as a stream: the session reads it byte by byte.
    struct Unlent<'de>(SliceReader<'de>);

    impl<'de> Reader<'de> for Unlent<'de> {
        fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
            self.0.read_into(out)
        }
        fn borrow_bytes(&mut self, _n: usize) -> Result<&'de [u8], DecodeError> {
            Err(DecodeError::CannotBorrow {
                offset: self.0.offset(),
            })
        }
        fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
            self.0.read_append(n, out)
        }
        fn offset(&self) -> usize {
            self.0.offset()
        }
        fn remaining(&self) -> Option<usize> {
            None
        }
        fn enter(&mut self) -> Result<(), DecodeError> {
            Ok(())
        }
        fn leave(&mut self) {}
    }

    /// Byte strings of every length up to 40 at every bit offset: written through the
    /// short-word and the long paths, read back through every byte-reading method
    /// (from a slice: whole words, then the input's last 8 bytes, then what is left of
    /// them), from a slice and from a stream, which then stops at the session's last
    /// byte.
    #[test]
    fn bytes_at_every_offset() {
        for lead in 0..8u32 {
            for n in 0..=40usize {
                let data: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(37) ^ 0x5A).collect();
                let mut out = Vec::new();
                let mut w = BitWriter::new(&mut out);
                w.write_bits(0b101 & super::low_bits(lead), lead).unwrap();
                w.write_bytes(&data).unwrap();
                w.write_bits(1, 1).unwrap();
                w.finish().unwrap();
                // A byte after the session, which it must not take.
                out.push(0xC3);
                let check = |r: &mut dyn FnMut() -> (Vec<u8>, Vec<u8>, Vec<u8>)| {
                    let (a, b, c) = r();
                    assert_eq!((&a, &b, &c), (&data, &data, &data), "lead {lead} n {n}");
                };
                check(&mut || {
                    let mut r = SliceReader::new(&out);
                    let mut br = BitReader::new(&mut r, Lent(&out));
                    br.read_bits(lead).unwrap();
                    let mut a = vec![0u8; n];
                    br.read_into(&mut a).unwrap();
                    assert_eq!(br.read_bits(1).unwrap(), 1);
                    br.finish().unwrap();
                    assert_eq!(r.rest(), [0xC3]);
                    let mut r = SliceReader::new(&out);
                    let mut br = BitReader::new(&mut r, Lent(&out));
                    br.read_bits(lead).unwrap();
                    let mut b = Vec::new();
                    br.read_append(n, &mut b).unwrap();
                    assert!(br.read_cow(0).unwrap().is_empty());
                    let mut r = SliceReader::new(&out);
                    let mut br = BitReader::new(&mut r, Lent(&out));
                    br.read_bits(lead).unwrap();
                    let c = br.read_cow(n).unwrap().into_owned();
                    assert_eq!(br.read_bits(1).unwrap(), 1);
                    br.finish().unwrap();
                    (a, b, c)
                });
                check(&mut || {
                    let mut r = Unlent(SliceReader::new(&out));
                    let mut br = BitReader::new(&mut r, Streamed);
                    br.read_bits(lead).unwrap();
                    let c = br.read_cow(n).unwrap().into_owned();
                    assert_eq!(br.read_bits(1).unwrap(), 1);
                    br.finish().unwrap();
                    assert_eq!(r.0.rest(), [0xC3]);
                    (c.clone(), c.clone(), c)
                });
            }
        }
    }

    /// A set padding bit at the session's end is an error at its bit offset.
    #[test]
    fn set_padding_is_refused() {
        let input = [0b0000_0101];
        let mut r = SliceReader::new(&input);
        let mut br = BitReader::new(&mut r, Lent(&input));
        assert_eq!(br.read_bits(1).unwrap(), 1);
        assert_eq!(
            br.finish(),
            Err(DecodeError::InvalidPadding { bit_offset: 1 })
        );
    }
}
