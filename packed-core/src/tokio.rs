//! A [`tokio_util::codec`] for packed messages (feature `tokio`): each message one
//! frame, a length prefix and the message, over any `AsyncRead`/`AsyncWrite` with
//! `FramedRead`, `FramedWrite` or `Framed`.
//!
//! The prefix is one of the crate's [length prefixes](crate::len) in a byte order: a
//! `u32` big-endian by default, the frame of tokio's `LengthDelimitedCodec` (so either
//! end may use that codec), or Bitsery's compact size, LEB128, a `u16`... A frame
//! longer than the maximum (8 MiB unless set, as `LengthDelimitedCodec`'s) is an error
//! on both sides; the decoder discards such a frame as it arrives, without buffering
//! it, and reads the frames after it.
//!
//! ```
//! use bytes::BytesMut;
//! use packed_core::{layout, len, num, tokio::Codec, Packed};
//! use tokio_util::codec::{Decoder, Encoder};
//!
//! #[derive(Packed, Debug, PartialEq)]
//! struct Ping { seq: u32 }
//!
//! // Compact prefixes, YAS's layout inside the frame.
//! let mut codec = Codec::<Ping>::new()
//!     .layout::<layout::YasNoHeader>()
//!     .prefix::<len::Compact, num::Little>()
//!     .max_frame_length(1024);
//! let mut wire = BytesMut::new();
//! codec.encode(Ping { seq: 7 }, &mut wire)?;
//! assert_eq!(&wire[..], [4, 7, 0, 0, 0]);
//! assert_eq!(codec.decode(&mut wire)?, Some(Ping { seq: 7 }));
//! # Ok::<(), packed_core::tokio::CodecError>(())
//! ```
//!
//! Decoding a frame reads it as a slice ([`Config::from_slice`]): it must hold exactly
//! one message, its values are checked against the frame's bytes before anything is
//! allocated, and nothing past the frame is read.
//!
//! # After an error
//!
//! Hostile peers get typed errors. What each leaves in the buffer, for a caller that
//! calls [`Decoder::decode`] itself:
//!
//! - [`CodecError::FrameTooLarge`]: the prefix is consumed and the frame is discarded
//!   as it arrives (by this call and the next ones); the next call that returns a
//!   message returns the one after it. Usable.
//! - [`CodecError::InvalidFrame`] (a frame that is not one message): the frame is
//!   consumed; the next call reads the next frame. Usable.
//! - [`CodecError::TruncatedFrame`] (from [`Decoder::decode_eof`] only: the input
//!   ended inside a frame): the buffer is cleared and the codec is ready for a new
//!   stream.
//! - [`CodecError::BadPrefix`] (a prefix that is not a length, such as an overlong
//!   LEB128): nothing is consumed and there is no length to skip by, so no frame
//!   boundary can be found again. Every later call on the same bytes returns the same
//!   error: the stream is not usable, drop the connection.
//!
//! `FramedRead` (tokio-util 0.7) yields a decoder's error and then `None`, so a
//! `while let Some(..) = frames.next().await` loop ends at the first error of any
//! kind. Polling it again after that `None` is no way to go on: it reads the
//! transport before it decodes again, so frames already in its buffer wait for more
//! bytes, and after the end of the input they are never read. To go on past the
//! usable errors through `FramedRead`, wrap the codec in a `Decoder` whose item is a
//! `Result<T, CodecError>`, returning `Ok(Some(Err(e)))` for `FrameTooLarge` and
//! `InvalidFrame` and passing `BadPrefix` on as `Err(e)` (as an item it would come
//! back on every call, without end); `packed-core/tests/framed_read.rs` does this.

use core::marker::PhantomData;

use ::bytes::{Buf, BytesMut};
use tokio_util::codec::{Decoder, Encoder};

use crate::ctx::{Root, RootAs};
use crate::len::{self, LenPrefix};
use crate::num::{self, Endian};
use crate::{
    Config, Ctx, DecodeError, DecodeOwned, Encode, EncodeError, Error, Layout, Reader, SliceReader,
};

/// The default largest frame: 8 MiB, as tokio's `LengthDelimitedCodec`.
pub const DEFAULT_MAX_FRAME_LENGTH: usize = 8 * 1024 * 1024;

/// The codec's type parameters, held by none of its values.
type Marker<T, P, E> = PhantomData<fn() -> (T, P, E)>;

/// Encodes and decodes messages of type `T` under configuration `C`, each framed by a
/// length prefix `P` in byte order `E` (a `u32` big-endian by default).
pub struct Codec<T, C: Ctx = Root, P: LenPrefix = len::U32, E: Endian = num::Big> {
    config: Config<C>,
    max_frame: usize,
    /// Bytes of an oversized frame still to discard.
    skipping: usize,
    /// That frame's size, its prefix included (wrapping: a length prefix may claim
    /// up to `usize::MAX`): less `skipping`, the bytes received, which
    /// [`CodecError::TruncatedFrame`] reports if the input ends.
    skipped_frame: usize,
    message: Marker<T, P, E>,
}

impl<T> Codec<T> {
    /// Messages of type `T` under their own attributes ([`config`](fn@crate::config)), in
    /// frames of a `u32` big-endian length of at most [`DEFAULT_MAX_FRAME_LENGTH`].
    #[must_use]
    pub fn new() -> Self {
        Self::with_config(crate::config())
    }
}

impl<T> Default for Codec<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, C: Ctx, P: LenPrefix, E: Endian> Codec<T, C, P, E> {
    /// Messages under `config` (its layout and limits).
    #[must_use]
    pub fn with_config(config: Config<C>) -> Self {
        Self {
            config,
            max_frame: DEFAULT_MAX_FRAME_LENGTH,
            skipping: 0,
            skipped_frame: 0,
            message: PhantomData,
        }
    }

    /// Messages under layout `L` for the whole tree ([`with`](crate::with)).
    #[must_use]
    pub fn layout<L: Layout>(self) -> Codec<T, RootAs<L>, P, E> {
        Codec {
            config: self.config.layout::<L>(),
            max_frame: self.max_frame,
            skipping: 0,
            skipped_frame: 0,
            message: PhantomData,
        }
    }

    /// Frames with the length prefix `P2` in byte order `E2`: `len::U32, num::Big`
    /// (the default), `len::Compact`, `len::Leb128`, ...
    #[must_use]
    pub fn prefix<P2: LenPrefix, E2: Endian>(self) -> Codec<T, C, P2, E2> {
        Codec {
            config: self.config,
            max_frame: self.max_frame,
            skipping: 0,
            skipped_frame: 0,
            message: PhantomData,
        }
    }

    /// The longest frame, in bytes after the prefix, either side accepts.
    #[must_use]
    pub fn max_frame_length(mut self, max: usize) -> Self {
        self.max_frame = max;
        self
    }

    /// Discards what is left of an oversized frame in `src`; whether it is all gone.
    fn skip(&mut self, src: &mut BytesMut) -> bool {
        let n = self.skipping.min(src.len());
        src.advance(n);
        self.skipping -= n;
        self.skipping == 0
    }
}

impl<T, C: Ctx, P: LenPrefix, E: Endian> core::fmt::Debug for Codec<T, C, P, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Codec")
            .field("config", &self.config)
            .field("prefix", &P::NAME)
            .field("endian", &E::NAME)
            .field("max_frame", &self.max_frame)
            .finish_non_exhaustive()
    }
}

impl<T: DecodeOwned, C: Ctx, P: LenPrefix, E: Endian> Decoder for Codec<T, C, P, E> {
    type Item = T;
    type Error = CodecError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>, CodecError> {
        if !self.skip(src) {
            return Ok(None);
        }
        let mut r = SliceReader::new(&src[..]);
        let len = match P::read::<E, _>(&mut r) {
            Ok(len) => len,
            Err(DecodeError::UnexpectedEnd { .. }) => return Ok(None),
            Err(e) => return Err(CodecError::BadPrefix(e)),
        };
        let head = r.offset();
        if len > self.max_frame {
            // Dropped as it arrives: the next frame is read after it.
            src.advance(head);
            self.skipping = len;
            self.skipped_frame = head.wrapping_add(len);
            self.skip(src);
            return Err(CodecError::FrameTooLarge {
                len,
                max: self.max_frame,
            });
        }
        // Not reserved ahead: the buffer grows with the bytes received.
        if src.len() - head < len {
            return Ok(None);
        }
        let frame = src.split_to(head + len);
        self.config
            .from_slice(&frame[head..])
            .map(Some)
            .map_err(CodecError::InvalidFrame)
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<T>, CodecError> {
        match self.decode(src)? {
            Some(message) => Ok(Some(message)),
            None if src.is_empty() && self.skipping == 0 => Ok(None),
            None => {
                // Discarding leaves the buffer empty, so one of the two is 0.
                let received = if self.skipping > 0 {
                    self.skipped_frame.wrapping_sub(self.skipping)
                } else {
                    src.len()
                };
                src.clear();
                self.skipping = 0;
                Err(CodecError::TruncatedFrame { received })
            }
        }
    }
}

/// Messages by value; a `Codec<&T>` writes borrowed ones.
impl<T: Encode, C: Ctx, P: LenPrefix, E: Endian> Encoder<T> for Codec<T, C, P, E> {
    type Error = CodecError;

    /// Writes the prefix and the message into `dst`; on error, nothing.
    fn encode(&mut self, message: T, dst: &mut BytesMut) -> Result<(), CodecError> {
        let len = self.config.encoded_len(&message)?;
        if len > self.max_frame {
            return Err(CodecError::FrameTooLarge {
                len,
                max: self.max_frame,
            });
        }
        let start = dst.len();
        let mut payload_start = start;
        let written = P::write::<E, _>(len, dst).and_then(|()| {
            payload_start = dst.len();
            self.config.encode_to(&message, dst)
        });
        // The prefix already says `len`: a message that then writes another number of
        // bytes would leave a frame the peer misreads, and every frame after it.
        let result = match written {
            Ok(()) if dst.len() - payload_start == len => return Ok(()),
            Ok(()) => CodecError::LengthChanged {
                counted: len,
                written: dst.len() - payload_start,
            },
            Err(e) => CodecError::Unencodable(e.into()),
        };
        dst.truncate(start);
        Err(result)
    }
}

/// Why a frame could not be written or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum CodecError {
    /// A frame longer than the codec's maximum: on encode nothing was written; on
    /// decode the frame is discarded as it arrives and the next one is read.
    FrameTooLarge {
        /// The frame's length, after the prefix.
        len: usize,
        /// The maximum.
        max: usize,
    },
    /// The input ended inside a frame (or its prefix).
    TruncatedFrame {
        /// Bytes of the frame received, its prefix included (for a frame past the
        /// maximum, those already discarded too).
        received: usize,
    },
    /// The length prefix is not one: nothing after it can be found. The bytes stay in
    /// the buffer, so decoding them again gives this error again; the stream is lost.
    BadPrefix(DecodeError),
    /// A frame that is not one message of the type (offsets count from the frame's
    /// first byte after the prefix), with the field path where it failed as
    /// [`from_slice`](crate::from_slice) finds it. The frame is consumed.
    InvalidFrame(Error<DecodeError>),
    /// A message that cannot be encoded, with the field path where it failed; nothing
    /// was written.
    Unencodable(Error<EncodeError>),
    /// The message wrote another number of bytes than
    /// [`encoded_len`](crate::Config::encoded_len) counted for it just before, so the
    /// length prefix already written would be wrong: its [`Encode`] impl (a
    /// hand-written one, or a `with` module) does not write the same bytes each time.
    /// Nothing was written.
    LengthChanged {
        /// The bytes counted, as the prefix says.
        counted: usize,
        /// The bytes the message then wrote.
        written: usize,
    },
    /// The transport failed.
    Io(std::io::Error),
}

impl core::fmt::Display for CodecError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::FrameTooLarge { len, max } => {
                write!(
                    f,
                    "frame of {len} bytes is longer than the maximum of {max}"
                )
            }
            Self::TruncatedFrame { received } => write!(
                f,
                "the input ended inside a frame ({received} bytes of it received)"
            ),
            Self::BadPrefix(e) => write!(f, "bad frame length prefix: {e}"),
            Self::InvalidFrame(e) => write!(f, "bad frame: {e}"),
            Self::Unencodable(e) => write!(f, "cannot encode the message: {e}"),
            Self::LengthChanged { counted, written } => write!(
                f,
                "the message wrote {written} bytes after counting {counted}: \
                 its `Encode` impl is not deterministic"
            ),
            Self::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for CodecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::BadPrefix(e) => Some(e),
            Self::InvalidFrame(e) => Some(e),
            Self::Unencodable(e) => Some(e),
            Self::Io(e) => Some(e),
            Self::FrameTooLarge { .. }
            | Self::TruncatedFrame { .. }
            | Self::LengthChanged { .. } => None,
        }
    }
}

impl From<std::io::Error> for CodecError {
    fn from(e: std::io::Error) -> Self {
        Self::Io(e)
    }
}

impl From<EncodeError> for CodecError {
    fn from(e: EncodeError) -> Self {
        Self::Unencodable(e.into())
    }
}

impl From<Error<EncodeError>> for CodecError {
    fn from(e: Error<EncodeError>) -> Self {
        Self::Unencodable(e)
    }
}
