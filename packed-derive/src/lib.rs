//! `#[derive(Packed)]` and `#[derive(MaxSize)]`: the derives behind
//! [`packed_core`](https://docs.rs/packed-core). Use them through `packed_core::Packed`
//! and `packed_core::MaxSize`; the attributes are documented there (the crate docs'
//! attribute table).
//!
//! Complete programs are in `packed-core/examples/`: `message_stream.rs` (an enum and a
//! struct with `max` fields, a file of messages written and read until its end),
//! `with_module.rs` (a `#[repr(u8)]` enum and a field written by a `with` module) and
//! `read_bitsery.rs` (a struct declared to match a C++ one, decoding the real Bitsery's
//! bytes); `cargo run -p packed-core --example message_stream` runs one.
//!
//! The derive runs in three stages, each owning one thing:
//!
//! 1. `attr`: `#[packed(...)]` tokens → typed attributes, spans kept; mistakes in a
//!    key's own value are reported here.
//! 2. `ast`: the checked model of the input (container, variants, fields), each
//!    attribute as a `model` type; every check of how keys fit together and fit
//!    the item lives here. `bound` infers its where-clauses.
//! 3. `expand`: code generated from the model only, in one `const _` block.
//!
//! `model` holds the typed choices (length prefix, integer codec, layout preset,
//! ...), each with one table of attribute names and the runtime type it emits. Every
//! mistake goes to one `diag::Diagnostics` and is reported together, each at its
//! token; the collector panics if a stage forgets to check it.

mod ast;
mod attr;
mod bound;
mod diag;
mod expand;
mod model;
#[cfg(test)]
mod snapshots;

use proc_macro::TokenStream;

/// Derives `packed_core::MaxSize`: the largest encoding of the type, as a constant
/// (`packed_core::max_size::<T>()`), from its fields and the same `#[packed(...)]`
/// attributes as `Packed`. Every string, sequence, map and set in the type needs a
/// `max = N`; the `packed_core::MaxSize` docs have an example.
#[proc_macro_derive(MaxSize, attributes(packed))]
pub fn derive_max_size(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive_max_size(&input).into()
}

/// Derives `packed_core::Encode` and `packed_core::Decode` (and `packed_core::Kind`
/// with `#[packed(kind = N)]`). See the `packed_core` crate docs for the attributes.
///
/// # A `with` module
/// `#[packed(with = "module")]` writes and reads a field through `module::encode` and
/// `module::decode`, which have exactly the signatures of `Encode::encode` and
/// `Decode::decode`, with the field's type in place of `Self`. A module with other
/// signatures is a compile error at the `with` value, stated against these signatures
/// (for instance "expected `&mut Vec<u8>`, found `&mut W`"), in a type without generic
/// parameters; in a generic type the generated code's names (`__W`) appear instead. A complete module, for a
/// `SystemTime` field written as whole milliseconds in an `i64` (compiled and run as
/// `packed-core/examples/with_module.rs`):
///
/// ```ignore
/// mod unix_millis {
///     use std::time::{Duration, SystemTime, UNIX_EPOCH};
///     use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};
///
///     pub fn encode<C: Ctx, W: Writer + ?Sized>(
///         t: &SystemTime,
///         w: &mut W,
///     ) -> Result<(), EncodeError> {
///         let millis = match t.duration_since(UNIX_EPOCH) {
///             Ok(after) => i64::try_from(after.as_millis()),
///             Err(before) => i64::try_from(before.duration().as_millis()).map(|m| -m),
///         }
///         .map_err(|_| EncodeError::Custom("timestamp out of range for i64 milliseconds"))?;
///         millis.encode::<C, W>(w)
///     }
///
///     pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(
///         r: &mut R,
///     ) -> Result<SystemTime, DecodeError> {
///         let offset = r.offset();
///         let millis = i64::decode::<C, R>(r)?;
///         let since = Duration::from_millis(millis.unsigned_abs());
///         let t = if millis >= 0 {
///             UNIX_EPOCH.checked_add(since)
///         } else {
///             UNIX_EPOCH.checked_sub(since)
///         };
///         t.ok_or(DecodeError::Custom { offset, message: "timestamp out of range for SystemTime" })
///     }
/// }
///
/// #[derive(packed_core::Packed)]
/// struct Record {
///     #[packed(with = "unix_millis")]
///     at: std::time::SystemTime,
///     message: String,
/// }
/// ```
///
/// An error a `with` module returns gets the field's path like any other
/// (`packed_core::Error::path`).
#[proc_macro_derive(Packed, attributes(packed))]
pub fn derive_packed(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
