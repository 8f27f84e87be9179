//! `impl Encode`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};

use super::emit::{
    self, binding, fields_ctx, reported_at, Trait, COUNT, CTX, DISCRIMINANT_FN, ITEMS, PACKED, TAG,
    WRITER, WRITER_TY,
};
use super::field::{self, in_style, nest_group, parts, Part, Spelling};
use super::{bitpack, fast, growable, repr};
use crate::ast::{Coding, Container, Data, Field, Style, Variant};
use crate::bound;
use crate::model::{ReprInt, Spanned, Tag};

pub(super) fn impl_encode(cont: &Container<'_>) -> TokenStream {
    let trait_path = Trait::Encode.path();
    let where_c = emit::where_clause(cont.generics, bound::predicates(cont, &trait_path, false));
    let header = Trait::Encode.impl_header(cont.ident, cont.generics, &where_c);
    // `methods`: the impl's other methods (fieldless enums: `encode_contiguous`).
    let (body, methods) = match &cont.data {
        Data::Struct(_, fields) => (struct_body(cont, fields), TokenStream::new()),
        Data::Tagged(tag, variants) => (tagged_body(cont, *tag, variants), TokenStream::new()),
        Data::Repr(repr, _) => repr_methods(repr),
    };
    // A bit-packed type's fields move to `BitPacked`, its body opens the session.
    let (body, bit_fields) = bitpack::encode_session(cont, body);
    // A growable record writes its size around the body (the session, for a bit-packed
    // one: the frame is outside, the bits inside), which moves to `RecordBody`; its
    // elements are records too, so it keeps no contiguous form of its own.
    let (body, methods, record_body) = match growable::encode(cont, &body) {
        Some((framed, record_body)) => (framed, TokenStream::new(), record_body),
        None => (body, methods, TokenStream::new()),
    };
    let fixed_size = fast::fixed_size(cont, Trait::Encode);
    let size = encoded_size(cont);
    let inline = fast::inline_attr(cont);
    let encode = emit::encode_fn("encode", quote!(&self, #WRITER: &mut #WRITER_TY,));
    let encode_header = emit::encode_fn("encode_header", quote!(#WRITER: &mut #WRITER_TY,));
    let inner = fields_ctx();
    quote! {
        #[automatically_derived]
        #header {
            #fixed_size

            #inline
            #encode {
                #body
            }

            #methods

            #size

            #[inline]
            #encode_header {
                #PACKED::__private::write_header::<#inner, #WRITER_TY>(#WRITER)
            }
        }

        #bit_fields

        #record_body
    }
}

/// A struct: one run where its size is fixed and the writer takes runs, else its
/// fields in order, consecutive scalars as one group.
fn struct_body(cont: &Container<'_>, fields: &[Field<'_>]) -> TokenStream {
    let run = fast::run_fields(cont).map(|_| {
        quote! {
            if #PACKED::__private::write_as_run::<#CTX, Self, #WRITER_TY>(#WRITER) {
                return #PACKED::__private::encode_run::<#CTX, Self, #WRITER_TY>(self, #WRITER);
            }
        }
    });
    let stmts = parts(cont, fields).into_iter().map(|part| match part {
        Part::One(i) => write_own_field(cont, &fields[i]),
        Part::Scalars(is) => scalar_run(cont, fields, &is),
        Part::Bits(is) => {
            let one_by_one = is.iter().map(|&i| write_own_field(cont, &fields[i]));
            bitpack::write_group(cont, fields, &is, quote!(#(#one_by_one)*))
        }
    });
    quote!(#run #(#stmts)* #PACKED::__private::Ok(()))
}

/// An enum: the variant's index as its tag, then the variant's fields. The tag is
/// written at one place, after a `match` that only picks it, so that an enum's `encode`
/// holds one tag writer rather than one per variant.
fn tagged_body(cont: &Container<'_>, tag_ty: Tag, variants: &[Variant<'_>]) -> TokenStream {
    let inner = fields_ctx();
    let tags = tag_arms(tag_ty, variants);
    let arms = variants.iter().map(|v| {
        // As a field's: `r#match` is `match` in paths.
        let name = syn::ext::IdentExt::unraw(v.ident).to_string();
        let (pat, binds) = bound_variant(v);
        let stmts = v
            .fields
            .iter()
            .zip(&binds)
            .map(|(f, b)| write_field(cont, f, &quote!(#b)));
        quote! {
            #pat => {
                #PACKED::__private::push_variant(#WRITER, #name);
                #(#stmts)*
                #PACKED::Writer::pop_path(#WRITER);
            }
        }
    });
    quote! {
        let #TAG = match self { #(#tags)* };
        #PACKED::__private::write_tag::<#inner, #tag_ty, #WRITER_TY>(#TAG, #WRITER)?;
        match self { #(#arms)* }
        #PACKED::__private::Ok(())
    }
}

/// The arms of a `match self` that only picks each variant's tag.
fn tag_arms<'a>(
    tag_ty: Tag,
    variants: &'a [Variant<'_>],
) -> impl Iterator<Item = TokenStream> + 'a {
    variants.iter().map(move |v| {
        let vi = v.ident;
        let tag = tag_ty.literal(v.tag, reported_at(vi.span()));
        let pat = match v.style {
            Style::Unit => quote!(Self::#vi),
            Style::Tuple => quote!(Self::#vi(..)),
            Style::Named => quote!(Self::#vi { .. }),
        };
        quote!(#pat => #tag,)
    })
}

/// Variant `v`'s pattern binding each of its fields to a numbered local, and those
/// locals in field order.
fn bound_variant(v: &Variant<'_>) -> (TokenStream, Vec<syn::Ident>) {
    let vi = v.ident;
    let binds: Vec<_> = (0..v.fields.len()).map(binding).collect();
    let pat = in_style(
        &quote!(Self::#vi),
        v.style,
        &v.fields,
        binds.iter().map(ToTokens::to_token_stream),
    );
    (pat, binds)
}

/// A fieldless `#[repr(int)]` enum: its discriminant, and `encode_contiguous` for
/// sequences of it (the layout may write those differently).
fn repr_methods(repr: &Spanned<ReprInt>) -> (TokenStream, TokenStream) {
    let inner = fields_ctx();
    let wire = repr::wire_type(repr);
    let body = quote! {
        #PACKED::__private::write_repr::<#inner, #wire, #WRITER_TY>(#DISCRIMINANT_FN(self), #WRITER)
    };
    let sig = emit::encode_fn(
        "encode_contiguous",
        quote!(#ITEMS: &[Self], #WRITER: &mut #WRITER_TY,),
    );
    let contiguous = quote! {
        #[inline]
        #sig {
            #PACKED::__private::write_repr_elements::<#inner, #wire, Self, #WRITER_TY>(
                #ITEMS,
                #DISCRIMINANT_FN,
                #WRITER,
            )
        }
    };
    (body, contiguous)
}

/// Writes a group of scalar fields: one run of their `Fields` (nested past sixteen fields)
/// where its size is fixed and the writer takes runs, else each field with its path,
/// for writers that watch fields.
fn scalar_run(cont: &Container<'_>, fields: &[Field<'_>], group: &[usize]) -> TokenStream {
    let inner = fields_ctx();
    let refs = nest_group(fields, group, Spelling::Type, |f| {
        let ty = f.ty;
        quote!(&#ty)
    });
    let values = nest_group(fields, group, Spelling::Value, |f| {
        let m = &f.member;
        quote!(&self.#m)
    });
    let one_by_one = group.iter().map(|&i| write_own_field(cont, &fields[i]));
    quote! {
        if #PACKED::__private::write_as_run::<#inner, #refs, #WRITER_TY>(#WRITER) {
            #PACKED::Encode::encode::<#inner, #WRITER_TY>(&#values, #WRITER)?;
        } else {
            #(#one_by_one)*
        }
    }
}

/// Writes a struct's field, `&self.field`.
fn write_own_field(cont: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let m = &f.member;
    write_field(cont, f, &quote!(&self.#m))
}

/// Writes one field, reached through the reference expression `access`: through its
/// type (or `with` module), or its bit coding.
fn write_field(cont: &Container<'_>, f: &Field<'_>, access: &TokenStream) -> TokenStream {
    let Some((callee, at)) = field::callee(
        cont,
        f,
        |at| quote_spanned!(reported_at(at)=> #PACKED::Encode),
    ) else {
        return TokenStream::new();
    };
    let name = &f.name;
    let ctx = field::ctx(f);
    let (w_ty, w) = (WRITER_TY.at(at), WRITER.at(at));
    let call = match f.bit_coding() {
        Some(coding) => bitpack::write_coded(cont, f, coding, access, &ctx, at),
        None => quote_spanned!(reported_at(at)=> #callee::encode::<#ctx, #w_ty>(#access, #w)?;),
    };
    let check = field::length_check(f);
    let align = bitpack::align_write(f);
    quote! {
        #check
        #PACKED::__private::push_field(#WRITER, #name);
        #align
        #call
        #PACKED::Writer::pop_path(#WRITER);
    }
}

/// `encoded_size` (what `to_vec` allocates): the fields' sizes added up, after an
/// enum's tag, where every field is written through its type; `contiguous_size` of a
/// fieldless `#[repr(int)]` enum, which writes sequences its own way. Nothing (the
/// trait's default, which counts a run of `encode`) for a bit-packed or growable type
/// or one with a `with` or `serde` field.
fn encoded_size(cont: &Container<'_>) -> TokenStream {
    let usize_ty = quote!(#PACKED::__private::usize);
    if cont.bitpack || cont.growable || cont.all_fields().any(|f| !sized_by_type(f)) {
        return TokenStream::new();
    }
    let body = match &cont.data {
        Data::Struct(_, fields) => {
            let sizes = fields.iter().filter_map(|f| {
                let m = &f.member;
                field_size(cont, f, &quote!(&self.#m))
            });
            sum(sizes)
        }
        Data::Tagged(tag_ty, variants) => {
            let inner = fields_ctx();
            let tags = tag_arms(*tag_ty, variants);
            let arms = variants.iter().map(|v| {
                let (pat, binds) = bound_variant(v);
                let sizes = v
                    .fields
                    .iter()
                    .zip(&binds)
                    .filter_map(|(f, b)| field_size(cont, f, &quote!(#b)));
                let sum = sum(sizes);
                quote!(#pat => #sum,)
            });
            quote! {
                let #TAG = match self { #(#tags)* };
                #PACKED::__private::add_size(
                    #PACKED::__private::tag_size::<#inner, #tag_ty>(#TAG),
                    match self { #(#arms)* },
                )
            }
        }
        Data::Repr(..) => {
            let inner = fields_ctx();
            return quote! {
                #[inline]
                fn contiguous_size<#CTX: #PACKED::Ctx>(#ITEMS: &[Self]) -> #usize_ty {
                    #PACKED::__private::count_contiguous::<#inner, Self>(#ITEMS)
                }
            };
        }
    };
    quote! {
        #[inline]
        fn encoded_size<#CTX: #PACKED::Ctx>(&self) -> #usize_ty {
            #body
        }
    }
}

/// `sizes` added up, one statement each (a nested sum of a few hundred fields would
/// be as deep an expression).
fn sum(sizes: impl Iterator<Item = TokenStream>) -> TokenStream {
    let sizes: Vec<_> = sizes.collect();
    if sizes.is_empty() {
        return quote!(0);
    }
    let usize_ty = quote!(#PACKED::__private::usize);
    let adds = sizes
        .iter()
        .map(|size| quote!(#COUNT = #PACKED::__private::add_size(#COUNT, #size);));
    quote! {{
        let mut #COUNT: #usize_ty = 0;
        #(#adds)*
        #COUNT
    }}
}

/// Whether field `f`'s size is its type's `encoded_size` (or nothing, skipped).
fn sized_by_type(f: &Field<'_>) -> bool {
    matches!(f.coding, Coding::Skip) || (f.is_plain() && f.bit_coding().is_none())
}

/// The size of field `f`, reached through the reference expression `access`: its
/// type's `encoded_size` under the field's context; `None` for a skipped field.
fn field_size(cont: &Container<'_>, f: &Field<'_>, access: &TokenStream) -> Option<TokenStream> {
    let (callee, at) = field::callee(
        cont,
        f,
        |at| quote_spanned!(reported_at(at)=> #PACKED::Encode),
    )?;
    let ctx = field::ctx(f);
    Some(quote_spanned!(reported_at(at)=> #callee::encoded_size::<#ctx>(#access)))
}
