//! The decode replay: see the parent module.

use alloc::{string::String, vec::Vec};

use super::WriteTo;
use crate::config::{decode_message, decode_slice_default};
use crate::explain::{InputRecord, RecordLog, Recorder};
use crate::read::ZeroWidthBudget;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Limits, Reader};

/// How many times the input is read again, at most, to find a decode error's path.
const TRIES: usize = 16;

/// The path of the decode `error` on `input`, for a type that also encodes and borrows
/// nothing from its input: what the derive's [`Decode::error_path`] calls for types
/// without lifetime parameters. The completed input is a copy, decoded through the
/// function `from_slice` runs under the default limits, so the replay shares the decode
/// that `from_slice` compiled for the type; only the recorder's encode is the replay's
/// own.
///
/// The replay therefore runs under the default limits, whatever the caller's were: no
/// byte limit, as every replay; a tighter depth or zero-width limit let out, as the
/// replay lets out the one that failed. A value that needs more than the default depth
/// or zero-width elements (the caller's limits were wider, or a depth error at the
/// default depth) gets no path.
///
/// Inlined into the caller (the derived `error_path`): the type's part is
/// [`replay_owned`], the rest [`locate_owned`], compiled once.
#[inline]
pub(crate) fn owned_decode_path<C: Ctx, T: for<'a> Decode<'a> + Encode>(
    input: &[u8],
    limits: Limits,
    error: &DecodeError,
) -> Option<String> {
    locate_owned(input, limits, error, replay_owned::<C, T>)
}

/// What [`owned_decode_path`] runs per type, as one function: decodes the completed
/// input `view` as a `T`, keeping its growable records in `w`, which replays `view`,
/// and writes the value to `w`. `Ok(false)` where the value does not encode.
fn replay_owned<C: Ctx, T: for<'a> Decode<'a> + Encode>(
    view: &[u8],
    w: &mut Recorder,
) -> Result<bool, DecodeError> {
    let value = decode_slice_default::<C, T>(view, w.input_records())?;
    Ok(super::Record::<C, T>::new(&value).write_to(w).is_ok())
}

/// [`owned_decode_path`] past its type's part, `replay`: not generic, so compiled once.
#[inline(never)]
fn locate_owned(
    input: &[u8],
    limits: Limits,
    error: &DecodeError,
    replay: fn(&[u8], &mut Recorder) -> Result<bool, DecodeError>,
) -> Option<String> {
    locate(input, limits, error, &mut |probe, _| {
        let view = probe.view();
        let mut w = Recorder::replaying(&view, Vec::new());
        match replay(&view, &mut w) {
            Ok(true) => Ok(path_found(&w, &view, probe, error)),
            Ok(false)
            | Err(
                DecodeError::DepthLimitExceeded { .. } | DecodeError::ZeroWidthLimitExceeded { .. },
            ) => Ok(None),
            Err(e) => Err(e),
        }
    })
}

/// [`owned_decode_path`] for a type that may borrow from its input: its value must
/// borrow from `input` itself, so the completion is read through a [`ProbeReader`]
/// over it, a decode of the type's own.
pub(crate) fn decode_path<'de, C: Ctx, T: Decode<'de> + Encode>(
    input: &'de [u8],
    limits: Limits,
    error: &DecodeError,
) -> Option<String> {
    locate(input, limits, error, &mut |probe, _| {
        probe.rewind();
        let mut log = RecordLog::new(probe);
        let value = decode_message::<C, T, _>(&mut log)?;
        let records = log.finish();
        let view = probe.view();
        Ok(path_in(&view, records, probe, error, &mut |w| {
            super::Record::<C, T>::new(&value).write_to(w)
        }))
    })
}

/// The decoding a replay attempts on the completed input: the path found where the
/// value decodes, or the error that stopped it.
type Attempt<'a, 'de> =
    dyn FnMut(&mut ProbeReader<'de>, Limits) -> Result<Option<String>, DecodeError> + 'a;

/// Completes `input` past the error's offset and has `attempt` decode it, repairing
/// the completion after each failure, a few times at most. Not generic, so compiled
/// once: each type brings only its `attempt`.
fn locate<'de>(
    input: &'de [u8],
    limits: Limits,
    error: &DecodeError,
    attempt: &mut Attempt<'_, 'de>,
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
    let starts = starts_value(error);
    if starts {
        probe.kept = Some(0);
    }
    let found = attempts(&mut probe, limits, TRIES, attempt);
    if let Some(Some(path)) = found {
        return Some(path);
    }
    // An error at the start of a value inside a bit-packed value names the byte that
    // holds the value's first bit, which may hold earlier fields' bits below it: zeroing
    // them may change what follows (an entropy index, an `Option`'s flag), and the
    // byte's first span is theirs. So where the byte was shared, or no completion
    // decoded, the completion keeps the byte's lowest 7, 6, ... 1 bits in turn, and the
    // path is the value's that starts right after them (`Recorder::path_at`); first
    // where a value started in the completion that decoded, the likeliest places.
    let &byte = input.get(cut)?;
    let likely = match (found, probe.shared) {
        _ if !starts => return None,
        (Some(_), None) => return None,
        (_, shared) => shared.unwrap_or(0),
    };
    let at = |first: bool| move |kept: &u32| (likely >> kept & 1 == 1) == first;
    let order = (1..8u32).rev().filter(at(true));
    for kept in order.chain((1..8u32).rev().filter(at(false))) {
        let first = match error {
            // The next key, at the value's lowest bit.
            DecodeError::DuplicateKey { .. } => match byte.checked_add(1 << kept) {
                Some(b) => b,
                None => continue,
            },
            _ => byte & ((1u8 << kept) - 1),
        };
        let mut probe = ProbeReader::new(input, cut, first, depth, limits);
        probe.kept = Some(kept);
        if let Some(Some(path)) = attempts(&mut probe, limits, KEPT_TRIES, attempt) {
            return Some(path);
        }
    }
    None
}

/// How many times each of [`locate`]'s completions that keep some bits of the byte at
/// the error is read, at most: the value there needs few repairs (the next tag, a one).
const KEPT_TRIES: usize = 4;

/// Has `attempt` decode the completion, repairing it after each failure, `tries` times
/// at most: `Some` with the path found (or `None`) once a completion decodes, `None`
/// where none did.
fn attempts<'de>(
    probe: &mut ProbeReader<'de>,
    limits: Limits,
    tries: usize,
    attempt: &mut Attempt<'_, 'de>,
) -> Option<Option<String>> {
    let limits = limits.with_max_depth(probe.max_depth);
    for _ in 0..tries {
        match attempt(probe, limits) {
            Ok(path) => return Some(path),
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

/// Whether `error` names the byte where the value it is about starts (that value
/// being a byte or more: a tag, a length prefix, a map's key, an integer, a `char`, a
/// chrono count, YAS's enum size byte, the first byte of a bitset), rather than a byte
/// inside it.
fn starts_value(error: &DecodeError) -> bool {
    matches!(
        error,
        DecodeError::UnknownVariant { .. }
            | DecodeError::DuplicateKey { .. }
            | DecodeError::InvalidChar { .. }
            | DecodeError::UnexpectedZero { .. }
            | DecodeError::IntegerOverflow { .. }
            | DecodeError::OutOfRange { .. }
            | DecodeError::LengthOverMax { .. }
            | DecodeError::LengthExceedsInput { .. }
            | DecodeError::LengthMismatch { .. }
            | DecodeError::InvalidEnumSize { .. }
            | DecodeError::BitsetPadding { .. }
    )
}

/// The path of the bytes at `cut`, `error`'s offset, in `view`, the completed input
/// that a value was decoded from with its growable `records`: `write` writes the value
/// again, to a recorder that keeps the records as the input holds them.
fn path_in(
    view: &[u8],
    records: Vec<InputRecord>,
    probe: &mut ProbeReader<'_>,
    error: &DecodeError,
    write: &mut dyn FnMut(&mut Recorder) -> Result<(), EncodeError>,
) -> Option<String> {
    let mut w = Recorder::replaying(view, records);
    write(&mut w).ok()?;
    path_found(&w, view, probe, error)
}

/// The path at the cut in the recording `w` of the value the completion `view`
/// decoded to, noting for [`locate`] where values start if the cut's byte is shared.
fn path_found(
    w: &Recorder,
    view: &[u8],
    probe: &mut ProbeReader<'_>,
    error: &DecodeError,
) -> Option<String> {
    probe.shared = w.starts_in_shared_byte(probe.cut);
    w.path_at(view, probe.cut, error.bit_offset(), probe.starts())
        .map(String::from)
}

/// Zeros that a borrowed read past the cut returns (`&str`, `&[u8]`, runs): the
/// decoded value borrows from the input's lifetime, which a copy of the input would
/// not have.
static ZEROS: [u8; 4096] = [0; 4096];

/// Reads `input` up to `cut`, then the rest of the input or zeros, with a few patched
/// bytes, up to `len`: the input with the failed item (and with zeros, everything after
/// it) replaced by the shortest values.
pub(super) struct ProbeReader<'de> {
    input: &'de [u8],
    cut: usize,
    /// Whether the input past `cut` is read as it is (else as zeros).
    keep_rest: bool,
    /// The end of the completed input.
    len: usize,
    /// Bytes at or past `cut` that are not zero, in the order they were patched.
    patches: Vec<(usize, u8)>,
    /// Where each repair patched, for repairs that try several forms in turn.
    repairs: Vec<usize>,
    /// Offsets of YAS enums' size bytes that a repair set.
    sized_enums: Vec<usize>,
    /// For an error at the start of a value ([`starts_value`]): how many of the lowest
    /// bits of the byte at the cut the completion keeps from the input (the bits of
    /// earlier fields, inside a bit-packed value), the value starting after them.
    kept: Option<u32>,
    /// Where, in the value the last completion decoded to, the byte at the cut holds the
    /// bits of several spans (it is inside a bit-packed value): the bits of it at which
    /// a value of a byte or more starts ([`Recorder::starts_in_shared_byte`]).
    shared: Option<u8>,
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
            repairs: Vec::new(),
            sized_enums: Vec::new(),
            kept: None,
            shared: None,
            zeroed: Vec::new(),
            pos: 0,
            depth: 0,
            max_depth,
            limits,
            zero_width: ZeroWidthBudget::new(&limits),
        }
    }

    /// What [`Recorder::path_at`] takes as `starts`.
    fn starts(&self) -> Option<u32> {
        self.kept
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
        // Bits kept at the cut are earlier fields', and stay.
        let kept = self.kept_bits(self.cut).0;
        self.patches.clear();
        if kept != 0 {
            self.patches.push((self.cut, kept));
        }
        self.repairs.clear();
        self.sized_enums.clear();
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
    pub(super) fn repair(&mut self, error: &DecodeError) -> bool {
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
        let cap = self
            .input
            .len()
            .saturating_mul(GROWTH)
            .saturating_add(SLACK);
        if let Some(end) = end {
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
            } => {
                self.sized_enums.push(offset);
                self.patch(offset, &[expected])
            }
            // A one: in fixed-width and LEB128 integers a first byte of 1; in YAS's
            // compacted ones (a first byte of 1 says one byte follows) that byte too.
            DecodeError::UnexpectedZero { offset, .. } => match self.repaired(offset) {
                0 => {
                    let (kept, one) = self.kept_bits(offset);
                    self.patch(offset, &[kept | one])
                }
                1 => self.patch(offset, &[1, 1]),
                _ => false,
            },
            // A YAS `std::array`'s length, in the forms its layouts write (a little-endian
            // `u64`, YAS's compacted size below 128, a big-endian `u64`), one per try.
            // (Repairs are made to a completion of zeros: the little-endian form needs
            // only its bytes up to the highest that is not zero.)
            DecodeError::LengthMismatch {
                offset, expected, ..
            } => {
                let le = expected.to_le_bytes();
                let used = le.iter().rposition(|&b| b != 0).map_or(1, |i| i + 1);
                let be = expected.to_be_bytes();
                if self.len < offset + be.len() && self.len < cap {
                    self.len = (offset + be.len()).min(cap);
                }
                match self.repaired(offset) {
                    0 => self.patch(offset, &le[..used]),
                    1 if expected < 0x80 => self.patch(offset, &[0x80 | expected as u8]),
                    1 | 2 => self.patch(offset, &be),
                    _ => false,
                }
            }
            // The next tag, or another key; for an enum after YAS's size byte, the next
            // value (its first byte, the lowest: YAS writes that size byte only in
            // little-endian order).
            DecodeError::UnknownVariant { offset, .. } | DecodeError::DuplicateKey { offset } => {
                let at = offset + usize::from(self.sized_enums.contains(&offset));
                match self.byte_at(at).checked_add(self.kept_bits(at).1) {
                    Some(b) => self.patch(at, &[b]),
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// The bits of the byte at `at` that the completion keeps from the input, and the
    /// one of the value that starts after them: at the cut, where the completion keeps
    /// some ([`ProbeReader::kept`]), the value's lowest bit is the next one; elsewhere
    /// the byte's lowest.
    fn kept_bits(&self, at: usize) -> (u8, u8) {
        match self.kept {
            Some(kept) if at == self.cut => (self.byte_at(at) & ((1u8 << kept) - 1), 1 << kept),
            _ => (0, 1),
        }
    }

    /// How many repairs were made at `offset` since the completion last changed.
    fn repaired(&self, offset: usize) -> usize {
        self.repairs.iter().filter(|&&at| at == offset).count()
    }

    fn patch(&mut self, at: usize, bytes: &[u8]) -> bool {
        if at < self.cut || at + bytes.len() > self.len {
            return false;
        }
        self.repairs.push(at);
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
