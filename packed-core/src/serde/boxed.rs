//! The error type the `Serializer` and `Deserializer` return inside a serde value:
//! [`EncodeError`](crate::EncodeError) or [`DecodeError`](crate::DecodeError) behind
//! one pointer, unboxed again where [`Serde`](super::Serde) hands it back.
//!
//! Every call through serde's traits returns a `Result<_, Self::Error>`, and the
//! visitors serde's derive generates are not all inlined into one another: a struct's
//! fields are read by calls that return their value through memory. With the crate's
//! error enums (40 bytes), a `Result<u32, _>` or a `Result<Vector3, _>` is returned
//! through the stack and moved field by field; with a `Box` it is two registers, and
//! the value keeps its own layout. The box is only allocated when something fails.

use alloc::boxed::Box;
use core::fmt;

/// `E` behind one pointer (see the [module docs](self)).
pub(crate) struct Boxed<E>(Box<E>);

impl<E> Boxed<E> {
    /// The error itself.
    #[inline]
    pub(crate) fn into_inner(self) -> E {
        *self.0
    }
}

impl<E> From<E> for Boxed<E> {
    /// Boxes `e`: out of line, so that a decoder that inlines a fallible step keeps
    /// only a call on its error path.
    #[cold]
    #[inline(never)]
    fn from(e: E) -> Self {
        Boxed(Box::new(e))
    }
}

impl<E: fmt::Debug> fmt::Debug for Boxed<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<E: fmt::Display> fmt::Display for Boxed<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<E: core::error::Error> core::error::Error for Boxed<E> {}
