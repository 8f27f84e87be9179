//! A bit-packing session's bits from a lent slice: a word at a time, not a byte.
//!
//! `wire/bits/` says what a session's bits are, and reads them from a stream the one
//! way every input allows: the inner reader's bytes taken into an accumulator one at a
//! time, as the bits are needed (`wire/bits/stream.rs`). A slice lends its whole input
//! instead ([`Reader::lend_unread`](crate::Reader)), and its session's [`Source`] is
//! then [`Lent`], whose state is its bit position in that input (and the session's
//! ledger), which stays in a register:
//!
//! - `n` bits are one load of the 8 bytes from the position's byte, shifted and masked
//!   ([`Lent::take`]), where they are all in the input;
//! - within the input's last 8 bytes, one load of those ([`near_end`]); past them, and
//!   past a growable record's end, the bytes that are left and the record's zeros, as a
//!   stream would take them ([`Lent::take_past`], out of line);
//! - bytes at a byte boundary are borrowed from the input, and a long run of bytes
//!   between boundaries is taken 8 bytes at a time from the 9 they straddle
//!   ([`Lent::append_words`]);
//! - the inner reader stays at the session's start until it closes, and then skips the
//!   bytes read ([`Lent::close`]).
//!
//! The bits are the same as from a stream, and so are the errors, which the reader
//! makes (the tests of `wire/bits/` and `tests/parity.rs` compare the two).

use alloc::vec::Vec;

use crate::fast::copy::{append_word, le_word};
use crate::read::Ledger;
use crate::wire::bits::{low_bits, Borrow, Source, RECORD_ZERO_BITS};
use crate::{DecodeError, Reader};

/// A slice's input, lent from the session's first byte, and the session's position in
/// it.
#[derive(Clone, Copy)]
pub(crate) struct Lent<'de> {
    input: &'de [u8],
    /// The bits of the session read so far (past a growable record's end, with the
    /// zeros read there).
    bit: usize,
    /// What the sequences being decoded have promised, in bits: the session's own, since
    /// its `remaining` counts bits (see [`Ledger::in_bits`]).
    ledger: Ledger,
}

impl<'de> Lent<'de> {
    /// At the start of `input`, inside the sequences of `outer`'s ledger.
    #[inline(always)]
    pub(crate) fn new(input: &'de [u8], outer: Option<&mut Ledger>) -> Self {
        Self {
            input,
            bit: 0,
            ledger: Ledger::in_bits(outer),
        }
    }
}

impl<'de> Source<'de> for Lent<'de> {
    #[inline(always)]
    fn misalign(&self) -> u32 {
        (self.bit.wrapping_neg() % 8) as u32
    }

    #[inline(always)]
    fn input_read(&self) -> usize {
        self.bit.min(8 * self.input.len())
    }

    /// Zeros read past a growable record's end leave none.
    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        Some((self.input.len() * 8).saturating_sub(self.bit))
    }

    /// None: `remaining` bounds claims.
    #[inline(always)]
    fn claim_bound(&self) -> Option<usize> {
        None
    }

    #[inline(always)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        Some(&mut self.ledger)
    }

    /// The 8 bytes from the position's byte hold its bit and the 56 after it at least:
    /// one load, where they are all in the input.
    #[inline(always)]
    fn take(&mut self, bits: u32) -> Option<u64> {
        let pos = self.bit;
        // `at + 8` cannot overflow, `at` being a bit position divided by 8: one
        // comparison with the input's length.
        let at = pos / 8;
        let word = self
            .input
            .get(at..at + 8)
            .and_then(<[u8]>::first_chunk::<8>)?;
        self.bit = pos + bits as usize;
        Some(u64::from_le_bytes(*word) >> (pos % 8) & low_bits(bits))
    }

    /// Within the input's last 8 bytes, one load of those; past them, the bytes that
    /// are left and the record's zeros, gathered within the bounds a stream takes them
    /// in, a byte at a time: the read may end in the byte the budget's last zero bit is
    /// in, or in the byte the position is in (the rest of a byte of zeros is read as
    /// zeros when the record's zeros are turned off for claimed bytes).
    #[inline(always)]
    fn take_past<R: Reader<'de> + ?Sized>(
        &mut self,
        _inner: &mut R,
        bits: u32,
        zeros: bool,
    ) -> Result<Option<u64>, DecodeError> {
        let pos = self.bit;
        let end = pos + bits as usize;
        if let Some(v) = near_end(self.input, pos, bits) {
            self.bit = end;
            return Ok(Some(v));
        }
        let zeros = if zeros { RECORD_ZERO_BITS } else { 0 };
        if end.div_ceil(8) > (self.input.len() + zeros / 8).max(pos.div_ceil(8)) {
            return Ok(None);
        }
        let rest = self.input.get(pos / 8..).unwrap_or_default();
        let word = le_word(rest.get(..8).unwrap_or(rest));
        self.bit = end;
        Ok(Some(word >> (pos % 8) & low_bits(bits)))
    }

    /// At a byte boundary, the input's bytes there.
    #[inline(always)]
    fn borrow(&mut self, n: usize) -> Borrow<'de> {
        if self.bit % 8 != 0 {
            return Borrow::Unavailable;
        }
        let at = self.bit / 8;
        match self.input.get(at..).and_then(|rest| rest.get(..n)) {
            Some(bytes) => {
                self.bit += 8 * n;
                Borrow::Bytes(bytes)
            }
            None => Borrow::Short,
        }
    }

    /// None: a slice's bytes are borrowed.
    #[inline(always)]
    fn copy_through<R: Reader<'de> + ?Sized>(
        &mut self,
        _inner: &mut R,
        _out: &mut [u8],
    ) -> Option<Result<(), DecodeError>> {
        None
    }

    /// Each word from the 9 bytes it straddles (one load of 8, one of the ninth: not
    /// two reads of 32 bits), while the input holds the ninth.
    #[inline(always)]
    fn append_words(&mut self, mut left: usize, out: &mut Vec<u8>) -> usize {
        let bit = self.bit % 8;
        let mut at = self.bit / 8;
        while left >= 8 {
            let (Some(word), Some(&ninth)) = (
                self.input
                    .get(at..at + 8)
                    .and_then(<[u8]>::first_chunk::<8>),
                self.input.get(at + 8),
            ) else {
                break;
            };
            // The word's bits from the position's, then the ninth byte's low ones (in
            // two shifts, so that a position at a boundary takes none).
            let bytes = u64::from_le_bytes(*word) >> bit | (u64::from(ninth) << 1) << (63 - bit);
            append_word(out, bytes, 8);
            at += 8;
            left -= 8;
        }
        self.bit = 8 * at + bit;
        left
    }

    /// The input's unread bits; the inner reader is asked for the byte after the
    /// input, which it refuses with its limit's error if a limit cut the input short.
    #[inline(always)]
    fn ended<R: Reader<'de> + ?Sized>(&self, inner: &mut R) -> Result<usize, DecodeError> {
        let left = (self.input.len() * 8).saturating_sub(self.bit);
        if inner.borrow_bytes(self.input.len()).is_ok() {
            if let Err(e @ DecodeError::ByteLimitExceeded { .. }) = inner.read_byte() {
                return Err(e);
            }
        }
        Ok(left)
    }

    #[inline(always)]
    fn restore(&mut self, copy: Self) {
        debug_assert!(
            copy.ledger.promised == self.ledger.promised && copy.ledger.ahead == self.ledger.ahead
        );
        self.bit = copy.bit;
    }

    /// The inner reader still stands at the session's start: it skips the bytes the
    /// session read (the input's, not a record's zeros after it).
    #[inline(always)]
    fn close<R: Reader<'de> + ?Sized>(self, inner: &mut R) -> Result<(), DecodeError> {
        inner.borrow_bytes(self.bit.div_ceil(8).min(self.input.len()))?;
        Ok(())
    }
}

/// `bits` bits (at most 56) at bit `pos` within the last 8 bytes of an input of 8
/// bytes or more: the last 8 bytes in one load, shifted. `None` where the bits are not
/// all in the input (or the input is shorter).
#[inline(always)]
fn near_end(input: &[u8], pos: usize, bits: u32) -> Option<u64> {
    let last = input.last_chunk::<8>()?;
    // The bit of the position in those 8 bytes: below 64 where the position is in the
    // input.
    let shift = pos.checked_sub(8 * (input.len() - 8))?;
    if shift >= 64 || pos + bits as usize > 8 * input.len() {
        return None;
    }
    Some(u64::from_le_bytes(*last) >> shift & low_bits(bits))
}
