//! A session's reader: the padding, growable records' zeros, error offsets and
//! claimed lengths of the bits, whichever [`Source`] they come from.

use alloc::{borrow::Cow, vec::Vec};

use super::source::{Borrow, Source};
use crate::fast::copy::append_word;
use crate::read::Ledger;
use crate::{DecodeError, Reader};

/// The reader of a bit-packing session over `R`, whose bits come from `S`.
pub(crate) struct BitReader<'a, 'de, R: Reader<'de> + ?Sized, S: Source<'de>> {
    inner: &'a mut R,
    /// The input, and how far the session has read it.
    source: S,
    input: core::marker::PhantomData<&'de [u8]>,
    /// `inner`'s offset where the session starts.
    start: usize,
    /// The session is a growable record's body ([`Session::decode_packed_record`]):
    /// bits past the record's end read as zeros, and its last byte's padding is not
    /// checked.
    ///
    /// [`Session::decode_packed_record`]: crate::ctx::Session::decode_packed_record
    in_record: bool,
}

impl<'a, 'de, R: Reader<'de> + ?Sized, S: Source<'de>> BitReader<'a, 'de, R, S> {
    /// Opens a session on `inner`, which is at a byte boundary, reading from `source`
    /// (a growable record's body if `in_record`).
    #[inline(always)]
    pub(super) fn new(inner: &'a mut R, source: S, in_record: bool) -> Self {
        Self {
            source,
            input: core::marker::PhantomData,
            start: inner.offset(),
            inner,
            in_record,
        }
    }

    /// Runs `f`, an out-of-line path, on a copy of the reader whose source's position
    /// is taken back after ([`Source::restore`]): so that no call takes this reader's
    /// address, and its position can stay in a register on the inline paths.
    #[inline(always)]
    fn detached<T>(&mut self, f: impl FnOnce(&mut BitReader<'_, 'de, R, S>) -> T) -> T {
        let mut copy = BitReader {
            inner: &mut *self.inner,
            source: self.source,
            input: core::marker::PhantomData,
            start: self.start,
            in_record: self.in_record,
        };
        let out = f(&mut copy);
        // `in_record` is as it was: `claimed` sets it back.
        self.source.restore(copy.source);
        out
    }

    /// Closes the session: reads the padding of the last byte, which must be zero bits,
    /// and moves the inner reader past the session.
    ///
    /// # Errors
    /// [`DecodeError::InvalidPadding`].
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), DecodeError> {
        // A record's last bits are not checked: what is left of it, read or not, is
        // skipped when it closes.
        if !self.in_record {
            self.align_bits()?;
        }
        self.source.close(self.inner)
    }

    /// The error for reading `bits` more bits where fewer are left (or the inner
    /// reader's, where a limit ends its input).
    #[cold]
    #[inline(never)]
    fn exhausted(&mut self, bits: usize) -> DecodeError {
        let bit_offset = self.bit_offset();
        match self.source.ended(self.inner) {
            Ok(remaining) => DecodeError::UnexpectedEndOfBits {
                bit_offset,
                needed: bits,
                remaining,
            },
            Err(e) => e,
        }
    }

    /// Reads `bits` bits, at most 56.
    #[inline(always)]
    fn read_short(&mut self, bits: u32) -> Result<u64, DecodeError> {
        debug_assert!(bits <= 56);
        match self.source.take(bits) {
            Some(v) => Ok(v),
            None => self.detached(|r| r.read_past(bits)),
        }
    }

    /// [`read_short`](Self::read_short) where the bits are not at hand: near or past
    /// the input's end, with a growable record's zeros.
    #[inline(never)]
    fn read_past(&mut self, bits: u32) -> Result<u64, DecodeError> {
        match self.source.take_past(self.inner, bits, self.in_record) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(self.exhausted(bits as usize)),
            Err(e) => Err(e),
        }
    }

    /// The input's next `n` whole bytes at a byte boundary, consumed, or `None` to read
    /// them bit by bit (between boundaries, from a stream, or past a record's end).
    /// `Err` if fewer are left.
    #[inline(always)]
    fn take_aligned(&mut self, n: usize) -> Result<Option<&'de [u8]>, DecodeError> {
        match self.source.borrow(n) {
            Borrow::Bytes(bytes) => Ok(Some(bytes)),
            Borrow::Unavailable => Ok(None),
            // Past a record's end: zeros, read bit by bit.
            Borrow::Short if self.in_record => Ok(None),
            // Nothing to take past a growable record's end, where the position counts
            // zeros beyond the input: an older record's missing string reads its length
            // as 0, then no bytes (claimed bytes are read outside record mode).
            Borrow::Short if n == 0 => Ok(Some(&[])),
            Borrow::Short => Err(self.detached(|r| r.exhausted(8 * n))),
        }
    }

    /// Checks, before anything is allocated or read, that the input holds `n` more
    /// whole bytes, where its length is known (a stream's bytes arrive or it ends).
    #[inline]
    fn check_bytes_left(&mut self, n: usize) -> Result<(), DecodeError> {
        let bits = n.saturating_mul(8);
        match self.source.remaining() {
            Some(left) if bits > left => Err(self.detached(|r| r.exhausted(bits))),
            _ => Ok(()),
        }
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
    /// most two stores: as many as the source has in place, then in two reads of 32
    /// bits each. The caller has checked that the input holds them.
    #[inline]
    fn unaligned_words(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        let mut left = self.source.append_words(n, out);
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
        n <= 8 && self.source.misalign() != 0
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
        if !self.in_record {
            if let Some(copied) = self.source.copy_through(self.inner, out) {
                return copied.map_err(|e| match e {
                    // The inner reader took the bytes it had: they are the bits left.
                    DecodeError::UnexpectedEnd { remaining, .. } => {
                        DecodeError::UnexpectedEndOfBits {
                            bit_offset: self.bit_offset(),
                            needed: 8 * out.len(),
                            remaining: 8 * remaining,
                        }
                    }
                    e => e,
                });
            }
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
        if self.source.remaining().is_some() {
            // Where the input's length is known, checked against it before anything is
            // reserved.
            self.check_bytes_left(n)?;
            out.reserve(n);
            return self.unaligned_words(n, out);
        }
        // Else (a stream) the bytes arrive as they are read: allocate for them in steps.
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
        if self.source.remaining().is_some() {
            // As `read_append_general`, allocated at once (not reserved: cheaper).
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
    /// [`DecodeError::CannotBorrow`] (decode a `String` or `Cow<str>`), unless it is
    /// empty: no bytes are needed for it (an older growable record's missing `&str`,
    /// which starts wherever the bits before it end, among them). A stream lends none.
    #[inline]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        match self.take_aligned(n)? {
            Some(bytes) => Ok(bytes),
            None if n == 0 && self.source.remaining().is_some() => Ok(&[]),
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
        self.start + self.source.input_read() / 8
    }

    /// Inside a session, the **bits** left: every value of `MIN_WIRE` `m` takes at
    /// least `m` bits there (a `bool` one, a byte eight), so length claims checked
    /// against it stay sound.
    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        self.source.remaining()
    }

    /// From a stream, in a record: the bits left in it, as `remaining` counts them
    /// from a slice (zeros read past its end leave none).
    #[inline(always)]
    fn claim_bound(&self) -> Option<usize> {
        self.source.claim_bound()
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

    /// The source's own, if it keeps one in bits (a slice: see [`Ledger::in_bits`]);
    /// else the inner reader's, whose memory budget does not depend on units.
    #[inline(always)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        match self.source.ledger() {
            Some(ledger) => Some(ledger),
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
        let padding = self.source.misalign();
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
        self.source.misalign() != 0
    }

    #[inline(always)]
    fn bit_offset(&self) -> usize {
        self.start * 8 + self.source.input_read()
    }
}
