//! The reader: [`Value::from_slice`], [`Value::from_slice_with`] and
//! [`Limits`].
//!
//! Accepted forms: any integer marker (`i U I l L`) for lengths and counts;
//! plain containers (`[` … `]`, `{` … `}`), counted ones (`#n`, no end
//! marker) and typed ones (`$m#n`, no per-element markers, no end marker),
//! including typed arrays of `Z`/`T`/`F` (empty bodies) and of containers
//! (`$[`, `${`); no-ops `N` wherever an array element or an object key may
//! start, typed objects included (they do not count towards a `#` count; in
//! a typed array, whose elements carry no marker, an `N` byte is data).
//!
//! Rejected forms, each with a typed [`Error`] and its offset: see the
//! variants of [`Error`].
//!
//! # What a count means
//!
//! A counted container ends right after its `count`-th element: its end
//! marker is not read. A `]` or `}` after it belongs to the enclosing
//! context, where it closes a plain parent of the right kind, or else is an
//! error: `[#i\x01 i\x05 ]` at top level is the array `[5]` followed by one
//! trailing byte ([`Error::TrailingBytes`] at offset 6).
//!
//! # Resource use
//!
//! The reader borrows strings, keys, high-precision numbers and binary data
//! from the input ([`Cow::Borrowed`]) and never reserves capacity from an
//! untrusted count beyond what the rest of the input can hold. The input is
//! counted once however deep the nesting: a counted container promises each
//! of its elements its least size until the element starts, and a count is
//! checked against the bytes left that no enclosing container has promised,
//! so the nested counts of one input cannot each reserve all of it (without
//! this, 4000 bytes of `[#l` headers, each claiming the bytes after it, held
//! 14 MB: one reservation per level). It is recursive, one level per
//! container, bounded by [`Limits::max_depth`].

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::error::{Error, Limit};
use crate::marker::Marker;
use crate::value::{Char, HighPrecision, Value};

/// Limits that keep hostile input from exhausting the stack or memory.
///
/// | field | default | bounds |
/// | --- | --- | --- |
/// | [`max_depth`](Limits::max_depth) | 128 | nested containers (stack use) |
/// | [`max_len`](Limits::max_len) | `u64::MAX` | bytes of one string, key, `H` or binary |
/// | [`max_count`](Limits::max_count) | 2^24 | elements or entries of one container |
/// | [`max_zero_size_elements`](Limits::max_zero_size_elements) | 2^16 | `$Z`/`$T`/`$F` array elements in one document |
///
/// Independently of these, every length and count is checked against the
/// bytes left in the input before anything is allocated: each element of an
/// untyped container takes at least one byte, each element of a typed one
/// the size of its type. Typed arrays of `Z`, `T` and `F` are the exception
/// (their elements take no bytes at all), which is what
/// `max_zero_size_elements` is for: without it, 7 bytes `[$Z#l\x7F\xFF\xFF\xFF`
/// would ask for two billion values. If both it and `max_count` are lifted,
/// such an array is allocated at whatever size its count says: a size the
/// allocator refuses (or that overflows) is [`Error::AllocationFailed`], but
/// one it grants is filled, so the memory bound is then the system's.
///
/// `max_depth` bounds recursion, and past the stack a hostile input aborts
/// the process. A level of nesting took about 320 bytes of stack in a release
/// build and about 4.6 KB in a debug build (x86-64, arrays or objects alike),
/// so a 2 MiB thread (the default of `std::thread::spawn`, of tokio's workers
/// and of the test harness) holds about 6,500 levels in release but only
/// about 450 in debug. The default of 128 fits both; raise it only with the
/// stack to match.
///
/// ```
/// use ubjson_envelope::{Error, Limits, Value};
///
/// let limits = Limits::default().with_max_depth(2);
/// assert!(Value::from_slice_with(b"[[]]", &limits).is_ok());
/// assert_eq!(
///     Value::from_slice_with(b"[[[]]]", &limits),
///     Err(Error::DepthLimitExceeded { limit: 2, offset: 2 })
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// Most containers open at once; the top-level container is depth 1.
    /// Default 128.
    pub max_depth: usize,
    /// Most bytes in one string, object key, high-precision number or binary
    /// value. Default `u64::MAX` (the input's size is the bound).
    pub max_len: u64,
    /// Most elements of one array or entries of one object, counted or not.
    /// Default 2^24 (16,777,216).
    pub max_count: u64,
    /// Most elements of typed `$Z`/`$T`/`$F` arrays in one whole document.
    /// Default 2^16 (65,536).
    pub max_zero_size_elements: u64,
}

impl Limits {
    /// The default limits (see the table on [`Limits`]).
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Limits::DEFAULT.max_depth, 128);
    /// ```
    pub const DEFAULT: Limits = Limits {
        max_depth: 128,
        max_len: u64::MAX,
        max_count: 1 << 24,
        max_zero_size_elements: 1 << 16,
    };

    /// Sets [`Limits::max_depth`].
    ///
    /// ```
    /// let l = ubjson_envelope::Limits::default().with_max_depth(16);
    /// assert_eq!(l.max_depth, 16);
    /// ```
    #[must_use]
    pub const fn with_max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`Limits::max_len`].
    ///
    /// ```
    /// let l = ubjson_envelope::Limits::default().with_max_len(1 << 20);
    /// assert_eq!(l.max_len, 1 << 20);
    /// ```
    #[must_use]
    pub const fn with_max_len(mut self, max_len: u64) -> Self {
        self.max_len = max_len;
        self
    }

    /// Sets [`Limits::max_count`].
    ///
    /// ```
    /// let l = ubjson_envelope::Limits::default().with_max_count(1000);
    /// assert_eq!(l.max_count, 1000);
    /// ```
    #[must_use]
    pub const fn with_max_count(mut self, max_count: u64) -> Self {
        self.max_count = max_count;
        self
    }

    /// Sets [`Limits::max_zero_size_elements`].
    ///
    /// ```
    /// let l = ubjson_envelope::Limits::default().with_max_zero_size_elements(0);
    /// assert_eq!(l.max_zero_size_elements, 0);
    /// ```
    #[must_use]
    pub const fn with_max_zero_size_elements(mut self, max: u64) -> Self {
        self.max_zero_size_elements = max;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A position in the input with bounds-checked reads.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, pos: 0 }
    }

    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// The input not read yet.
    #[inline]
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.pos..).unwrap_or_default()
    }

    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Advances past a byte already seen with [`Cursor::peek`].
    #[inline]
    pub(crate) fn skip_byte(&mut self) {
        if self.pos < self.bytes.len() {
            self.pos += 1;
        }
    }

    /// Advances past no-ops (`N`) before an object's key: the key starts with its
    /// length's integer marker, so an `N` there can only be a no-op.
    #[inline]
    fn skip_noops(&mut self) {
        while self.peek() == Some(b'N') {
            self.skip_byte();
        }
    }

    #[inline]
    pub(crate) fn byte(&mut self) -> Result<u8, Error> {
        let b = self
            .peek()
            .ok_or(Error::UnexpectedEnd { offset: self.pos })?;
        self.pos += 1;
        Ok(b)
    }

    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self.pos.checked_add(n);
        let slice = end
            .and_then(|end| self.bytes.get(self.pos..end))
            .ok_or(Error::UnexpectedEnd { offset: self.pos })?;
        self.pos += n;
        Ok(slice)
    }

    #[inline]
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let offset = self.pos;
        let slice = self.take(N)?;
        <[u8; N]>::try_from(slice).map_err(|_| Error::UnexpectedEnd { offset })
    }

    /// Reads the payload of an integer whose marker was already consumed;
    /// `None` if `marker` is not an integer marker.
    pub(crate) fn int_body(&mut self, marker: u8) -> Result<Option<i64>, Error> {
        Ok(Some(match marker {
            b'i' => i64::from(i8::from_be_bytes(self.array()?)),
            b'U' => i64::from(self.byte()?),
            b'I' => i64::from(i16::from_be_bytes(self.array()?)),
            b'l' => i64::from(i32::from_be_bytes(self.array()?)),
            b'L' => i64::from_be_bytes(self.array()?),
            _ => return Ok(None),
        }))
    }

    /// Reads a length or count (marker + payload): non-negative, any integer
    /// marker. Returns the value and the marker's offset.
    pub(crate) fn length(&mut self) -> Result<(u64, usize), Error> {
        let offset = self.pos;
        let marker = self.byte()?;
        let value = self
            .int_body(marker)?
            .ok_or(Error::ExpectedLength { marker, offset })?;
        let len = u64::try_from(value).map_err(|_| Error::NegativeLength { value, offset })?;
        Ok((len, offset))
    }

    /// Takes `len` bytes, after checking `len` against `max_len` and the
    /// rest of the input. `offset` is the length's offset (for errors).
    pub(crate) fn take_len(
        &mut self,
        len: u64,
        offset: usize,
        max_len: u64,
    ) -> Result<&'a [u8], Error> {
        if len > max_len {
            return Err(Error::LimitExceeded {
                limit: Limit::Length,
                value: len,
                max: max_len,
                offset,
            });
        }
        let remaining = self.remaining();
        match usize::try_from(len) {
            Ok(n) if n <= remaining => self.take(n),
            _ => Err(Error::LengthExceedsInput {
                length: len,
                remaining,
                offset,
            }),
        }
    }

    /// Reads a length, then takes that many bytes: the body of a string, an
    /// object key or a high-precision number, before any check of its text.
    pub(crate) fn len_prefixed(&mut self, max_len: u64) -> Result<&'a [u8], Error> {
        let (len, offset) = self.length()?;
        self.take_len(len, offset, max_len)
    }

    /// Checks that `bytes`, the last ones taken, are UTF-8.
    pub(crate) fn utf8(&self, bytes: &'a [u8]) -> Result<&'a str, Error> {
        core::str::from_utf8(bytes).map_err(|e| Error::InvalidUtf8 {
            offset: self.pos - bytes.len() + e.valid_up_to(),
        })
    }

    /// Reads a length-prefixed UTF-8 string body (after `S` or `H`, or an
    /// object key).
    pub(crate) fn str(&mut self, max_len: u64) -> Result<&'a str, Error> {
        let bytes = self.len_prefixed(max_len)?;
        self.utf8(bytes)
    }

    /// Reads the optional `$type` / `#count` after `[` or `{`.
    #[inline]
    pub(crate) fn container_header(&mut self) -> Result<ContainerHeader, Error> {
        match self.peek() {
            Some(b'$') => {
                self.skip_byte();
                let ty_offset = self.pos;
                let ty = self.byte()?;
                let ty = Marker::from_byte(ty)
                    .filter(|m| m.is_container_type())
                    .ok_or(Error::InvalidContainerType {
                        marker: ty,
                        offset: ty_offset,
                    })?;
                let hash_offset = self.pos;
                match self.peek() {
                    Some(b'#') => self.skip_byte(),
                    Some(_) => {
                        return Err(Error::TypeWithoutCount {
                            offset: hash_offset,
                        })
                    }
                    None => {
                        return Err(Error::UnexpectedEnd {
                            offset: hash_offset,
                        })
                    }
                }
                let (count, offset) = self.length()?;
                Ok(ContainerHeader::Typed { ty, count, offset })
            }
            Some(b'#') => {
                self.skip_byte();
                let (count, offset) = self.length()?;
                Ok(ContainerHeader::Counted { count, offset })
            }
            _ => Ok(ContainerHeader::Plain),
        }
    }
}

/// The optional `$type` / `#count` after `[` or `{`; `offset` is the
/// count's.
pub(crate) enum ContainerHeader {
    /// Neither: elements until the end marker.
    Plain,
    /// `#count`.
    Counted { count: u64, offset: usize },
    /// `$type#count`.
    Typed {
        ty: Marker,
        count: u64,
        offset: usize,
    },
}

struct Reader<'a, 'l> {
    cur: Cursor<'a>,
    limits: &'l Limits,
    depth: usize,
    zero_size_used: u64,
    /// Bytes promised to the elements of the open counted containers that have
    /// not started yet: their least sizes. A nested count may not reserve them.
    promised: usize,
}

impl<'a> Reader<'a, '_> {
    fn value(&mut self) -> Result<Value<'a>, Error> {
        let offset = self.cur.pos();
        let marker = self.cur.byte()?;
        self.value_with_marker(marker, offset)
    }

    /// Reads a value whose marker was already consumed (or, in a typed
    /// container, is implied).
    fn value_with_marker(&mut self, marker: u8, offset: usize) -> Result<Value<'a>, Error> {
        Ok(match marker {
            b'Z' => Value::Null,
            b'T' => Value::Bool(true),
            b'F' => Value::Bool(false),
            b'i' | b'U' | b'I' | b'l' | b'L' => {
                Value::Int(self.cur.int_body(marker)?.unwrap_or_default())
            }
            b'd' => Value::Float32(f32::from_be_bytes(self.cur.array()?)),
            b'D' => Value::Float64(f64::from_be_bytes(self.cur.array()?)),
            b'C' => {
                let at = self.cur.pos();
                let value = self.cur.byte()?;
                Value::Char(Char::new(value).ok_or(Error::InvalidChar { value, offset: at })?)
            }
            b'S' => Value::String(Cow::Borrowed(self.cur.str(self.limits.max_len)?)),
            b'H' => {
                let text = self.cur.str(self.limits.max_len)?;
                let start = self.cur.pos() - text.len();
                Value::HighPrecision(
                    HighPrecision::new(text)
                        .ok_or(Error::InvalidHighPrecision { offset: start })?,
                )
            }
            b'[' => self.array(offset)?,
            b'{' => self.object(offset)?,
            b'N' | b']' | b'}' | b'$' | b'#' => {
                return Err(Error::UnexpectedMarker { marker, offset })
            }
            _ => return Err(Error::UnknownMarker { marker, offset }),
        })
    }

    fn enter(&mut self, offset: usize) -> Result<(), Error> {
        if self.depth >= self.limits.max_depth {
            return Err(Error::DepthLimitExceeded {
                limit: self.limits.max_depth,
                offset,
            });
        }
        self.depth += 1;
        Ok(())
    }

    /// Checks a count against `max_count` and against the unpromised input,
    /// given the least number of bytes each element takes (at least 1);
    /// returns it as a `usize` that is safe to reserve. The caller promises
    /// `n * min_elem` bytes ([`Reader::promise`]) and takes each element's
    /// share back as it starts ([`Reader::start`]).
    fn check_count(&self, count: u64, offset: usize, min_elem: usize) -> Result<usize, Error> {
        if count > self.limits.max_count {
            return Err(Error::LimitExceeded {
                limit: Limit::Count,
                value: count,
                max: self.limits.max_count,
                offset,
            });
        }
        // What is left after the elements that enclosing containers still
        // expect: an element may exceed its least size (a long string), so
        // the promises may exceed the input, and the later elements fail.
        let remaining = self.cur.remaining().saturating_sub(self.promised);
        let fits = usize::try_from(count).ok().filter(|&n| {
            n.checked_mul(min_elem)
                .is_some_and(|need| need <= remaining)
        });
        fits.ok_or(Error::LengthExceedsInput {
            length: count,
            remaining,
            offset,
        })
    }

    /// Promises `n` elements of `min_elem` bytes each, which
    /// [`Reader::check_count`] found room for.
    fn promise(&mut self, n: usize, min_elem: usize) {
        self.promised += n * min_elem;
    }

    /// An element that was promised `min_elem` bytes starts: they are its own.
    fn start(&mut self, min_elem: usize) {
        self.promised -= min_elem;
    }

    /// Checks the running element count of a plain container.
    fn check_plain_count(&self, n: usize, offset: usize) -> Result<(), Error> {
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        if n >= self.limits.max_count {
            return Err(Error::LimitExceeded {
                limit: Limit::Count,
                value: n.saturating_add(1),
                max: self.limits.max_count,
                offset,
            });
        }
        Ok(())
    }

    /// Least number of input bytes an element of a typed container takes.
    fn typed_min_size(ty: Marker) -> usize {
        match ty {
            // `S`/`H`: a length integer (2 bytes at least); containers: their
            // end marker or header (1 byte at least).
            Marker::String | Marker::HighPrecision => 2,
            other => other.fixed_size().unwrap_or(1),
        }
    }

    fn array(&mut self, offset: usize) -> Result<Value<'a>, Error> {
        self.enter(offset)?;
        let value = match self.cur.container_header()? {
            ContainerHeader::Plain => {
                let mut items = Vec::new();
                loop {
                    let at = self.cur.pos();
                    match self.cur.byte()? {
                        b']' => break,
                        b'N' => {}
                        marker => {
                            self.check_plain_count(items.len(), at)?;
                            items.push(self.value_with_marker(marker, at)?);
                        }
                    }
                }
                Value::Array(items)
            }
            ContainerHeader::Counted { count, offset } => {
                let n = self.check_count(count, offset, 1)?;
                self.promise(n, 1);
                let mut items = Vec::with_capacity(n);
                while items.len() < n {
                    let at = self.cur.pos();
                    match self.cur.byte()? {
                        b'N' => {}
                        marker => {
                            self.start(1);
                            items.push(self.value_with_marker(marker, at)?);
                        }
                    }
                }
                Value::Array(items)
            }
            ContainerHeader::Typed {
                ty: Marker::UInt8,
                count,
                offset,
            } => Value::Binary(Cow::Borrowed(self.cur.take_len(
                count,
                offset,
                self.limits.max_len,
            )?)),
            ContainerHeader::Typed { ty, count, offset } => {
                if let Some(value) = zero_size_value(ty) {
                    let n = self.check_zero_size(count, offset)?;
                    // No input bytes bound this count, only the limits, which a
                    // caller may lift: a refused allocation is an error here.
                    let mut items = Vec::new();
                    items
                        .try_reserve_exact(n)
                        .map_err(|_| Error::AllocationFailed { count, offset })?;
                    items.resize(n, value);
                    Value::Array(items)
                } else {
                    let min = Self::typed_min_size(ty);
                    let n = self.check_count(count, offset, min)?;
                    self.promise(n, min);
                    let mut items = Vec::with_capacity(n);
                    for _ in 0..n {
                        let at = self.cur.pos();
                        self.start(min);
                        items.push(self.value_with_marker(ty.byte(), at)?);
                    }
                    Value::Array(items)
                }
            }
        };
        self.depth -= 1;
        Ok(value)
    }

    fn check_zero_size(&mut self, count: u64, offset: usize) -> Result<usize, Error> {
        if count > self.limits.max_count {
            return Err(Error::LimitExceeded {
                limit: Limit::Count,
                value: count,
                max: self.limits.max_count,
                offset,
            });
        }
        let total = self.zero_size_used.saturating_add(count);
        let max = self.limits.max_zero_size_elements;
        match usize::try_from(count) {
            Ok(n) if total <= max => {
                self.zero_size_used = total;
                Ok(n)
            }
            _ => Err(Error::LimitExceeded {
                limit: Limit::ZeroSizeElements,
                value: total,
                max,
                offset,
            }),
        }
    }

    fn object(&mut self, offset: usize) -> Result<Value<'a>, Error> {
        self.enter(offset)?;
        let max_len = self.limits.max_len;
        let entries = match self.cur.container_header()? {
            ContainerHeader::Plain => {
                let mut entries = Vec::new();
                loop {
                    let at = self.cur.pos();
                    match self.cur.peek() {
                        Some(b'}') => {
                            self.cur.skip_byte();
                            break;
                        }
                        Some(b'N') => self.cur.skip_byte(),
                        _ => {
                            self.check_plain_count(entries.len(), at)?;
                            let key = self.cur.str(max_len)?;
                            let value = self.value()?;
                            entries.push((Cow::Borrowed(key), value));
                        }
                    }
                }
                entries
            }
            ContainerHeader::Counted { count, offset } => {
                // A key (2 bytes at least) and a value (1 byte at least).
                let n = self.check_count(count, offset, 3)?;
                self.promise(n, 3);
                let mut entries = Vec::with_capacity(n);
                while entries.len() < n {
                    self.cur.skip_noops();
                    self.start(3);
                    let key = self.cur.str(max_len)?;
                    let value = self.value()?;
                    entries.push((Cow::Borrowed(key), value));
                }
                entries
            }
            ContainerHeader::Typed { ty, count, offset } => {
                let min = 2 + Self::typed_min_size(ty);
                let n = self.check_count(count, offset, min)?;
                self.promise(n, min);
                let mut entries = Vec::with_capacity(n);
                for _ in 0..n {
                    // The `$` type drops the values' markers, not the keys'
                    // (py-ubjson skips no-ops here too, except in `$Z`, `$T` and
                    // `$F` objects, where it refuses them: a quirk we do not copy,
                    // since nothing else tells those objects apart). In a typed
                    // array an `N` byte is element data instead.
                    self.cur.skip_noops();
                    self.start(min);
                    let key = self.cur.str(max_len)?;
                    let at = self.cur.pos();
                    let value = self.value_with_marker(ty.byte(), at)?;
                    entries.push((Cow::Borrowed(key), value));
                }
                entries
            }
        };
        self.depth -= 1;
        Ok(Value::Object(entries))
    }
}

/// The value of every element of a typed `$Z`/`$T`/`$F` array.
fn zero_size_value(ty: Marker) -> Option<Value<'static>> {
    match ty {
        Marker::Null => Some(Value::Null),
        Marker::True => Some(Value::Bool(true)),
        Marker::False => Some(Value::Bool(false)),
        _ => None,
    }
}

impl<'a> Value<'a> {
    /// Decodes one UBJSON value that must fill the whole input, with the
    /// default [`Limits`]. Strings, keys, high-precision numbers and binary
    /// data borrow from `bytes`.
    ///
    /// # Errors
    ///
    /// An [`Error`] for any invalid or truncated input, trailing bytes, or a
    /// limit exceeded.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use ubjson_envelope::{Error, Value};
    ///
    /// // A counted array of two int8s, then a typed uint8 array.
    /// let v = Value::from_slice(b"[#U\x02i\x01[$U#i\x02\xAB\xCD").unwrap();
    /// assert_eq!(
    ///     v,
    ///     Value::Array(vec![Value::Int(1), Value::Binary(Cow::Borrowed(&[0xAB, 0xCD]))])
    /// );
    ///
    /// assert_eq!(Value::from_slice(b"C\x80"), Err(Error::InvalidChar { value: 0x80, offset: 1 }));
    /// ```
    pub fn from_slice(bytes: &'a [u8]) -> Result<Value<'a>, Error> {
        Self::from_slice_with(bytes, &Limits::DEFAULT)
    }

    /// Like [`Value::from_slice`], with explicit [`Limits`].
    ///
    /// # Errors
    ///
    /// As for [`Value::from_slice`].
    ///
    /// ```
    /// use ubjson_envelope::{Error, Limit, Limits, Value};
    ///
    /// let limits = Limits::default().with_max_count(2);
    /// let err = Value::from_slice_with(b"[ZZZ]", &limits).unwrap_err();
    /// assert_eq!(err, Error::LimitExceeded { limit: Limit::Count, value: 3, max: 2, offset: 3 });
    /// ```
    pub fn from_slice_with(bytes: &'a [u8], limits: &Limits) -> Result<Value<'a>, Error> {
        let mut reader = Reader {
            cur: Cursor::new(bytes),
            limits,
            depth: 0,
            zero_size_used: 0,
            promised: 0,
        };
        let value = reader.value()?;
        if reader.cur.remaining() > 0 {
            return Err(Error::TrailingBytes {
                offset: reader.cur.pos(),
            });
        }
        Ok(value)
    }
}
