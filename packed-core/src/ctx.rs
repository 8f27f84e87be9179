//! The encoding context: which layout a value's fields use, as a type.
//!
//! Every `encode`/`decode` call carries a [`Ctx`] type parameter. Its
//! [`Layout`](Ctx::Layout) is what primitives, strings and sequences are written with.
//! A derived type moves to its own layout with [`Enter`](Ctx::Enter); a field with
//! `len = ...` or `max = N` narrows the context with [`WithLen`](Ctx::WithLen) and
//! [`WithMax`](Ctx::WithMax), one with `unit = ...` or `width = ...` with
//! [`WithTime`](Ctx::WithTime). All of it is resolved at compile time: the generated code
//! for a `len = "u64"` field names `packed_core::len::U64` and contains no branch on
//! the layout.
//!
//! The one implementation is [`Context`]; the entry points start from [`Root`] (each
//! type's own attributes) or [`RootAs<L>`] (layout `L` for the whole tree), which
//! [`config`](fn@crate::config) and [`with`](crate::with) choose.
//!
//! A context also says whether the value is inside a bit-packing session
//! ([`Session`]): a `#[packed(bitpack)]` type moves its fields there with
//! [`InBits`](Ctx::InBits), and everything nested in them stays there, so `bool`s and
//! `Option` flags know at compile time whether they are one bit or one byte.

use core::marker::PhantomData;

use crate::layout::{Layout, OwnLayout, Spec};
use crate::len::LenPrefix;
use crate::time::{self, TimeForm};

mod sealed {
    pub trait Sealed {}
}

/// An encoding context. Sealed: implemented only by [`Context`].
pub trait Ctx: sealed::Sealed + 'static {
    /// The layout the current value uses.
    type Layout: Layout;
    /// The most elements the next sequence may hold (a field's `max`), else `usize::MAX`.
    const MAX: usize;
    /// The context for the elements of a sequence: the same layout, no `max`.
    type Elem: Ctx;
    /// The context for the fields of a derived type whose own layout is `O`.
    type Enter<O: OwnLayout>: Ctx;
    /// This context with every length prefix replaced by `P` (a field's `len`).
    type WithLen<P: LenPrefix>: Ctx;
    /// This context with a `max` of `N` on the next sequence (a field's `max`).
    type WithMax<const N: usize>: Ctx;
    /// How `std::chrono` counts (`Duration`, `SystemTime`) are written: the field's
    /// `unit` and `width`, else nanoseconds in an `i64` ([`time::Default`]).
    type Time: TimeForm;
    /// This context with chrono counts written as `T` (a field's `unit`, `width`).
    type WithTime<T: TimeForm>: Ctx;
    /// Whether values are written whole bytes at a time ([`Bytes`]) or inside a
    /// bit-packing session ([`Bits`]).
    type Session: Session;
    /// This context inside a bit-packing session: the context of a
    /// `#[packed(bitpack)]` type's fields, and of everything nested in them.
    type InBits: Ctx;
}

/// Whether a context is inside a bit-packing session: [`Bytes`] or [`Bits`]. Sealed.
///
/// Bitsery's `enableBitPacking` inside a session is a no-op; so is a
/// `#[packed(bitpack)]` type nested in one: it starts a session only from
/// [`Bytes`], which its encoder and decoder dispatch on (a type, so that a recursive
/// bit-packed type does not nest sessions without end at compile time).
pub trait Session: sealed::Sealed + 'static {
    /// True inside a session: a `bool` is one bit, an `Option`'s flag one bit followed
    /// by padding to the next byte.
    const BIT_PACKING: bool;

    /// Writes `value`'s fields (`T`'s `encode_fields`) in a bit-packing session: a new
    /// one, padded to a byte at its end, or the one already open.
    #[doc(hidden)]
    fn encode_packed<C: Ctx, T: crate::__private::BitPacked + ?Sized, W: crate::Writer + ?Sized>(
        value: &T,
        w: &mut W,
    ) -> Result<(), crate::EncodeError>;

    /// Reads a `T`'s fields (`T`'s `decode_fields`) in a bit-packing session: a new
    /// one, whose padding must be zero bits, or the one already open.
    #[doc(hidden)]
    fn decode_packed<
        'de,
        C: Ctx,
        T: crate::__private::BitUnpacked<'de>,
        R: crate::Reader<'de> + ?Sized,
    >(
        r: &mut R,
    ) -> Result<T, crate::DecodeError>;

    /// Reads a `T`'s fields in a session that is a growable record's body (a type both
    /// `#[packed(growable)]` and `#[packed(bitpack)]`). Only [`Bytes`] opens one: a
    /// record is never inside a session (`read_record` refuses that first), and
    /// dispatching on the type keeps a recursive type of both kinds from nesting bit
    /// readers without end at compile time.
    #[doc(hidden)]
    fn decode_packed_record<
        'de,
        C: Ctx,
        T: crate::__private::BitUnpacked<'de>,
        R: crate::Reader<'de> + ?Sized,
    >(
        r: &mut R,
    ) -> Result<T, crate::DecodeError>;
}

/// Whole bytes: outside every bit-packing session.
pub enum Bytes {}
impl sealed::Sealed for Bytes {}

/// Inside a bit-packing session.
pub enum Bits {}
impl sealed::Sealed for Bits {}

/// How a derived type's own layout combines with its parent's: [`Native`] or
/// [`Forced`]. Sealed.
pub trait LayoutMode: sealed::Sealed + 'static {
    /// The layout of a type whose own layout is `O`, inside a parent with layout `P`.
    type Resolve<O: OwnLayout, P: Layout>: Layout;
}

/// Types keep their own container attributes; types without any inherit.
pub enum Native {}
impl sealed::Sealed for Native {}
impl LayoutMode for Native {
    type Resolve<O: OwnLayout, P: Layout> = O::Resolve<P>;
}

/// One layout for the whole tree ([`with`](crate::with)): container attributes are
/// replaced; field attributes (`len`, `max`) keep their setting.
pub enum Forced {}
impl sealed::Sealed for Forced {}
impl LayoutMode for Forced {
    type Resolve<O: OwnLayout, P: Layout> = P;
}

/// A field-level override of the length prefix: [`NoOverride`] or [`LenOverride`].
/// Sealed.
pub trait FieldLen: sealed::Sealed + 'static {
    /// `B` with the override applied.
    type Apply<B: Layout>: Layout;
}

/// No field-level override.
pub enum NoOverride {}
impl sealed::Sealed for NoOverride {}
impl FieldLen for NoOverride {
    type Apply<B: Layout> = B;
}

/// A field-level `len = ...`.
pub struct LenOverride<P>(PhantomData<fn() -> P>, core::convert::Infallible);
impl<P> sealed::Sealed for LenOverride<P> {}
impl<P: LenPrefix> FieldLen for LenOverride<P> {
    type Apply<B: Layout> = Spec<P, B::Int, B::Endian, B::Header, B::Conventions>;
}

/// The context type: mode `M`, container layout `B`, field override `F` of the length
/// prefix, chrono form `T`, `max` of `MAX`, session `S`. Never constructed: it only
/// names types.
pub struct Context<M, B, F, T, const MAX: usize, S = Bytes>(
    PhantomData<(M, B, F, T, S)>,
    core::convert::Infallible,
);

impl<M, B, F, T, const MAX: usize, S> sealed::Sealed for Context<M, B, F, T, MAX, S> {}

impl<M: LayoutMode, B: Layout, F: FieldLen, T: TimeForm, const MAX: usize, S: Session> Ctx
    for Context<M, B, F, T, MAX, S>
{
    type Layout = F::Apply<B>;
    const MAX: usize = MAX;
    type Elem = Context<M, B, F, T, { usize::MAX }, S>;
    type Enter<O: OwnLayout> =
        Context<M, M::Resolve<O, B>, NoOverride, time::Default, { usize::MAX }, S>;
    type WithLen<P: LenPrefix> = Context<M, B, LenOverride<P>, T, MAX, S>;
    type WithMax<const N: usize> = Context<M, B, F, T, N, S>;
    type Time = T;
    type WithTime<U: TimeForm> = Context<M, B, F, U, MAX, S>;
    type Session = S;
    type InBits = Context<M, B, F, T, MAX, Bits>;
}

/// The context of a top-level message: types use their own attributes, the default
/// layout is [`Bitsery`](crate::layout::Bitsery). What [`config`](fn@crate::config) uses.
pub type Root = Context<Native, crate::layout::Bitsery, NoOverride, time::Default, { usize::MAX }>;

/// The context of a top-level message under layout `L` everywhere: what
/// [`with::<L>`](crate::with) uses.
pub type RootAs<L> = Context<Forced, L, NoOverride, time::Default, { usize::MAX }>;
