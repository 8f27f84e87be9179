//! Finding the field path of an error: only once an operation has failed, by running it
//! again through [`explain`](crate::explain())'s recording writer, which tracks field
//! paths. Nothing here runs when an operation succeeds, and the derive emits nothing
//! for it: the paths are the ones the encoders already report to every writer.
//!
//! - Encoding: the value is written again to a [`Recorder`]; where the write fails, the
//!   recorder's path is the failing field's (a field's path is popped only after the
//!   field is written).
//! - Decoding: there is no value to write, so one is made. The input is read again by
//!   a [`ProbeReader`], first with the byte at the error's offset set to zero (the
//!   shortest value of nearly every item: length 0, `None`, `false`, the first variant)
//!   and the rest of the input as it is, which keeps the order of a map's later
//!   entries; where that fails, with zeros from the error's offset on. Where a zero is
//!   not valid either, [`ProbeReader::repair`] patches it (a growable record's smallest
//!   size, the next tag, the expected enum size byte) and reads again, a few times at
//!   most. The value that decodes is written
//!   to a [`Recorder`] that keeps the input's growable records as
//!   [`Config::explain_input`](crate::Config::explain_input) does, and the path is that
//!   of the bytes at the error's offset, provided the bytes written up to there are the
//!   input's (else a value in a longer form than this library writes has moved them).

use alloc::{string::String, vec::Vec};

use crate::config::decode_message;
use crate::explain::{RecordLog, Recorder};
use crate::read::ZeroWidthBudget;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Error, Limits, Reader};

/// Attaches the path of `error`, which encoding `value` under context `C` returned.
#[cold]
#[inline(never)]
pub(crate) fn encode_error<C: Ctx, T: Encode + ?Sized>(
    value: &T,
    error: EncodeError,
) -> Error<EncodeError> {
    if error.is_about_message() {
        return error.into();
    }
    let mut w = Recorder::default();
    let path = match T::encode_header::<C, _>(&mut w).and_then(|()| value.encode::<C, _>(&mut w)) {
        // The recorder writes field by field where the first run may have written
        // runs: only an error it meets too is located.
        Err(again) if again == error => Some(w.path_here()),
        _ => None,
    };
    Error::new(error, path.as_deref())
}

/// Attaches the path of `error`, which decoding a `T` under context `C` from `input`
/// with `limits` returned.
#[cold]
#[inline(never)]
pub(crate) fn decode_error<'de, C: Ctx, T: Decode<'de>>(
    input: &'de [u8],
    limits: Limits,
    error: DecodeError,
) -> Error<DecodeError> {
    if let Some(hint) = yas_header_hint::<C, T>(input, &error) {
        return hint.into();
    }
    if error.is_about_message() {
        return error.into();
    }
    let path = T::error_path::<C>(input, limits, &error);
    Error::new(error, path.as_deref())
}

/// [`DecodeError::UnexpectedYasHeader`] where a `T` that reads no header under `C`
/// failed inside the value on input that starts with a YAS binary header: `yas`, then four uppercase hex
/// digits of a word with version 7, type binary, and no bit past `compacted`.
fn yas_header_hint<'de, C: Ctx, T: Decode<'de>>(
    input: &'de [u8],
    error: &DecodeError,
) -> Option<DecodeError> {
    // A header of the type's own, a value that decoded whole before trailing bytes,
    // input over the byte limit: not a headerless reading of YAS output.
    if matches!(
        error,
        DecodeError::BadHeader { .. }
            | DecodeError::TrailingBytes { .. }
            | DecodeError::ByteLimitExceeded { .. }
    ) {
        return None;
    }
    let found: [u8; 7] = input.get(..7)?.try_into().ok()?;
    let upper_hex = |b: &u8| b.is_ascii_digit() || (b'A'..=b'F').contains(b);
    if &found[..3] != b"yas" || !found[3..].iter().all(upper_hex) {
        return None;
    }
    let digits = core::str::from_utf8(&found[3..]).ok()?;
    let word = u16::from_str_radix(digits, 16).ok()?;
    const VERSION: u16 = 7;
    const BINARY: u16 = 1 << 4;
    const BIG: u16 = 1 << 7;
    const COMPACTED: u16 = 1 << 8;
    if word & !(BIG | COMPACTED) != VERSION | BINARY {
        return None;
    }
    // The type reads a header of its own (a YAS layout): the header was its own.
    let mut r = crate::SliceReader::new(input);
    T::decode_header::<C, _>(&mut r).ok()?;
    if r.offset() != 0 {
        return None;
    }
    let layout = match (word & BIG != 0, word & COMPACTED != 0) {
        (false, false) => "Yas",
        (true, false) => "YasBig",
        (false, true) => "YasCompacted",
        (true, true) => "YasCompactedBig",
    };
    Some(DecodeError::UnexpectedYasHeader { found, layout })
}

/// How many times the input is read again, at most, to find a decode error's path.
const TRIES: usize = 16;

/// The path of the decode `error` on `input`, for a type that also encodes: what the
/// derive's [`Decode::error_path`] calls.
pub(crate) fn decode_path<'de, C: Ctx, T: Decode<'de> + Encode>(
    input: &'de [u8],
    limits: Limits,
    error: &DecodeError,
) -> Option<String> {
    let cut = error.offset().min(input.len());
    // The nesting that failed is let in, one level deeper than the limit.
    let depth = match error {
        DecodeError::DepthLimitExceeded { .. } => limits.max_depth.saturating_add(1),
        _ => limits.max_depth,
    };
    // A duplicate key becomes the next one, which keeps a sorted map's order; a bit
    // inside a bit-packed value keeps the bits before it in its byte (other fields',
    // written first: bits fill a byte from its lowest); anything else its shortest
    // value.
    let first = match (error, error.bit_offset()) {
        (DecodeError::DuplicateKey { .. }, _) => input.get(cut).map_or(0, |b| b.wrapping_add(1)),
        (_, Some(bit)) => input.get(cut).map_or(0, |b| b & ((1u8 << (bit % 8)) - 1)),
        _ => 0,
    };
    let mut probe = ProbeReader::new(input, cut, first, depth, limits);
    for _ in 0..TRIES {
        probe.rewind();
        let mut log = RecordLog::new(&mut probe);
        match decode_message::<C, T, _>(&mut log) {
            Ok(value) => {
                let records = log.finish();
                let view = probe.view();
                let mut w = Recorder::replaying(&view, records);
                T::encode_header::<C, _>(&mut w).ok()?;
                value.encode::<C, _>(&mut w).ok()?;
                return w.path_at(&view, cut, error.bit_offset()).map(String::from);
            }
            Err(again) => {
                if probe.keep_rest {
                    probe.complete_with_zeros();
                } else if !probe.repair(&again) {
                    return None;
                }
            }
        }
    }
    None
}

/// Zeros that a borrowed read past the cut returns (`&str`, `&[u8]`, runs): the
/// decoded value borrows from the input's lifetime, which a copy of the input would
/// not have.
static ZEROS: [u8; 4096] = [0; 4096];

/// Reads `input` up to `cut`, then the rest of the input or zeros, with a few patched
/// bytes, up to `len`: the input with the failed item (and with zeros, everything after
/// it) replaced by the shortest values.
struct ProbeReader<'de> {
    input: &'de [u8],
    cut: usize,
    /// Whether the input past `cut` is read as it is (else as zeros).
    keep_rest: bool,
    /// The end of the completed input.
    len: usize,
    /// Bytes at or past `cut` that are not zero, in the order they were patched.
    patches: Vec<(usize, u8)>,
    /// Borrowed reads that crossed the cut and were given zeros: their bytes before
    /// the cut are zeros in the [`view`](ProbeReader::view) too.
    zeroed: Vec<(usize, usize)>,
    pos: usize,
    depth: usize,
    max_depth: usize,
    limits: Limits,
    zero_width: ZeroWidthBudget,
}

impl<'de> ProbeReader<'de> {
    fn new(input: &'de [u8], cut: usize, first: u8, max_depth: usize, limits: Limits) -> Self {
        Self {
            input,
            cut,
            keep_rest: true,
            len: input.len().max(cut + 1),
            patches: alloc::vec![(cut, first)],
            zeroed: Vec::new(),
            pos: 0,
            depth: 0,
            max_depth,
            limits,
            zero_width: ZeroWidthBudget::new(&limits),
        }
    }

    /// Back to the start, for another read with the patches so far.
    fn rewind(&mut self) {
        self.pos = 0;
        self.depth = 0;
        self.zeroed.clear();
        self.zero_width = ZeroWidthBudget::new(&self.limits);
    }

    /// From now on, the input past the cut is zeros.
    fn complete_with_zeros(&mut self) {
        self.keep_rest = false;
        self.patches.clear();
    }

    fn byte_at(&self, at: usize) -> u8 {
        let mut b = [0];
        self.fill(at, &mut b);
        b[0]
    }

    /// The completed input's bytes from `start`, as many as `out` holds.
    fn fill(&self, start: usize, out: &mut [u8]) {
        let end = start + out.len();
        let readable = if self.keep_rest {
            self.input.len()
        } else {
            self.cut
        };
        let copied = end.min(readable).saturating_sub(start);
        if copied > 0 {
            out[..copied].copy_from_slice(&self.input[start..start + copied]);
        }
        out[copied..].fill(0);
        // Later patches win.
        for &(at, b) in &self.patches {
            if (start..end).contains(&at) {
                out[at - start] = b;
            }
        }
    }

    /// The completed input as read, for the recorder to compare with what the value
    /// writes.
    fn view(&self) -> Vec<u8> {
        let mut v = alloc::vec![0; self.len];
        self.fill(0, &mut v);
        for &(start, end) in &self.zeroed {
            v[start..end].fill(0);
        }
        v
    }

    /// Changes the completion so that the read that failed with `error`, past the cut,
    /// may succeed: `false` where nothing can be done.
    fn repair(&mut self, error: &DecodeError) -> bool {
        /// The completed input may grow to this many times the input, plus this many
        /// bytes, for the items a truncated input lacks.
        const GROWTH: usize = 2;
        const SLACK: usize = 4096;
        let at = error.offset();
        if at < self.cut {
            return false;
        }
        // A read that ran out (of bytes, or of bits in a bit-packed value): the
        // completed input grows to reach past it.
        let end = match *error {
            DecodeError::UnexpectedEnd { offset, needed, .. } => {
                Some(offset.saturating_add(needed))
            }
            DecodeError::UnexpectedEndOfBits {
                bit_offset, needed, ..
            } => Some(bit_offset.saturating_add(needed).div_ceil(8)),
            _ => None,
        };
        if let Some(end) = end {
            let cap = self
                .input
                .len()
                .saturating_mul(GROWTH)
                .saturating_add(SLACK);
            if self.len >= cap {
                return false;
            }
            self.len = end.max(self.len.saturating_mul(GROWTH)).min(cap);
            return true;
        }
        match *error {
            // A growable record's smallest size, 4, in either byte order.
            DecodeError::RecordSizeTooSmall { offset, .. }
            | DecodeError::RecordSizeTooLarge { offset, .. } => {
                let little = self.byte_at(offset) != 4;
                let size: [u8; 4] = if little { [4, 0, 0, 0] } else { [0, 0, 0, 4] };
                self.patch(offset, &size)
            }
            DecodeError::InvalidEnumSize {
                offset, expected, ..
            } => self.patch(offset, &[expected]),
            // The next tag, or another key.
            DecodeError::UnknownVariant { offset, .. } | DecodeError::DuplicateKey { offset } => {
                match self.byte_at(offset).checked_add(1) {
                    Some(b) => self.patch(offset, &[b]),
                    None => false,
                }
            }
            _ => false,
        }
    }

    fn patch(&mut self, at: usize, bytes: &[u8]) -> bool {
        if at < self.cut || at + bytes.len() > self.len {
            return false;
        }
        self.patches
            .extend(bytes.iter().enumerate().map(|(i, &b)| (at + i, b)));
        true
    }

    fn take(&mut self, n: usize) -> Result<usize, DecodeError> {
        let left = self.len - self.pos;
        if n > left {
            return Err(DecodeError::UnexpectedEnd {
                offset: self.pos,
                needed: n,
                remaining: left,
            });
        }
        let start = self.pos;
        self.pos += n;
        Ok(start)
    }
}

impl<'de> Reader<'de> for ProbeReader<'de> {
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        let start = self.take(out.len())?;
        self.fill(start, out);
        Ok(())
    }

    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        let start = self.take(n)?;
        let end = start + n;
        let patched = self.patches.iter().any(|(p, _)| (start..end).contains(p));
        let readable = if self.keep_rest {
            self.input.len()
        } else {
            self.cut
        };
        if end <= readable && !patched {
            return Ok(&self.input[start..end]);
        }
        match ZEROS.get(..n) {
            Some(zeros) if !patched => {
                self.zeroed.push((start, end));
                Ok(zeros)
            }
            _ => Err(DecodeError::CannotBorrow { offset: start }),
        }
    }

    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        let start = self.take(n)?;
        let old = out.len();
        out.resize(old + n, 0);
        self.fill(start, &mut out[old..]);
        Ok(())
    }

    fn offset(&self) -> usize {
        self.pos
    }

    fn remaining(&self) -> Option<usize> {
        Some(self.len - self.pos)
    }

    fn enter(&mut self) -> Result<(), DecodeError> {
        if self.depth >= self.max_depth {
            return Err(DecodeError::DepthLimitExceeded {
                offset: self.pos,
                limit: self.max_depth,
            });
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.zero_width.check(offset, n)
    }

    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.zero_width.count(offset)
    }
}
