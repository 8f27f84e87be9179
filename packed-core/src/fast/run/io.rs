//! The writer and the reader a run is coded through: [`RunWriter`] fills a buffer of
//! exactly one value's fixed size, [`RunReader`] reads the borrowed bytes of exactly
//! one value.

use alloc::{borrow::Cow, vec::Vec};

use crate::{DecodeError, EncodeError, Reader, Writer};

/// The largest value written through a stack buffer. Bigger fixed-size values are rare
/// (large arrays of bytes are one copy anyway) and go field by field.
pub(super) const MAX_RUN: usize = 256;

/// The error for a run whose parts wrote another number of bytes than its fixed size.
#[cold]
#[inline(never)]
pub(super) fn encode_mismatch(type_name: &'static str) -> EncodeError {
    EncodeError::FixedSizeMismatch { type_name }
}

/// The error for a run, starting at `offset`, whose parts read another number of bytes
/// than its fixed size.
#[cold]
#[inline(never)]
pub(super) fn decode_mismatch(offset: usize, type_name: &'static str) -> DecodeError {
    DecodeError::FixedSizeMismatch { offset, type_name }
}

/// Writes into a buffer of exactly one value's size. Never fails: a write past the end
/// (a `fixed_size` smaller than what the type writes) is dropped and sets `over`, which
/// the run reports after the value, so the per-field path has no error branch and
/// inlines.
pub(super) struct RunWriter<'a> {
    rest: &'a mut [u8],
    over: bool,
}

impl<'a> RunWriter<'a> {
    #[cfg_attr(not(debug_assertions), inline)]
    pub(super) fn new(buf: &'a mut [u8]) -> Self {
        Self {
            rest: buf,
            over: false,
        }
    }

    /// Whether the value wrote exactly the buffer's size: nothing past it, nothing left.
    #[cfg_attr(not(debug_assertions), inline)]
    pub(super) fn filled_exactly(&self) -> bool {
        !self.over && self.rest.is_empty()
    }
}

impl Writer for RunWriter<'_> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if bytes.len() > self.rest.len() {
            self.over = true;
            return Ok(());
        }
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(bytes.len());
        head.copy_from_slice(bytes);
        self.rest = tail;
        Ok(())
    }
}

/// Reads from the borrowed bytes of exactly one value. Positions are constants once
/// the value's decoder is inlined, so its bounds checks fold away. Like [`RunWriter`]
/// its reads of numbers never fail: a read past the end (a `fixed_size` smaller than
/// what the type reads) yields zeros and sets `over`, which the run reports after the
/// value. Only a borrow past the end (which must return real bytes) fails at once.
pub(super) struct RunReader<'de> {
    rest: &'de [u8],
    /// Offset in the whole input just past the run.
    end: usize,
    over: bool,
    /// The type read as the run, for the error.
    type_name: &'static str,
}

impl<'de> RunReader<'de> {
    /// A reader over `bytes`, the run of a `T` ending at offset `end` of the input.
    #[cfg_attr(not(debug_assertions), inline)]
    pub(super) fn new<T: ?Sized>(bytes: &'de [u8], end: usize) -> Self {
        Self {
            rest: bytes,
            end,
            over: false,
            type_name: core::any::type_name::<T>(),
        }
    }

    /// Whether the value read exactly the run: nothing past it, nothing left.
    #[cfg_attr(not(debug_assertions), inline)]
    pub(super) fn read_exactly(&self) -> bool {
        !self.over && self.rest.is_empty()
    }

    /// The next `n` bytes, or `n` zeros (borrowed from a static) past the end, or if
    /// more than that.
    #[cfg_attr(not(debug_assertions), inline)]
    fn take(&mut self, n: usize) -> &'de [u8] {
        static ZEROS: [u8; MAX_RUN] = [0; MAX_RUN];
        if n > self.rest.len() {
            self.over = true;
            return ZEROS.get(..n).unwrap_or(&[]);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        head
    }

    /// `n` bytes that must exist (for callers that need them whatever their length).
    #[cfg_attr(not(debug_assertions), inline)]
    fn exact(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        let b = self.take(n);
        if b.len() == n {
            Ok(b)
        } else {
            Err(decode_mismatch(self.end, self.type_name))
        }
    }
}

impl<'de> Reader<'de> for RunReader<'de> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        let src = self.take(out.len());
        if src.len() == out.len() {
            out.copy_from_slice(src);
        } else {
            out.fill(0);
        }
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1).first().copied().unwrap_or(0))
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        self.exact(n)
    }

    #[inline]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        out.extend_from_slice(self.exact(n)?);
        Ok(())
    }

    #[inline]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        self.exact(n).map(Cow::Borrowed)
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn offset(&self) -> usize {
        self.end - self.rest.len()
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn remaining(&self) -> Option<usize> {
        Some(self.rest.len())
    }

    /// Nesting inside a run is bounded by the type; the run itself counted one level.
    #[cfg_attr(not(debug_assertions), inline)]
    fn enter(&mut self) -> Result<(), DecodeError> {
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn leave(&mut self) {}
}
