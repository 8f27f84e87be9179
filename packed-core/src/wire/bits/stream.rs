//! A session's bits from a stream: bytes taken from the inner reader one at a time, only
//! as the bits are needed, so that nothing past the session's last byte is read.

use alloc::vec::Vec;

use super::{low_bits, Borrow, Source, RECORD_ZERO_BITS};
use crate::read::Ledger;
use crate::{DecodeError, Reader};

/// A stream's bits: a 64-bit accumulator, read least significant bit first, into which
/// the inner reader's bytes are taken as the bits are needed.
#[derive(Clone, Copy)]
pub(crate) struct Streamed {
    /// Bits taken from the input and not read yet, the oldest in the lowest bits.
    acc: u64,
    /// How many bits of `acc` those are.
    avail: u32,
    /// Bytes of the session taken into `acc` so far: the session has read
    /// `8 * taken - avail` bits.
    taken: usize,
    /// Zero bytes taken into `acc` past a growable record's end: not the input's, so
    /// offsets stop where the input does.
    zeros: usize,
    /// A record's session: the bits of its body, against which claims are checked as
    /// a slice checks them ([`Reader::claim_bound`]).
    record_bits: Option<usize>,
}

impl Streamed {
    /// Nothing taken yet; in a growable record's session, `record_bytes` is what is left
    /// of the record (its reader's [`Reader::claim_bound`]).
    #[inline(always)]
    pub(crate) fn new(record_bytes: Option<usize>) -> Self {
        Self {
            acc: 0,
            avail: 0,
            taken: 0,
            zeros: 0,
            record_bits: record_bytes.map(|bytes| bytes.saturating_mul(8)),
        }
    }

    /// Bits of the session read so far.
    #[inline(always)]
    fn pos(&self) -> usize {
        8 * self.taken - self.avail as usize
    }

    /// The low `bits` bits of `acc`, which holds them, read.
    #[inline(always)]
    fn pop(&mut self, bits: u32) -> u64 {
        let v = self.acc & low_bits(bits);
        // `bits` may be 0; it is below 64, so the shift is defined.
        self.acc >>= bits;
        self.avail -= bits;
        v
    }
}

impl<'de> Source<'de> for Streamed {
    #[inline(always)]
    fn misalign(&self) -> u32 {
        self.avail % 8
    }

    #[inline(always)]
    fn input_read(&self) -> usize {
        self.pos().min(8 * (self.taken - self.zeros))
    }

    /// Not known: a stream's bytes arrive or it ends.
    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        None
    }

    /// Zeros read past the record's end leave none, as a slice counts them.
    #[inline(always)]
    fn claim_bound(&self) -> Option<usize> {
        self.record_bits.map(|bits| bits.saturating_sub(self.pos()))
    }

    #[inline(always)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        None
    }

    #[inline(always)]
    fn take(&mut self, bits: u32) -> Option<u64> {
        if self.avail < bits {
            return None;
        }
        Some(self.pop(bits))
    }

    /// Takes bytes into `acc`, one at a time, until it holds the bits.
    #[inline(always)]
    fn take_past<R: Reader<'de> + ?Sized>(
        &mut self,
        inner: &mut R,
        bits: u32,
        zeros: bool,
    ) -> Result<Option<u64>, DecodeError> {
        debug_assert!(bits <= 56);
        while self.avail < bits {
            let byte = match inner.read_byte() {
                Ok(byte) => byte,
                Err(DecodeError::UnexpectedEnd { .. })
                    if zeros && self.zeros < RECORD_ZERO_BITS / 8 =>
                {
                    self.zeros += 1;
                    0
                }
                Err(DecodeError::UnexpectedEnd { .. }) => return Ok(None),
                Err(e) => return Err(e),
            };
            self.acc |= u64::from(byte) << self.avail;
            self.taken += 1;
            self.avail += 8;
        }
        Ok(Some(self.pop(bits)))
    }

    /// Unavailable: a stream lends nothing.
    #[inline(always)]
    fn borrow(&mut self, _n: usize) -> Borrow<'de> {
        Borrow::Unavailable
    }

    /// With no bits taken ahead, the inner reader's next bytes are the session's.
    #[inline(always)]
    fn copy_through<R: Reader<'de> + ?Sized>(
        &mut self,
        inner: &mut R,
        out: &mut [u8],
    ) -> Option<Result<(), DecodeError>> {
        if self.avail != 0 {
            return None;
        }
        Some(inner.read_into(out).map(|()| self.taken += out.len()))
    }

    /// None in place: all are left.
    #[inline(always)]
    fn append_words(&mut self, n: usize, _out: &mut Vec<u8>) -> usize {
        n
    }

    /// The bits taken and not read: the inner reader has no more.
    #[inline(always)]
    fn ended<R: Reader<'de> + ?Sized>(&self, _inner: &mut R) -> Result<usize, DecodeError> {
        Ok(self.avail as usize)
    }

    #[inline(always)]
    fn restore(&mut self, copy: Self) {
        *self = copy;
    }

    /// Nothing to move: the bytes were taken as the bits were read.
    #[inline(always)]
    fn close<R: Reader<'de> + ?Sized>(self, _inner: &mut R) -> Result<(), DecodeError> {
        Ok(())
    }
}
