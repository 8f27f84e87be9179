//! `Encode`/`Decode` for the standard types.

mod prim;
pub(crate) mod seq;
mod wrap;
