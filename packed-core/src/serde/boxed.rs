//! The error type the `Deserializer` returns inside a serde value: a
//! [`DecodeError`](crate::DecodeError) behind one pointer, unboxed again where
//! [`Serde`](super::Serde) hands it back.
//!
//! Every call through serde's traits returns a `Result<_, Self::Error>`, and the
//! visitors serde's derive generates are not all inlined into one another: a struct's
//! fields are read by calls that return their value through memory. With the 40-byte
//! `DecodeError`, a `Result<u32, _>` is returned through the stack and a struct of
//! floats is moved byte by byte around the error's tag; with a `Box`, a
//! `Result<u32, _>` is two registers and a `Result<[f32; 3], _>` 16 bytes. The box is
//! only allocated when something fails. (The `Serializer` keeps `EncodeError`: its
//! results carry no value, and boxing grew serde's `serialize_field` past inlining.)

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
