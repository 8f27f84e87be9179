//! `impl Decode`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::encode::where_clause;
use super::{binding, de_generics, nest, parts, reported_at, Gen, Part};
use crate::ast::{Data, Field, Style};
use crate::bound;

/// The enum's tag type (`u8` unless `tag = "..."`).
pub(super) fn tag_type(g: &Gen<'_>) -> syn::Ident {
    let name = g.cont.attrs.tag.as_ref().map_or("u8", |(c, _)| c.value);
    format_ident!("{}", name)
}

/// A fieldless enum's `repr` type and the type it is written as (`usize` as `u64`).
pub(super) fn repr_types(g: &Gen<'_>) -> (TokenStream, TokenStream) {
    let k = &g.krate;
    let repr = g
        .cont
        .attrs
        .repr_int
        .clone()
        .expect("internal error: Repr data without repr");
    let wire = match repr.to_string().as_str() {
        "usize" => format_ident!("u64"),
        "isize" => format_ident!("i64"),
        _ => repr.clone(),
    };
    (quote!(#k::__private::#repr), quote!(#k::__private::#wire))
}

pub(super) fn impl_decode(g: &Gen<'_>) -> TokenStream {
    let k = &g.krate;
    let ident = g.ident();
    let name = g.name();
    let generics = &g.cont.original.generics;
    let de = de_generics(generics);
    let (impl_g, _, _) = de.split_for_impl();
    let (_, ty_g, _) = generics.split_for_impl();
    let where_c = where_clause(
        generics,
        bound::predicates(g.cont, &quote!(#k::Decode<'__de>), true),
    );
    let inner = &g.inner;
    let inline = g.inline_attr();

    // `methods`: the impl's other methods (structs: `decode_in_place`; fieldless enums:
    // `decode_contiguous`).
    let (min_wire, body, methods) = match &g.cont.data {
        Data::Struct(style, fields) => {
            let mins = fields.iter().filter(|f| f.is_plain()).map(|f| {
                let ty = f.ty;
                quote!(<#ty as #k::Decode<'__de>>::MIN_WIRE)
            });
            let checks = fields.iter().map(|f| g.length_check(f));
            let build = struct_value(g, *style, fields);
            let body = quote! {
                #(#checks)*
                #k::Reader::enter(__r)?;
                let __v = #build;
                #k::Reader::leave(__r);
                #k::__private::Ok(__v)
            };
            let (run, run_in_place) = if g.may_run() {
                let check = quote!(#k::__private::read_as_run::<__C, Self, __R>(__r));
                (
                    quote! {
                        if #check {
                            return #k::__private::decode_run::<__C, Self, __R>(__r);
                        }
                    },
                    quote! {
                        if #check {
                            return #k::__private::decode_run_in_place::<__C, Self, __R>(self, __r);
                        }
                    },
                )
            } else {
                (TokenStream::new(), TokenStream::new())
            };
            let body = quote!(#run #body);
            let steps = parts(fields).into_iter().map(|part| match part {
                Part::One(i) => in_place_field(g, &fields[i]),
                Part::Scalars(is) => {
                    let (binds, read) = scalar_group(g, fields, &is);
                    let ms = is.iter().map(|&i| &fields[i].member);
                    quote!(#read #(self.#ms = #binds;)*)
                }
            });
            let in_place = quote! {
                #inline
                fn decode_in_place<__C: #k::Ctx, __R: #k::Reader<'__de> + ?#k::__private::Sized>(
                    &mut self,
                    __r: &mut __R,
                ) -> #k::__private::Result<(), #k::DecodeError> {
                    #run_in_place
                    #k::Reader::enter(__r)?;
                    #(#steps)*
                    #k::Reader::leave(__r);
                    #k::__private::Ok(())
                }
            };
            (quote!(0usize #(+ #mins)*), body, in_place)
        }
        Data::Tagged(variants) => {
            let tag_ty = tag_type(g);
            let checks = variants
                .iter()
                .flat_map(|v| v.fields.iter())
                .map(|f| g.length_check(f));
            let arms = variants.iter().enumerate().map(|(i, v)| {
                let vi = v.ident;
                let tag = syn::LitInt::new(&format!("{i}{tag_ty}"), reported_at(vi.span()));
                let build = construct(g, &quote!(Self::#vi), v.style, &v.fields);
                quote!(#tag => #build,)
            });
            let body = quote! {
                #(#checks)*
                #k::Reader::enter(__r)?;
                let __off = #k::Reader::offset(__r);
                let __tag = #k::__private::read_tag::<#inner, #k::__private::#tag_ty, __R>(__r)?;
                let __v = match __tag {
                    #(#arms)*
                    _ => return #k::__private::Err(#k::__private::unknown_variant(__off, #name, #k::__private::tag_bits(__tag))),
                };
                #k::Reader::leave(__r);
                #k::__private::Ok(__v)
            };
            (quote!(1usize), body, TokenStream::new())
        }
        Data::Repr(_) => {
            let (_, wire) = repr_types(g);
            let body = quote! {
                #k::__private::read_repr_value::<#inner, #wire, Self, __R>(__r, #name, __packed_variant)
            };
            let contiguous = quote! {
                #[inline]
                fn decode_contiguous<__C: #k::Ctx, __R: #k::Reader<'__de> + ?#k::__private::Sized>(
                    __n: #k::__private::usize,
                    __r: &mut __R,
                    __out: &mut #k::__private::Vec<Self>,
                ) -> #k::__private::Result<(), #k::DecodeError> {
                    #k::__private::read_repr_elements::<#inner, #wire, Self, __R>(
                        __n, __r, __out, #name, __packed_variant,
                    )
                }
            };
            (quote!(1usize), body, contiguous)
        }
    };

    let reserves = reserves_ahead(g);
    let fixed_size = g.fixed_size(&quote!(#k::Decode<'__de>));
    let image_proof = g.image_proof(&quote!(#k::Decode<'__de>));
    quote! {
        #[automatically_derived]
        impl #impl_g #k::Decode<'__de> for #ident #ty_g #where_c {
            const MIN_WIRE: #k::__private::usize = #min_wire;
            const RESERVES_AHEAD: #k::__private::bool = #reserves;

            #fixed_size

            #image_proof

            #inline
            fn decode<__C: #k::Ctx, __R: #k::Reader<'__de> + ?#k::__private::Sized>(
                __r: &mut __R,
            ) -> #k::__private::Result<Self, #k::DecodeError> {
                #body
            }

            #methods

            #[inline]
            fn decode_header<__C: #k::Ctx, __R: #k::Reader<'__de> + ?#k::__private::Sized>(
                __r: &mut __R,
            ) -> #k::__private::Result<(), #k::DecodeError> {
                #k::__private::read_header::<#inner, __R>(__r)
            }
        }
    }
}

/// `RESERVES_AHEAD`: whether any written field's type may reserve memory ahead of the
/// input (a `with` field's decoder is not known, so it may), for every variant of an
/// enum. Fieldless enums and structs of numbers and strings reserve nothing.
fn reserves_ahead(g: &Gen<'_>) -> TokenStream {
    let k = &g.krate;
    let fields: Vec<&Field<'_>> = match &g.cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Tagged(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
        Data::Repr(_) => Vec::new(),
    };
    if fields.iter().any(|f| f.attrs.with.is_some()) {
        return quote!(true);
    }
    let each = fields.iter().filter(|f| f.is_plain()).map(|f| {
        let ty = f.ty;
        quote!(<#ty as #k::Decode<'__de>>::RESERVES_AHEAD)
    });
    quote!(false #(|| #each)*)
}

/// The expression that reads one field.
fn read_field(g: &Gen<'_>, f: &Field<'_>) -> TokenStream {
    let k = &g.krate;
    let ctx = g.field_ctx(f);
    if f.attrs.skip.is_some() {
        return quote!(#k::__private::Default::default());
    }
    if let Some((with, _)) = &f.attrs.with {
        return quote_spanned!(reported_at(with.span())=> #with::decode::<#ctx, __R>(__r)?);
    }
    let ty = f.ty;
    quote_spanned!(reported_at(ty.span())=> <#ty as #k::Decode<'__de>>::decode::<#ctx, __R>(__r)?)
}

/// The struct's value, reading fields in order. With groups of scalar fields, a block
/// that reads each part into bindings first (a group as one tuple, one run where the
/// layout fixes its size), then builds the value; otherwise the plain constructor.
fn struct_value(g: &Gen<'_>, style: Style, fields: &[Field<'_>]) -> TokenStream {
    let parts = parts(fields);
    if !parts.iter().any(|p| matches!(p, Part::Scalars(_))) {
        return construct(g, &quote!(Self), style, fields);
    }
    let reads = parts.iter().map(|part| match part {
        Part::One(i) => {
            let b = binding(*i);
            let read = read_field(g, &fields[*i]);
            quote!(let #b = #read;)
        }
        Part::Scalars(is) => scalar_group(g, fields, is).1,
    });
    let binds: Vec<syn::Ident> = (0..fields.len()).map(binding).collect();
    let value = match style {
        Style::Unit => quote!(Self),
        Style::Tuple => quote!(Self(#(#binds),*)),
        Style::Named => {
            let ms = fields.iter().map(|f| &f.member);
            quote!(Self { #(#ms: #binds),* })
        }
    };
    quote!({ #(#reads)* #value })
}

/// The bindings of a group of scalar fields and the statement that reads them as one
/// tuple (nested past twelve fields).
fn scalar_group(
    g: &Gen<'_>,
    fields: &[Field<'_>],
    group: &[usize],
) -> (Vec<syn::Ident>, TokenStream) {
    let k = &g.krate;
    let inner = &g.inner;
    let binds: Vec<syn::Ident> = group.iter().map(|&i| binding(i)).collect();
    let pattern = nest(binds.iter().map(ToTokens::to_token_stream).collect());
    let tys = nest(
        group
            .iter()
            .map(|&i| fields[i].ty.to_token_stream())
            .collect(),
    );
    let read = quote! {
        let #pattern = <#tys as #k::Decode<'__de>>::decode::<#inner, __R>(__r)?;
    };
    (binds, read)
}

/// `path { a: ..., b: ... }`, `path(..)` or `path`, reading fields in order.
fn construct(g: &Gen<'_>, path: &TokenStream, style: Style, fields: &[Field<'_>]) -> TokenStream {
    let reads = fields.iter().map(|f| read_field(g, f));
    match style {
        Style::Unit => quote!(#path),
        Style::Tuple => quote!(#path(#(#reads),*)),
        Style::Named => {
            let ms = fields.iter().map(|f| &f.member);
            quote!(#path { #(#ms: #reads),* })
        }
    }
}

/// Reads one field into `self`, reusing its allocations.
fn in_place_field(g: &Gen<'_>, f: &Field<'_>) -> TokenStream {
    let k = &g.krate;
    let m = &f.member;
    if !f.is_plain() {
        let read = read_field(g, f);
        return quote!(self.#m = #read;);
    }
    let ctx = g.field_ctx(f);
    let ty = f.ty;
    quote_spanned!(reported_at(ty.span())=> <#ty as #k::Decode<'__de>>::decode_in_place::<#ctx, __R>(&mut self.#m, __r)?;)
}
