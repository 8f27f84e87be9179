//! Stage 3, generation: from the checked model ([`Container`]) to one
//! `const _: () = { ... };` block of impls. Nothing here reads attribute text: every
//! choice arrives as a model type that emits the runtime type it names.
//!
//! - [`emit`]: the names generated code defines, the block and its one `use` of the
//!   runtime crate, method signatures, spans
//! - [`field`]: a field's context type and length check; groups of scalar fields
//! - [`fast`]: the fast-path hooks both impls carry (`fixed_size` with its memory-image proof,
//!   inlining)
//! - [`repr`]: fieldless `#[repr(int)]` enums' integer types and conversions
//! - [`encode`], [`decode`], [`kind`]: one impl each
//! - [`bitpack`]: a `#[packed(bitpack)]` type's session and its fields' bit codings,
//!   which `encode` and `decode` hand those to
//! - [`growable`]: the size around a growable record's body, and its fields' presence
//! - [`fallback`]: the stub impls emitted beside attribute errors
//!
//! `encode` and `decode` do not import each other: what both need is in the modules
//! above them.

mod bitpack;
mod decode;
pub(crate) mod emit;
mod encode;
mod fallback;
mod fast;
mod field;
mod growable;
mod kind;
mod max_size;
mod repr;

use proc_macro2::TokenStream;
use quote::quote;

use self::emit::OWN_LAYOUT;
use crate::ast::Container;
use crate::attr;
use crate::diag::Diagnostics;

/// Derives everything for `input`: the checked model's block of impls, or, on
/// mistakes, the errors with stub impls.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    checked(input, generate, |errors, attrs| {
        fallback::with_errors(errors, input, attrs)
    })
}

/// Derives `MaxSize` for `input`: the one impl, or, on mistakes, the errors alone
/// (`#[derive(Packed)]` beside it reports them too, with its stub impls).
pub(crate) fn derive_max_size(input: &syn::DeriveInput) -> TokenStream {
    checked(
        input,
        |cont| {
            let layout = &cont.layout;
            let mut body = quote!(type #OWN_LAYOUT = #layout;);
            body.extend(max_size::impl_max_size(cont));
            emit::wrap(&cont.krate, &body)
        },
        |errors, _| errors.to_compile_error(),
    )
}

/// The stages before generation, the same for both derives: parse the attributes
/// once, build and check the model, then generate from it with `generate`, or, on
/// mistakes, hand every error and the parsed attributes to `fallback`.
fn checked(
    input: &syn::DeriveInput,
    generate: impl FnOnce(&Container<'_>) -> TokenStream,
    fallback: impl FnOnce(&syn::Error, &attr::Container) -> TokenStream,
) -> TokenStream {
    emit::choose_names(input);
    let diag = Diagnostics::new();
    let attrs = attr::Container::from_ast(&diag, input);
    let model = Container::from_ast(&diag, input, &attrs);
    match diag.check() {
        Ok(()) => generate(&model.expect("internal error: no model without an error")),
        Err(errors) => fallback(&errors, &attrs),
    }
}

/// The block of impls for a checked model.
fn generate(cont: &Container<'_>) -> TokenStream {
    let layout = &cont.layout;
    // One name for the layout, read by every impl in the block.
    let mut body = quote!(type #OWN_LAYOUT = #layout;);
    body.extend(repr::conversions(cont));
    body.extend(field::with_modules(cont));
    body.extend(encode::impl_encode(cont));
    body.extend(decode::impl_decode(cont));
    if let Some(kind) = &cont.kind {
        let lit = syn::LitInt::new(&format!("{}i64", kind.value), kind.span);
        body.extend(kind::impl_kind(cont.ident, cont.generics, &lit));
    }
    emit::wrap(&cont.krate, &body)
}
