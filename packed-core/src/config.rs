//! [`Config`]: the one entry point for every combination of layout, limits and
//! destination or source.

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::ctx::{Root, RootAs};
use crate::error_path::{decode_error, encode_error};
use crate::explain::{Explanation, RecordLog, Recorder};
use crate::{
    Ctx, Decode, DecodeError, Encode, EncodeError, Error, Layout, Limits, Reader, SizeCounter,
    SliceReader, SliceWriter, Writer,
};
#[cfg(feature = "std")]
use crate::{DecodeOwned, IoReader, Messages};

/// How to encode and decode: the layout (each type's own attributes, or one layout for
/// the whole tree) and the [`Limits`] of decoding. Start from [`config`] or
/// [`with::<L>`](with), set what differs, then encode or decode; every short function
/// of the crate root is one of these calls (`to_vec(v)` is `config().to_vec(v)`,
/// `from_slice_as::<L, _>(b)` is `with::<L>().from_slice(b)`).
///
/// ```
/// use packed_core::{layout, Limits, Packed};
///
/// #[derive(Packed, Debug, PartialEq)]
/// struct Msg { name: String, tags: Vec<u8> }
///
/// let m = Msg { name: "hi".into(), tags: vec![1, 2] };
/// let yas = packed_core::with::<layout::Yas>();
/// let bytes = yas.to_vec(&m)?;
/// assert_eq!(&bytes[..7], b"yas0017");
///
/// // The same layout, decoding hostile input under tighter limits, into a reused value.
/// let strict = yas.limits(Limits::DEFAULT.with_max_bytes(64));
/// let mut reused = Msg { name: String::with_capacity(16), tags: Vec::new() };
/// strict.from_slice_into(&bytes, &mut reused)?;
/// assert_eq!(reused, m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `Config` is a small `Copy` value that the compiler folds away: a call through it
/// compiles to the same code as the short function.
pub struct Config<C: Ctx = Root> {
    pub(crate) limits: Limits,
    ctx: PhantomData<fn() -> C>,
}

impl<C: Ctx> Clone for Config<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: Ctx> Copy for Config<C> {}

impl<C: Ctx> core::fmt::Debug for Config<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Config")
            .field("ctx", &core::any::type_name::<C>())
            .field("limits", &self.limits)
            .finish()
    }
}

impl Default for Config<Root> {
    fn default() -> Self {
        config()
    }
}

/// The configuration of the short functions: every type uses its own attributes
/// (Bitsery's layout where it has none), with the default [`Limits`].
///
/// ```
/// # use packed_core::Packed;
/// #[derive(Packed)]
/// struct Point { x: i16, y: i16 }
///
/// assert_eq!(packed_core::config().to_vec(&Point { x: 1, y: -1 })?, [1, 0, 0xFF, 0xFF]);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
#[inline]
#[must_use]
pub fn config() -> Config<Root> {
    Config {
        limits: Limits::DEFAULT,
        ctx: PhantomData,
    }
}

/// The configuration that encodes and decodes under layout `L` instead of the types'
/// own attributes, with the default [`Limits`].
///
/// The rule: `L` replaces the container-level layout of every type in the value's tree
/// (the value's own and its nested types'); field-level attributes (`len`, `max`) keep
/// their setting. So one type can be compared under every layout without a second
/// declaration.
///
/// ```
/// use packed_core::{layout, Packed};
///
/// #[derive(Packed)]
/// struct Msg { name: String }
///
/// let m = Msg { name: "hi".into() };
/// assert_eq!(packed_core::with::<layout::Bitsery>().to_vec(&m)?.len(), 1 + 2);
/// assert_eq!(packed_core::with::<layout::YasNoHeader>().to_vec(&m)?.len(), 8 + 2);
/// assert_eq!(packed_core::with::<layout::Yas>().to_vec(&m)?.len(), 7 + 8 + 2);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
#[inline]
#[must_use]
pub fn with<L: Layout>() -> Config<RootAs<L>> {
    config().layout::<L>()
}

impl<C: Ctx> Config<C> {
    /// This configuration under layout `L` for the whole tree (see [`with`]); the
    /// limits stay.
    ///
    /// ```
    /// # use packed_core::{layout, Limits};
    /// let c = packed_core::config().limits(Limits::DEFAULT.with_max_depth(4));
    /// let bytes = c.layout::<layout::YasNoHeader>().to_vec(&vec![7u8])?;
    /// assert_eq!(bytes, [1, 0, 0, 0, 0, 0, 0, 0, 7]);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn layout<L: Layout>(self) -> Config<RootAs<L>> {
        Config {
            limits: self.limits,
            ctx: PhantomData,
        }
    }

    /// This configuration with `limits` for decoding (encoding has none).
    ///
    /// ```
    /// # use packed_core::{DecodeError, Limits};
    /// let c = packed_core::config().limits(Limits::DEFAULT.with_max_bytes(2));
    /// assert_eq!(
    ///     c.from_slice::<u32>(&[1, 0, 0, 0]),
    ///     Err(DecodeError::ByteLimitExceeded { offset: 2, limit: 2 }.into())
    /// );
    /// ```
    #[inline]
    #[must_use]
    pub fn limits(self, limits: Limits) -> Self {
        Self { limits, ..self }
    }

    /// Writes `value`, with its header if its layout has one, to any [`Writer`]: what
    /// every other encoding method runs on.
    ///
    /// ```
    /// let mut counter = packed_core::SizeCounter::default();
    /// packed_core::config().encode_to(&"abc", &mut counter)?;
    /// assert_eq!(counter.len, 4);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// On error the writer keeps what was written before the failure: a `Vec<u8>` or a
    /// `BytesMut` holding other messages then ends in part of this one. Note its length
    /// and truncate back to it, or use [`encode_into`](Config::encode_into), which does.
    ///
    /// ```
    /// use std::cell::RefCell;
    ///
    /// let cell = RefCell::new(5u8);
    /// let _writing = cell.borrow_mut();
    /// let mut buf = vec![0xAA];
    /// // The `u8` 01 is written, then the borrowed `RefCell` fails.
    /// assert!(packed_core::config().encode_to(&(1u8, &cell), &mut buf).is_err());
    /// assert_eq!(buf, [0xAA, 0x01]);
    /// assert!(packed_core::config().encode_into(&(1u8, &cell), &mut buf).is_err());
    /// assert_eq!(buf, [0xAA, 0x01]);
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec), plus the writer's errors.
    #[inline]
    pub fn encode_to<T: Encode + ?Sized, W: Writer + ?Sized>(
        self,
        value: &T,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        encode_message::<C, T, W>(value, w)
    }

    /// Encodes `value` into a new vector, sized exactly in advance.
    ///
    /// ```
    /// assert_eq!(packed_core::config().to_vec(&(1u8, true))?, [1, 1]);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeError`] for a value its layout cannot write, never truncated:
    /// [`EncodeError::LengthTooLarge`] if a length does not fit its prefix,
    /// [`EncodeError::LengthOverMax`] if it exceeds a field's `max`; also a variant
    /// index, a time or a bit-packed value out of its form's range
    /// ([`EncodeError::VariantIndexTooLarge`], [`EncodeError::TimeOutOfRange`],
    /// [`EncodeError::ValueOutOfRange`]), a growable record too large for its size or
    /// inside a bit-packing session ([`EncodeError::RecordTooLarge`],
    /// [`EncodeError::RecordInBitPacking`]), a `RefCell` borrowed mutably
    /// ([`EncodeError::AlreadyBorrowed`]), and what a `with` module or a serde impl
    /// returns, each with the field's path ([`Error`]).
    #[inline]
    pub fn to_vec<T: Encode + ?Sized>(self, value: &T) -> Result<Vec<u8>, Error<EncodeError>> {
        encode_vec::<C, T>(value)
    }

    /// `result` of encoding `value`, its error with the path where it happened.
    #[inline]
    pub(crate) fn located<T: Encode + ?Sized, V>(
        self,
        value: &T,
        result: Result<V, EncodeError>,
    ) -> Result<V, Error<EncodeError>> {
        match result {
            Ok(v) => Ok(v),
            Err(e) => Err(encode_error::<C, T>(value, e)),
        }
    }

    /// Appends the encoding of `value` to `buf` (reuse one buffer across calls to avoid
    /// allocating) and returns how many bytes it wrote. On error `buf` is left as it was.
    ///
    /// ```
    /// let mut buf = vec![0xAA];
    /// assert_eq!(packed_core::config().encode_into(&"hi", &mut buf)?, 3);
    /// assert_eq!(buf, [0xAA, 2, b'h', b'i']);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec).
    #[inline]
    pub fn encode_into<T: Encode + ?Sized>(
        self,
        value: &T,
        buf: &mut Vec<u8>,
    ) -> Result<usize, Error<EncodeError>> {
        encode_append::<C, T>(value, buf)
    }

    /// The exact number of bytes [`to_vec`](Config::to_vec) would write, without
    /// writing them.
    ///
    /// ```
    /// use packed_core::layout;
    /// assert_eq!(packed_core::with::<layout::Yas>().encoded_len(&"hi")?, 7 + 8 + 2);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec).
    #[inline]
    pub fn encoded_len<T: Encode + ?Sized>(self, value: &T) -> Result<usize, Error<EncodeError>> {
        encoded_len_of::<C, T>(value)
    }

    /// Encodes `value` into the caller's buffer, without allocating, and returns how
    /// many bytes it wrote (from the buffer's start). For `no_std` targets and fixed
    /// buffers; [`max_size`](fn@crate::max_size) sizes one at compile time.
    ///
    /// ```
    /// use packed_core::EncodeError;
    ///
    /// let mut buf = [0u8; 8];
    /// let n = packed_core::config().to_slice(&"hi", &mut buf)?;
    /// assert_eq!(&buf[..n], [2, b'h', b'i']);
    /// assert_eq!(
    ///     packed_core::config().to_slice(&"hello, world", &mut buf),
    ///     Err(EncodeError::BufferTooSmall { needed: 13, capacity: 8 }.into())
    /// );
    /// # Ok::<(), EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec), plus [`EncodeError::BufferTooSmall`] with the
    /// value's exact encoded size if `buf` cannot hold it (`buf` then holds a part of
    /// the encoding).
    #[inline]
    pub fn to_slice<T: Encode + ?Sized>(
        self,
        value: &T,
        buf: &mut [u8],
    ) -> Result<usize, Error<EncodeError>> {
        let mut w = SliceWriter::new(buf);
        let result = match self.encode_to(value, &mut w) {
            Ok(()) => Ok(w.len()),
            Err(EncodeError::BufferTooSmall { capacity, .. }) => count::<C, T>(value)
                .and_then(|needed| Err(EncodeError::BufferTooSmall { needed, capacity })),
            Err(e) => Err(e),
        };
        self.located(value, result)
    }

    /// Encodes `value` into a [`std::io::Write`] sink with one `write_all`, and returns
    /// the bytes written. The message is encoded into a buffer first, so an unbuffered
    /// sink (a file, a socket) sees one write per message, and a value that cannot be
    /// encoded writes nothing.
    ///
    /// ```
    /// let mut sink = Vec::new();
    /// assert_eq!(packed_core::config().to_writer(&7u16, &mut sink)?, 2);
    /// assert_eq!(sink, [7, 0]);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// To write many messages without allocating for each, [`encode_into`](Config::encode_into)
    /// a reused `Vec` and write it.
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec), plus [`EncodeError::Io`].
    #[cfg(feature = "std")]
    pub fn to_writer<T: Encode + ?Sized, W: std::io::Write>(
        self,
        value: &T,
        mut sink: W,
    ) -> Result<usize, Error<EncodeError>> {
        let bytes = self.to_vec(value)?;
        sink.write_all(&bytes)
            .map_err(|e| EncodeError::Io(e.into()))?;
        Ok(bytes.len())
    }

    /// Explains the bytes [`to_vec`](Config::to_vec) writes for `value`: every byte
    /// attributed to its field path and its [`Role`](crate::explain::Role).
    ///
    /// ```
    /// use packed_core::{explain::Role, layout, Packed};
    ///
    /// #[derive(Packed)]
    /// struct Item { sku: String, qty: i32 }
    ///
    /// let item = Item { sku: "ab".into(), qty: 7 };
    /// let e = packed_core::with::<layout::Yas>().explain(&item)?;
    /// assert_eq!(e.spans()[0].role, Role::Header);
    /// assert_eq!(e.by_role().length, 8);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec`](Config::to_vec).
    pub fn explain<T: Encode + ?Sized>(self, value: &T) -> Result<Explanation, EncodeError> {
        let mut w = Recorder::default();
        self.encode_to(value, &mut w)?;
        Ok(w.finish())
    }

    /// Explains `bytes` as a `T` decodes them: every byte of the input attributed to its
    /// field path and [`Role`](crate::explain::Role), as [`explain`](Config::explain)
    /// attributes what a value writes. The same where the input is what `T` writes;
    /// where it holds growable records of another version, each record's size is the
    /// input's, the fields an older record lacks have no bytes, and the tail of a newer
    /// record, which the reader skipped, is a span of role
    /// [`Skipped`](crate::explain::Role::Skipped). Map and set entries are attributed
    /// in the decoded value's order.
    ///
    /// ```
    /// use packed_core::{explain::Role, Packed};
    ///
    /// #[derive(Packed)]
    /// #[packed(growable)]
    /// struct V2 { id: u8, note: String }
    /// #[derive(Packed)]
    /// #[packed(growable)]
    /// struct V1 { id: u8 }
    ///
    /// let new = packed_core::to_vec(&V2 { id: 1, note: "hi".into() })?;
    /// let e = packed_core::config().explain_input::<V1>(&new)?;
    /// let roles: Vec<_> = e.spans().iter().map(|s| (s.role, e.span_bytes(s))).collect();
    /// assert_eq!(roles, [
    ///     (Role::Size, &[8, 0, 0, 0][..]),
    ///     (Role::Value, &[1][..]),
    ///     (Role::Skipped, &[2, b'h', b'i'][..]),
    /// ]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice); [`DecodeError::Unexplained`] for input
    /// that decodes but holds a value in a longer form than this library writes.
    pub fn explain_input<'de, T: Decode<'de> + Encode>(
        self,
        bytes: &'de [u8],
    ) -> Result<Explanation, DecodeError> {
        self.fits_limit(bytes)?;
        let mut r = SliceReader::with_limits(bytes, self.limits);
        let mut log = RecordLog::new(&mut r);
        let value: T = self.decode_from(&mut log)?;
        let records = log.finish();
        finish(&r)?;
        let mut w = Recorder::replaying(bytes, records);
        // A value that decoded encodes (the layouts accept every value they decode).
        self.encode_to(&value, &mut w)
            .map_err(|_| DecodeError::Unexplained { offset: 0 })?;
        w.finish_input()
    }

    /// Reads a value and its header, if its layout has one, from any [`Reader`]: what
    /// every other decoding method runs on. Leaves any further input unread, and
    /// applies the reader's own limits, not this configuration's.
    ///
    /// ```
    /// use packed_core::SliceReader;
    ///
    /// let mut r = SliceReader::new(&[2, b'h', b'i', 9]);
    /// let s: &str = packed_core::config().decode_from(&mut r)?;
    /// assert_eq!((s, r.rest()), ("hi", &[9][..]));
    /// # Ok::<(), packed_core::DecodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice), except that trailing input is not checked.
    #[inline]
    pub fn decode_from<'de, T: Decode<'de>, R: Reader<'de> + ?Sized>(
        self,
        r: &mut R,
    ) -> Result<T, DecodeError> {
        decode_message::<C, T, R>(r).map_err(|e| limit_over_length(e, r))
    }

    /// Decodes a `T` that must take up the whole of `bytes`. `T` may borrow from `bytes`
    /// (`&str`, `&[u8]`, `Cow<str>`), without copying.
    ///
    /// ```
    /// let v: Vec<&str> = packed_core::config().from_slice(&[2, 1, b'a', 0])?;
    /// assert_eq!(v, ["a", ""]);
    /// # Ok::<(), packed_core::DecodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`DecodeError`] for malformed input, [`DecodeError::TrailingBytes`] if bytes are
    /// left over, and [`DecodeError::DepthLimitExceeded`],
    /// [`DecodeError::ByteLimitExceeded`] and [`DecodeError::ZeroWidthLimitExceeded`]
    /// at the limits.
    #[inline]
    pub fn from_slice<'de, T: Decode<'de>>(
        self,
        bytes: &'de [u8],
    ) -> Result<T, Error<DecodeError>> {
        let result = self.fits_limit(bytes).and_then(|()| {
            let mut r = SliceReader::with_limits(bytes, self.limits);
            let v = self.decode_from(&mut r)?;
            finish(&r)?;
            Ok(v)
        });
        self.located_in::<T, _>(bytes, result)
    }

    /// [`from_slice`](Config::from_slice) for a configuration known to hold the default
    /// limits (the crate's [`from_slice`](crate::from_slice)): the same decode, through
    /// the one out-of-line copy of it that the error-path replay shares.
    #[inline]
    pub(crate) fn decode_slice_with_default_limits<'de, T: Decode<'de>>(
        self,
        bytes: &'de [u8],
    ) -> Result<T, Error<DecodeError>> {
        debug_assert!(self.limits == Limits::DEFAULT);
        let result = decode_slice_default::<C, T>(bytes, None);
        self.located_in::<T, _>(bytes, result)
    }

    /// `result` of decoding a `T` from `bytes`, its error with the path where it
    /// happened.
    #[inline]
    fn located_in<'de, T: Decode<'de>, V>(
        self,
        bytes: &'de [u8],
        result: Result<V, DecodeError>,
    ) -> Result<V, Error<DecodeError>> {
        match result {
            Ok(v) => Ok(v),
            Err(e) => Err(decode_error::<C, T>(bytes, self.limits, e)),
        }
    }

    /// Decodes `bytes`, which it must take up whole, into an existing value, reusing
    /// its `String`s and `Vec`s: the allocation-free way to decode a stream of messages
    /// of one type.
    ///
    /// ```
    /// let mut names: Vec<String> = vec!["previous".into(); 3];
    /// packed_core::config().from_slice_into(&[1, 2, b'h', b'i'], &mut names)?;
    /// assert_eq!(names, ["hi"]);
    /// # Ok::<(), packed_core::DecodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice). On error `value` is valid but unspecified.
    #[inline]
    pub fn from_slice_into<'de, T: Decode<'de>>(
        self,
        bytes: &'de [u8],
        value: &mut T,
    ) -> Result<(), Error<DecodeError>> {
        let result = self.fits_limit(bytes).and_then(|()| {
            let mut r = SliceReader::with_limits(bytes, self.limits);
            T::decode_header::<C, _>(&mut r)?;
            value.decode_in_place::<C, _>(&mut r)?;
            finish(&r)
        });
        self.located_in::<T, _>(bytes, result)
    }

    /// Decodes one `T` from the front of `bytes` and returns it with the rest.
    ///
    /// ```
    /// let (n, rest): (u16, _) = packed_core::config().take_from_slice(&[1, 0, 9])?;
    /// assert_eq!((n, rest), (1, &[9][..]));
    /// # Ok::<(), packed_core::DecodeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice), except that trailing input is returned,
    /// not an error.
    #[inline]
    pub fn take_from_slice<'de, T: Decode<'de>>(
        self,
        bytes: &'de [u8],
    ) -> Result<(T, &'de [u8]), Error<DecodeError>> {
        let mut r = SliceReader::with_limits(bytes, self.limits);
        let result = self.decode_from(&mut r);
        match result {
            Ok(v) => Ok((v, r.rest())),
            Err(e) => Err(decode_error::<C, T>(bytes, self.limits, e)),
        }
    }

    /// Decodes one owned value from a buffered source ([`std::io::BufRead`]: a
    /// [`std::io::BufReader`] around a file or socket, a `&[u8]`, a
    /// [`Cursor`](std::io::Cursor)). Takes exactly the value's bytes out of the
    /// source's buffer, which reads from the file or socket in large chunks, so a
    /// message costs a few reads, not one per field, and several messages can follow
    /// each other in one stream. To read messages until the end of the stream, see
    /// [`messages`](Config::messages).
    ///
    /// ```
    /// let mut stream: &[u8] = &[3, 0, 4, 0];
    /// let c = packed_core::config();
    /// assert_eq!(c.from_reader::<u16, _>(&mut stream)?, 3);
    /// assert_eq!(c.from_reader::<u16, _>(&mut stream)?, 4);
    /// # Ok::<(), packed_core::DecodeError>(())
    /// ```
    ///
    /// A type that borrows from its input cannot come from a stream; see
    /// [`crate::from_reader`] for what the compiler says then.
    ///
    /// # Errors
    /// As [`from_slice`](Config::from_slice) (without the trailing-bytes check), plus
    /// [`DecodeError::Io`]; with no field path (a stream cannot be read again).
    #[cfg(feature = "std")]
    pub fn from_reader<T: DecodeOwned, R: std::io::BufRead>(
        self,
        source: R,
    ) -> Result<T, Error<DecodeError>> {
        let mut r = IoReader::with_limits(source, self.limits);
        Ok(self.decode_from(&mut r)?)
    }

    /// The messages of a buffered source, one after another, until it ends: an
    /// iterator of `Result<T, DecodeError>` that ends (`None`) where the input ends
    /// cleanly, between two messages, and yields an error, then ends, where it ends
    /// inside one ([`DecodeError::UnexpectedEnd`]) or a message is malformed. Each
    /// message is a document of its own for the [`Limits`] (bytes, zero-width
    /// elements); error offsets count from the start of the stream.
    ///
    /// ```
    /// use packed_core::DecodeError;
    ///
    /// let mut log = Vec::new();
    /// for line in ["boot", "ready"] {
    ///     packed_core::config().to_writer(&line, &mut log)?;
    /// }
    /// let lines: Vec<String> =
    ///     packed_core::config().messages(&log[..]).collect::<Result<_, _>>()?;
    /// assert_eq!(lines, ["boot", "ready"]);
    ///
    /// // A stream cut inside its second message: the first, then the error.
    /// let mut cut = packed_core::config().messages::<String, _>(&log[..7]);
    /// assert_eq!(cut.next(), Some(Ok("boot".to_owned())));
    /// assert_eq!(
    ///     cut.next(),
    ///     Some(Err(DecodeError::UnexpectedEnd { offset: 6, needed: 5, remaining: 1 }.into()))
    /// );
    /// assert_eq!(cut.next(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn messages<T: DecodeOwned, R: std::io::BufRead>(self, source: R) -> Messages<T, R, C> {
        Messages::new(IoReader::with_limits(source, self.limits))
    }

    /// Refuses input, which the value must take up whole, that is longer than the byte
    /// limit.
    #[cfg_attr(not(debug_assertions), inline)]
    fn fits_limit(self, bytes: &[u8]) -> Result<(), DecodeError> {
        // The value must take up the whole input, so input beyond the limit can never be
        // valid; refusing it here also keeps the reader from mistaking the limit for the
        // end of the input (a value ending exactly at the limit, a length checked
        // against it).
        if bytes.len() > self.limits.max_bytes {
            return Err(DecodeError::ByteLimitExceeded {
                offset: self.limits.max_bytes,
                limit: self.limits.max_bytes,
            });
        }
        Ok(())
    }
}

/// `e`, or, where it is a length claim that only the reader's byte limit cut short (a
/// slice going on past [`Limits::max_bytes`]), the limit's error, as a read past the
/// limit gives ([`Reader::past_limit`]). Asked once, after the decode failed, not at
/// each claim: the claims sit in every string's and sequence's decode.
#[cfg_attr(not(debug_assertions), inline(always))]
fn limit_over_length<'de, R: Reader<'de> + ?Sized>(e: DecodeError, r: &R) -> DecodeError {
    match e {
        DecodeError::LengthExceedsInput { .. } => r.past_limit().unwrap_or(e),
        e => e,
    }
}

/// Reads a value and its header, if its layout has one, under context `C`: what
/// [`Config::decode_from`] and the [`Messages`] of a stream run on.
#[inline]
pub(crate) fn decode_message<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    T::decode_header::<C, R>(r)?;
    T::decode::<C, R>(r)
}

/// Decodes a `T` that takes up the whole of `bytes` under the default [`Limits`]: what
/// [`from_slice`](crate::from_slice) and [`from_slice_as`](crate::from_slice_as) run
/// ([`Config::from_slice`] inlines its decode instead), and what the
/// error-path replay runs, which passes `replay_records` to be given the growable
/// records the decode opened (and does not require the input's end).
///
/// Deliberately not `#[inline]`: a generic function that is not `#[inline]` is compiled
/// once per crate that uses it, where an `#[inline]` one is compiled again in every code
/// unit that calls it, so `from_slice` and the replay share one copy of a type's whole
/// decode. The limits are constants here, not a parameter, because known limits fold
/// into the decode (its depth checks above all) as they do when `from_slice` is inlined
/// into a caller (PERF.md, "One out-of-line slice decode shared by `from_slice` and
/// the replay").
pub(crate) fn decode_slice_default<'de, C: Ctx, T: Decode<'de>>(
    bytes: &'de [u8],
    replay_records: Option<&mut Vec<crate::explain::InputRecord>>,
) -> Result<T, DecodeError> {
    let mut r = SliceReader::with_limits(bytes, Limits::DEFAULT);
    #[cfg(feature = "error-paths")]
    if replay_records.is_some() {
        r.keep_records();
    }
    let value = decode_message::<C, T, SliceReader<'de>>(&mut r)?;
    match replay_records {
        #[cfg(feature = "error-paths")]
        Some(records) => *records = r.take_records(),
        _ => finish(&r)?,
    }
    Ok(value)
}

// The encodes to a vector, out of line. Encoding has no limits, so every configuration
// of one context shares them; like `decode_slice_default`, they are deliberately not
// `#[inline]`: a generic function that is not `#[inline]` is compiled once per crate
// that uses it, where an `#[inline]` one (and the type's encode and size inlined into
// it) is compiled again in every code unit that calls it. The type's encode is still
// inlined into these, and its size, which for a fixed-size type folds to a constant
// (PERF.md, "Compile time, session 6" and "session 13").

/// [`Config::to_vec`] under context `C`: the size worked out
/// ([`Encode::encoded_size`]), then the value written into a buffer of that size. An
/// error is the writing pass's: where the size is counted, the count fails at the same
/// point of the same encode.
fn encode_vec<C: Ctx, T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, Error<EncodeError>> {
    let len = header_size::<C, T>().wrapping_add(value.encoded_size::<C>());
    let mut buf = if len <= RESERVE_FALLIBLY_PAST {
        Vec::with_capacity(len)
    } else {
        reserved_if_memory_allows(len)
    };
    match encode_message::<C, T, Vec<u8>>(value, &mut buf) {
        Ok(()) => Ok(buf),
        Err(e) => Err(encode_error::<C, T>(value, e)),
    }
}

/// The size past which [`encode_vec`] reserves its buffer only if memory allows. The
/// size worked out from a value's parts is exact when its encode succeeds, but parts can
/// be shared: a `Vec` of one `Rc` a thousand times over, nested, claims petabytes from
/// kilobytes of memory, and its encode may fail at its first length (over a `u8`
/// prefix, say). Allocating such a claim outright would abort.
const RESERVE_FALLIBLY_PAST: usize = 1 << 20;

/// An empty buffer with room for `len` bytes if the allocator grants them, else none:
/// the writing pass then grows it as it goes, and an encode that fails early never
/// needed the room. One function for every type, so that no second pass over the value
/// is compiled per type for this case.
fn reserved_if_memory_allows(len: usize) -> Vec<u8> {
    let mut buf = Vec::new();
    let _refused = buf.try_reserve_exact(len);
    buf
}

/// [`Config::encode_into`] under context `C`.
fn encode_append<C: Ctx, T: Encode + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, Error<EncodeError>> {
    let start = buf.len();
    match encode_message::<C, T, Vec<u8>>(value, buf) {
        Ok(()) => Ok(buf.len() - start),
        Err(e) => {
            buf.truncate(start);
            Err(encode_error::<C, T>(value, e))
        }
    }
}

/// [`Config::encoded_len`] under context `C`.
fn encoded_len_of<C: Ctx, T: Encode + ?Sized>(value: &T) -> Result<usize, Error<EncodeError>> {
    match count::<C, T>(value) {
        Ok(len) => Ok(len),
        Err(e) => Err(encode_error::<C, T>(value, e)),
    }
}

/// Writes `value` and its header, if its layout has one, under context `C`: what
/// [`Config::encode_to`] runs.
#[cfg_attr(not(debug_assertions), inline)]
fn encode_message<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(
    value: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    T::encode_header::<C, W>(w)?;
    value.encode::<C, W>(w)
}

/// The bytes of `T`'s header under context `C` (nothing in most layouts).
#[cfg_attr(not(debug_assertions), inline)]
fn header_size<C: Ctx, T: Encode + ?Sized>() -> usize {
    SizeCounter::bytes_of(T::encode_header::<C, SizeCounter>)
}

/// The number of bytes `value` encodes to under context `C`, with its header.
#[cfg_attr(not(debug_assertions), inline)]
fn count<C: Ctx, T: Encode + ?Sized>(value: &T) -> Result<usize, EncodeError> {
    let mut counter = SizeCounter::default();
    encode_message::<C, T, SizeCounter>(value, &mut counter)?;
    Ok(counter.len)
}

/// Checks that the reader is at the end of its input.
#[inline]
fn finish(r: &SliceReader<'_>) -> Result<(), DecodeError> {
    match r.rest().len() {
        0 => Ok(()),
        remaining => Err(DecodeError::TrailingBytes {
            offset: r.offset(),
            remaining,
        }),
    }
}

#[cfg(test)]
mod tests {
    //! Every `Config` method is the short function it stands for, and the limits and the
    //! layout a configuration carries reach every method.

    use alloc::{string::String, vec, vec::Vec};

    use crate::explain::Role;
    use crate::{config, layout, with, DecodeError, Limits, Packed, SliceReader};

    #[derive(Packed, Debug, Clone, PartialEq, Default)]
    #[packed(crate = "crate")]
    struct Msg {
        name: String,
        values: Vec<u16>,
        inner: Inner,
    }

    #[derive(Packed, Debug, Clone, PartialEq, Default)]
    #[packed(crate = "crate")]
    struct Inner {
        flag: bool,
    }

    fn msg() -> Msg {
        Msg {
            name: "ab".into(),
            values: vec![1, 0x0302],
            inner: Inner { flag: true },
        }
    }

    /// `msg()` by hand under Bitsery's layout and under YAS's (header `yas0017`, 8-byte
    /// lengths).
    const BITSERY: [u8; 9] = [2, b'a', b'b', 2, 1, 0, 2, 3, 1];
    fn yas() -> Vec<u8> {
        let mut b = b"yas0017".to_vec();
        b.extend_from_slice(&[2, 0, 0, 0, 0, 0, 0, 0, b'a', b'b']);
        b.extend_from_slice(&[2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 3, 1]);
        b
    }

    #[test]
    fn every_method_writes_and_reads_the_layouts_bytes() {
        check_methods(config(), &BITSERY);
        check_methods(with::<layout::Yas>(), &yas());
        check_methods(config().layout::<layout::Yas>(), &yas());
        // The short functions are these calls.
        assert_eq!(crate::to_vec(&msg()).unwrap(), BITSERY);
        assert_eq!(crate::to_vec_as::<layout::Yas, _>(&msg()).unwrap(), yas());
        assert_eq!(crate::from_slice_as::<layout::Yas, Msg>(&yas()), Ok(msg()));
    }

    fn check_methods<C: crate::Ctx>(c: super::Config<C>, bytes: &[u8]) {
        let m = msg();
        assert_eq!(c.to_vec(&m).unwrap(), bytes);
        assert_eq!(c.encoded_len(&m).unwrap(), bytes.len());
        let mut buf = vec![9];
        assert_eq!(c.encode_into(&m, &mut buf).unwrap(), bytes.len());
        assert_eq!(buf[1..], *bytes);
        #[cfg(feature = "std")]
        {
            let mut sink = Vec::new();
            assert_eq!(c.to_writer(&m, &mut sink).unwrap(), bytes.len());
            assert_eq!(sink, bytes);
        }
        let mut w = Vec::new();
        c.encode_to(&m, &mut w).unwrap();
        assert_eq!(w, bytes);
        assert_eq!(c.explain(&m).unwrap().bytes(), bytes);
        assert_eq!(c.from_slice::<Msg>(bytes), Ok(m.clone()));
        let mut reused = Msg {
            name: "previous".into(),
            ..Msg::default()
        };
        c.from_slice_into(bytes, &mut reused).unwrap();
        assert_eq!(reused, m);
        let with_tail = [bytes, &[7]].concat();
        assert_eq!(
            c.take_from_slice::<Msg>(&with_tail),
            Ok((m.clone(), &[7][..]))
        );
        #[cfg(feature = "std")]
        assert_eq!(c.from_reader::<Msg, _>(&with_tail[..]), Ok(m.clone()));
        let mut r = SliceReader::new(&with_tail);
        assert_eq!(c.decode_from::<Msg, _>(&mut r), Ok(m));
        assert_eq!(r.rest(), [7]);
    }

    /// A configuration's limits apply to every decoding method, also after
    /// `layout`, and a value that would end at the byte limit is not taken for the
    /// whole input (the same error from `from_slice` and `from_slice_into`).
    #[test]
    fn limits_reach_every_decoding_method() {
        let bytes = BITSERY;
        let short = config().limits(Limits::DEFAULT.with_max_bytes(8));
        let over = Err(DecodeError::ByteLimitExceeded {
            offset: 8,
            limit: 8,
        });
        assert_eq!(
            short
                .from_slice::<Msg>(&bytes)
                .map(drop)
                .map_err(crate::Error::into_kind),
            over
        );
        let mut reused = Msg::default();
        assert_eq!(
            short
                .from_slice_into(&bytes, &mut reused)
                .map_err(crate::Error::into_kind),
            over
        );
        assert_eq!(
            short
                .take_from_slice::<Msg>(&bytes)
                .map(drop)
                .map_err(crate::Error::into_kind),
            over
        );
        #[cfg(feature = "std")]
        assert_eq!(
            short
                .from_reader::<Msg, _>(&bytes[..])
                .map(drop)
                .map_err(crate::Error::into_kind),
            over
        );
        // Depth: `Msg` and `Inner` are two levels.
        let shallow = Limits::DEFAULT.with_max_depth(1);
        let depth = Err(DecodeError::DepthLimitExceeded {
            offset: 8,
            limit: 1,
        });
        assert_eq!(
            config()
                .limits(shallow)
                .from_slice::<Msg>(&bytes)
                .map_err(crate::Error::into_kind),
            depth
        );
        let yas_shallow = config().limits(shallow).layout::<layout::Yas>();
        assert_eq!(
            yas_shallow
                .from_slice::<Msg>(&yas())
                .map_err(crate::Error::into_kind),
            Err(DecodeError::DepthLimitExceeded {
                offset: yas().len() - 1,
                limit: 1
            })
        );
        // Encoding has no limits.
        assert_eq!(yas_shallow.to_vec(&msg()).unwrap(), yas());
        assert_eq!(
            yas_shallow.explain(&msg()).unwrap().spans()[0].role,
            Role::Header
        );
    }
}
