//! The traits the derive implements: [`Encode`] and [`Decode`], with [`DecodeOwned`],
//! [`Packed`] and [`Kind`].
//!
//! Besides `encode` and `decode`, both traits declare a few hidden hooks: methods with
//! defaults that the standard types and the derive override to reach the wire format's
//! special forms (headers, the contiguous-sequence form) and the speed paths (runs,
//! images, bulk copies). Each says below which path it serves; [`fast`]
//! lists them all. A hand-written impl needs none of them.

use alloc::{string::String, vec::Vec};

use crate::fast::{self, FixedSize};
use crate::{wire, Ctx, DecodeError, EncodeError, Limits, Reader, Writer};

/// A value that can be written as a packed record.
///
/// `#[derive(Packed)]` implements it; the `C` parameter is the encoding context (which
/// layout applies), resolved at compile time. A hand-written impl forwards to the
/// fields in order, with the same context:
///
/// ```
/// use packed_core::{Ctx, Encode, EncodeError, Writer};
///
/// struct Point { x: i32, y: i32 }
///
/// impl Encode for Point {
///     fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
///         self.x.encode::<C, W>(w)?;
///         self.y.encode::<C, W>(w)
///     }
/// }
///
/// assert_eq!(packed_core::to_vec(&Point { x: 1, y: -2 }).unwrap(), [1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no packed encoding",
    label = "`{Self}` does not implement `Encode`",
    note = "derive `Packed` for it, or use `#[packed(with = \"module\")]` on the field (see the derive's docs for a `with` module)"
)]
pub trait Encode {
    /// Writes `self` under context `C`.
    ///
    /// # Errors
    /// [`EncodeError`] if a length does not fit its prefix or `max`, or the writer fails.
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError>;

    /// *Error paths:* whether the path the encode replay finds in a top-level value of
    /// this type says where an error happened. False for a value written through serde
    /// (`serde::Serde`): its traversal reports no fields, so the path found would be
    /// `""` ("the message itself") whatever part failed; such errors carry no path, as
    /// the `packed_core::serde` functions' do.
    #[doc(hidden)]
    const REPORTS_PATHS: bool = true;

    /// *Wire format: headers.* Writes the header of a top-level message of this type.
    /// Derived types use their own layout's header; everything else the context's.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn encode_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
        wire::write_header::<C, W>(w)
    }

    /// *Wire format: the contiguous-sequence form.* Writes the elements of a contiguous
    /// sequence: a slice, `Vec`, `Box<[T]>` or array (YAS's `std::vector`,
    /// `std::array`, C array). The default is [`encode_slice`](Encode::encode_slice).
    /// Fieldless `#[repr(int)]` enums override it with their layout's element form
    /// ([`Conventions`](crate::layout::Conventions)): YAS copies such a sequence as raw
    /// memory, so without the size byte a single enum has.
    ///
    /// A type whose elements are written differently here must have no fixed size
    /// (arrays multiply it) and no drop glue (`Vec`'s in-place decode reads elements
    /// that own nothing through [`Decode`]'s `decode_contiguous`, and the others one by
    /// one as single values).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn encode_contiguous<C: Ctx, W: Writer + ?Sized>(
        items: &[Self],
        w: &mut W,
    ) -> Result<(), EncodeError>
    where
        Self: Sized,
    {
        Self::encode_slice::<C, W>(items, 0, w)
    }

    /// *Speed: runs and memory images.* The number of bytes every value of this type
    /// encodes to under context `C`, or that it varies; and whether the type's memory is
    /// its encoding there ([`FixedSize`]). Numbers, `bool`, `char`, arrays and tuples of
    /// them, and derived structs of them have one: such a value is written as one run
    /// (one [`Writer`] call) instead of one per field, and a slice of memory images as
    /// one copy. Must agree with what [`encode`](Encode::encode) writes: a mismatch is
    /// [`EncodeError::FixedSizeMismatch`], never wrong bytes. Constant once inlined.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::VARIES
    }

    /// *Speed: `to_vec`'s one allocation.* The number of bytes
    /// [`encode`](Encode::encode) writes under `C` when it succeeds (when it fails,
    /// any number: the encode itself reports the error), worked out without writing:
    /// what [`to_vec`](crate::to_vec) allocates. The default counts a run of `encode`
    /// over a [`SizeCounter`](crate::SizeCounter); strings, sequences, `Option`,
    /// pointers and derived types add up their parts instead, which the compiler has
    /// much less to fold away. `C` is never inside a bit-packing session (a
    /// `#[packed(bitpack)]` type keeps the default, which counts its whole session).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    fn encoded_size<C: Ctx>(&self) -> usize {
        crate::write::count_size::<C, Self>(self)
    }

    /// *Speed: `to_vec`'s one allocation.* [`encoded_size`](Encode::encoded_size) of
    /// the elements of a contiguous sequence, as
    /// [`encode_contiguous`](Encode::encode_contiguous) writes them: the fixed size
    /// times their number, else each element's size added up. A type that overrides
    /// `encode_contiguous` overrides this too.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    fn contiguous_size<C: Ctx>(items: &[Self]) -> usize
    where
        Self: Sized,
    {
        match Self::fixed_size::<C>().bytes() {
            // A type without memory has one value, so its elements all encode alike; and
            // there can be more of them than a loop should visit (`vec![(); 1 << 40]`,
            // whose encode fails at once, at its length prefix).
            0 if core::mem::size_of::<Self>() == 0 => match items.first() {
                Some(item) => item.encoded_size::<C>().saturating_mul(items.len()),
                None => 0,
            },
            0 => {
                let mut n: usize = 0;
                for item in items {
                    n = n.wrapping_add(item.encoded_size::<C>());
                }
                n
            }
            size => items.len().saturating_mul(size),
        }
    }

    /// *Speed: bulk copies and memory images.* Writes a slice of values as
    /// [`encode`](Encode::encode) writes each of them, one after another, numbered from
    /// `first_index` for `explain`: the elements of a `VecDeque`, and of contiguous
    /// sequences by default. Numbers override it with one bulk copy; the default copies
    /// memory images in one piece and writes anything else element by element.
    #[doc(hidden)]
    #[inline]
    fn encode_slice<C: Ctx, W: Writer + ?Sized>(
        items: &[Self],
        first_index: usize,
        w: &mut W,
    ) -> Result<(), EncodeError>
    where
        Self: Sized,
    {
        fast::encode_slice::<C, Self, W>(items, first_index, w)
    }
}

/// A value that can be read from a packed record; `'de` is the lifetime of the input,
/// which `&'de str`, `&'de [u8]` and `Cow<'de, str>` borrow from.
///
/// ```
/// use packed_core::{Ctx, Decode, DecodeError, Reader};
///
/// struct Point { x: i32, y: i32 }
///
/// impl<'de> Decode<'de> for Point {
///     const MIN_WIRE: usize = 2;
///     fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
///         Ok(Point { x: i32::decode::<C, R>(r)?, y: i32::decode::<C, R>(r)? })
///     }
/// }
///
/// let p: Point = packed_core::from_slice(&[1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF]).unwrap();
/// assert_eq!((p.x, p.y), (1, -2));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no packed decoding",
    label = "`{Self}` does not implement `Decode`",
    note = "derive `Packed` for it, or use `#[packed(with = \"module\")]` on the field (see the derive's docs for a `with` module)"
)]
pub trait Decode<'de>: Sized {
    /// *Safety on hostile input.* A lower bound on the encoded size in bytes under any
    /// layout (0 if unsure). Sequence decoders use it to reject lengths the input cannot
    /// hold before they allocate; elements of a type with 0 are counted against
    /// [`Limits::max_zero_width_elements`](crate::Limits::max_zero_width_elements) when they take no input.
    /// Overstating it would reject valid input; understating is always safe.
    const MIN_WIRE: usize = 0;

    /// *Safety on hostile input.* Whether decoding a value may reserve memory ahead of
    /// the input it reads: true for types that hold a sequence, map or set (a `Vec`, a
    /// `HashMap`, a `Box` of anything, which does not look inside), false for numbers,
    /// strings (their bytes are read as soon as they are allocated), fieldless enums and
    /// structs and tuples of such. A sequence of a type that reserves nothing promises
    /// nothing to its elements (see the ledger of [`Reader`]) and does no work per
    /// element for it. `true`, the default, is always safe; a `false` that is wrong lets
    /// nested length claims count the same input twice.
    #[doc(hidden)]
    const RESERVES_AHEAD: bool = true;

    /// Reads a value under context `C`.
    ///
    /// # Errors
    /// [`DecodeError`] on malformed or truncated input.
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError>;

    /// Reads a value into `self`, reusing its allocations (`String`s, `Vec`s) where the
    /// type can. On error `self` holds a valid but unspecified value.
    ///
    /// # Errors
    /// As [`decode`](Decode::decode).
    #[inline]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        *self = Self::decode::<C, R>(r)?;
        Ok(())
    }

    /// *Wire format: headers.* Reads and checks the header of a top-level message of
    /// this type.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode_header<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<(), DecodeError> {
        wire::read_header::<C, R>(r)
    }

    /// *Wire format: the contiguous-sequence form.* Appends the `n` elements of a
    /// contiguous sequence (a slice, `Vec`, `Box<[T]>` or array) to `out`: [`Encode`]'s
    /// `encode_contiguous`, for decoding. The default is
    /// [`decode_append`](Decode::decode_append). The caller has checked `n` against
    /// the input.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    fn decode_contiguous<C: Ctx, R: Reader<'de> + ?Sized>(
        n: usize,
        r: &mut R,
        out: &mut Vec<Self>,
    ) -> Result<(), DecodeError> {
        Self::decode_append::<C, R>(n, r, out)
    }

    /// *Speed: runs and memory images.* [`Encode`]'s `fixed_size`, for decoding:
    /// derived structs with one read themselves from one borrowed run of that many
    /// bytes, and a `Vec` of memory images is one copy of the input. Must agree with
    /// what [`decode`](Decode::decode) reads: a mismatch is
    /// [`DecodeError::FixedSizeMismatch`].
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::VARIES
    }

    /// *Errors: field paths.* The field path of `error`, which decoding a `Self` under
    /// `C` from `input` with `limits` returned, or `None` where it cannot be found.
    /// Called only after a slice decode ([`from_slice`](crate::from_slice) and its
    /// forms) failed, never on success. Finding a path writes a value again through
    /// [`explain`](crate::explain())'s recorder, so it needs [`Encode`] too, which a
    /// decode function cannot require of every type: the derive overrides this hook
    /// for the types whose `Encode` it derives without bounds (those without type
    /// parameters or a `bound` attribute); every other type, hand-written or generic,
    /// keeps this default and reports no path.
    #[doc(hidden)]
    #[cold]
    #[inline(never)]
    fn error_path<C: Ctx>(input: &'de [u8], limits: Limits, error: &DecodeError) -> Option<String> {
        let _ = (input, limits, error);
        None
    }

    /// *Speed: bulk copies, memory images and runs.* Appends `n` values to `out`, each
    /// read as [`decode`](Decode::decode) reads it: the elements of a `VecDeque`, and
    /// of contiguous sequences by default. Numbers override it with one bulk copy; the
    /// default reads memory images as one copy, values of a fixed size from one slice
    /// taken with one bounds check, and anything else one by one. The caller has
    /// checked `n` against the input.
    #[doc(hidden)]
    #[inline]
    fn decode_append<C: Ctx, R: Reader<'de> + ?Sized>(
        n: usize,
        r: &mut R,
        out: &mut Vec<Self>,
    ) -> Result<(), DecodeError> {
        fast::decode_append::<C, Self, R>(n, r, out)
    }
}

/// A type that decodes without borrowing from the input (`String`, not `&str`): what
/// [`from_reader`](crate::from_reader) can produce.
///
/// A type that does not decode at all is a compile error that says so: ``"`T` cannot
/// be decoded from a stream: it has no packed decoding"``, with a note to derive
/// `Packed`. A type that borrows (`&str`, a derived type with a lifetime) is refused by
/// the compiler before this message can apply, as "implementation of `Decode` is not
/// general enough"; see [`from_reader`](crate::from_reader).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a stream: it has no packed decoding",
    label = "`{Self}` does not implement `Decode`",
    note = "derive `Packed` for it; only owned types (`String`, not `&str`) come from a stream, a type that borrows from its input decodes with `from_slice`"
)]
pub trait DecodeOwned: for<'de> Decode<'de> {}
impl<T: for<'de> Decode<'de>> DecodeOwned for T {}

/// A type that encodes and decodes without borrowing: what `#[derive(Packed)]` gives an
/// owned type. (A type with borrowed fields implements [`Encode`] and [`Decode<'de>`].)
pub trait Packed: Encode + DecodeOwned {}
impl<T: Encode + DecodeOwned> Packed for T {}

/// A message kind number, for envelopes that route records by kind
/// (`#[packed(kind = N)]`).
pub trait Kind {
    /// The kind number.
    const KIND: i64;
}
