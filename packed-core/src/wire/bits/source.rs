//! What a session's reader needs from its input: [`Source`], the reader's state that
//! depends on how the input is read.

use alloc::vec::Vec;

use crate::read::Ledger;
use crate::{DecodeError, Reader};

/// Where a session's bits come from, and how far it has read them: the reader's state
/// that depends on how the input is read. [`Streamed`](super::stream::Streamed) takes
/// the inner reader's bytes one at a time into an accumulator;
/// [`Lent`](crate::fast::bits::Lent) reads a slice's whole input in place, a word at a
/// time. The reader is generic over it, so that reading from a slice does not ask, bit
/// after bit, whether it reads from one.
///
/// A source moves its position and reports; the reader decides what the bits mean:
/// its padding, its errors and where a growable record's zeros are allowed. Positions
/// and counts are in bits from the session's start.
pub(crate) trait Source<'de>: Copy {
    /// The bits left to the next byte boundary: 0 at one.
    fn misalign(&self) -> u32;

    /// The bits of the input read: the position, which past a growable record's end
    /// stops where the input does (the zeros read there are not the input's).
    fn input_read(&self) -> usize;

    /// The bits left in the input, where its length is known (a slice).
    fn remaining(&self) -> Option<usize>;

    /// In a record's session from a stream: the bits left in the record (see
    /// [`Reader::claim_bound`]).
    fn claim_bound(&self) -> Option<usize>;

    /// The ledger of the sequences being decoded, where the source keeps its own: in
    /// bits, as its `remaining` counts (see [`Ledger::in_bits`]).
    fn ledger(&mut self) -> Option<&mut Ledger>;

    /// The next `bits` bits (at most 56), least significant first, where they are at
    /// hand: the inline path of every read. `None` leaves the position where it is, for
    /// [`take_past`](Self::take_past).
    fn take(&mut self, bits: u32) -> Option<u64>;

    /// [`take`](Self::take) where it gave `None`, out of line: the bits from what is
    /// left of the input (a stream's next bytes, a slice's last ones) and, if `zeros`
    /// (past a growable record's end), up to
    /// [`RECORD_ZERO_BITS`](super::RECORD_ZERO_BITS) zero bits after them. `Ok(None)`
    /// where the input ends first; `Err` is the inner reader's own error.
    fn take_past<R: Reader<'de> + ?Sized>(
        &mut self,
        inner: &mut R,
        bits: u32,
        zeros: bool,
    ) -> Result<Option<u64>, DecodeError>;

    /// The next `n` bytes as they are in the input, consumed.
    fn borrow(&mut self, n: usize) -> Borrow<'de>;

    /// At a byte boundary, the next `out.len()` bytes copied from the inner reader as
    /// they are (a stream with no bits taken ahead); `None` where the source has not
    /// got them so. `Err` is the inner reader's own error.
    fn copy_through<R: Reader<'de> + ?Sized>(
        &mut self,
        inner: &mut R,
        out: &mut [u8],
    ) -> Option<Result<(), DecodeError>>;

    /// Appends to `out` (which has room for them) up to `n` whole bytes between byte
    /// boundaries, 8 at a time, as far as the input holds them in place; returns how
    /// many of the `n` are left for the reader.
    fn append_words(&mut self, n: usize, out: &mut Vec<u8>) -> usize;

    /// The input has ended where the session wanted more bits: the bits it has left
    /// unread, or the inner reader's own error where the end is a limit's (a slice cut
    /// short by [`Limits::max_bytes`](crate::Limits::max_bytes)).
    ///
    /// # Errors
    /// The inner reader's.
    fn ended<R: Reader<'de> + ?Sized>(&self, inner: &mut R) -> Result<usize, DecodeError>;

    /// Takes back what an out-of-line path of the reader moved in `copy`, a copy of
    /// this source: the position (and a stream's accumulator). Only that: what those
    /// paths never move (a slice's input; its ledger, which only a sequence's decode
    /// moves) is then still known to be what it was, and is not reloaded after each.
    fn restore(&mut self, copy: Self);

    /// Moves the inner reader past the session's bytes read, when the session closes.
    ///
    /// # Errors
    /// The inner reader's.
    fn close<R: Reader<'de> + ?Sized>(self, inner: &mut R) -> Result<(), DecodeError>;
}

/// What [`Source::borrow`] found.
pub(crate) enum Borrow<'de> {
    /// The bytes.
    Bytes(&'de [u8]),
    /// At a byte boundary of an input that holds fewer.
    Short,
    /// Not in the input as they are: between byte boundaries, or from a stream.
    Unavailable,
}
