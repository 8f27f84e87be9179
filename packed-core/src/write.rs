//! Byte sinks: the [`Writer`] trait and its implementations.

use alloc::vec::Vec;

use crate::explain::{PathSeg, Role};
use crate::fast::copy::append_short;
use crate::EncodeError;

/// A destination for encoded bytes.
///
/// Only [`write_bytes`](Writer::write_bytes) is required. The hooks
/// ([`begin_frame`](Writer::begin_frame), [`push_path`](Writer::push_path), ...) tell
/// introspecting writers what the bytes mean; their default bodies are empty and
/// inline away, so the ordinary encode path pays nothing for them. The hidden bit
/// hooks (`write_bits`, `align_bits`, `bits_pending`, `packs_bits`) serve bit-packing
/// sessions: a `#[packed(bitpack)]` type writes its fields through a session's writer,
/// which implements them; a writer of bytes keeps their defaults.
pub trait Writer {
    /// Appends `bytes`.
    ///
    /// # Errors
    /// Whatever the sink reports; [`Vec<u8>`] never fails.
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError>;

    /// Appends one byte.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[inline]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.write_bytes(&[byte])
    }

    /// *Speed: word copies.* Appends `bytes` whose number is known only at run time:
    /// the contents of a string or of a slice of numbers. The default calls
    /// [`write_bytes`](Writer::write_bytes); `Vec<u8>` copies short ones without a call
    /// to `memcpy`.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.write_bytes(bytes)
    }

    /// *`explain`:* the bytes written until [`end_frame`](Writer::end_frame) play
    /// `role`.
    #[cfg_attr(not(debug_assertions), inline)]
    fn begin_frame(&mut self, role: Role) {
        let _ = role;
    }

    /// Ends the run started by [`begin_frame`](Writer::begin_frame).
    #[cfg_attr(not(debug_assertions), inline)]
    fn end_frame(&mut self) {}

    /// *`explain`:* the bytes that follow belong to `seg`, inside the current path.
    #[cfg_attr(not(debug_assertions), inline)]
    fn push_path(&mut self, seg: PathSeg) {
        let _ = seg;
    }

    /// Leaves the innermost path step.
    #[cfg_attr(not(debug_assertions), inline)]
    fn pop_path(&mut self) {}

    /// *Speed: runs and memory images.* Whether a value of fixed size may hand over its
    /// bytes in one [`write_bytes`](Writer::write_bytes) call, and a slice of memory
    /// images its memory in one piece, without the per-field and per-element hooks: true
    /// for `Vec<u8>` and [`IoWriter`]. The default, false, keeps a writer that overrides
    /// the hooks seeing every field.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn takes_runs(&self) -> bool {
        false
    }

    /// *Wire format: bit packing.* Appends the low `bits` bits of `value` (at most 64;
    /// the bits above them are zero) to the bit stream, least significant first. Called
    /// only inside a bit-packing session, on the session's writer, which collects them.
    /// The default, for a writer of whole bytes, writes them as a session of their own:
    /// the fewest bytes that hold them, little-endian, padded with zero bits.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[doc(hidden)]
    #[inline]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        let n = bits.div_ceil(8) as usize;
        self.write_bytes(&value.to_le_bytes()[..n])
    }

    /// *Wire format: bit packing.* Pads the bit stream with zero bits to the next byte
    /// boundary (nothing if it is at one): Bitsery's `align()`. The default does
    /// nothing: a writer of whole bytes is always at a boundary.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        Ok(())
    }

    /// *Wire format: bit packing.* Whether the bit stream is between byte boundaries.
    /// Numbers wider than a byte are then written as their bits, little-endian whatever
    /// the layout's byte order (Bitsery's `writeBytes` inside a session). The default:
    /// false.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bits_pending(&self) -> bool {
        false
    }

    /// *`explain`, bit packing.* Whether this writer packs bits itself (`explain`'s
    /// recorder, which attributes every bit), so that a session hands each write to it
    /// as it comes instead of collecting whole bytes first. The default: false.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn packs_bits(&self) -> bool {
        false
    }

    /// *Wire format: growable records.* The number of bytes written so far, if the
    /// writer can write a growable record's size (`#[packed(growable)]`) over the 4
    /// bytes it reserved for it once the record's body is written
    /// ([`patch_record_size`](Writer::patch_record_size)): `Vec<u8>`, [`SizeCounter`]
    /// and `explain`'s writer. `None`, the default, for a writer that cannot go back (a
    /// stream): the body is then counted first and the size written before it, so no
    /// part of the message is held in memory.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn record_position(&self) -> Option<usize> {
        None
    }

    /// *Wire format: growable records.* Writes `size` over the 4 bytes at `position`,
    /// which [`record_position`](Writer::record_position) returned before they were
    /// written.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn patch_record_size(&mut self, position: usize, size: [u8; 4]) {
        let _ = (position, size);
    }

    /// *Wire format: growable records.* The number of bytes written so far, where a
    /// writer without [`record_position`](Writer::record_position) knows it
    /// ([`SliceWriter`], `IoWriter`, `BufMutWriter`): a growable record's body is
    /// counted before it is written there, and this checks that the write took the
    /// bytes counted ([`EncodeError::RecordLengthChanged`]). `None`, the default: not
    /// checked.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn bytes_written(&self) -> Option<usize> {
        None
    }
}

impl Writer for Vec<u8> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.extend_from_slice(bytes);
        Ok(())
    }

    /// One byte as a one-byte slice, not `push`: `push` compiles to slower code for
    /// the one-byte lengths of every record (PERF.md).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.extend_from_slice(&[byte]);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        append_short(self, bytes);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn takes_runs(&self) -> bool {
        true
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn record_position(&self) -> Option<usize> {
        Some(self.len())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn patch_record_size(&mut self, position: usize, size: [u8; 4]) {
        patch_record_size(self, position, size);
    }
}

/// Writes a growable record's `size` over the 4 bytes at `position` of `buf`: the
/// `patch_record_size` of writers into a growable buffer.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn patch_record_size(buf: &mut [u8], position: usize, size: [u8; 4]) {
    if let Some(slot) = buf.get_mut(position..position + 4) {
        slot.copy_from_slice(&size);
    }
}

impl<W: Writer + ?Sized> Writer for &mut W {
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_bytes(bytes)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        (**self).write_byte(byte)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_var_bytes(bytes)
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn begin_frame(&mut self, role: Role) {
        (**self).begin_frame(role);
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn end_frame(&mut self) {
        (**self).end_frame();
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn push_path(&mut self, seg: PathSeg) {
        (**self).push_path(seg);
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn pop_path(&mut self) {
        (**self).pop_path();
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn takes_runs(&self) -> bool {
        (**self).takes_runs()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        (**self).write_bits(value, bits)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        (**self).align_bits()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bits_pending(&self) -> bool {
        (**self).bits_pending()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn packs_bits(&self) -> bool {
        (**self).packs_bits()
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn record_position(&self) -> Option<usize> {
        (**self).record_position()
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn patch_record_size(&mut self, position: usize, size: [u8; 4]) {
        (**self).patch_record_size(position, size);
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn bytes_written(&self) -> Option<usize> {
        (**self).bytes_written()
    }
}

/// Counts bytes instead of writing them: what [`encoded_len`](crate::encoded_len) runs on.
#[derive(Debug, Default, Clone, Copy)]
pub struct SizeCounter {
    /// Bytes "written" so far.
    pub len: usize,
}

impl Writer for SizeCounter {
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.len += bytes.len();
        Ok(())
    }
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_byte(&mut self, _byte: u8) -> Result<(), EncodeError> {
        self.len += 1;
        Ok(())
    }
    /// Counting needs no size written back: the 4 bytes are counted.
    #[cfg_attr(not(debug_assertions), inline)]
    fn record_position(&self) -> Option<usize> {
        Some(self.len)
    }
}

impl SizeCounter {
    /// The bytes `write` writes, counted, or 0 if it fails: a size worked out by
    /// running a write over a counter (which folds to a constant where the write's size
    /// is fixed). A size that the encode itself would refuse needs no number.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn bytes_of(write: impl FnOnce(&mut Self) -> Result<(), EncodeError>) -> usize {
        let mut counter = Self::default();
        match write(&mut counter) {
            Ok(()) => counter.len,
            Err(_) => 0,
        }
    }
}

/// The bytes `value` encodes to under `C`, counted by running its encode over a
/// [`SizeCounter`], or 0 if the encode fails: the default of
/// [`Encode::encoded_size`](crate::Encode::encoded_size).
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn count_size<C: crate::Ctx, T: crate::Encode + ?Sized>(value: &T) -> usize {
    SizeCounter::bytes_of(|counter| value.encode::<C, SizeCounter>(counter))
}

/// Writes into a caller's `&mut [u8]`, without allocating: what
/// [`to_slice`](crate::to_slice) runs on, and a [`Writer`] for `no_std` targets with a
/// fixed buffer.
///
/// ```
/// use packed_core::{EncodeError, SliceWriter, Writer};
///
/// let mut buf = [0u8; 4];
/// let mut w = SliceWriter::new(&mut buf);
/// packed_core::config().encode_to(&7u16, &mut w)?;
/// assert_eq!(w.written(), [7, 0]);
/// assert_eq!(
///     w.write_bytes(&[1, 2, 3]),
///     Err(EncodeError::BufferTooSmall { needed: 5, capacity: 4 })
/// );
/// # Ok::<(), EncodeError>(())
/// ```
#[derive(Debug)]
pub struct SliceWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> SliceWriter<'a> {
    /// A writer that fills `buf` from its start.
    #[must_use]
    #[inline]
    pub fn new(buf: &'a mut [u8]) -> Self {
        Self { buf, len: 0 }
    }

    /// The bytes written so far.
    #[must_use]
    pub fn written(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The number of bytes written so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was written yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The room left, where the next write goes.
    #[cfg_attr(not(debug_assertions), inline)]
    fn room(&mut self, n: usize) -> Result<&mut [u8], EncodeError> {
        let (start, capacity) = (self.len, self.buf.len());
        if n > capacity - start {
            return Err(buffer_too_small(start.saturating_add(n), capacity));
        }
        self.len += n;
        Ok(&mut self.buf[start..start + n])
    }
}

#[cfg_attr(not(debug_assertions), inline)]
fn buffer_too_small(needed: usize, capacity: usize) -> EncodeError {
    crate::error::cold_path();
    EncodeError::BufferTooSmall { needed, capacity }
}

impl Writer for SliceWriter<'_> {
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.room(bytes.len())?.copy_from_slice(bytes);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.room(1)?[0] = byte;
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn takes_runs(&self) -> bool {
        true
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn bytes_written(&self) -> Option<usize> {
        Some(self.len)
    }
}

/// Adapts a [`std::io::Write`] sink, writing every field as it comes: each is a
/// separate `write_all`, so give it a [`std::io::BufWriter`]. To write a message with
/// one `write_all`, use [`to_writer`](crate::to_writer), which encodes into a buffer
/// first.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoWriter<W> {
    inner: W,
    written: usize,
}

#[cfg(feature = "std")]
impl<W: std::io::Write> IoWriter<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Self { inner, written: 0 }
    }
    /// Bytes written so far.
    pub fn written(&self) -> usize {
        self.written
    }
    /// Returns the sink.
    pub fn into_inner(self) -> W {
        self.inner
    }
}

#[cfg(feature = "std")]
impl<W: std::io::Write> Writer for IoWriter<W> {
    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.inner
            .write_all(bytes)
            .map_err(|e| EncodeError::Io(e.into()))?;
        self.written += bytes.len();
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn takes_runs(&self) -> bool {
        true
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn bytes_written(&self) -> Option<usize> {
        Some(self.written)
    }
}
