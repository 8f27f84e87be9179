//! What the bytes are: the wire format of every standard type, one short file per kind
//! of value. A derived struct is its fields in declaration order (the derive); the
//! framing (length prefixes, integer codecs, byte order, headers, enum forms) comes from
//! the context's [`Layout`], never from a run-time flag.
//!
//! | file | values | on the wire |
//! |---|---|---|
//! | `prim` | numbers, `bool`, `char`, `()`, `PhantomData` | integers by the layout's codec, floats at full width, `bool` one byte `0`/`1`, `char` its scalar value as a `u32`, `()` nothing |
//! | `string` | `str`, `String`, `Box<str>`, `Cow<str>`, `&str`, `&[u8]` | a length prefix, then the UTF-8 bytes (or the bytes) |
//! | `seq` | `[T]`, `Vec`, `VecDeque`, `Box<[T]>`, `[T; N]` | a length prefix (none for an array), then the elements |
//! | `map` | `BTreeMap`, `BTreeSet`, `HashMap`, `HashSet` | a length prefix, then the entries in iteration order |
//! | `wrap` | `Option`, `Box`, `&T`, `Cow<T>` | `Option`: a flag byte `0`/`1`, then the value; the others: the value |
//! | `bits` | `#[packed(bitpack)]` types | their fields as one stream of bits: `bool` one bit, `Option` a flag bit and padding, the rest as bytes at any bit offset, padded to a byte at the end |
//! | `coded` | fields with `range`, `precision`, `bits`, `entropy` | just the bits their range or list needs |
//! | `tuple` | tuples of up to 12 | the elements in order |
//! | `enums` | derived enums | the variant's tag, then its fields; a fieldless `#[repr(int)]` enum: its discriminant in the layout's form |
//! | `record` | growable records (`#[packed(growable)]`) | a 4-byte size in the layout's byte order, counting itself, then the record's fields |
//!
//! These files use no `unsafe` and no speed tricks of their own: where a faster path
//! exists they call it by name from [`fast`](crate::fast), which writes the same bytes.

pub(crate) mod bits;
pub(crate) mod coded;
pub(crate) mod enums;
mod map;
mod prim;
pub(crate) mod record;
pub(crate) mod seq;
pub(crate) mod string;
mod tuple;
pub(crate) mod wrap;

use crate::layout::{Header, Layout};
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

/// Writes the header of a top-level message whose fields use context `C` (YAS's
/// `yas0017`, or nothing).
///
/// # Errors
/// From the writer.
#[inline(always)]
pub(crate) fn write_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
    <<C::Layout as Layout>::Header as Header>::write::<C::Layout, W>(w)
}

/// Reads and checks the header of a top-level message whose fields use context `C`.
///
/// # Errors
/// [`DecodeError::BadHeader`] if it is missing or describes another layout.
#[inline(always)]
pub(crate) fn read_header<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(), DecodeError> {
    <<C::Layout as Layout>::Header as Header>::read::<C::Layout, R>(r)
}
