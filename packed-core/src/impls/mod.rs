//! `Encode`/`Decode` for the standard types.

mod prim;
mod seq;
mod wrap;
