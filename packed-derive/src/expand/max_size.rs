//! `impl MaxSize` (`#[derive(MaxSize)]`): the largest encoding of the type under every
//! context, from its fields' bounds, as a constant. A struct: its written fields' bounds
//! added up. A tagged enum: the tag's (of its largest tag), plus the largest variant's. A fieldless
//! `#[repr(int)]` enum: its integer's in the layout's enum form. A `with` field has no
//! known bound, and neither has the type then. A growable record adds its 4-byte size
//! (before its body, a tag included).
//!
//! A bit-packed type (`#[packed(bitpack)]`) has the same bound: inside a session every
//! field takes at most 8 bits per byte of its type's bound (a `bool` 1 bit, a range or
//! a quantised float no more bits than its type, an `Option`'s flag 1 bit), and each
//! padding (an `align`, the session's end) only rounds the bits written so far up to a
//! byte, which that sum of bytes already is. An `entropy` field adds its index's bytes
//! (an index of the bits of the list's length, padded to a byte), once, or once per
//! element of an array.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use super::emit::{fields_ctx, reported_at, CTX, PACKED};
use super::{field, repr};
use crate::ast::{Coding, Container, Data, Field};
use crate::model::{bit_length, BitCoding, EntropyValues};

pub(super) fn impl_max_size(cont: &Container<'_>) -> TokenStream {
    let inner = fields_ctx();
    let body = match &cont.data {
        Data::Struct(_, fields) => sum(fields),
        Data::Tagged(tag, variants) => {
            let largest = variants.iter().map(|v| v.tag).max().unwrap_or(0);
            let variants = variants.iter().map(|v| sum(&v.fields));
            quote! {
                #PACKED::__private::max_sum(&[
                    #PACKED::__private::max_tag::<#inner, #tag>(#largest),
                    #PACKED::__private::max_largest(&[#(#variants),*]),
                ])
            }
        }
        Data::Repr(r, _) => {
            let wire = repr::wire_type(r);
            quote!(#PACKED::__private::max_repr::<#inner, #wire>())
        }
    };
    // A growable record's 4-byte size comes before its body (a tag included).
    let max_size = if cont.growable {
        quote!(#PACKED::__private::max_sum(&[4usize, #body]))
    } else {
        body
    };
    let (ident, generics) = (cont.ident, cont.generics);
    let mut impl_generics = generics.clone();
    impl_generics
        .params
        .push(syn::parse_quote!(#CTX: #PACKED::Ctx));
    let (impl_g, _, _) = impl_generics.split_for_impl();
    let ty_g = super::emit::type_args(generics);
    let where_c = super::emit::where_clause(generics, predicates(cont));
    quote! {
        #[automatically_derived]
        impl #impl_g #PACKED::__private::MaxSize<#CTX> for #ident #ty_g #where_c {
            const MAX_SIZE: #PACKED::__private::usize = #max_size;
            const HEADER_SIZE: #PACKED::__private::usize =
                #PACKED::__private::header_size::<#inner>();
        }
    }
}

/// The bounds of `fields`, added up: each written field's type's bound under the
/// field's context; a `with` field has none.
fn sum(fields: &[Field<'_>]) -> TokenStream {
    let parts = fields.iter().filter_map(|f| match &f.coding {
        Coding::Skip => None,
        Coding::With(_) | Coding::Serde(_) => Some(quote!(#PACKED::__private::usize::MAX)),
        Coding::Type { bits, max, .. } => Some(match bits.as_ref().map(|b| &b.value) {
            Some(BitCoding::Entropy { values, .. }) => {
                with_entropy_index(f, values, max.as_ref().map(|m| m.value))
            }
            _ => field_bound(f),
        }),
    });
    quote!(#PACKED::__private::max_sum(&[#(#parts),*]))
}

/// `<Type as MaxSize<field context>>::MAX_SIZE`, reported at the field's type.
fn field_bound(f: &Field<'_>) -> TokenStream {
    let (ty, ctx) = (f.ty, field::ctx(f));
    quote_spanned!(reported_at(ty.span())=> <#ty as #PACKED::__private::MaxSize<#ctx>>::MAX_SIZE)
}

/// The bound of an `entropy` field: its type's, and the bytes of an index of the bits
/// of `values + 1`, padded to a byte: once for a string or a number, once per element
/// for numbers in an array (its length) or a sequence (its `max`).
fn with_entropy_index(f: &Field<'_>, values: &EntropyValues, max: Option<usize>) -> TokenStream {
    let index_bytes = bit_length(values.len() as u128).div_ceil(8) as usize;
    let bound = field_bound(f);
    let indices = match (values, f.ty, max) {
        (EntropyValues::Ints(_), syn::Type::Array(a), _) => {
            let n = &a.len;
            quote!(#PACKED::__private::max_times(#n, #index_bytes))
        }
        (EntropyValues::Ints(_), _, Some(max)) => {
            quote!(#PACKED::__private::max_times(#max, #index_bytes))
        }
        _ => quote!(#index_bytes),
    };
    quote!(#PACKED::__private::max_sum(&[#bound, #indices]))
}

/// `Type: MaxSize<field context>` for each written field whose type mentions a type
/// parameter: a generic type's bound depends on what it is given.
fn predicates(cont: &Container<'_>) -> Vec<syn::WherePredicate> {
    let params: Vec<String> = cont
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    cont.all_fields()
        .filter(|f| f.is_plain() && crate::bound::mentions_param(f.ty, &params))
        .map(|f| {
            let (ty, ctx) = (f.ty, field::ctx(f));
            syn::parse_quote!(#ty: #PACKED::__private::MaxSize<#ctx>)
        })
        .collect()
}
