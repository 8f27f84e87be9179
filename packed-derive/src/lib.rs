//! `#[derive(Packed)]`: the derive behind [`packed_core`](https://docs.rs/packed-core).
//! Use it through `packed_core::Packed`; its attributes are documented there.
//!
//! The derive runs in stages, each in its own module: `attr` parses `#[packed(...)]`
//! into typed attributes, `ast` builds and checks the model, `bound` infers
//! where-clauses, `expand` generates code from the model only, and `wrap` puts it
//! in a `const _` block. All user mistakes are collected in a `ctxt::Ctxt` and
//! reported together, each at its token.

mod ast;
mod attr;
mod bound;
mod ctxt;
mod expand;
#[cfg(test)]
mod snapshots;
mod symbol;
mod wrap;

use proc_macro::TokenStream;

/// Derives `packed_core::Encode` and `packed_core::Decode` (and `packed_core::Kind`
/// with `#[packed(kind = N)]`). See the `packed_core` crate docs for the attributes.
#[proc_macro_derive(Packed, attributes(packed))]
pub fn derive_packed(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
