//! The `bytes` crate (feature `bytes`): encode into a [`BytesMut`] or any [`BufMut`],
//! decode from [`Bytes`](::bytes::Bytes) or any [`Buf`], so a codec writes straight into a
//! socket's buffer and reads from the chunks it received.
//!
//! ```
//! use bytes::{Buf, BytesMut};
//! use packed_core::Packed;
//!
//! #[derive(Packed, Debug, PartialEq)]
//! struct Tick { seq: u32, note: String }
//!
//! let mut buf = BytesMut::new();
//! let c = packed_core::config();
//! c.encode_to(&Tick { seq: 1, note: "a".into() }, &mut buf)?;
//! c.encode_to(&Tick { seq: 2, note: "b".into() }, &mut buf)?;
//!
//! // `Bytes` is a slice: decoding borrows from it.
//! let first: Tick = c.take_from_slice(&buf)?.0;
//! assert_eq!(first.seq, 1);
//!
//! // Any `Buf`, in one chunk or many: each decode takes its message off the front.
//! let mut chunks = buf.freeze().chain(&[7u8, 0, 0, 0, 0][..]);
//! assert_eq!(c.from_buf::<Tick>(&mut chunks)?, Tick { seq: 1, note: "a".into() });
//! assert_eq!(c.from_buf::<Tick>(&mut chunks)?, Tick { seq: 2, note: "b".into() });
//! assert_eq!(c.from_buf::<(u32, u8)>(&mut chunks)?, (7, 0));
//! assert!(!chunks.has_remaining());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ::bytes::{Buf, BufMut, BytesMut};

use crate::{Config, Ctx, DecodeError, DecodeOwned, Encode, EncodeError, Error, IoReader, Writer};

/// A `BytesMut` grows as a `Vec<u8>` does, and a growable record's size is written
/// back into it.
impl Writer for BytesMut {
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.extend_from_slice(bytes);
        Ok(())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn record_position(&self) -> Option<usize> {
        Some(self.len())
    }

    #[cfg_attr(not(debug_assertions), inline)]
    fn patch_record_size(&mut self, position: usize, size: [u8; 4]) {
        crate::write::patch_record_size(self, position, size);
    }
}

/// A [`Writer`] into any [`BufMut`]: a `&mut [u8]`, a `Vec<u8>`, a `BytesMut`, a
/// [`Limit`](::bytes::buf::Limit). A write past the buffer's
/// [`remaining_mut`](BufMut::remaining_mut) is [`EncodeError::BufferTooSmall`] (where
/// `BufMut` itself would panic). A growable record is counted before it is written.
///
/// ```
/// use packed_core::{bytes::BufMutWriter, EncodeError};
///
/// let mut space = [0u8; 4];
/// let mut w = BufMutWriter::new(&mut space[..]);
/// packed_core::config().encode_to(&"ab", &mut w)?;
/// assert_eq!(w.written(), 3);
/// assert!(matches!(
///     packed_core::config().encode_to(&"ab", &mut w),
///     Err(EncodeError::BufferTooSmall { .. })
/// ));
/// assert_eq!(space[..3], [2, b'a', b'b']);
/// # Ok::<(), EncodeError>(())
/// ```
#[derive(Debug)]
pub struct BufMutWriter<B> {
    inner: B,
    written: usize,
}

impl<B: BufMut> BufMutWriter<B> {
    /// Writes into `inner`.
    pub fn new(inner: B) -> Self {
        Self { inner, written: 0 }
    }

    /// Bytes written so far.
    #[must_use]
    pub fn written(&self) -> usize {
        self.written
    }

    /// Returns the buffer.
    pub fn into_inner(self) -> B {
        self.inner
    }
}

impl<B: BufMut> Writer for BufMutWriter<B> {
    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if bytes.len() > self.inner.remaining_mut() {
            return Err(EncodeError::BufferTooSmall {
                needed: self.written + bytes.len(),
                capacity: self.written + self.inner.remaining_mut(),
            });
        }
        self.inner.put_slice(bytes);
        self.written += bytes.len();
        Ok(())
    }

    #[inline]
    fn takes_runs(&self) -> bool {
        true
    }

    #[inline]
    fn bytes_written(&self) -> Option<usize> {
        Some(self.written)
    }
}

impl<C: Ctx> Config<C> {
    /// Appends the encoding of `value` to any [`BufMut`] and returns how many bytes it
    /// wrote. On error the buffer may hold a part of the encoding; what does not fit a
    /// buffer of fixed size is [`EncodeError::BufferTooSmall`].
    ///
    /// ```
    /// let mut buf = bytes::BytesMut::new();
    /// assert_eq!(packed_core::config().encode_to_buf(&(1u16, "hi"), &mut buf)?, 5);
    /// assert_eq!(&buf[..], [1, 0, 2, b'h', b'i']);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec), plus [`EncodeError::BufferTooSmall`].
    pub fn encode_to_buf<T: Encode + ?Sized>(
        self,
        value: &T,
        buf: &mut impl BufMut,
    ) -> Result<usize, Error<EncodeError>> {
        let mut w = BufMutWriter::new(buf);
        let result = self.encode_to(value, &mut w);
        self.located(value, result.map(|()| w.written()))
    }

    /// Decodes one message from the front of any [`Buf`] and advances it past the
    /// message, leaving what follows. A buffer in one chunk (`Bytes`, `BytesMut`, a
    /// slice) is read as a slice; one in several chunks (a [`Chain`](::bytes::buf::Chain),
    /// a `VecDeque`) chunk by chunk, as a stream. Under this configuration's limits.
    ///
    /// On error the two differ in where they leave the buffer. One chunk is left as it
    /// was: nothing is consumed, and the same call fails the same way until the bytes
    /// change. Several chunks have been advanced past every byte the decode read before
    /// it failed, which reach at least the error's offset (the offending byte, the
    /// whole string around an invalid UTF-8 sequence, everything left when the input
    /// ended); a `Buf` cannot be moved back, and copying the chunks to keep them would
    /// cost every successful decode. In neither case is the position the start of the
    /// next message: a message has no length of its own to skip by, so a caller that
    /// wants to go on after a bad one frames its messages (as
    /// `packed_core::tokio::Codec` does).
    ///
    /// ```
    /// use bytes::Buf;
    ///
    /// let c = packed_core::config();
    /// // `(u8, bool)` from `05 02 09`: the bool byte `02` (offset 1) is invalid.
    /// let mut one = &[5u8, 2, 9][..];
    /// assert!(c.from_buf::<(u8, bool)>(&mut one).is_err());
    /// assert_eq!(one.remaining(), 3);
    /// let mut two = (&[5u8][..]).chain(&[2u8, 9][..]);
    /// assert!(c.from_buf::<(u8, bool)>(&mut two).is_err());
    /// assert_eq!(two.remaining(), 1);
    /// ```
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice), except that trailing input is left.
    pub fn from_buf<T: DecodeOwned>(self, buf: &mut impl Buf) -> Result<T, Error<DecodeError>> {
        if buf.chunk().len() == buf.remaining() {
            let (value, rest) = self.take_from_slice::<T>(buf.chunk())?;
            let used = buf.remaining() - rest.len();
            buf.advance(used);
            return Ok(value);
        }
        Ok(self.decode_from(&mut IoReader::with_limits(buf.reader(), self.limits))?)
    }
}
