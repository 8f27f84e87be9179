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
    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.write_bytes(bytes)
    }

    /// *`explain`:* the bytes written until [`end_frame`](Writer::end_frame) play
    /// `role`.
    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        let _ = role;
    }

    /// Ends the run started by [`begin_frame`](Writer::begin_frame).
    #[inline(always)]
    fn end_frame(&mut self) {}

    /// *`explain`:* the bytes that follow belong to `seg`, inside the current path.
    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        let _ = seg;
    }

    /// Leaves the innermost path step.
    #[inline(always)]
    fn pop_path(&mut self) {}

    /// *Speed: runs and memory images.* Whether a value of fixed size may hand over its
    /// bytes in one [`write_bytes`](Writer::write_bytes) call, and a slice of memory
    /// images its memory in one piece, without the per-field and per-element hooks: true
    /// for `Vec<u8>` and [`IoWriter`]. The default, false, keeps a writer that overrides
    /// the hooks seeing every field.
    #[doc(hidden)]
    #[inline(always)]
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
    #[inline(always)]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        Ok(())
    }

    /// *Wire format: bit packing.* Whether the bit stream is between byte boundaries.
    /// Numbers wider than a byte are then written as their bits, little-endian whatever
    /// the layout's byte order (Bitsery's `writeBytes` inside a session). The default:
    /// false.
    #[doc(hidden)]
    #[inline(always)]
    fn bits_pending(&self) -> bool {
        false
    }

    /// *`explain`, bit packing.* Whether this writer packs bits itself (`explain`'s
    /// recorder, which attributes every bit), so that a session hands each write to it
    /// as it comes instead of collecting whole bytes first. The default: false.
    #[doc(hidden)]
    #[inline(always)]
    fn packs_bits(&self) -> bool {
        false
    }
}

impl Writer for Vec<u8> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.extend_from_slice(bytes);
        Ok(())
    }

    /// One byte as a one-byte slice, not `push`: `push` compiles to slower code for
    /// the one-byte lengths of every record (PERF.md).
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.extend_from_slice(&[byte]);
        Ok(())
    }

    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        append_short(self, bytes);
        Ok(())
    }

    #[inline(always)]
    fn takes_runs(&self) -> bool {
        true
    }
}

impl<W: Writer + ?Sized> Writer for &mut W {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_bytes(bytes)
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        (**self).write_byte(byte)
    }
    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_var_bytes(bytes)
    }
    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        (**self).begin_frame(role);
    }
    #[inline(always)]
    fn end_frame(&mut self) {
        (**self).end_frame();
    }
    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        (**self).push_path(seg);
    }
    #[inline(always)]
    fn pop_path(&mut self) {
        (**self).pop_path();
    }
    #[inline(always)]
    fn takes_runs(&self) -> bool {
        (**self).takes_runs()
    }
    #[inline(always)]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        (**self).write_bits(value, bits)
    }
    #[inline(always)]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        (**self).align_bits()
    }
    #[inline(always)]
    fn bits_pending(&self) -> bool {
        (**self).bits_pending()
    }
    #[inline(always)]
    fn packs_bits(&self) -> bool {
        (**self).packs_bits()
    }
}

/// Counts bytes instead of writing them: what [`encoded_len`](crate::encoded_len) runs on.
#[derive(Debug, Default, Clone, Copy)]
pub struct SizeCounter {
    /// Bytes "written" so far.
    pub len: usize,
}

impl Writer for SizeCounter {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.len += bytes.len();
        Ok(())
    }
    #[inline(always)]
    fn write_byte(&mut self, _byte: u8) -> Result<(), EncodeError> {
        self.len += 1;
        Ok(())
    }
}

/// Adapts a [`std::io::Write`] sink. Every field is a separate `write_all`, so wrap an
/// unbuffered sink (a file, a socket) in a [`std::io::BufWriter`].
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
            .map_err(|e| EncodeError::Io(e.kind()))?;
        self.written += bytes.len();
        Ok(())
    }

    #[inline(always)]
    fn takes_runs(&self) -> bool {
        true
    }
}
