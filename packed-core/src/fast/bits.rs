//! A bit-packing session's reads from a lent slice: a word at a time, not a byte.
//!
//! `wire/bits.rs` says what a session's bits are and reads them the one way every
//! input allows: bytes taken from the inner reader into an accumulator, one at a time
//! as the bits are needed ([`Streamed`]). A slice lends its whole input instead
//! ([`Reader::lend_unread`](crate::Reader)), and then ([`Lent`]) the reader's only state
//! is its bit position: `n` bits are one load of the 8 bytes from the position's byte
//! ([`word_at`]), which the reader shifts and masks in Bitsery's bit order; within the
//! input's last 8 bytes, one load of those ([`near_end`]); and a long run of bytes
//! between byte boundaries is taken 8 bytes at a time from the 9 they straddle
//! ([`append_straddled`]). Each returns `None` (or stops early) where its bytes are not
//! all in the input, and the session's reader then reads the rest as the format says,
//! with its errors; so the bits are the same either way (the tests of `wire/bits.rs`
//! and `tests/parity.rs` compare the two).
//!
//! The source is a type parameter of the reader, not a flag, so that reading from a
//! slice does not ask, bit after bit, whether it reads from one.

use alloc::vec::Vec;

use crate::fast::copy::append_word;
use crate::wire::bits::low_bits;

/// Where a session's bits come from: [`Lent`] or [`Streamed`]. Sealed.
pub trait Source<'de>: sealed::Sealed + Copy {
    /// Whether the source is [`Lent`]: a constant, so that each reader's paths are
    /// chosen at compile time.
    const LENT: bool;
    /// The input from the session's first byte, if the inner reader lends it all.
    fn lent(&self) -> Option<&'de [u8]>;
}

mod sealed {
    pub trait Sealed {}
}

/// The input of a slice, lent from the session's first byte ([`Reader::lend_unread`](crate::Reader)).
#[derive(Clone, Copy)]
pub struct Lent<'de>(pub(crate) &'de [u8]);
impl sealed::Sealed for Lent<'_> {}
impl<'de> Source<'de> for Lent<'de> {
    const LENT: bool = true;
    #[inline(always)]
    fn lent(&self) -> Option<&'de [u8]> {
        Some(self.0)
    }
}

/// A stream: bytes taken from the inner reader one by one as bits are needed.
#[derive(Clone, Copy)]
pub struct Streamed;
impl sealed::Sealed for Streamed {}
impl<'de> Source<'de> for Streamed {
    const LENT: bool = false;
    #[inline(always)]
    fn lent(&self) -> Option<&'de [u8]> {
        None
    }
}

/// The 8 bytes of `input` from byte `at`, for one load, or `None` where they are not
/// all in it. Returned as the bytes, not as a word or `Option<u64>`: the caller's
/// branch on it then compiles as it did inline (through an `Option<u64>` the game's
/// decode took more instructions).
#[inline(always)]
pub(crate) fn word_at(input: &[u8], at: usize) -> Option<&[u8; 8]> {
    // `at + 8` cannot overflow, `at` being a bit position divided by 8: one comparison with
    // the input's length.
    input.get(at..at + 8).and_then(<[u8]>::first_chunk::<8>)
}

/// `bits` bits (at most 56) at bit `pos` within the last 8 bytes of an input of 8
/// bytes or more: the last 8 bytes in one load, shifted. `None` where the bits are not
/// all in the input (or the input is shorter), for the session's byte-by-byte tail.
/// Out of line: it is taken once or twice a session.
#[inline(never)]
pub(crate) fn near_end(input: &[u8], pos: usize, bits: u32) -> Option<u64> {
    let last = input.last_chunk::<8>()?;
    // The bit of the position in those 8 bytes: below 64 where the position is in the
    // input.
    let shift = pos.checked_sub(8 * (input.len() - 8))?;
    if shift >= 64 || pos + bits as usize > 8 * input.len() {
        return None;
    }
    Some(u64::from_le_bytes(*last) >> shift & low_bits(bits))
}

/// Appends to `out` (which has room for them) whole bytes from bit `pos` of `input`, 8
/// at a time, each word taken from the 9 bytes it straddles (one load of 8, one of
/// the ninth: not two reads of 32 bits), while at most `left` are wanted and the input
/// holds the ninth. Returns the new position and the bytes still wanted, fewer than 8
/// or past where the input holds 9, which the caller reads bit by bit.
#[inline(always)]
pub(crate) fn append_straddled(
    input: &[u8],
    pos: usize,
    mut left: usize,
    out: &mut Vec<u8>,
) -> (usize, usize) {
    let bit = pos % 8;
    let mut at = pos / 8;
    while left >= 8 {
        let (Some(word), Some(&ninth)) = (
            input.get(at..at + 8).and_then(<[u8]>::first_chunk::<8>),
            input.get(at + 8),
        ) else {
            break;
        };
        // The word's bits from the position's, then the ninth byte's low ones (in two
        // shifts, so that a position at a boundary takes none).
        let bytes = u64::from_le_bytes(*word) >> bit | (u64::from(ninth) << 1) << (63 - bit);
        append_word(out, bytes, 8);
        at += 8;
        left -= 8;
    }
    (8 * at + bit, left)
}
