//! Fieldless `#[repr(int)]` enums: the integer types and the conversions both impls
//! call.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::emit::{DISCRIMINANT, DISCRIMINANT_FN, PACKED, VALUE, VARIANT_FN};
use crate::ast::{Container, Data};
use crate::model::{ReprInt, Spanned};

/// The type the discriminant is written as (`usize` as `u64`), at the repr's span
/// where it is the repr's own type.
pub(crate) fn wire_type(repr: &Spanned<ReprInt>) -> TokenStream {
    let wire = repr.value.written_as();
    let span = if wire == repr.value {
        repr.span
    } else {
        Span::call_site()
    };
    wire.at(span)
}

/// The conversions the impls share, as functions beside them:
/// `__packed_discriminant` (a variant's discriminant, as the type it is written as)
/// and `__packed_variant` (the variant a discriminant names, if any).
pub(crate) fn conversions(cont: &Container<'_>) -> TokenStream {
    let Data::Repr(repr, variants) = &cont.data else {
        return TokenStream::new();
    };
    let ident = cont.ident;
    let wire = wire_type(repr);
    let names: Vec<&syn::Ident> = variants.iter().map(|v| v.ident).collect();
    let lookups = names.iter().map(|v| {
        quote! {
            if #DISCRIMINANT == (#ident::#v as #wire) {
                return #PACKED::__private::Some(#ident::#v);
            }
        }
    });
    // A discriminant no variant has: the `other` variant, if there is one.
    let unknown = match variants.iter().find(|v| v.other) {
        Some(other) => {
            let other = other.ident;
            quote!(#PACKED::__private::Some(#ident::#other))
        }
        None => quote!(#PACKED::__private::None),
    };
    // One cast, to the written type: a fieldless enum casts through its repr's type, so
    // `usize` widens as it would, and a cast to the repr's own type (`as u8 as u8`)
    // would be a trivial cast, which a crate may deny.
    quote! {
        #[inline(always)]
        fn #DISCRIMINANT_FN(#VALUE: &#ident) -> #wire {
            match #VALUE { #(#ident::#names => #ident::#names as #wire,)* }
        }

        #[inline(always)]
        fn #VARIANT_FN(#DISCRIMINANT: #wire) -> #PACKED::__private::Option<#ident> {
            #(#lookups)*
            #unknown
        }
    }
}
