//! `impl Kind`, for `#[packed(kind = N)]`.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

use super::emit::{Trait, PACKED};

/// `impl Kind for Type { const KIND: i64 = kind; }`, under the type's own where-clause.
pub(crate) fn impl_kind(
    ident: &syn::Ident,
    generics: &syn::Generics,
    kind: &syn::LitInt,
) -> TokenStream {
    let where_c = generics.where_clause.to_token_stream();
    let header = Trait::Kind.impl_header(ident, generics, &where_c);
    quote! {
        #[automatically_derived]
        #header {
            const KIND: #PACKED::__private::i64 = #kind;
        }
    }
}
