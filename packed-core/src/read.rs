//! Byte sources: the [`Reader`] trait, [`SliceReader`] and (with `std`) [`IoReader`].

use alloc::{borrow::Cow, boxed::Box, vec::Vec};

use crate::explain::InputRecords;
use crate::DecodeError;

/// Limits that bound the work and memory a hostile input can cause.
///
/// | field | default | bounds |
/// | --- | --- | --- |
/// | [`max_depth`](Limits::max_depth) | 128 | nesting of derived types, and through the serde bridge of sequences, maps, tuples and options too (stack use) |
/// | [`max_bytes`](Limits::max_bytes) | none | input bytes consumed |
/// | [`max_zero_width_elements`](Limits::max_zero_width_elements) | 4096 | elements that take no input, in one document |
///
/// The defaults are safe for untrusted input: nesting of derived types is limited to
/// 128 levels (so `Box<Self>` and `Vec<Self>` recursion cannot overflow the stack) and
/// the input size is not limited (a slice is already in memory; a stream is read in
/// bounded chunks, so memory follows the bytes actually received).
///
/// Independently of these, every length prefix is checked against the bytes left
/// before anything is allocated, counted once however deep the nesting: a sequence
/// whose elements hold sequences promises their least sizes to them, and a claim
/// nested in one of them may use only the bytes left that no enclosing sequence has
/// promised (a stream, whose length is unknown, reserves at most 64 KiB ahead of the
/// input for all its sequences together). Elements that encode to nothing (`()`,
/// `PhantomData`, structs whose fields are all skipped, `[T; 0]`) are the exception:
/// they take no input, so a two-byte prefix could otherwise ask for thousands of them,
/// and each nested sequence for as many again. `max_zero_width_elements` is for them.
///
/// ```
/// use packed_core::{DecodeError, Limits};
///
/// // Three `()`s are written as their count alone.
/// assert_eq!(packed_core::from_slice::<Vec<()>>(&[3]), Ok(vec![(); 3]));
/// let limits = Limits::DEFAULT.with_max_zero_width_elements(2);
/// assert_eq!(
///     packed_core::from_slice_with_limits::<Vec<()>>(&[2], limits),
///     Ok(vec![(); 2])
/// );
/// assert_eq!(
///     packed_core::from_slice_with_limits::<Vec<Vec<()>>>(&[2, 1, 2], limits)
///         .map_err(packed_core::Error::into_kind),
///     Err(DecodeError::ZeroWidthLimitExceeded { offset: 2, limit: 2 })
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of derived types (through the serde bridge, each sequence, map,
    /// tuple and `Some` is a level too: serde types recurse through them alone).
    pub max_depth: usize,
    /// Most input bytes to consume.
    pub max_bytes: usize,
    /// Most elements of sequences, arrays, maps and sets that took no input, counted
    /// over the whole document (one reader): every element that consumed no byte
    /// counts, at any depth, whatever its sequence. This bounds the memory and time
    /// such elements can cost to `max_zero_width_elements` times their size, beyond
    /// what the input's bytes account for. A length prefix that claims more elements
    /// than the bytes left plus the zero-width elements left is refused before
    /// anything is allocated. A reader that decodes several messages in turn shares
    /// one count among them, as it shares `max_bytes`; the
    /// [`messages`](crate::Config::messages) of a stream each count afresh. Default
    /// 4096.
    pub max_zero_width_elements: usize,
}

impl Limits {
    /// The default limits: depth 128, no byte limit, 4096 zero-width elements.
    pub const DEFAULT: Self = Self {
        max_depth: 128,
        max_bytes: usize::MAX,
        max_zero_width_elements: 4096,
    };

    /// Sets [`max_depth`](Limits::max_depth).
    #[must_use]
    pub const fn with_max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`max_bytes`](Limits::max_bytes).
    #[must_use]
    pub const fn with_max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets [`max_zero_width_elements`](Limits::max_zero_width_elements).
    ///
    /// ```
    /// let l = packed_core::Limits::DEFAULT.with_max_zero_width_elements(0);
    /// assert_eq!(l.max_zero_width_elements, 0);
    /// ```
    #[must_use]
    pub const fn with_max_zero_width_elements(mut self, max: usize) -> Self {
        self.max_zero_width_elements = max;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A source of encoded bytes. `'de` is the lifetime of data that decoded values may
/// borrow (only [`SliceReader`] has any).
pub trait Reader<'de> {
    /// Fills `out` from the input.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`] if fewer bytes are left.
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError>;

    /// Reads one byte.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`] at the end of input.
    #[inline]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        let mut b = [0u8; 1];
        self.read_into(&mut b)?;
        Ok(b[0])
    }

    /// Returns the next `n` bytes without copying.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`], or [`DecodeError::CannotBorrow`] for streams.
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError>;

    /// Appends the next `n` bytes to `out`, allocating no more than the input delivers.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`] if fewer bytes are left.
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError>;

    /// The next `n` bytes, borrowed where the reader can, copied otherwise.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`] if fewer bytes are left.
    #[inline]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        let mut v = Vec::new();
        self.read_append(n, &mut v)?;
        Ok(Cow::Owned(v))
    }

    /// Bytes consumed so far: the offset reported in errors.
    fn offset(&self) -> usize;

    /// Bytes known to be left, if the reader knows (a slice does, a stream does not).
    /// Decoders never allocate for more elements than this can hold (plus, for element
    /// types that may encode to nothing, what [`check_zero_width`](Reader::check_zero_width)
    /// allows), counted over all the sequences being decoded at once (see the crate
    /// docs' [Safety on hostile input](crate#safety-on-hostile-input)).
    fn remaining(&self) -> Option<usize>;

    /// Enters one level of nesting (called by derived decoders).
    ///
    /// # Errors
    /// [`DecodeError::DepthLimitExceeded`] past [`Limits::max_depth`].
    fn enter(&mut self) -> Result<(), DecodeError>;

    /// Leaves one level of nesting.
    fn leave(&mut self);

    /// *Safety: the zero-width budget.* Checks that `n` more elements that take no
    /// input would fit in what is left of
    /// [`Limits::max_zero_width_elements`] for the document, without counting them:
    /// what a sequence whose elements may encode to nothing checks before it
    /// allocates, for the elements the bytes left cannot account for. `offset` is
    /// the sequence's length prefix, for the error.
    ///
    /// # Errors
    /// [`DecodeError::ZeroWidthLimitExceeded`] if they would not. The default keeps
    /// no count and refuses any `n` but 0.
    #[inline]
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        ZeroWidthBudget::NONE.check(offset, n)
    }

    /// *Safety: the zero-width budget.* Counts one element that took no input against
    /// [`Limits::max_zero_width_elements`], for the whole document. Sequences,
    /// arrays, maps and sets call it after each element of a type that may encode to
    /// nothing (`MIN_WIRE` 0) that consumed no byte; `offset` is the sequence's (its
    /// length prefix, or where an array starts), for the error.
    ///
    /// # Errors
    /// [`DecodeError::ZeroWidthLimitExceeded`] once the limit is used up. The
    /// default keeps no count and always fails.
    #[inline]
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        ZeroWidthBudget::NONE.check(offset, 1)
    }

    /// *Safety: nesting.* The reader's [`Ledger`] of what the sequences being decoded
    /// hold against the input before reading their elements. The default keeps none: a
    /// sequence whose elements may themselves reserve memory then allocates only as its
    /// elements are decoded, so that reservations cannot stack along a nesting chain.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        None
    }

    /// *Wire format: growable records.* Opens the window of a growable record
    /// (`#[packed(growable)]`) whose size, read at offset `start`, says that it ends at
    /// offset `end`: until [`close_window`](Reader::close_window), reads stop at `end`
    /// ([`DecodeError::UnexpectedEnd`] past it) and [`remaining`](Reader::remaining)
    /// counts to it; where the record's fields may reserve memory ahead (`reserves`:
    /// [`Decode::RESERVES_AHEAD`](crate::Decode::RESERVES_AHEAD)), the [`Ledger`]'s
    /// promises, all of them past the record, are set aside. [`SliceReader`] and
    /// [`IoReader`] do that. The default checks `end` against `remaining` and limits
    /// nothing: a value that reads past `end` is caught when the window closes.
    ///
    /// # Errors
    /// [`DecodeError::RecordSizeTooLarge`] if `end` is past the end of the input or of
    /// the window already open; [`DecodeError::ByteLimitExceeded`] if it is past
    /// [`Limits::max_bytes`].
    #[doc(hidden)]
    #[inline]
    fn open_window(
        &mut self,
        start: usize,
        end: usize,
        reserves: bool,
    ) -> Result<Window<'de>, DecodeError> {
        let _ = reserves;
        let here = self.offset();
        if let Some(left) = self.remaining() {
            if end.saturating_sub(here) > left {
                return Err(record_too_large(start, end, here + left));
            }
        }
        Ok(Window::unlimited(end))
    }

    /// *Wire format: growable records.* The bytes left in the growable record being read
    /// (the innermost window open), which ends at offset `end`: whether its next field
    /// is there. The default counts from [`offset`](Reader::offset); [`SliceReader`]
    /// knows it as the bytes it has left.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn window_left(&self, end: usize) -> usize {
        end.saturating_sub(self.offset())
    }

    /// *Wire format: growable records.* Closes the window [`open_window`] opened: moves
    /// to the record's end, skipping the part of its body that was not read (fields of
    /// a newer version), and restores the end and the promises from before the window.
    /// The default skips by reading.
    ///
    /// # Errors
    /// [`DecodeError::RecordEndsInsideField`] if a value read past the record's end (a
    /// reader that does not stop reads there; `offset` is then where reading stopped);
    /// the reader's errors while skipping.
    ///
    /// [`open_window`]: Reader::open_window
    #[doc(hidden)]
    #[inline]
    fn close_window(&mut self, window: Window<'de>) -> Result<(), DecodeError> {
        let here = self.offset();
        if here > window.end {
            return Err(DecodeError::RecordEndsInsideField {
                offset: here,
                record_end: window.end,
            });
        }
        skip_by_reading(self, window.end - here)
    }

    /// *Speed: runs and memory images.* Whether a value of fixed size may read itself
    /// from one slice taken with [`borrow_bytes`](Reader::borrow_bytes), and a `Vec` of
    /// memory images its memory in one copy: true for [`SliceReader`]. The default,
    /// false, reads field by field.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn lends_runs(&self) -> bool {
        false
    }

    /// *Speed: fixed-size runs.* How many more levels of nesting
    /// [`enter`](Reader::enter) allows: a run or memory image, which enters none, is
    /// taken only where the value's levels ([`FixedSize`](crate::__private::FixedSize))
    /// fit, so that field by field, where the limit is met, reports it as a stream
    /// does. The default, 0: only values that nest no level are runs.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn depth_left(&self) -> usize {
        0
    }

    /// *Wire format: bit packing.* Reads the next `bits` bits (at most 64) of the bit
    /// stream, least significant first. Called only inside a bit-packing session, on
    /// the session's reader. The default, for a reader of whole bytes, mirrors
    /// [`Writer`](crate::Writer)'s: the fewest bytes that hold them, little-endian,
    /// whose bits above `bits` must be zero.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`]; [`DecodeError::InvalidPadding`] for a set bit
    /// above `bits`.
    #[doc(hidden)]
    #[inline]
    fn read_bits(&mut self, bits: u32) -> Result<u64, DecodeError> {
        let offset = self.offset();
        let mut b = [0u8; 8];
        self.read_into(&mut b[..bits.div_ceil(8) as usize])?;
        let v = u64::from_le_bytes(b);
        if bits < 64 && v >> bits != 0 {
            return Err(DecodeError::InvalidPadding {
                bit_offset: offset * 8 + bits as usize,
            });
        }
        Ok(v)
    }

    /// *Wire format: bit packing.* Skips to the next byte boundary of the bit stream
    /// (nothing if it is at one): Bitsery's `align()`. The padding bits must be zero.
    /// The default does nothing: a reader of whole bytes is always at a boundary.
    ///
    /// # Errors
    /// [`DecodeError::InvalidPadding`] for a set padding bit.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn align_bits(&mut self) -> Result<(), DecodeError> {
        Ok(())
    }

    /// *Wire format: bit packing.* Whether the bit stream is between byte boundaries:
    /// numbers wider than a byte are then read as little-endian bits whatever the
    /// layout's byte order. The default: false.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bits_pending(&self) -> bool {
        false
    }

    /// *Errors in bit packing.* The offset of the next unread bit from the start of
    /// the input: what errors about bit-packed values report. The default: eight
    /// times [`offset`](Reader::offset).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bit_offset(&self) -> usize {
        self.offset() * 8
    }

    /// *Speed: bit packing.* All the input not read yet, where the reader holds it (a
    /// slice): a bit-packing session reads its bits from it directly, then skips what
    /// it used with [`borrow_bytes`](Reader::borrow_bytes). The default, `None` (a
    /// stream), makes the session read byte by byte.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lend_unread(&self) -> Option<&'de [u8]> {
        None
    }

    /// *Safety on hostile input.* Where [`remaining`](Reader::remaining) is `None`, a
    /// bound the reader knows all the same on what is left for a length claim: a
    /// stream inside a growable record, which ends at the record's end. Claims past it
    /// are refused as a slice refuses them ([`DecodeError::LengthExceedsInput`]); it
    /// is checked, never reserved (a stream's record size is a claim too). In the units
    /// of `remaining`: bits inside a bit-packing session.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn claim_bound(&self) -> Option<usize> {
        None
    }

    /// *Errors: the byte limit.* Asked by [`Config::decode_from`](crate::Config::decode_from)
    /// once a decode has failed with [`DecodeError::LengthExceedsInput`]: the byte
    /// limit's error, if what ends the input where the claim was checked is
    /// [`Limits::max_bytes`], not the input (a slice longer than its limit, whose rest
    /// the reader hides). The claim is then reported as a read past the limit is, not
    /// as an input too short to hold it. The default: `None` (the input ends there, or
    /// the reader does not know).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn past_limit(&self) -> Option<DecodeError> {
        None
    }
}

/// Reads from a byte slice; decoded values may borrow from it.
#[derive(Debug, Clone)]
pub struct SliceReader<'de> {
    rest: &'de [u8],
    /// Offset where `rest` ends, for offsets: the end of the input as limited by
    /// `max_bytes`, or of the growable record being read.
    end: usize,
    /// Bytes beyond `max_bytes` that are not visible through `rest`.
    hidden: usize,
    depth: usize,
    zero_width: ZeroWidthBudget,
    ledger: Ledger,
    limits: Limits,
    /// The growable records opened, where asked for ([`SliceReader::keep_records`]).
    records: Option<Box<InputRecords>>,
}

impl<'de> SliceReader<'de> {
    /// A reader over `input` with the default [`Limits`].
    #[must_use]
    #[inline]
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_limits(input, Limits::DEFAULT)
    }

    /// A reader over `input` with the given limits.
    #[must_use]
    #[inline]
    pub fn with_limits(input: &'de [u8], limits: Limits) -> Self {
        let visible = input.len().min(limits.max_bytes);
        Self {
            rest: &input[..visible],
            end: visible,
            hidden: input.len() - visible,
            depth: 0,
            zero_width: ZeroWidthBudget::new(&limits),
            ledger: Ledger::NEW,
            limits,
            records: None,
        }
    }

    /// From now on, notes the growable records opened (for the error-path replay,
    /// which decodes through this reader so as to share the decode `from_slice` has).
    #[cfg(feature = "error-paths")]
    #[cfg_attr(not(debug_assertions), inline)]
    pub(crate) fn keep_records(&mut self) {
        self.records = Some(Box::default());
    }

    /// The growable records opened since [`keep_records`](SliceReader::keep_records).
    #[cfg(feature = "error-paths")]
    #[cfg_attr(not(debug_assertions), inline)]
    pub(crate) fn take_records(&mut self) -> Vec<crate::explain::InputRecord> {
        self.records.take().map_or_else(Vec::new, |r| r.finish())
    }

    /// The bytes not read yet.
    #[must_use]
    pub fn rest(&self) -> &'de [u8] {
        self.rest
    }

    /// The error for a read of `needed` bytes past the end, built inline (see
    /// [`cold_path`](crate::error::cold_path)). Nothing here takes the reader's address:
    /// were it to leave the decoder, even on this cold path, the reader's position could
    /// not live in a register, and every read would go through memory.
    #[cfg_attr(not(debug_assertions), inline)]
    fn short(&self, needed: usize) -> DecodeError {
        crate::error::cold_path();
        if self.limited() {
            DecodeError::ByteLimitExceeded {
                offset: self.end,
                limit: self.limits.max_bytes,
            }
        } else {
            DecodeError::UnexpectedEnd {
                offset: self.offset(),
                needed,
                remaining: self.rest.len(),
            }
        }
    }

    /// Whether reading ends at `max_bytes`, not at the end of the input or of a
    /// growable record before it.
    #[cfg_attr(not(debug_assertions), inline)]
    fn limited(&self) -> bool {
        self.hidden > 0 && self.end == self.limits.max_bytes
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn take(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        if n > self.rest.len() {
            return Err(self.short(n));
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }
}

impl<'de> Reader<'de> for SliceReader<'de> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        let src = self.take(out.len())?;
        out.copy_from_slice(src);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        match self.rest.split_first() {
            Some((&b, tail)) => {
                self.rest = tail;
                Ok(b)
            }
            None => Err(self.short(1)),
        }
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        self.take(n)
    }

    #[inline]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        out.extend_from_slice(self.take(n)?);
        Ok(())
    }

    #[inline]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        self.take(n).map(Cow::Borrowed)
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn offset(&self) -> usize {
        self.end - self.rest.len()
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn remaining(&self) -> Option<usize> {
        Some(self.rest.len())
    }

    /// Built from the reader's fields alone, inline, as [`short`](SliceReader::short)
    /// is.
    #[cfg_attr(not(debug_assertions), inline)]
    fn past_limit(&self) -> Option<DecodeError> {
        self.limited().then_some(DecodeError::ByteLimitExceeded {
            offset: self.end,
            limit: self.limits.max_bytes,
        })
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn enter(&mut self) -> Result<(), DecodeError> {
        if self.depth >= self.limits.max_depth {
            return Err(depth_exceeded(self.offset(), self.limits.max_depth));
        }
        self.depth += 1;
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn leave(&mut self) {
        self.depth -= 1;
    }

    #[inline]
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.zero_width.check(offset, n)
    }

    #[inline]
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.zero_width.count(offset)
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        Some(&mut self.ledger)
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn lends_runs(&self) -> bool {
        true
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn depth_left(&self) -> usize {
        self.limits.max_depth.saturating_sub(self.depth)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lend_unread(&self) -> Option<&'de [u8]> {
        Some(self.rest)
    }

    /// The size was just read: the body starts here, `end - start - 4` bytes long.
    #[inline]
    fn open_window(
        &mut self,
        start: usize,
        end: usize,
        reserves: bool,
    ) -> Result<Window<'de>, DecodeError> {
        let Some(body) = end
            .checked_sub(start + RECORD_SIZE)
            .filter(|&n| n <= self.rest.len())
        else {
            return Err(
                if self.limited() && end.saturating_sub(self.end) <= self.hidden {
                    DecodeError::ByteLimitExceeded {
                        offset: self.end,
                        limit: self.limits.max_bytes,
                    }
                } else {
                    record_too_large(start, end, self.end)
                },
            );
        };
        let (inside, after) = self.rest.split_at(body);
        let window = Window {
            end,
            outer_end: self.end,
            after,
            // Constant 0 for records whose fields make no claims: nothing to keep.
            promised: if reserves {
                core::mem::take(&mut self.ledger.promised)
            } else {
                0
            },
        };
        self.rest = inside;
        self.end = end;
        if let Some(records) = &mut self.records {
            records.open(start, end);
        }
        Ok(window)
    }

    /// The window's end is where `rest` ends.
    #[cfg_attr(not(debug_assertions), inline)]
    fn window_left(&self, _end: usize) -> usize {
        self.rest.len()
    }

    /// Jumps to the record's end; what the record's claims promised is settled by then,
    /// so the promises set aside come back by adding them.
    #[inline]
    fn close_window(&mut self, window: Window<'de>) -> Result<(), DecodeError> {
        let offset = self.offset();
        if let Some(records) = &mut self.records {
            records.close(offset);
        }
        self.rest = window.after;
        self.end = window.outer_end;
        self.ledger.promised += window.promised;
        Ok(())
    }
}

/// A reader that lends nothing: `inner`'s bytes, as a `Reader<'static>` whose borrows
/// fail and whose `read_cow` copies. What a derived type decodes a field through whose
/// type holds a `'static` lifetime (`Cow<'static, str>`, `Option<Cow<'static, [u8]>>`):
/// such a field cannot borrow from an input of any shorter lifetime, so its `Cow`s are
/// decoded owned, from any input.
#[doc(hidden)]
pub struct OwningReader<'r, R: ?Sized>(pub &'r mut R);

impl<'de, R: Reader<'de> + ?Sized> Reader<'static> for OwningReader<'_, R> {
    #[inline]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        self.0.read_into(out)
    }
    #[inline]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        self.0.read_byte()
    }
    #[inline]
    fn borrow_bytes(&mut self, _n: usize) -> Result<&'static [u8], DecodeError> {
        Err(DecodeError::CannotBorrow {
            offset: self.0.offset(),
        })
    }
    #[inline]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.0.read_append(n, out)
    }
    #[inline]
    fn offset(&self) -> usize {
        self.0.offset()
    }
    #[inline]
    fn remaining(&self) -> Option<usize> {
        self.0.remaining()
    }
    #[inline]
    fn claim_bound(&self) -> Option<usize> {
        self.0.claim_bound()
    }
    #[inline]
    fn past_limit(&self) -> Option<DecodeError> {
        self.0.past_limit()
    }
    #[inline]
    fn enter(&mut self) -> Result<(), DecodeError> {
        self.0.enter()
    }
    #[inline]
    fn leave(&mut self) {
        self.0.leave();
    }
    #[inline]
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.0.check_zero_width(offset, n)
    }
    #[inline]
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.0.count_zero_width(offset)
    }
    #[inline]
    fn ledger(&mut self) -> Option<&mut Ledger> {
        self.0.ledger()
    }
}

/// What the sequences being decoded hold against the input before reading their
/// elements, so that a length claim nested inside another cannot count the same bytes
/// again. One per reader, kept by the sequence decoders (`claim`, `element` and
/// `settle` in `wire/seq.rs`).
///
/// **From a reader that knows the bytes left** (a slice). A sequence, map or set of
/// `len` elements of at least `m` bytes each ([`MIN_WIRE`](crate::Decode::MIN_WIRE))
/// whose elements may reserve memory themselves (they hold a sequence:
/// [`RESERVES_AHEAD`](crate::Decode::RESERVES_AHEAD)) is checked against the bytes left
/// that are not promised, promises `len * m` of them to its elements, and releases an
/// element's `m` as that element starts. So a claim nested in an element cannot count
/// the bytes the later elements of the sequences around it need: if it needs more, the
/// input cannot hold both, and it is
/// [`LengthExceedsInput`](DecodeError::LengthExceedsInput) (or
/// [`ZeroWidthLimitExceeded`](DecodeError::ZeroWidthLimitExceeded)) at the nested
/// prefix, before anything is reserved for it. Elements of a type that may encode to
/// nothing (`MIN_WIRE` 0: `Box<T>`) are promised one byte each for as many of them as
/// the unpromised bytes cover, and only those are reserved up front; the rest are
/// allocated as they are decoded (each takes a byte or one of the document's zero-width
/// elements), so the zero-width budget is checked but never reserved ahead, at any
/// depth.
///
/// A sequence whose elements cannot hold a sequence (numbers, strings, structs of
/// them: the hot paths) takes no part: no claim is made while its elements are decoded,
/// so it is the only sequence reserving ahead until it is done, and it is checked
/// against all the bytes left, promised or not, as a string's bytes are. It may count
/// once more bytes promised to later elements around it (which then run out of input),
/// but it cannot stack.
///
/// The invariant: `promised` is the sum, over the sequences being decoded, of the
/// shares of their elements not started yet, and it is at most the bytes left for as
/// long as the input can hold what was claimed (once a read takes promised bytes, it
/// cannot: nothing is unpromised any more, so nothing more is reserved ahead, and the
/// decode fails when the elements that were promised those bytes run out of input).
/// Each element slot reserved up front is therefore backed by bytes of its own element,
/// read by it or promised to it, which back no other slot. The exceptions: the part of
/// an element's share it has not read yet when a claim nested in it is checked (a
/// struct's fields after its vector), which that claim may count too, at most one
/// share per level of nesting in progress; and the one sequence of elements without
/// sequences being decoded, above. So the memory reserved ahead is at most
/// `size_of::<T>() / MIN_WIRE` per input byte (the largest over the element types),
/// plus that of the innermost sequence, plus a share's worth per level in progress;
/// vectors that grow as they are decoded (boxes past the bytes, decodes in place) may
/// hold up to three times their elements while they move, and the 4 slots a vector
/// starts with. `tests/memory.rs` searches hostile inputs for the peak.
///
/// **From a stream**, whose length is unknown, `ahead` is what the sequences being
/// decoded may still reserve before reading their elements: 64 KiB for all of them
/// together. A claim takes what it reserves (elements times what the collection
/// allocates for each: a vector their size, a hash table its buckets and control bytes,
/// up to 16/7 of an entry and a byte) and gives it back when the sequence is done; past
/// that, elements are allocated as they are read. (A vector of numbers or bytes reads
/// them in steps of 64 KiB, reserving each step.)
///
/// Like the levels it entered ([`Reader::enter`]), a decode that fails leaves its
/// promises in place: what follows an error on the same reader may be refused sooner.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Ledger {
    /// Bytes of the input promised to elements of the sequences being decoded that have
    /// not started yet (readers that know the bytes left).
    pub(crate) promised: usize,
    /// Bytes of memory the sequences being decoded may still reserve ahead of the
    /// input (streams).
    pub(crate) ahead: usize,
}

impl Ledger {
    /// Memory the sequences being decoded from a stream may reserve before reading
    /// their elements, together.
    pub(crate) const STREAM_AHEAD: usize = 64 * 1024;

    const NEW: Self = Self {
        promised: 0,
        ahead: Self::STREAM_AHEAD,
    };

    /// The ledger of a bit-packing session read from a slice, whose reader counts the
    /// input in bits: what the sequences around the session have promised, `outer`'s,
    /// in bits. The session's own claims are made and released inside it.
    pub(crate) fn in_bits(outer: Option<&mut Ledger>) -> Self {
        match outer {
            Some(outer) => Self {
                promised: outer.promised.saturating_mul(8),
                ahead: outer.ahead,
            },
            None => Self::NEW,
        }
    }
}

/// What a reader restores when the window of a growable record closes
/// ([`Reader::open_window`], [`Reader::close_window`]). Only the record helpers make and
/// take one.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Window<'de> {
    /// Offset where the record ends.
    end: usize,
    /// Where reading ended before the window opened (a slice's end; `usize::MAX` for a
    /// stream outside any record).
    outer_end: usize,
    /// A slice's input after the record, up to `outer_end`.
    after: &'de [u8],
    /// The ledger's promises set aside while the window is open (0 if none were).
    promised: usize,
}

impl Window<'_> {
    /// The window of a reader that does not limit reads: only its end is kept.
    #[must_use]
    const fn unlimited(end: usize) -> Self {
        Self {
            end,
            outer_end: usize::MAX,
            after: &[],
            promised: 0,
        }
    }
}

/// Skips `n` bytes by reading them into a small buffer: the default of
/// [`Reader::close_window`], for readers that cannot jump.
fn skip_by_reading<'de, R: Reader<'de> + ?Sized>(
    r: &mut R,
    mut n: usize,
) -> Result<(), DecodeError> {
    let mut scratch = [0u8; 256];
    while n > 0 {
        let step = n.min(scratch.len());
        r.read_into(&mut scratch[..step])?;
        n -= step;
    }
    Ok(())
}

/// The bytes of a growable record's size.
const RECORD_SIZE: usize = 4;

#[cfg_attr(not(debug_assertions), inline)]
fn record_too_large(start: usize, end: usize, input_end: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::RecordSizeTooLarge {
        offset: start,
        size: u32::try_from(end - start).unwrap_or(u32::MAX),
        available: input_end - start,
    }
}

/// What is left of [`Limits::max_zero_width_elements`] for one document.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ZeroWidthBudget {
    left: usize,
    limit: usize,
}

impl ZeroWidthBudget {
    /// For readers that keep no count: nothing is allowed.
    const NONE: Self = Self { left: 0, limit: 0 };

    pub(crate) fn new(limits: &Limits) -> Self {
        Self {
            left: limits.max_zero_width_elements,
            limit: limits.max_zero_width_elements,
        }
    }

    /// Whether `n` more elements fit; `offset` is the sequence's, for the error.
    #[inline]
    pub(crate) fn check(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        if n > self.left {
            return Err(zero_width_exceeded(offset, self.limit));
        }
        Ok(())
    }

    /// Counts one element.
    #[inline]
    pub(crate) fn count(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.check(offset, 1)?;
        self.left -= 1;
        Ok(())
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn depth_exceeded(offset: usize, limit: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::DepthLimitExceeded { offset, limit }
}

#[cfg_attr(not(debug_assertions), inline)]
fn zero_width_exceeded(offset: usize, limit: usize) -> DecodeError {
    crate::error::cold_path();
    DecodeError::ZeroWidthLimitExceeded { offset, limit }
}

/// Reads from a buffered [`std::io::BufRead`] source (a [`std::io::BufReader`] around
/// a file or socket, a `&[u8]`, a [`Cursor`](std::io::Cursor)). Owned types only:
/// borrowing types fail with [`DecodeError::CannotBorrow`].
///
/// Every read takes its bytes out of the source's buffer (`fill_buf`, `consume`), so
/// the file or socket is read in the buffer's chunks, not once per field, and nothing
/// past the value is consumed: the next value starts where this one ended. Strings and
/// byte vectors grow with the bytes the source delivers, and the sequences being decoded
/// reserve at most 64 KiB before reading their elements, all of them together, so a
/// length prefix never makes the reader allocate more than a constant beyond what it has
/// received.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoReader<R> {
    inner: R,
    offset: usize,
    /// Offset where the growable record being read ends; `usize::MAX` outside any.
    end: usize,
    /// Where the current document (message) started: [`Limits::max_bytes`] counts from
    /// here.
    start: usize,
    depth: usize,
    zero_width: ZeroWidthBudget,
    ledger: Ledger,
    limits: Limits,
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> IoReader<R> {
    /// Wraps `inner` with the default [`Limits`].
    pub fn new(inner: R) -> Self {
        Self::with_limits(inner, Limits::DEFAULT)
    }

    /// Wraps `inner` with the given limits.
    pub fn with_limits(inner: R, limits: Limits) -> Self {
        Self {
            inner,
            offset: 0,
            end: usize::MAX,
            start: 0,
            depth: 0,
            zero_width: ZeroWidthBudget::new(&limits),
            ledger: Ledger::NEW,
            limits,
        }
    }

    /// Returns the source.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Starts a new document at the current offset: the limits that count per document
    /// ([`Limits::max_bytes`], [`Limits::max_zero_width_elements`]) start over, and what
    /// a failed decode left behind (levels entered, promises) is forgotten.
    pub(crate) fn start_document(&mut self) {
        self.start = self.offset;
        self.end = usize::MAX;
        self.depth = 0;
        self.zero_width = ZeroWidthBudget::new(&self.limits);
        self.ledger = Ledger::NEW;
    }

    /// Whether the source is at its end: no byte left to read.
    ///
    /// # Errors
    /// [`DecodeError::Io`].
    pub(crate) fn at_end(&mut self) -> Result<bool, DecodeError> {
        Ok(self.fill()?.is_empty())
    }

    /// The source's buffered bytes, refilled if empty; empty at the end of input.
    /// Retries reads that were interrupted.
    fn fill(&mut self) -> Result<&[u8], DecodeError> {
        let io = |offset, e: std::io::Error| DecodeError::Io {
            offset,
            error: e.into(),
        };
        loop {
            match self.inner.fill_buf() {
                Ok([]) => return Ok(&[]),
                Ok(_) => break,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io(self.offset, e)),
            }
        }
        // Asked again for the borrow (a loop that returns the borrow it retries is refused
        // by the borrow checker): a `BufRead` whose buffer holds bytes returns them
        // without reading.
        self.inner.fill_buf().map_err(|e| io(self.offset, e))
    }

    /// Passes `n` bytes of `len` that the current item needs, starting at `at`, from
    /// the source's buffer to `sink`, as many at a time as the buffer holds.
    ///
    /// # Errors
    /// [`DecodeError::UnexpectedEnd`] at `at` if the input ends first, with the bytes
    /// it had; [`DecodeError::Io`].
    fn pass(&mut self, n: usize, mut sink: impl FnMut(&[u8])) -> Result<(), DecodeError> {
        let at = self.offset;
        let mut left = n;
        while left > 0 {
            let buf = self.fill()?;
            if buf.is_empty() {
                return Err(DecodeError::UnexpectedEnd {
                    offset: at,
                    needed: n,
                    remaining: n - left,
                });
            }
            let step = buf.len().min(left);
            sink(&buf[..step]);
            self.inner.consume(step);
            self.offset += step;
            left -= step;
        }
        Ok(())
    }

    /// Checks that `n` more bytes are within the byte limit and the growable record
    /// being read.
    fn check_budget(&self, n: usize) -> Result<(), DecodeError> {
        if n > self.limits.max_bytes - (self.offset - self.start) {
            return Err(DecodeError::ByteLimitExceeded {
                offset: self.offset,
                limit: self.limits.max_bytes,
            });
        }
        if n > self.end - self.offset {
            return Err(DecodeError::UnexpectedEnd {
                offset: self.offset,
                needed: n,
                remaining: self.end - self.offset,
            });
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl<'de, R: std::io::BufRead> Reader<'de> for IoReader<R> {
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        self.check_budget(out.len())?;
        let mut filled = 0;
        self.pass(out.len(), |bytes| {
            out[filled..filled + bytes.len()].copy_from_slice(bytes);
            filled += bytes.len();
        })
    }

    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        self.check_budget(1)?;
        match self.fill()?.first() {
            Some(&b) => {
                self.inner.consume(1);
                self.offset += 1;
                Ok(b)
            }
            None => Err(DecodeError::UnexpectedEnd {
                offset: self.offset,
                needed: 1,
                remaining: 0,
            }),
        }
    }

    fn borrow_bytes(&mut self, _n: usize) -> Result<&'de [u8], DecodeError> {
        Err(DecodeError::CannotBorrow {
            offset: self.offset,
        })
    }

    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.check_budget(n)?;
        self.pass(n, |bytes| out.extend_from_slice(bytes))
    }

    fn offset(&self) -> usize {
        self.offset
    }

    fn remaining(&self) -> Option<usize> {
        None
    }

    /// Inside a growable record: the bytes to its end.
    fn claim_bound(&self) -> Option<usize> {
        (self.end != usize::MAX).then(|| self.end - self.offset)
    }

    fn enter(&mut self) -> Result<(), DecodeError> {
        if self.depth >= self.limits.max_depth {
            return Err(depth_exceeded(self.offset, self.limits.max_depth));
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.zero_width.check(offset, n)
    }

    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.zero_width.count(offset)
    }

    fn ledger(&mut self) -> Option<&mut Ledger> {
        Some(&mut self.ledger)
    }

    fn open_window(
        &mut self,
        start: usize,
        end: usize,
        _reserves: bool,
    ) -> Result<Window<'de>, DecodeError> {
        // A stream's claims never use the ledger's promises.
        if end > self.end {
            return Err(record_too_large(start, end, self.end));
        }
        let window = Window {
            outer_end: self.end,
            ..Window::unlimited(end)
        };
        self.end = end;
        Ok(window)
    }

    /// Skips the rest of the record, reading it to nowhere, within the byte limit.
    fn close_window(&mut self, window: Window<'de>) -> Result<(), DecodeError> {
        let left = window.end - self.offset;
        self.check_budget(left)?;
        self.pass(left, |_| {})?;
        self.end = window.outer_end;
        Ok(())
    }
}

/// The messages of a stream, until it ends: what [`Config::messages`](crate::Config::messages)
/// and [`messages`](crate::messages) return. Yields `Ok` for each message, ends
/// (`None`) where the input ends between two messages, and yields one error, then ends,
/// where it ends inside a message or a message is malformed.
///
/// A message of a type that encodes to nothing (a unit struct, `()`) takes no input, so
/// the stream does not advance past it: such messages in a row count as zero-width
/// elements ([`Limits::max_zero_width_elements`], default 4096), and one more is
/// [`DecodeError::ZeroWidthLimitExceeded`], which ends the messages, rather than an
/// endless run of them over input that is never read.
#[cfg(feature = "std")]
pub struct Messages<T, R, C = crate::ctx::Root> {
    reader: IoReader<R>,
    done: bool,
    /// Messages in a row that took no input.
    stalled: usize,
    ty: core::marker::PhantomData<fn() -> (T, C)>,
}

#[cfg(feature = "std")]
impl<T, R, C> Messages<T, R, C> {
    pub(crate) fn new(reader: IoReader<R>) -> Self {
        Self {
            reader,
            done: false,
            stalled: 0,
            ty: core::marker::PhantomData,
        }
    }

    /// The bytes consumed so far: the offset of the next message.
    pub fn offset(&self) -> usize {
        self.reader.offset
    }

    /// Returns the source, positioned after the last message read.
    pub fn into_inner(self) -> R {
        self.reader.inner
    }
}

#[cfg(feature = "std")]
impl<T: crate::DecodeOwned, R: std::io::BufRead, C: crate::Ctx> Iterator for Messages<T, R, C> {
    /// A stream cannot be read again, so its errors carry no field path
    /// ([`Error::path`](crate::Error::path) is `None`): the offset says where.
    type Item = Result<T, crate::Error<DecodeError>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = match self.reader.at_end() {
            Ok(true) => {
                self.done = true;
                return None;
            }
            Ok(false) => {
                self.reader.start_document();
                let start = self.reader.offset;
                let message = crate::config::decode_message::<C, T, _>(&mut self.reader);
                if message.is_ok() && self.reader.offset == start {
                    self.stalled += 1;
                    let limit = self.reader.limits.max_zero_width_elements;
                    if self.stalled > limit {
                        Err(zero_width_exceeded(start, limit))
                    } else {
                        message
                    }
                } else {
                    self.stalled = 0;
                    message
                }
            }
            Err(e) => Err(e),
        };
        self.done = result.is_err();
        Some(result.map_err(crate::Error::from))
    }
}

#[cfg(feature = "std")]
impl<T, R: core::fmt::Debug, C> core::fmt::Debug for Messages<T, R, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Messages")
            .field("reader", &self.reader)
            .field("done", &self.done)
            .finish()
    }
}
