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
#[proc_macro_derive(Packed, attributes(packed))]
pub fn derive_packed(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
