//! [`MaxSize`]: the largest encoding of a type whose size is bounded, as a constant, so
//! that a buffer for [`to_slice`](crate::to_slice) can be sized at compile time.
//!
//! A type's encoding is bounded when every string, sequence, map and set in it has a
//! `max` (a field's `#[packed(max = N)]`, Bitsery's `maxSize`): numbers, `bool`, `char`,
//! arrays, tuples, `Option`s and derived types of bounded parts are bounded too. The
//! bound depends on the layout (a `u32` is 4 bytes at full width, 5 as LEB128; a length
//! of at most 100 is one byte compact and 8 under YAS), so the trait takes the context
//! as a parameter, as `encode` does; [`max_size`] and [`max_size_as`] ask for a
//! top-level message, header included.
//!
//! `#[derive(MaxSize)]` (beside `#[derive(Packed)]`) implements it for a struct or enum
//! from its fields, with the same attributes. A type with a part that has no bound (a
//! `String` without `max`, a `with` or `serde` field) gets `usize::MAX`, and `max_size` refuses it
//! at compile time.

use alloc::{
    borrow::{Cow, ToOwned},
    boxed::Box,
    collections::{BTreeMap, BTreeSet, BinaryHeap, LinkedList, VecDeque},
    rc::Rc,
    string::String,
    sync::Arc,
    vec::Vec,
};
use core::cell::{Cell, RefCell};
use core::cmp::Reverse;
use core::marker::PhantomData;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};
use core::ops::{Bound, Range, RangeInclusive};

use crate::cpp::{Bitset, Fields, U16String, WString};
use crate::ctx::{Root, RootAs};
use crate::layout::{Conventions, Header, Layout};
use crate::len::LenPrefix;
use crate::num::{Int, IntCodec};
use crate::time::TimeForm;
use crate::wire::enums::VariantIndex;
use crate::Ctx;

/// The [`MaxSize::MAX_SIZE`] of a type whose encoding has no bound.
pub(crate) const UNBOUNDED: usize = usize::MAX;

/// A type whose encoding under context `C` is at most [`MAX_SIZE`](MaxSize::MAX_SIZE)
/// bytes, or `usize::MAX` if it has no bound. Implemented for the standard types and by
/// `#[derive(MaxSize)]`; ask with [`max_size`].
///
/// ```
/// use packed_core::{layout, MaxSize, Packed};
///
/// #[derive(Packed, MaxSize)]
/// struct Chat {
///     from: u32,
///     #[packed(max = 140)]
///     text: String,
///     #[packed(max = 4)]
///     mentions: Vec<u32>,
///     urgent: Option<bool>,
/// }
///
/// // 4 + (2 + 140) + (1 + 4 × 4) + 2 under Bitsery's compact lengths.
/// const CHAT: usize = packed_core::max_size::<Chat>();
/// assert_eq!(CHAT, 165);
/// let mut buf = [0u8; CHAT];
/// let chat = Chat { from: 7, text: "x".repeat(140), mentions: vec![1; 4], urgent: Some(true) };
/// assert_eq!(packed_core::to_slice(&chat, &mut buf)?, CHAT);
///
/// // Under YAS: the header and 8-byte lengths.
/// assert_eq!(packed_core::max_size_as::<layout::Yas, Chat>(), 7 + 4 + (8 + 140) + (8 + 16) + 2);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
pub trait MaxSize<C: Ctx = Root> {
    /// The most bytes a value writes under `C`, without the header of a top-level
    /// message; `usize::MAX` if some part of it has no bound.
    const MAX_SIZE: usize;

    /// *Wire format: headers.* The length of the header of a top-level message of this
    /// type under `C`, as `Encode`'s `encode_header` writes it: a derived type's own
    /// layout's header, the context's for everything else.
    #[doc(hidden)]
    const HEADER_SIZE: usize = header_size::<C>();
}

/// The most bytes [`to_vec`](crate::to_vec) writes for a `T`, header included: a
/// constant, for sizing a buffer.
///
/// ```
/// #[derive(packed_core::Packed, packed_core::MaxSize)]
/// struct Pos { x: f32, y: f32, id: u16 }
///
/// let mut buf = [0u8; packed_core::max_size::<Pos>()];
/// assert_eq!(buf.len(), 10);
/// ```
///
/// # Panics
/// If `T`'s encoding has no bound (a string or sequence without `max`, a `with` or
/// `serde` field): in a constant,
/// as above, that is a compile-time error.
#[must_use]
pub const fn max_size<T: MaxSize<Root> + ?Sized>() -> usize {
    message_size(T::HEADER_SIZE, T::MAX_SIZE)
}

/// [`max_size`] under layout `L` for the whole tree, as [`with::<L>`](crate::with)
/// encodes.
///
/// # Panics
/// As [`max_size`].
#[must_use]
pub const fn max_size_as<L: Layout, T: MaxSize<RootAs<L>> + ?Sized>() -> usize {
    message_size(T::HEADER_SIZE, T::MAX_SIZE)
}

const fn message_size(header: usize, body: usize) -> usize {
    let total = sum(&[header, body]);
    if total == UNBOUNDED {
        panic!(
            "max_size: this type's encoding has no bound: a string, sequence, map or set \
             in it has no `#[packed(max = N)]`, or a field is written by a `with` module \
             or through serde (`#[packed(serde)]`)"
        );
    }
    total
}

/// The header length under `C`.
#[must_use]
pub const fn header_size<C: Ctx>() -> usize {
    <<C::Layout as Layout>::Header as Header>::SIZE
}

/// `sizes` added up; `usize::MAX` (no bound) if any is, or if the sum overflows.
#[must_use]
pub const fn sum(sizes: &[usize]) -> usize {
    let mut total: usize = 0;
    let mut i = 0;
    while i < sizes.len() {
        total = match total.checked_add(sizes[i]) {
            Some(t) if t != UNBOUNDED => t,
            _ => return UNBOUNDED,
        };
        i += 1;
    }
    total
}

/// The largest of `sizes` (an enum's variants), 0 for none.
#[must_use]
pub const fn largest(sizes: &[usize]) -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < sizes.len() {
        if sizes[i] > max {
            max = sizes[i];
        }
        i += 1;
    }
    max
}

/// `n` elements of at most `each` bytes (also an `entropy` field's indices, one per
/// element).
#[must_use]
pub const fn times(n: usize, each: usize) -> usize {
    if each == UNBOUNDED {
        return UNBOUNDED;
    }
    match n.checked_mul(each) {
        Some(t) if t != UNBOUNDED => t,
        _ => UNBOUNDED,
    }
}

/// A length prefix and at most `C::MAX` elements of at most `each` bytes: a string's,
/// sequence's, map's or set's bound; none (`usize::MAX`) without a `max`.
#[must_use]
pub const fn sequence<C: Ctx>(each: usize) -> usize {
    within::<C>(C::MAX, each)
}

/// A length prefix and at most `most` elements of at most `each` bytes (`C::MAX`, or
/// less for a container of fixed capacity); none (`usize::MAX`) for `usize::MAX`.
const fn within<C: Ctx>(most: usize, each: usize) -> usize {
    if most == usize::MAX {
        return UNBOUNDED;
    }
    sum(&[length::<C>(most), times(most, each)])
}

/// A length prefix of at most `n` under `C`.
const fn length<C: Ctx>(n: usize) -> usize {
    <<C::Layout as Layout>::Len as LenPrefix>::SIZE.max_bytes(n)
}

/// The rules of `C`'s layout's conventions that change a bound.
const fn conventions<C: Ctx>() -> ConventionsOf {
    ConventionsOf {
        array_length: <<C::Layout as Layout>::Conventions as Conventions>::ARRAY_LENGTH,
        tuple_count: <<C::Layout as Layout>::Conventions as Conventions>::TUPLE_COUNT,
        chrono_i64: <<C::Layout as Layout>::Conventions as Conventions>::CHRONO_I64,
        bitset_count: <<C::Layout as Layout>::Conventions as Conventions>::BITSET_COUNT,
        wide_utf8: <<C::Layout as Layout>::Conventions as Conventions>::WIDE_STRING_UTF8,
    }
}

/// The rules of a layout's [`Conventions`] that change a bound.
struct ConventionsOf {
    array_length: bool,
    tuple_count: bool,
    chrono_i64: bool,
    bitset_count: bool,
    wide_utf8: bool,
}

/// An integer of type `I` in `C`'s integer codec.
#[must_use]
pub const fn int<C: Ctx, I: Int>() -> usize {
    <<C::Layout as Layout>::Int as IntCodec>::SIZE.max_bytes(I::BYTES)
}

/// A fieldless `#[repr(int)]` enum whose integer is `I`, under `C`.
#[must_use]
pub const fn repr<C: Ctx, I: Int>() -> usize {
    crate::layout::repr_max_bytes::<C::Layout, I>()
}

macro_rules! ints {
    ($($t:ty => $wire:ty),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = int::<C, $wire>();
        }
    )*};
}
ints!(
    u8 => u8, u16 => u16, u32 => u32, u64 => u64, u128 => u128,
    i8 => i8, i16 => i16, i32 => i32, i64 => i64, i128 => i128,
    usize => u64, isize => i64, char => u32
);

macro_rules! fixed {
    ($($t:ty => $n:expr),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = $n;
        }
    )*};
}
fixed!(f32 => 4, f64 => 8, bool => 1, () => 0);

impl<C: Ctx, T: ?Sized> MaxSize<C> for PhantomData<T> {
    const MAX_SIZE: usize = 0;
}

macro_rules! strings {
    ($($t:ty),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = sequence::<C>(1);
        }
    )*};
}
strings!(str, String);

macro_rules! sequences {
    ($($t:ty),*) => {$(
        impl<C: Ctx, T: MaxSize<C::Elem>> MaxSize<C> for $t {
            const MAX_SIZE: usize = sequence::<C>(T::MAX_SIZE);
        }
    )*};
}
sequences!([T], Vec<T>, VecDeque<T>, BTreeSet<T>);

#[cfg(feature = "std")]
impl<C: Ctx, T: MaxSize<C::Elem>, S> MaxSize<C> for std::collections::HashSet<T, S> {
    const MAX_SIZE: usize = sequence::<C>(T::MAX_SIZE);
}

impl<C: Ctx, K: MaxSize<C::Elem>, V: MaxSize<C::Elem>> MaxSize<C> for BTreeMap<K, V> {
    const MAX_SIZE: usize = sequence::<C>(sum(&[K::MAX_SIZE, V::MAX_SIZE]));
}

#[cfg(feature = "std")]
impl<C: Ctx, K: MaxSize<C::Elem>, V: MaxSize<C::Elem>, S> MaxSize<C>
    for std::collections::HashMap<K, V, S>
{
    const MAX_SIZE: usize = sequence::<C>(sum(&[K::MAX_SIZE, V::MAX_SIZE]));
}

/// `N` elements; under YAS's conventions their count first, as a length.
impl<C: Ctx, T: MaxSize<C::Elem>, const N: usize> MaxSize<C> for [T; N] {
    const MAX_SIZE: usize = if conventions::<C>().array_length {
        sum(&[length::<C>(N), times(N, T::MAX_SIZE)])
    } else {
        times(N, T::MAX_SIZE)
    };
}

/// `N` elements, never a length.
impl<C: Ctx, T: MaxSize<C::Elem>, const N: usize> MaxSize<C> for Fields<[T; N]> {
    const MAX_SIZE: usize = times(N, T::MAX_SIZE);
}

/// A flag byte, then the value.
impl<C: Ctx, T: MaxSize<C>> MaxSize<C> for Option<T> {
    const MAX_SIZE: usize = sum(&[1, T::MAX_SIZE]);
}

/// Pointers are written as what they point to, with its header.
macro_rules! pointers {
    ($($t:ty),*) => {$(
        impl<C: Ctx, T: MaxSize<C> + ?Sized> MaxSize<C> for $t {
            const MAX_SIZE: usize = T::MAX_SIZE;
            const HEADER_SIZE: usize = T::HEADER_SIZE;
        }
    )*};
}
pointers!(&T, Box<T>, Rc<T>, Arc<T>);

impl<C: Ctx, T: MaxSize<C> + ToOwned + ?Sized> MaxSize<C> for Cow<'_, T> {
    const MAX_SIZE: usize = T::MAX_SIZE;
    const HEADER_SIZE: usize = T::HEADER_SIZE;
}

/// Wrappers written as the value they hold.
macro_rules! by_value {
    ($($t:ty),*) => {$(
        impl<C: Ctx, T: MaxSize<C>> MaxSize<C> for $t {
            const MAX_SIZE: usize = T::MAX_SIZE;
        }
    )*};
}
by_value!(Cell<T>, RefCell<T>, Wrapping<T>, Saturating<T>, Reverse<T>);

macro_rules! nonzero {
    ($($t:ty => $int:ty),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = <$int as MaxSize<C>>::MAX_SIZE;
        }
    )*};
}
nonzero!(
    NonZeroU8 => u8, NonZeroU16 => u16, NonZeroU32 => u32, NonZeroU64 => u64,
    NonZeroU128 => u128, NonZeroUsize => usize, NonZeroI8 => i8, NonZeroI16 => i16,
    NonZeroI32 => i32, NonZeroI64 => i64, NonZeroI128 => i128, NonZeroIsize => isize
);

/// A `std::variant` index no larger than `largest` in `C`'s conventions' form.
const fn variant_index<C: Ctx>(largest: u64) -> usize {
    crate::wire::enums::max_tag::<C, VariantIndex>(largest)
}

/// Index 0 or 1, then the value or the error.
impl<C: Ctx, T: MaxSize<C>, E: MaxSize<C>> MaxSize<C> for Result<T, E> {
    const MAX_SIZE: usize = sum(&[variant_index::<C>(1), largest(&[T::MAX_SIZE, E::MAX_SIZE])]);
}

/// Index 0, 1 or 2, then the value (none for `Unbounded`).
impl<C: Ctx, T: MaxSize<C>> MaxSize<C> for Bound<T> {
    const MAX_SIZE: usize = sum(&[variant_index::<C>(2), T::MAX_SIZE]);
}

/// Start, then end.
impl<C: Ctx, T: MaxSize<C>> MaxSize<C> for Range<T> {
    const MAX_SIZE: usize = times(2, T::MAX_SIZE);
}

/// Start, then end.
impl<C: Ctx, T: MaxSize<C>> MaxSize<C> for RangeInclusive<T> {
    const MAX_SIZE: usize = times(2, T::MAX_SIZE);
}

fixed!(Ipv4Addr => 4, Ipv6Addr => 16);

impl<C: Ctx> MaxSize<C> for SocketAddrV4 {
    const MAX_SIZE: usize = sum(&[4, <u16 as MaxSize<C>>::MAX_SIZE]);
}

impl<C: Ctx> MaxSize<C> for SocketAddrV6 {
    const MAX_SIZE: usize = sum(&[
        16,
        <u16 as MaxSize<C>>::MAX_SIZE,
        <u32 as MaxSize<C>>::MAX_SIZE,
        <u32 as MaxSize<C>>::MAX_SIZE,
    ]);
}

impl<C: Ctx> MaxSize<C> for IpAddr {
    const MAX_SIZE: usize = sum(&[variant_index::<C>(1), 16]);
}

impl<C: Ctx> MaxSize<C> for SocketAddr {
    const MAX_SIZE: usize = sum(&[
        variant_index::<C>(1),
        largest(&[
            <SocketAddrV4 as MaxSize<C>>::MAX_SIZE,
            <SocketAddrV6 as MaxSize<C>>::MAX_SIZE,
        ]),
    ]);
}

sequences!(LinkedList<T>, BinaryHeap<T>);

/// A `std::chrono` count: an `i64` under YAS's conventions, else the field's `width`.
#[must_use]
pub(crate) const fn time_count<C: Ctx>() -> usize {
    if conventions::<C>().chrono_i64 {
        int::<C, i64>()
    } else {
        int::<C, <C::Time as TimeForm>::Width>()
    }
}

macro_rules! counts {
    ($($t:ty),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = time_count::<C>();
        }
    )*};
}
counts!(core::time::Duration);
#[cfg(feature = "std")]
counts!(std::time::SystemTime);
#[cfg(feature = "chrono")]
counts!(
    chrono::TimeDelta,
    chrono::DateTime<chrono::Utc>,
    chrono::NaiveDateTime
);

/// ⌈N/8⌉ bytes; under YAS's conventions behind the bit count and the byte count.
impl<C: Ctx, const N: usize> MaxSize<C> for Bitset<N> {
    const MAX_SIZE: usize = if conventions::<C>().bitset_count {
        sum(&[length::<C>(N), length::<C>(N.div_ceil(8)), N.div_ceil(8)])
    } else {
        N.div_ceil(8)
    };
}

/// The code units; under YAS's conventions UTF-8 bytes (`max` counts what is written).
macro_rules! wide {
    ($($t:ty => $unit:ty),*) => {$(
        impl<C: Ctx> MaxSize<C> for $t {
            const MAX_SIZE: usize = if conventions::<C>().wide_utf8 {
                sequence::<C>(1)
            } else {
                sequence::<C>(<$unit as MaxSize<C::Elem>>::MAX_SIZE)
            };
        }
    )*};
}
wide!(U16String => u16, WString => u32);

#[cfg(feature = "uuid")]
fixed!(uuid::Uuid => 16);

#[cfg(feature = "bytes")]
strings!(bytes::Bytes, bytes::BytesMut);

#[cfg(feature = "smallvec")]
impl<C: Ctx, T: MaxSize<C::Elem>, const N: usize> MaxSize<C> for smallvec::SmallVec<[T; N]> {
    const MAX_SIZE: usize = sequence::<C>(T::MAX_SIZE);
}

/// At most `CAP` elements (fewer under a smaller `max`), so bounded without one.
#[cfg(feature = "arrayvec")]
impl<C: Ctx, T: MaxSize<C::Elem>, const CAP: usize> MaxSize<C> for arrayvec::ArrayVec<T, CAP> {
    const MAX_SIZE: usize = within::<C>(least(C::MAX, CAP), T::MAX_SIZE);
}

/// At most `CAP` bytes (fewer under a smaller `max`), so bounded without one.
#[cfg(feature = "arrayvec")]
impl<C: Ctx, const CAP: usize> MaxSize<C> for arrayvec::ArrayString<CAP> {
    const MAX_SIZE: usize = within::<C>(least(C::MAX, CAP), 1);
}

#[cfg(feature = "arrayvec")]
const fn least(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

#[cfg(feature = "indexmap")]
impl<C: Ctx, T: MaxSize<C::Elem>, S> MaxSize<C> for indexmap::IndexSet<T, S> {
    const MAX_SIZE: usize = sequence::<C>(T::MAX_SIZE);
}

#[cfg(feature = "indexmap")]
impl<C: Ctx, K: MaxSize<C::Elem>, V: MaxSize<C::Elem>, S> MaxSize<C>
    for indexmap::IndexMap<K, V, S>
{
    const MAX_SIZE: usize = sequence::<C>(sum(&[K::MAX_SIZE, V::MAX_SIZE]));
}

/// The elements; under YAS's conventions a count byte first. [`Fields`] of a tuple (a
/// `std::pair`, a derived type's group of fields): the elements alone.
macro_rules! tuples {
    ($(($($t:ident),+))*) => {$(
        impl<C: Ctx, $($t: MaxSize<C::Elem>),+> MaxSize<C> for ($($t,)+) {
            const MAX_SIZE: usize = sum(&[
                if conventions::<C>().tuple_count { 1 } else { 0 },
                $($t::MAX_SIZE),+
            ]);
        }
        impl<C: Ctx, $($t: MaxSize<C::Elem>),+> MaxSize<C> for Fields<($($t,)+)> {
            const MAX_SIZE: usize = sum(&[$($t::MAX_SIZE),+]);
        }
    )*};
}
tuples! {
    (A) (A, B) (A, B, D) (A, B, D, E) (A, B, D, E, F) (A, B, D, E, F, G)
    (A, B, D, E, F, G, H) (A, B, D, E, F, G, H, I) (A, B, D, E, F, G, H, I, J)
    (A, B, D, E, F, G, H, I, J, K) (A, B, D, E, F, G, H, I, J, K, L)
    (A, B, D, E, F, G, H, I, J, K, L, M) (A, B, D, E, F, G, H, I, J, K, L, M, N)
    (A, B, D, E, F, G, H, I, J, K, L, M, N, O) (A, B, D, E, F, G, H, I, J, K, L, M, N, O, P)
    (A, B, D, E, F, G, H, I, J, K, L, M, N, O, P, Q)
}
