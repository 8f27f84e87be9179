//! What is emitted beside attribute errors: the errors, and `Encode` and `Decode`
//! impls that never run (and `Kind`, if a `kind` key was written, valid or not), so
//! the user sees the attribute errors and not a cascade of missing-trait errors where
//! the type is used. Built from what the one parse of the attributes produced.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

use super::emit::{self, Trait, READER_TY, WRITER_TY};
use super::kind::impl_kind;
use crate::attr::{self, ContainerKey};

pub(crate) fn with_errors(
    errors: &syn::Error,
    input: &syn::DeriveInput,
    attrs: &attr::Container,
) -> TokenStream {
    let mut out = errors.to_compile_error();
    // A union gets no impls at all: nothing could be written for it.
    if matches!(input.data, syn::Data::Union(_)) {
        return out;
    }
    let (ident, generics) = (&input.ident, &input.generics);
    let where_c = generics.where_clause.to_token_stream();
    let encode = Trait::Encode.impl_header(ident, generics, &where_c);
    let encode_fn = emit::encode_fn("encode", quote!(&self, _: &mut #WRITER_TY,));
    let decode = Trait::Decode.impl_header(ident, generics, &where_c);
    let decode_fn = emit::decode_fn("decode", quote!(_: &mut #READER_TY,), quote!(Self));
    let kind = attrs
        .written
        .contains(&ContainerKey::Kind)
        .then(|| impl_kind(ident, generics, &syn::parse_quote!(0)));
    // The stubs resolve the runtime where the real impls would: through the `crate`
    // path the user chose, if it parsed.
    out.extend(emit::wrap(
        &attrs.runtime_path(),
        &quote! {
            #encode {
                #encode_fn {
                    ::core::unreachable!()
                }
            }
            #decode {
                #decode_fn {
                    ::core::unreachable!()
                }
            }
            #kind
        },
    ));
    out
}
