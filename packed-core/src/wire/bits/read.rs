//! A session's reader: the padding, growable records' zeros and error offsets of the
//! bits, from either source.

use alloc::{borrow::Cow, vec::Vec};

use super::{low_bits, RECORD_ZERO_BITS};
use crate::fast::bits::{append_straddled, near_end, word_at, Source};
use crate::fast::copy::{append_word, le_word};
use crate::read::Ledger;
use crate::{DecodeError, Reader};

/// The reader of a bit-packing session over `R`.
///
/// From a slice ([`Lent`](crate::fast::bits::Lent)) the reader's only state is its bit position in the input,
/// and its bits are read a word at a time ([`fast::bits`](crate::fast::bits)); where
/// the words are not all in the input (or past a growable record's end) the bytes are
/// gathered one by one ([`read_tail`](Self::read_tail)). The session is skipped on the
/// inner reader when it ends. From a stream ([`Streamed`](crate::fast::bits::Streamed)) bits are read from a 64-bit
/// accumulator, least significant first, into which bytes are taken one at a time, only
/// as the bits are needed, so nothing past the session's last byte is read.
pub(crate) struct BitReader<'a, 'de, R: Reader<'de> + ?Sized, S: Source<'de>> {
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
    /// The session is a growable record's body ([`decode_record_session`](super::decode_record_session)): bits past
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
    pub(super) fn in_record(mut self) -> Self {
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
