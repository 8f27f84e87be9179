//! Positional, fixed-width packed binary records, byte-compatible with the C++
//! libraries [Bitsery] and [YAS].
//!
//! `#[derive(Packed)]` writes a type's fields in declaration order, integers at full
//! width, little-endian by default, with no names and no tags. Attributes choose the
//! framing, the size/speed trade-off: Bitsery's 1/2/4-byte length prefixes (the
//! default), YAS's 8-byte lengths and 7-byte header, YAS's compacted integers, LEB128,
//! big-endian, or fixed `u8`..`u64` prefixes per type or per field; at the small end,
//! Bitsery's bit packing ([below](#bit-packing)): a `bool` in one bit, an integer in
//! the bits of its range, a float quantised to a few bits.
//!
//! ```
//! use packed_core::Packed;
//!
//! #[derive(Packed, Debug, PartialEq)]
//! struct Item { sku: String, qty: i32, price_minor: i64 }
//!
//! let item = Item { sku: "hi".into(), qty: 1, price_minor: -2 };
//! let bytes = packed_core::to_vec(&item)?;
//! assert_eq!(bytes, [2, b'h', b'i', 1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
//! assert_eq!(packed_core::from_slice::<Item>(&bytes)?, item);
//!
//! // The same record under YAS's layout: header, 8-byte length.
//! let yas = packed_core::with::<packed_core::layout::Yas>().to_vec(&item)?;
//! assert_eq!(&yas[..7], b"yas0017");
//! assert_eq!(yas.len(), 7 + 8 + 2 + 4 + 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Attributes
//!
//! This is the one table of the attributes (the README links here). On a struct or enum
//! they set the framing of that type's own fields: a nested type with attributes of its
//! own keeps them, one without any takes its parent's (at the top level, Bitsery's).
//! Each value names a type in [`len`], [`num`], [`layout`] or [`time`], chosen when
//! the derive expands, so generated code never branches on the layout.
//!
//! | on | attribute | values | default |
//! |---|---|---|---|
//! | struct, enum | `len` | `"compact"` (Bitsery's 1, 2 or 4 bytes: [`len::Compact`]), `"u8"`, `"u16"`, `"u32"`, `"u64"` (YAS's 8 bytes; [`len::U8`]..[`len::U64`]), `"varint"` (LEB128: [`len::Leb128`]), `"yas-compacted"` ([`len::YasSize`]), or a path to a [`LenPrefix`](len::LenPrefix) type | `"compact"` |
//! | struct, enum | `int` | `"fixed"` (full width: [`num::Fixed`]), `"yas-compacted"` ([`num::YasCompact`]), `"varint"` (LEB128, zigzag for signed, one-byte integers raw: Bitsery's `ext::CompactValue`, [`num::ZigzagLeb128`]) | `"fixed"` |
//! | struct, enum | `endian` | `"little"`, `"big"` ([`num::Little`], [`num::Big`]) | `"little"` |
//! | struct, enum | `header` | `"none"`, `"yas"` (`yas0017`; `yas0097` big-endian; `yas0117` compacted: [`layout::YasHeader`]), written before a top-level message only and checked on decode | `"none"` |
//! | struct, enum | `conventions` | `"bitsery"`, `"yas"`: whose serializers of standard types the layout follows, for what the two libraries frame differently: fieldless enums, fixed arrays, tuples, the variant index, chrono counts, bitsets, wide strings ([`layout::Conventions`], [`layout::BitseryConventions`], [`layout::YasConventions`]; below) | `"bitsery"` |
//! | struct, enum | `layout` | `"bitsery"`, `"yas"`, `"yas-noheader"`, `"yas-compacted"`, `"varint"` ([`layout::Bitsery`], [`layout::Yas`], [`layout::YasNoHeader`], [`layout::YasCompacted`], [`layout::Varint`]): all five keys above at once (the YAS layouts with YAS's conventions, the others with Bitsery's); keys given beside it override | |
//! | struct, enum | `growable` | a growable record (Bitsery's `ext::Growable`): a 4-byte size, then the fields, so that later versions may add fields and variants ([Evolution](#evolution-growable-records)) | |
//! | enum | `tag` | the tag as a fixed integer, by the layout's integer codec: `"u8"`, `"u16"`, `"u32"` | the conventions' form of a `std::variant` index: Bitsery's size prefix (`7f` for 127, `80 80` for 128), YAS's one raw byte (at most 255, else [`EncodeError::VariantIndexTooLarge`]) |
//! | struct, enum | `kind` | an integer: the type's [`Kind`], for envelopes that route records by kind | |
//! | struct, enum | `crate` | path to `packed_core` if renamed | `::packed_core` |
//! | struct, enum | `bound` | where-predicates replacing the inferred bounds of both impls (e.g. `"T: packed_core::Packed"`; the `Decode` impl's input lifetime is named `'__de`) | `T: Encode` / `T: Decode<'__de>` for each type parameter used in a written field (serde's `T: Serialize` / `T: Deserialize<'__de>` in a `serde` field); for an associated type of one (`T::Id`, `<T as Tr>::Id`), `T::Id: Encode` instead; a parameter the type itself bounds by `Packed`, `DecodeOwned` or `for<'de> Decode<'de>` (`DeserializeOwned` for a `serde` field) has that bound alone on the `Decode` impl; the type itself in a field (`Vec<Tree<T>>` in `struct Tree<T>`) asks nothing of its parameters; a field mentioning a `?Sized` parameter takes the `Decode` bound itself (`Box<T>: Decode<'__de>`, so `T = str` decodes); a hasher (`S` of `HashMap<K, V, S>`, `HashSet<T, S>`) takes none |
//! | struct, enum | `bitpack` | the fields, and everything nested in them, in one bit-packing session ([below](#bit-packing)); the layout keys still apply | |
//! | field | `len` | as on a struct; overrides every length prefix in the field's value (its elements', an `Option`'s, a map's keys' and values'), but not inside a derived type there, whose fields keep their own framing | the container's |
//! | field | `max = N` | most elements, checked on encode and decode (Bitsery's `maxSize`) | none |
//! | field | `skip` | not written; `Default::default()` on decode | |
//! | field | `with = "module"` | `module::encode` and `module::decode` write and read the field, with the signatures of [`Encode::encode`] and [`Decode::decode`] | |
//! | field | `unit` | the unit of the `std::chrono` counts in the field's value (`Duration`, `SystemTime`, also in an `Option`, `Vec`, array; see [`time`]): `"s"`, `"ms"`, `"us"`, `"ns"` | `"ns"` |
//! | field | `width` | the integer of those counts under Bitsery's conventions (YAS always writes an `i64`): `"i32"`, `"i64"` | `"i64"` |
//! | field | `serde` | written and read through the field type's serde impls (`Serialize`, `Deserialize`) under the field's layout, for a type without `Encode`/`Decode`; needs `packed-core`'s `serde` feature (module `packed_core::serde`) | |
//! | field of a `bitpack` type | `range = "MIN..=MAX"` | an integer (`u8`..`u64`, `i8`..`i64`, `usize`, `isize`): `v - MIN` in the bits of `MAX - MIN`; a float (`f32`, `f64`), with `precision` or `bits`: quantised to that many bits. On an array, `Vec`, `VecDeque` or `Box<[T]>`, each element | |
//! | field of a `bitpack` type | `precision = P` | a float range's step: `bits` = the bit length of `(MAX - MIN) / P`, worked out in the float's own type | |
//! | field of a `bitpack` type | `bits = N` | an integer in `N` bits (`range = "0..=2^N-1"`); a float range's bits | |
//! | field of a `bitpack` type | `entropy = [v1, v2, ...]` | distinct integers or strings: the index of the value in the list (1 up; 0 for another value) in the bits of the list's length, padding to a byte, then the value only if it is not in the list | |
//! | field of a `bitpack` type | `align_before_data = false` | on an `entropy` field or an `Option`: no padding after the index or flag bit | `true` |
//! | field of a `bitpack` type | `align` | pads to the next byte before the field | |
//! | field | `default = "expr"` | the value the field takes when it is not read: a `skip` field, or a field of a growable record that an older record does not hold (refused elsewhere) | `Default::default()` |
//! | variant | `tag = N` | the variant's tag | its discriminant (`A = 5`, an integer literal), else the previous variant's tag plus one (0 for the first) |
//! | variant | `other` | on one unit variant of a growable enum, or of a fieldless `#[repr(int)]` enum: tags (or values) no variant has decode to it | |
//!
//! (`#[packed(...)]` is unrelated to `#[repr(packed)]`, which the derive rejects.)
//!
//! `#[derive(MaxSize)]` reads the same attributes: a type whose strings, sequences, maps
//! and sets all have a `max` gets its largest encoding as a constant ([`max_size`](fn@max_size),
//! [`MaxSize`]).
//!
//! Maps and sets are a length, then their entries in iteration order: `BTreeMap` and
//! `BTreeSet` give the same bytes for the same contents, `HashMap` and `HashSet` need not
//! (their order depends on the hasher's seed); use the B-tree types where bytes are
//! compared or hashed. Decoding refuses a key that comes twice
//! ([`DecodeError::DuplicateKey`]); entries that may repeat (a C++ `std::multimap`)
//! decode as `Vec<Pair<K, V>>` ([`cpp::Pair`]), which is written the same way (a
//! `Vec<(K, V)>` is too under Bitsery's conventions, but under YAS's a tuple carries a
//! count byte that a multimap's entries do not).
//!
//! Fieldless enums with `#[repr(u8)]`..`#[repr(i64)]` are written as that integer, as
//! Bitsery writes enums. Other enums write the variant's tag, then its fields: its
//! `tag = N`, or its discriminant, or one more than the previous variant's (so the
//! variant's index where none is given). Without `tag = "..."` on the enum the tag takes
//! the form of a `std::variant` index under the layout's conventions (Bitsery's size
//! prefix: `7f` for 127, `80 80` for 128; YAS's one raw byte), explicit tags included;
//! with it, that integer. Two variants with one tag, a tag past the tag's width (past
//! 2^30 - 1 for the size prefix), and a discriminant that is not an integer literal are
//! compile errors; a tag past 255 under YAS's conventions is
//! [`EncodeError::VariantIndexTooLarge`] when it is written.
//!
//! Under `conventions = "yas"` (the YAS layouts) they follow YAS, which copies an enum as raw
//! memory where it can: a one-byte enum always, a wider one under `yas` and
//! `yas-noheader` (neither compacted nor big-endian); signedness plays no part.
//! - A single enum (a field, an `Option`'s value, an element of a `VecDeque`, set or
//!   map): where raw, a size byte (the enum's size) then its bytes, little-endian;
//!   otherwise its integer in the layout's form (compacted, big-endian).
//! - The elements of a slice, `Vec`, `Box<[T]>` or array: where raw, the bytes alone,
//!   **no size byte** per element, since YAS copies a `std::vector`, `std::array` or C
//!   array of them in one piece; otherwise each one's integer, as alone. A `VecDeque`
//!   is YAS's `std::deque`, which writes one element at a time, so it keeps the size
//!   bytes. A fixed array `[E; N]` is a `std::array`: its length `N`, then its elements
//!   as a `Vec`'s; [`cpp::Fields`] of one writes each as alone, with no length.
//!
//! | `#[repr(i16)]`, value `-32768` | `yas` / `yas-noheader` | `yas-compacted` | `yas` + `endian = "big"` |
//! |---|---|---|---|
//! | alone, in an `Option`, in a `VecDeque` | `02 00 80` | `82 00 80` | `80 00` |
//! | in a `Vec`, slice or array | `00 80` | `82 00 80` | `80 00` |
//!
//! # Evolution: growable records
//!
//! A positional record cannot change: a field added to a type shifts every byte after
//! it, so old data no longer decodes and old programs cannot read new data.
//! `#[packed(growable)]` makes a struct or enum a *growable record*, byte for byte
//! Bitsery's `ext::Growable`: a 4-byte size, then the fields (an enum's: its tag and the
//! variant's fields). The size counts its own 4 bytes and is written in the layout's
//! byte order, never compacted, under every layout: under the YAS layouts, which have no
//! such frame of their own, it is the same 4 bytes in YAS's byte order. A nested record,
//! and every element of a sequence of records, carries its own size. So a reader knows
//! where each record ends:
//!
//! - a record written by an older version ends before the fields added since: they take
//!   their `default = "..."`, else `Default::default()` (Bitsery reads zeros: the 0,
//!   empty string, empty vector and `None` that `Default` gives);
//! - a record written by a newer version goes on after the fields the reader knows: the
//!   rest is skipped, and reading goes on after the record.
//!
//! Between versions you may **append fields** at the end of a growable struct or of a
//! variant of a growable enum, and **add variants** to a growable enum (an older reader
//! needs an `#[packed(other)]` unit variant to receive the tags it does not know; give
//! tags with `tag = N` to keep them where they were). You may not **reorder** or
//! **remove** fields, **change a field's type** (or its `len`, or the layout), change a
//! variant's tag, or turn `growable` on or off: the frame is part of the format.
//!
//! ```
//! use packed_core::Packed;
//!
//! #[derive(Packed, Debug, PartialEq)]
//! #[packed(growable)]
//! struct UserV1 { id: u32, name: String }
//!
//! #[derive(Packed, Debug, PartialEq)]
//! #[packed(growable)]
//! struct UserV2 {
//!     id: u32,
//!     name: String,
//!     #[packed(default = "-1")]
//!     score: i64,
//!     tags: Vec<u16>,
//! }
//!
//! let old = packed_core::to_vec(&UserV1 { id: 7, name: "alice".into() })?;
//! assert_eq!(old, [14, 0, 0, 0, 7, 0, 0, 0, 5, b'a', b'l', b'i', b'c', b'e']);
//! // Old data, new program: the fields added since take their defaults.
//! let v2: UserV2 = packed_core::from_slice(&old)?;
//! assert_eq!(v2, UserV2 { id: 7, name: "alice".into(), score: -1, tags: vec![] });
//!
//! // New data, old program: the fields it does not know are skipped.
//! let new = packed_core::to_vec(&UserV2 { tags: vec![1, 2], ..v2 })?;
//! let v1: UserV1 = packed_core::from_slice(&new)?;
//! assert_eq!(v1, UserV1 { id: 7, name: "alice".into() });
//!
//! // Enums too: a variant added later reaches an old program as its `other` variant.
//! #[derive(Packed, Debug, PartialEq)]
//! #[packed(growable)]
//! enum EventV1 { Start(u64), #[packed(other)] Unknown }
//! #[derive(Packed, Debug, PartialEq)]
//! #[packed(growable)]
//! enum EventV2 { Start(u64), #[packed(tag = 2)] Pause { reason: String } }
//!
//! let pause = packed_core::to_vec(&EventV2::Pause { reason: "lunch".into() })?;
//! assert_eq!(packed_core::from_slice(&pause), Ok(EventV1::Unknown));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A field is in a record whole or not at all: a record that ends inside one is
//! [`DecodeError::RecordEndsInsideField`], a size below 4
//! [`DecodeError::RecordSizeTooSmall`], a size past the input or the enclosing record
//! [`DecodeError::RecordSizeTooLarge`] (Bitsery reads zeros where a record ends inside
//! a value, and does not check the size). An enum's record holds at least its tag.
//!
//! Every field of a growable record may be missing from an older record, so each needs
//! a value for that case: `default = "..."`, or a type with `Default` (the compiler
//! says which field lacks one). `from_slice_into` gives the missing fields their
//! defaults too, as Bitsery overwrites them. Writing into a `Vec` (`to_vec`,
//! `encode_into`, and `to_writer`, which encodes into one first) or a `BytesMut` writes
//! each size back once the record is written; a writer that cannot go back
//! ([`IoWriter`], [`SliceWriter`], a `BufMut`) counts each record's body first and
//! writes its size before it, so no part of the message is held in memory (a body that
//! then writes another length is [`EncodeError::RecordLengthChanged`]);
//! `from_reader` skips unknown tails by reading them. [`explain()`] shows each size as
//! [`Role::Size`](explain::Role::Size). A growable record has no fixed size and is no
//! memory image: it is read field by field (each field only where the record holds
//! it), while the plain records around and inside it keep their fast paths.
//!
//! # Bit packing
//!
//! `#[packed(bitpack)]` writes a type's fields as one stream of bits, as Bitsery's
//! `enableBitPacking` does, byte for byte with it: the smallest setting of the
//! size/speed trade-off, for state updates that must fit a packet.
//!
//! ```
//! use packed_core::Packed;
//!
//! #[derive(Packed, Debug, PartialEq)]
//! #[packed(bitpack)]
//! struct Player {
//!     #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
//!     x: f32, // 18 bits: (1000 - -1000) / 0.01 = 200000 codes
//!     #[packed(range = "0..=100")]
//!     health: u8, // 7 bits
//!     alive: bool, // 1 bit
//!     #[packed(entropy = ["Zed", "Ann"], max = 16)]
//!     name: String, // 2 bits, padding, and the text only if it is not listed
//!     #[packed(max = 8, range = "0..=1023")]
//!     items: Vec<u16>, // the usual length prefix, then 10 bits each
//! }
//!
//! let p = Player { x: 12.5, health: 73, alive: true, name: "Zed".into(), items: vec![7, 1023] };
//! let bytes = packed_core::to_vec(&p)?;
//! // 18 + 7 + 1 + 2 bits and padding: 4 bytes; 8 + 2 * 10 bits and padding: 4 more.
//! assert_eq!(bytes.len(), 8);
//! let back: Player = packed_core::from_slice(&bytes)?;
//! assert_eq!((back.health, back.name.as_str(), &back.items[..]), (73, "Zed", &[7, 1023][..]));
//! assert!((back.x - p.x).abs() <= 0.01); // quantised: within one step
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules (Bitsery 5.2.4's `details/adapter_bit_packing.h`, `ext/value_range.h`,
//! `ext/entropy.h`, `ext/std_optional.h`):
//!
//! - Bit `k` of the stream is bit `k mod 8` of byte `k / 8`: values go least
//!   significant bit first. The session ends padded with zero bits to a byte; a reader
//!   refuses a set padding bit ([`DecodeError::InvalidPadding`]).
//! - A `bool` is one bit; an `Option`'s flag one bit, then padding to the next byte
//!   (`align_before_data = false` leaves it out). Everything else is its usual bytes,
//!   each as 8 bits at the current offset: strings, sequences, length prefixes and
//!   LEB128 integers are not aligned. A number wider than a byte takes the layout's
//!   byte order at a byte boundary only; between boundaries its bits are little-endian.
//! - An integer `range` writes `v - MIN` in the bit length of `MAX - MIN`; a float
//!   range `(v - MIN) / (MAX - MIN) * (2^bits - 1)`, truncated, every step in the
//!   float's own type, and reads `MIN + code / (2^bits - 1) * (MAX - MIN)`: lossy, within
//!   one step. A value outside the range is [`EncodeError::ValueOutOfRange`], never
//!   wrapped or clamped; bits that decode outside it are
//!   [`DecodeError::ValueOutOfRange`]. An entropy index past the list is
//!   [`DecodeError::UnknownEntropyIndex`]. Errors about bits give their
//!   [`bit_offset`](DecodeError::bit_offset).
//! - A bit-packed type nested in a session writes into it: only the outermost one
//!   pads. `range`, `bits`, `precision`, `entropy`, `align` and `align_before_data`
//!   outside a `bitpack` type are compile errors, as are ranges that are reversed or
//!   do not fit the field's type.
//! - `int = "varint"` is Bitsery's `ext::CompactValue`: one-byte integers raw, wider
//!   ones zigzag (signed) and LEB128, inside a session too.
//! - `#[packed(growable, bitpack)]` is Bitsery's safe pattern (`enableBitPacking`
//!   inside `ext::Growable`): the 4-byte size outside, the session inside, padded to a
//!   byte before the size is taken, so the size counts whole bytes. An older record's
//!   last byte does not say where its bits end, so a newer reader reads the fields it
//!   lacks as zero bits, as Bitsery does (0, a range's minimum, `false`, `None`, empty;
//!   no `default`; up to 512 bytes of them, and no bytes a length claims), and an older
//!   reader skips a newer record's extra bits with the rest of the record (they are not
//!   padding; Bitsery 5.2.4's older reader takes those in the byte where its session
//!   ends for padding, and reports `InvalidData` unless they happen to be 0). A
//!   growable record *inside* a session (a field of a bit-packed type) is [`EncodeError::RecordInBitPacking`] /
//!   [`DecodeError::RecordInBitPacking`]: its size counts bytes, which bits do not fill
//!   (Bitsery writes the size over the bits before it).
//! - [`MaxSize`]: a bit-packed type's bound is its fields' (no field takes more than 8
//!   bits per byte of its bound, and padding only rounds up to a byte), plus an
//!   `entropy` field's index bytes.
//!
//! Decoding reads from the slice without copying it: a `&str` at a byte boundary is
//! borrowed; between boundaries its bytes are not in the input as they are, so a
//! non-empty `&str` there is [`DecodeError::CannotBorrow`] (a `String` or `Cow<str>`
//! decodes).
//! Inside a session [`Reader::remaining`] counts bits, so length claims stay checked
//! against the input. [`explain()`] gives bit-granular spans ([`explain::Span::bit_offset`])
//! and the padding as [`explain::Role::Padding`].
//!
//! # Entry points
//!
//! The short functions ([`to_vec`], [`from_slice`], [`encode_into`], [`from_reader`],
//! [`explain()`], ... and their `_as::<L>` forms) cover the common cases; each is one call
//! on a [`Config`], which combines any layout ([`with::<L>`](with),
//! [`Config::layout`]) and [`Limits`] ([`Config::limits`]) with any destination or
//! source: a new or reused `Vec`, a caller's `&mut [u8]` ([`to_slice`], sized at compile
//! time by [`max_size`](fn@max_size) for types whose sequences all have a `max`), a [`Writer`], a
//! `std::io` stream (one `write_all` per message; a `BufRead` read without consuming
//! past the message, or [`messages`] until it ends), a slice whole or in front, an
//! existing value to decode into, or a [`Reader`].
//!
//! Beside the root: [`layout`], [`len`], [`num`] and [`time`] (the framing types),
//! [`cpp`] (Rust types for C++ standard types), [`ctx`] (the context type parameter of
//! `encode` and `decode`) and [`explain`](mod@explain) (the annotated encoding). Behind
//! features, the bridges to the ecosystem: `serde` (module `packed_core::serde`: any
//! serde type under any layout, with the derive's bytes), `bytes` (`BytesMut` and
//! `BufMut` writers, decoding from `Buf` chunks; also `Encode`/`Decode` for `Bytes` and
//! `BytesMut`) and `tokio` (`packed_core::tokio::Codec`, a length-delimited
//! `tokio_util` codec); and impls for `uuid`, `smallvec`, `arrayvec`, `indexmap` and
//! `chrono` types.
//!
//! # Errors
//!
//! The top-level functions and [`Config`]'s methods return [`Error<EncodeError>`] or
//! [`Error<DecodeError>`]: the kind, to match on ([`Error::kind`]), with the field path
//! where it happened ([`Error::path`]), in [`explain()`]'s notation: fields by name,
//! elements by index, variants by name, map entries as `[i].key` / `[i].value`.
//! `Display` shows it:
//!
//! ```
//! use packed_core::{DecodeError, EncodeError, Packed};
//!
//! #[derive(Packed, Debug)]
//! struct Item { #[packed(len = "u8")] sku: String }
//! #[derive(Packed, Debug)]
//! struct Order { id: u16, items: Vec<Item>, active: bool }
//!
//! let order = Order { id: 1, items: vec![Item { sku: "x".repeat(300) }], active: true };
//! let e = packed_core::to_vec(&order).unwrap_err();
//! assert_eq!(e.path(), Some("items[0].sku"));
//! assert!(matches!(e.kind(), EncodeError::LengthTooLarge { len: 300, .. }));
//!
//! let e = packed_core::from_slice::<Order>(&[1, 0, 0, 0xff]).unwrap_err();
//! assert_eq!(e.to_string(), "invalid bool byte 0xff at byte 3 (active)");
//! // `?` turns it back into its kind where a function returns the kind alone.
//! fn kind_only(bytes: &[u8]) -> Result<Order, DecodeError> {
//!     Ok(packed_core::from_slice(bytes)?)
//! }
//! assert!(kind_only(&[1, 0, 0, 0xff]).is_err());
//! ```
//!
//! The path costs nothing until something fails: it is found afterwards, by running
//! the failed operation again through [`explain()`]'s recorder (for decoding, on the
//! input completed past the error with the shortest values, then written again), and
//! the derive adds no code per field for it. Bit-packed values are located by the
//! error's bit offset. There is no path ([`Error::path`] is `None`):
//! - for errors about the whole message: a header, trailing bytes, the byte limit, an
//!   I/O error, a caller's buffer too small;
//! - for streams ([`from_reader`], [`messages`], `Config::from_buf` over several
//!   chunks), which cannot be read again: the offset says where;
//! - when decoding a type whose `Decode` is not derived, or is derived for a type with
//!   type parameters (`Wrapper<T>`), or a standard type at the top level (`Vec<Item>`):
//!   finding a path writes the value again, which needs an `Encode` that a decode
//!   function cannot require of every type; a derived type holding them (`struct
//!   Batch { items: Vec<Item> }`) has paths for everything inside;
//! - through the `packed_core::serde` functions, and for a `serde::Serde` value as the
//!   message of a [`Config`] or the tokio codec: serde's traversal reports no fields
//!   to the recorder (a `#[packed(serde)]` field, or a `Serde` element of a packed
//!   sequence, is named, not what is inside it);
//! - often, for an error past a `HashMap` or `HashSet` of two or more entries (in the
//!   map or after it): the decoded map is written again in its own hasher's order,
//!   which need not be the input's, and a replay whose bytes leave the input's finds
//!   no path (never a wrong one); the B-tree types and `IndexMap` keep their order;
//! - where the completed input does not decode within a few tries, or, for a type
//!   without lifetime parameters, needs more than the default depth or zero-width
//!   elements ([`Limits::DEFAULT`]) to decode: its replay shares the decode that
//!   `from_slice` runs under the default limits (a depth error at the default depth
//!   of 128, or wider limits of the caller's);
//! - without the `error-paths` feature (on by default).
//!
//! The replay is compiled code: each type passed to a top-level function gets a
//! second, cold encode, and a type with lifetime parameters (or one decoded through
//! a [`Config`] with limits of its own) a second decode too, which add to the build
//! time of a crate with many message types (`benches/compile_time.py` measures it).
//! A crate that prefers the shorter build turns the feature off (`default-features =
//! false, features = ["std"]`); errors then carry their kind and offset only.
//!
//! The path is the empty string for an error in the message itself (a derived
//! fieldless enum's unknown tag).
//!
//! # Speed
//!
//! Every value has one wire format, written field by field; the faster paths reach the
//! same bytes and the same errors at the same offsets:
//!
//! - A derived struct whose encoded size is fixed under the layout (numbers, `bool`s,
//!   `char`s, arrays and tuples of them: an address, a vertex) is written into a stack
//!   buffer in one call and read from one borrowed slice, so its fields cost no bounds
//!   checks of their own; so are runs of consecutive scalar fields inside larger
//!   structs (`qty` and `price` of a line item).
//! - Slices of numbers, and of derived structs whose memory is their encoding (*memory
//!   images*: numbers and arrays of them, no padding), are one copy each way where the
//!   layout writes integers at full width in the host's byte order. The derive proves a
//!   struct is one from its fields' proofs, its size and its field offsets, in one
//!   `unsafe` block that compiles under `#![forbid(unsafe_code)]`, as `bytemuck`'s
//!   derives do; there is nothing to opt into.
//! - Short strings are copied as two overlapping words, not with a call to `memcpy`,
//!   and checked for ASCII in words; a decoded element is built in its `Vec` slot.
//! - `&str` and `&[u8]` fields borrow from the input; [`from_slice_into`] decodes into an
//!   existing value and reuses its `String`s and `Vec`s.
//!
//! Streams and [`explain()`] take the field-by-field path. `PERF.md` in the repository
//! has the measurements behind these choices and the commands that reproduce them.
//!
//! # Safety on hostile input
//!
//! Decoding never panics, never allocates for more elements than the remaining input
//! could hold, and limits nesting depth ([`Limits`]). Errors say what and where
//! ([`DecodeError::offset`]). A growable record's size is checked before its body is
//! read, against the input and the record around it; inside the record, lengths are
//! checked against what is left of the record, and reads stop at its end.
//!
//! The input is counted once however deep the nesting. A sequence whose elements may
//! hold sequences themselves promises each element's least encoded size
//! ([`Decode::MIN_WIRE`]) to it until the element starts, and such a sequence's length
//! is checked against the bytes left that no enclosing sequence has promised, so a
//! nested claim cannot reserve what the later elements around it need: if it asks for
//! more, the input cannot hold both, and it is [`DecodeError::LengthExceedsInput`] at
//! its prefix. (A sequence of elements without sequences, the innermost, is the only
//! one reserving while it is decoded; it is checked against all the bytes left, as a
//! string is.) A stream, whose length is unknown, reserves at most 64 KiB ahead of the
//! input for all its sequences together.
//!
//! Elements that encode to nothing (`()`, structs whose fields are all skipped) take no
//! input, so they are bounded per document instead, by
//! [`Limits::max_zero_width_elements`] (default 4096): every such element counts, in
//! any sequence, array, map or set at any depth, and a sequence of a type that may
//! encode to nothing reserves at most one element per byte left plus the count left; a
//! sequence of boxes, which may hold sequences, only one per unpromised byte (the count
//! is checked, never reserved ahead).
//!
//! Peak memory is then linear in the input, plus the budget times the element's size,
//! at any depth. `tests/memory.rs` measures it (peak live bytes, counting allocator)
//! with searches over hostile inputs:
//!
//! - elements that encode to nothing: inputs of 16, 201 and 1000 bytes, from slices and
//!   streams, budgets 4096 and 256, for `Vec<Z>`, `Vec<Vec<Z>>`, `Vec<Vec<Vec<Z>>>`,
//!   `Vec<()>`, boxes, arrays, tuples, maps and structs of them (`Z`: 64 bytes of
//!   skipped fields): from slices `peak <= k n + s B + 4096`, from streams
//!   `peak <= 3 (k n + s B) + 192 KiB + 4096`, where `n` is the input length, `B` the
//!   budget, `s` the zero-width element's size and `k` the bytes per input byte of the
//!   structure around it (64 for `Vec<Z>`, 88 for `Vec<Vec<Z>>`, at most 1544 among
//!   those tested);
//! - nesting: inputs of 16 to 4096 bytes, including chains of claims each as large as
//!   the bytes after it allow, from slices, in place ([`from_slice_into`]) and from
//!   streams, for recursive and nested types (`struct VecNode { kids: Vec<VecNode> }`,
//!   `struct BoxNode { kids: Vec<Box<BoxNode>> }`, lists of `Option<Box<_>>`, an enum
//!   tree with boxed children, `Vec<Vec<Vec<u8>>>`, a tree of `BTreeMap<String, _>` and
//!   a struct mixing them with a `HashMap`): `peak <= k n + c` with `k` and `c` worked
//!   out per type and way: from a slice `VecNode` holds at most 24 bytes per input byte
//!   and `BoxNode` 48, with `c = 0`; from a stream, where vectors grow as elements
//!   arrive, 72 and 48 bytes per input byte plus the 64 KiB reserve and a vector's
//!   first 4 slots per level. Valid chains 128 levels deep and trees 4000 wide of each
//!   type still decode.
//!
//! # Reading what the C++ libraries read
//!
//! Bytes that Bitsery 5.2.4 or YAS 7.1.0 refuses are refused here too, and bytes both
//! read give the same value. Where the C++ reader takes bytes that no Rust value, or no
//! C++ writer, has, decoding is stricter by design, with a typed error:
//!
//! - a `String` that is not UTF-8 ([`DecodeError::InvalidUtf8`]), a wide string's code
//!   unit that is no `char` ([`DecodeError::InvalidChar`],
//!   [`DecodeError::InvalidUtf16`]): a `std::string` holds any bytes;
//! - an enum value or a variant index with no variant ([`DecodeError::UnknownVariant`]):
//!   a C++ enum holds any integer, Bitsery's `StdVariant` leaves the variant as it was
//!   for an index equal to the count, YAS for any index past it;
//! - a key that comes twice in a map or set ([`DecodeError::DuplicateKey`]): a
//!   `std::map` keeps the first;
//! - a bit set past a bitset's size in its last byte ([`DecodeError::BitsetPadding`]):
//!   both libraries ignore it;
//! - a chrono count the Rust type cannot hold, or past the field's `width`
//!   ([`DecodeError::OutOfRange`]): a negative `Duration`; YAS wraps a count past an
//!   `int32_t`;
//! - a YAS compacted integer whose magnitude does not fit its type, and a LEB128
//!   (`int = "varint"`) integer with bits past its type ([`DecodeError::IntegerOverflow`]):
//!   YAS wraps it, Bitsery's `CompactValue` drops the bits (its `CompactValueAsObject`
//!   refuses them too);
//! - under YAS, a `bool` or an `Option`'s flag byte past 1 ([`DecodeError::InvalidBool`],
//!   [`DecodeError::InvalidOptionFlag`]): YAS copies the byte into a `bool` unchecked
//!   (Bitsery refuses it, as here);
//! - a YAS header other than the one the layout writes ([`DecodeError::BadHeader`]):
//!   YAS checks only its archive type and version digits, and the compacted bit when it
//!   reads compacted;
//! - a value cut by the end of a growable record ([`DecodeError::LengthExceedsInput`],
//!   [`DecodeError::RecordEndsInsideField`], ...): Bitsery reads zeros past the end; and
//!   a record's size under 4 ([`DecodeError::RecordSizeTooSmall`]), which it does not
//!   check.
//!
//! One difference goes the other way: the bits after a growable bit-packed record's
//! fields in its last byte are skipped with the rest of the record (they may be a newer
//! version's fields: "Bit packing" above), where Bitsery reads them as padding.
//! `tests/differential.rs` checks all of this against the libraries' own readers, on
//! mutated copies of their bytes.
//!
//! [Bitsery]: https://github.com/fraillt/bitsery
//! [YAS]: https://github.com/niXman/yas
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

// Inlining policy. Where `debug_assertions` is off, `inline(always)` is kept for the
// paths whose speed was measured to need it: the string encode (the `Vec<u8>` writer
// and its word copies), the string decode and the length prefixes (the borrowed and
// in-place decodes keep the reader's position in a register only if they are inlined),
// the number codec and the bit path's own functions. Everything else is `#[inline]`,
// which LLVM inlines where it pays: forcing it bought no speed and cost the release
// build of a crate of derived types 11 to 15% (PERF.md, "Compile time, session 12").
// In a debug build no attribute is forced: every forced copy in every derived type is
// compile time that buys nothing there.

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "bytes")]
#[cfg_attr(docsrs, doc(cfg(feature = "bytes")))]
pub mod bytes;
mod config;
pub mod cpp;
pub mod ctx;
mod error;
mod error_path;
pub mod explain;
mod fast;
pub mod layout;
pub mod len;
mod max_size;
pub mod num;
mod read;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
pub mod time;
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub mod tokio;
mod traits;
mod wire;
mod write;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

use alloc::vec::Vec;

pub use config::{config, with, Config};
pub use ctx::Ctx;
#[cfg(feature = "std")]
pub use error::IoError;
pub use error::{DecodeError, EncodeError, Error};
pub use explain::compare;
pub use layout::Layout;
pub use max_size::{max_size, max_size_as, MaxSize};
pub use packed_derive::{MaxSize, Packed};
#[cfg(feature = "std")]
pub use read::{IoReader, Messages};
pub use read::{Limits, Reader, SliceReader};
pub use traits::{Decode, DecodeOwned, Encode, Kind, Packed};
#[cfg(feature = "std")]
pub use write::IoWriter;
pub use write::{SizeCounter, SliceWriter, Writer};

/// Encodes `value` into a new vector, sized exactly in advance: [`Config::to_vec`]
/// under [`config`](fn@config).
///
/// ```
/// assert_eq!(packed_core::to_vec(&(7u16, "a"))?, [7, 0, 1, b'a']);
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
/// returns.
#[inline]
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, Error<EncodeError>> {
    config().to_vec(value)
}

/// Appends the encoding of `value` to `buf` and returns how many bytes it wrote:
/// [`Config::encode_into`] under [`config`](fn@config). Reuse one buffer across calls to avoid
/// allocating; on error `buf` is left as it was.
///
/// ```
/// let mut buf = Vec::new();
/// assert_eq!(packed_core::encode_into(&1u32, &mut buf)?, 4);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into<T: Encode + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, Error<EncodeError>> {
    config().encode_into(value, buf)
}

/// The exact number of bytes [`to_vec`] would write, without writing them:
/// [`Config::encoded_len`] under [`config`](fn@config).
///
/// ```
/// assert_eq!(packed_core::encoded_len("hello")?, 1 + 5);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encoded_len<T: Encode + ?Sized>(value: &T) -> Result<usize, Error<EncodeError>> {
    config().encoded_len(value)
}

/// Decodes a `T` that must take up the whole of `bytes`: [`Config::from_slice`] under
/// [`config`](fn@config). `T` may borrow from `bytes` (`&str`, `&[u8]`, `Cow<str>`), without
/// copying.
///
/// ```
/// assert_eq!(packed_core::from_slice::<&str>(&[2, b'h', b'i'])?, "hi");
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
///
/// # Errors
/// [`DecodeError`] for malformed input, and [`DecodeError::TrailingBytes`] if bytes are
/// left over.
#[inline]
pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, Error<DecodeError>> {
    config().decode_slice_with_default_limits(bytes)
}

/// As [`from_slice`], with explicit [`Limits`]: [`Config::from_slice`] under
/// `config().limits(limits)`.
///
/// ```
/// use packed_core::{DecodeError, Limits};
///
/// let limits = Limits::DEFAULT.with_max_depth(0);
/// assert_eq!(packed_core::from_slice_with_limits::<u8>(&[1], limits), Ok(1));
/// ```
///
/// # Errors
/// As [`from_slice`], plus [`DecodeError::DepthLimitExceeded`],
/// [`DecodeError::ByteLimitExceeded`] and [`DecodeError::ZeroWidthLimitExceeded`] at
/// the limits.
#[inline]
pub fn from_slice_with_limits<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    limits: Limits,
) -> Result<T, Error<DecodeError>> {
    config().limits(limits).from_slice(bytes)
}

/// Decodes `bytes` into an existing value, reusing its `String`s and `Vec`s:
/// [`Config::from_slice_into`] under [`config`](fn@config). The allocation-free way to decode a
/// stream of messages of one type.
///
/// ```
/// let mut s = String::with_capacity(32);
/// packed_core::from_slice_into(&[2, b'h', b'i'], &mut s)?;
/// assert_eq!(s, "hi");
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
///
/// # Errors
/// As [`from_slice`]. On error `value` is valid but unspecified.
#[inline]
pub fn from_slice_into<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    value: &mut T,
) -> Result<(), Error<DecodeError>> {
    config().from_slice_into(bytes, value)
}

/// Decodes one `T` from the front of `bytes` and returns it with the rest:
/// [`Config::take_from_slice`] under [`config`](fn@config).
///
/// ```
/// assert_eq!(packed_core::take_from_slice::<u8>(&[1, 2])?, (1, &[2][..]));
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
///
/// # Errors
/// As [`from_slice`], except that trailing input is returned, not an error.
#[inline]
pub fn take_from_slice<'de, T: Decode<'de>>(
    bytes: &'de [u8],
) -> Result<(T, &'de [u8]), Error<DecodeError>> {
    config().take_from_slice(bytes)
}

/// Encodes `value` under layout `L` instead of its own attributes: [`Config::to_vec`]
/// under [`with::<L>`](with), which gives the rule.
///
/// ```
/// use packed_core::layout;
/// assert_eq!(packed_core::to_vec_as::<layout::YasNoHeader, _>("hi")?.len(), 8 + 2);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn to_vec_as<L: Layout, T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, Error<EncodeError>> {
    with::<L>().to_vec(value)
}

/// [`encoded_len`] under layout `L`: [`Config::encoded_len`] under [`with::<L>`](with).
///
/// ```
/// use packed_core::layout;
/// assert_eq!(packed_core::encoded_len_as::<layout::Yas, _>("hi")?, 7 + 8 + 2);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encoded_len_as<L: Layout, T: Encode + ?Sized>(
    value: &T,
) -> Result<usize, Error<EncodeError>> {
    with::<L>().encoded_len(value)
}

/// [`encode_into`] under layout `L`: [`Config::encode_into`] under [`with::<L>`](with).
///
/// ```
/// use packed_core::layout;
/// let mut buf = Vec::new();
/// assert_eq!(packed_core::encode_into_as::<layout::Varint, _>(&300u32, &mut buf)?, 2);
/// assert_eq!(buf, [0xAC, 0x02]);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into_as<L: Layout, T: Encode + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, Error<EncodeError>> {
    with::<L>().encode_into(value, buf)
}

/// Decodes bytes written by [`to_vec_as::<L>`](to_vec_as): [`Config::from_slice`] under
/// [`with::<L>`](with).
///
/// ```
/// use packed_core::layout;
/// let bytes = [2, 0, 0, 0, 0, 0, 0, 0, b'h', b'i'];
/// assert_eq!(packed_core::from_slice_as::<layout::YasNoHeader, &str>(&bytes)?, "hi");
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
///
/// # Errors
/// As [`from_slice`].
#[inline]
pub fn from_slice_as<'de, L: Layout, T: Decode<'de>>(
    bytes: &'de [u8],
) -> Result<T, Error<DecodeError>> {
    with::<L>().decode_slice_with_default_limits(bytes)
}

/// Explains the bytes [`to_vec`] writes for `value`: [`Config::explain`] under
/// [`config`](fn@config).
///
/// ```
/// use packed_core::Packed;
///
/// #[derive(Packed)]
/// struct Item { sku: String, qty: i32 }
///
/// let e = packed_core::explain(&Item { sku: "ab".into(), qty: 7 })?;
/// assert_eq!(e.bytes(), packed_core::to_vec(&Item { sku: "ab".into(), qty: 7 })?);
/// let t = e.by_role();
/// assert_eq!((t.length, t.value), (1, 2 + 4));
/// assert_eq!(e.spans()[0].path, "sku");
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
pub fn explain<T: Encode + ?Sized>(value: &T) -> Result<explain::Explanation, EncodeError> {
    config().explain(value)
}

/// Explains the bytes [`to_vec_as::<L>`](to_vec_as) writes for `value`:
/// [`Config::explain`] under [`with::<L>`](with).
///
/// ```
/// use packed_core::layout;
/// let e = packed_core::explain_as::<layout::Yas, _>("hi")?;
/// assert_eq!(e.by_role().header, 7);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
pub fn explain_as<L: Layout, T: Encode + ?Sized>(
    value: &T,
) -> Result<explain::Explanation, EncodeError> {
    with::<L>().explain(value)
}

/// Encodes `value` into a [`std::io::Write`] sink with one `write_all` and returns the
/// bytes written: [`Config::to_writer`] under [`config`](fn@config).
///
/// ```
/// let mut sink = Vec::new();
/// assert_eq!(packed_core::to_writer(&true, &mut sink)?, 1);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`], plus [`EncodeError::Io`].
#[cfg(feature = "std")]
pub fn to_writer<T: Encode + ?Sized, W: std::io::Write>(
    value: &T,
    sink: W,
) -> Result<usize, Error<EncodeError>> {
    config().to_writer(value, sink)
}

/// Decodes one owned value from a buffered source: [`Config::from_reader`] under
/// [`config`](fn@config). Takes exactly the value's bytes out of the source's buffer, so several
/// messages can follow each other in one stream; give a file or socket a
/// [`std::io::BufReader`].
///
/// ```
/// assert_eq!(packed_core::from_reader::<String, _>(&[1, b'x'][..])?, "x");
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
///
/// Only owned types ([`DecodeOwned`]: `String`, not `&str`) come from a stream: a type
/// that borrows from its input (`&str`, `&[u8]`, a derived type with a lifetime) needs
/// the input in memory, through [`from_slice`]. `Cow<'a, str>` borrows too, for as long
/// as the input lives (`'de: 'a`): a `Cow<'static, str>` field decodes only from a
/// `'static` slice and never from a stream, so a type that holds names fixed at compile
/// time and must also come from a stream holds a `String` (or `Box<str>`) instead. The compiler does not let this crate
/// word that refusal (a higher-ranked bound is checked before any
/// `#[diagnostic::on_unimplemented]` applies); what it says is:
///
/// ```text
/// error: implementation of `Decode` is not general enough
///    = note: `Line<'_>` must implement `Decode<'0>`, for any lifetime `'0`...
///    = note: ...but `Line<'_>` actually implements `Decode<'1>`, for some specific lifetime `'1`
/// ```
///
/// which means: `Line` borrows; read the bytes into a buffer and use [`from_slice`], or
/// make its fields owned.
///
/// # Errors
/// As [`from_slice`] (without the trailing-bytes check), plus [`DecodeError::Io`]. A
/// stream cannot be read again, so its errors carry no field path
/// ([`Error::path`] is `None`); the offset says where.
#[cfg(feature = "std")]
pub fn from_reader<T: DecodeOwned, R: std::io::BufRead>(
    source: R,
) -> Result<T, Error<DecodeError>> {
    config().from_reader(source)
}

/// The messages of a buffered source until it ends cleanly: [`Config::messages`] under
/// [`config`](fn@config).
///
/// ```
/// let stream: &[u8] = &[1, 0, 2, 0];
/// let all: Vec<u16> = packed_core::messages(stream).collect::<Result<_, _>>()?;
/// assert_eq!(all, [1, 2]);
/// # Ok::<(), packed_core::DecodeError>(())
/// ```
#[cfg(feature = "std")]
pub fn messages<T: DecodeOwned, R: std::io::BufRead>(source: R) -> Messages<T, R> {
    config().messages(source)
}

/// Encodes `value` into the caller's buffer without allocating and returns how many
/// bytes it wrote: [`Config::to_slice`] under [`config`](fn@config).
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = packed_core::to_slice(&(1u8, "ab"), &mut buf)?;
/// assert_eq!(&buf[..n], [1, 2, b'a', b'b']);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`], plus [`EncodeError::BufferTooSmall`].
#[inline]
pub fn to_slice<T: Encode + ?Sized>(
    value: &T,
    buf: &mut [u8],
) -> Result<usize, Error<EncodeError>> {
    config().to_slice(value, buf)
}

/// As [`from_reader`], with explicit [`Limits`]: [`Config::from_reader`] under
/// `config().limits(limits)`.
///
/// ```
/// use packed_core::{DecodeError, Limits};
///
/// let limits = Limits::DEFAULT.with_max_bytes(1);
/// assert!(matches!(
///     packed_core::from_reader_with_limits::<u16, _>(&[1, 0][..], limits)
///         .map_err(packed_core::Error::into_kind),
///     Err(DecodeError::ByteLimitExceeded { .. })
/// ));
/// ```
///
/// # Errors
/// As [`from_reader`], plus the limit errors.
#[cfg(feature = "std")]
pub fn from_reader_with_limits<T: DecodeOwned, R: std::io::BufRead>(
    source: R,
    limits: Limits,
) -> Result<T, Error<DecodeError>> {
    config().limits(limits).from_reader(source)
}
