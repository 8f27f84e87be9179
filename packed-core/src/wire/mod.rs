//! What the bytes are: the wire format of every standard type, one short file per kind
//! of value. A derived struct is its fields in declaration order (the derive); the
//! framing (length prefixes, integer codecs, byte order, headers, and the conventions of
//! Bitsery or YAS for standard types) comes from the context's [`Layout`], never from a
//! run-time flag.
//!
//! | file | values | on the wire |
//! |---|---|---|
//! | `prim` | numbers, `bool`, `char`, `()`, `PhantomData` | integers by the layout's codec, floats at full width, `bool` one byte `0`/`1`, `char` its scalar value as a `u32`, `()` nothing |
//! | `string` | `str`, `String`, `Box<str>`, `Cow<str>`, `&str`, `&[u8]` | a length prefix, then the UTF-8 bytes (or the bytes) |
//! | `seq` | `[T]`, `Vec`, `VecDeque`, `Box<[T]>`, `[T; N]`, `Fields<[T; N]>` | a length prefix (for an array under YAS's conventions only; never for `Fields`), then the elements |
//! | `map` | `BTreeMap`, `BTreeSet`, `HashMap`, `HashSet` | a length prefix, then the entries in iteration order |
//! | `wrap` | `Option`, `Box`, `&T`, `Cow<T>` | `Option`: a flag byte `0`/`1`, then the value; the others: the value |
//! | `bits` | `#[packed(bitpack)]` types | their fields as one stream of bits: `bool` one bit, `Option` a flag bit and padding, the rest as bytes at any bit offset, padded to a byte at the end |
//! | `coded` | fields with `range`, `precision`, `bits`, `entropy` | just the bits their range or list needs |
//! | `tuple` | tuples of up to 16, `Fields` of them | a count byte under YAS's conventions (not for `Fields`), then the elements in order |
//! | `enums` | derived enums | the variant's tag (its index, `tag = N` or discriminant) in the conventions' form or the `tag` integer, then its fields; a fieldless `#[repr(int)]` enum: its discriminant in the conventions' form |
//! | `record` | growable records (`#[packed(growable)]`) | a 4-byte size in the layout's byte order, counting itself, then the record's fields |
//! | `sum` | `Result`, `Bound` | a variant index, then the value |
//! | `nonzero` | `NonZero*` | the integer; zero refused |
//! | `by_value` | `Rc`, `Arc`, `Cell`, `RefCell`, `Wrapping`, `Saturating`, `Reverse`, `Cow<[T]>` | the value they hold |
//! | `range` | `Range`, `RangeInclusive` | start, end |
//! | `net` | IP and socket addresses | octets; a variant index for `IpAddr`, `SocketAddr` |
//! | `list` | `LinkedList`, `BinaryHeap` | a length prefix, then the elements |
//! | `time` | `Duration`, `SystemTime` | the count in the field's unit, at its width (`i64` under YAS) |
//! | `bitset` | `cpp::Bitset<N>` | ⌈N/8⌉ bytes (YAS: behind the bit and byte counts) |
//! | `wide` | `cpp::U16String`, `cpp::WString` | the code units (YAS: UTF-8) |
//! | `ext` | other crates' types, behind cargo features | see `ext` |
//!
//! These files use no `unsafe` and no speed tricks of their own: where a faster path
//! exists they call it by name from [`fast`](crate::fast), which writes the same bytes.
//! A bit-packing session (`bits/`, a directory: the format, the writer, the reader)
//! reads its bits through a source, a type parameter: from a stream, bytes taken one at
//! a time (`bits/stream.rs`); from a slice, its input in place, a word at a time
//! ([`fast::bits`](crate::fast::bits)). The tests of `bits/` and `tests/parity.rs`
//! compare the two.

pub(crate) mod bits;
mod bitset;
mod by_value;
pub(crate) mod coded;
pub(crate) mod enums;
mod ext;
mod list;
mod map;
mod net;
mod nonzero;
mod prim;
mod range;
pub(crate) mod record;
pub(crate) mod seq;
pub(crate) mod string;
mod sum;
pub(crate) mod time;
mod tuple;
mod wide;
pub(crate) mod wrap;

use crate::layout::{Header, Layout};
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

/// Writes the header of a top-level message whose fields use context `C` (YAS's
/// `yas0017`, or nothing).
///
/// # Errors
/// From the writer.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_header<C: Ctx, W: Writer + ?Sized>(w: &mut W) -> Result<(), EncodeError> {
    <<C::Layout as Layout>::Header as Header>::write::<C::Layout, W>(w)
}

/// Reads and checks the header of a top-level message whose fields use context `C`.
///
/// # Errors
/// [`DecodeError::BadHeader`] if it is missing or describes another layout.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn read_header<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(), DecodeError> {
    <<C::Layout as Layout>::Header as Header>::read::<C::Layout, R>(r)
}
