//! Growable records (`#[packed(growable)]`): the size around the body that `encode` and
//! `decode` generate, and each field's presence check.
//!
//! Writing, `encode` is the runtime's `write_record` of the body, which it reaches
//! through a `RecordBody` impl beside `Encode` (a stream writes the body twice, first
//! into a counter, so the body is a method generic over the writer). Reading, the body
//! `decode` and `decode_in_place` generate runs inside `read_record`, as a closure given
//! the reader and the record; every field of the record is read only where the record
//! holds it (`Record::has_more`), else takes its `default` or its type's `Default`.
//! Whatever else goes inside the frame (the fields, a tag, a bit-packing session) is
//! the body's business: these functions only wrap it.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use super::emit::{
    self, fields_ctx, reported_at, Trait, CTX, PACKED, READER, RECORD, WRITER, WRITER_TY,
};
use crate::ast::{Coding, Container, Data, Field};
use crate::bound;

/// For a growable type, `encode`'s body (the record around the body) and the
/// `RecordBody` impl that carries `body`; `None` for other types.
pub(super) fn encode(
    cont: &Container<'_>,
    body: &TokenStream,
) -> Option<(TokenStream, TokenStream)> {
    if !cont.growable {
        return None;
    }
    let encode_path = Trait::Encode.path();
    let where_c = emit::where_clause(cont.generics, bound::predicates(cont, &encode_path, false));
    let header = Trait::RecordBody.impl_header(cont.ident, cont.generics, &where_c);
    let sig = emit::encode_fn("encode_body", quote!(&self, #WRITER: &mut #WRITER_TY,));
    let record_body = quote! {
        #[automatically_derived]
        #header {
            #[inline]
            #sig {
                #body
            }
        }
    };
    let inner = fields_ctx();
    let framed = quote! {
        #PACKED::__private::write_record::<#CTX, #inner, Self, #WRITER_TY>(self, #WRITER)
    };
    Some((framed, record_body))
}

/// `body` (of `decode` or `decode_in_place`, returning a `Result`) read inside the
/// record for a growable type; `body` itself for other types.
pub(super) fn decode(cont: &Container<'_>, body: TokenStream) -> TokenStream {
    if !cont.growable {
        return body;
    }
    let inner = fields_ctx();
    // A record whose fields are all skipped (or that has none), or whose fields are
    // read in its bit-packing session, never asks.
    let asks = cont
        .all_fields()
        .any(|f| f.in_record && !matches!(f.coding, Coding::Skip));
    let record = if asks { quote!(#RECORD) } else { quote!(_) };
    quote! {
        #PACKED::__private::read_record::<#inner, Self, _, _>(#READER, |#READER, #record| { #body })
    }
}

/// `MIN_WIRE` of a growable type: the 4 bytes of its size, which is all an old record
/// of a struct may hold; an enum's record holds its tag too (`min_wire`).
pub(super) fn min_wire(cont: &Container<'_>, min_wire: TokenStream) -> TokenStream {
    if !cont.growable {
        return min_wire;
    }
    match cont.data {
        Data::Struct(..) => quote!(4usize),
        Data::Tagged(..) | Data::Repr(..) => quote!(4usize + #min_wire),
    }
}

/// `read` where the field is present: in a growable record, only where the record holds
/// it, else `absent`; elsewhere `read` itself.
pub(super) fn where_present(f: &Field<'_>, read: TokenStream, absent: TokenStream) -> TokenStream {
    if !f.in_record || matches!(f.coding, Coding::Skip) {
        return read;
    }
    quote! {
        if #PACKED::__private::Record::has_more(#RECORD, #READER) { #read } else { #absent }
    }
}

/// Reads a group of scalar fields (`first` is one of them; `tys`, their tuple): `whole`
/// reads them as one tuple; in a growable record it does where the record holds the
/// whole group (its size is fixed, so every field of it is there), else `each` reads
/// each field where the record holds it.
pub(super) fn group(
    first: &Field<'_>,
    tys: &TokenStream,
    whole: TokenStream,
    each: TokenStream,
) -> TokenStream {
    if !first.in_record {
        return whole;
    }
    let inner = fields_ctx();
    quote! {
        if #PACKED::__private::Record::holds::<#inner, #tys, _>(#RECORD, #READER) { #whole } else { #each }
    }
}

/// The value of a field that is not read (skipped, or not held by an older record):
/// its `default = "..."`, else its type's `Default` (in a growable record through
/// `AbsentField`, whose message says what to do about a type without one).
pub(super) fn absent_value(f: &Field<'_>) -> TokenStream {
    if let Some(default) = &f.default {
        return quote!(#default);
    }
    let ty = f.ty;
    if matches!(f.coding, Coding::Skip) {
        return quote_spanned!(reported_at(ty.span())=> <#ty as #PACKED::__private::SkippedField>::skipped());
    }
    if f.in_record {
        return quote_spanned!(reported_at(ty.span())=> <#ty as #PACKED::__private::AbsentField>::absent());
    }
    quote!(#PACKED::__private::Default::default())
}
