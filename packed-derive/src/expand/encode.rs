//! `impl Encode`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{binding, nest, parts, reported_at, Gen, Part};
use crate::ast::{Data, Field, Style};
use crate::bound;

pub(super) fn impl_encode(g: &Gen<'_>) -> TokenStream {
    let k = &g.krate;
    let ident = g.ident();
    let generics = &g.cont.original.generics;
    let (impl_g, ty_g, _) = generics.split_for_impl();
    let where_c = where_clause(
        generics,
        bound::predicates(g.cont, &quote!(#k::Encode), false),
    );
    let inner = &g.inner;
    let body = match &g.cont.data {
        Data::Struct(_, fields) => {
            let stmts = parts(fields).into_iter().map(|part| match part {
                Part::One(i) => {
                    let m = &fields[i].member;
                    field(g, &fields[i], &quote!(&self.#m))
                }
                Part::Scalars(is) => scalar_run(g, fields, &is),
            });
            let run = g.may_run().then(|| {
                quote! {
                    if #k::__private::write_as_run::<__C, Self, __W>(__w) {
                        return #k::__private::encode_run::<__C, Self, __W>(self, __w);
                    }
                }
            });
            quote!(#run #(#stmts)* #k::__private::Ok(()))
        }
        Data::Tagged(variants) => {
            let tag_ty = super::decode::tag_type(g);
            let arms = variants.iter().enumerate().map(|(i, v)| {
                let vi = v.ident;
                let name = vi.to_string();
                let tag = syn::LitInt::new(&format!("{i}{tag_ty}"), reported_at(vi.span()));
                let binds: Vec<_> = (0..v.fields.len()).map(binding).collect();
                let pat = match v.style {
                    Style::Unit => quote!(Self::#vi),
                    Style::Tuple => quote!(Self::#vi(#(#binds),*)),
                    Style::Named => {
                        let ms = v.fields.iter().map(|f| &f.member);
                        quote!(Self::#vi { #(#ms: #binds),* })
                    }
                };
                let stmts = v
                    .fields
                    .iter()
                    .zip(&binds)
                    .map(|(f, b)| field(g, f, &quote!(#b)));
                quote! {
                    #pat => {
                        #k::__private::write_tag::<#inner, #k::__private::#tag_ty, __W>(#tag, __w)?;
                        #k::__private::push_variant(__w, #name);
                        #(#stmts)*
                        #k::Writer::pop_path(__w);
                    }
                }
            });
            quote! {
                match self { #(#arms)* }
                #k::__private::Ok(())
            }
        }
        Data::Repr(_) => {
            let (_, wire) = super::decode::repr_types(g);
            quote!(#k::__private::write_repr::<#inner, #wire, __W>(__packed_discriminant(self), __w))
        }
    };
    let contiguous = match &g.cont.data {
        Data::Repr(_) => {
            let (_, wire) = super::decode::repr_types(g);
            quote! {
                #[inline]
                fn encode_contiguous<__C: #k::Ctx, __W: #k::Writer + ?#k::__private::Sized>(
                    __items: &[Self],
                    __w: &mut __W,
                ) -> #k::__private::Result<(), #k::EncodeError> {
                    #k::__private::write_repr_elements::<#inner, #wire, Self, __W>(
                        __items,
                        __packed_discriminant,
                        __w,
                    )
                }
            }
        }
        _ => TokenStream::new(),
    };
    let fixed_size = g.fixed_size(&quote!(#k::Encode));
    let inline = g.inline_attr();
    quote! {
        #[automatically_derived]
        impl #impl_g #k::Encode for #ident #ty_g #where_c {
            #fixed_size

            #inline
            fn encode<__C: #k::Ctx, __W: #k::Writer + ?#k::__private::Sized>(
                &self,
                __w: &mut __W,
            ) -> #k::__private::Result<(), #k::EncodeError> {
                #body
            }

            #contiguous

            #[inline]
            fn encode_header<__C: #k::Ctx, __W: #k::Writer + ?#k::__private::Sized>(
                __w: &mut __W,
            ) -> #k::__private::Result<(), #k::EncodeError> {
                #k::__private::write_header::<#inner, __W>(__w)
            }
        }
    }
}

/// Writes a group of scalar fields: one run of their tuple (nested past twelve fields)
/// where its size is fixed and the writer takes runs, else each field with its path,
/// for writers that watch fields.
fn scalar_run(g: &Gen<'_>, fields: &[Field<'_>], group: &[usize]) -> TokenStream {
    let k = &g.krate;
    let inner = &g.inner;
    let refs = nest(
        group
            .iter()
            .map(|&i| {
                let ty = fields[i].ty;
                quote!(&#ty)
            })
            .collect(),
    );
    let values = nest(
        group
            .iter()
            .map(|&i| {
                let m = &fields[i].member;
                quote!(&self.#m)
            })
            .collect(),
    );
    let one_by_one = group.iter().map(|&i| {
        let m = &fields[i].member;
        field(g, &fields[i], &quote!(&self.#m))
    });
    quote! {
        if #k::__private::write_as_run::<#inner, #refs, __W>(__w) {
            #k::Encode::encode::<#inner, __W>(&#values, __w)?;
        } else {
            #(#one_by_one)*
        }
    }
}

/// Writes one field, reached through the reference expression `access`.
fn field(g: &Gen<'_>, f: &Field<'_>, access: &TokenStream) -> TokenStream {
    if f.attrs.skip.is_some() {
        return TokenStream::new();
    }
    let k = &g.krate;
    let name = &f.name;
    let ctx = g.field_ctx(f);
    let call = match &f.attrs.with {
        Some((with, _)) => {
            quote_spanned!(reported_at(with.span())=> #with::encode::<#ctx, __W>(#access, __w)?;)
        }
        None => {
            let ty = f.ty;
            quote_spanned!(reported_at(ty.span())=> <#ty as #k::Encode>::encode::<#ctx, __W>(#access, __w)?;)
        }
    };
    let check = g.length_check(f);
    quote! {
        #check
        #k::__private::push_field(__w, #name);
        #call
        #k::Writer::pop_path(__w);
    }
}

/// The type's where-clause plus `extra`.
pub(super) fn where_clause(
    generics: &syn::Generics,
    extra: Vec<syn::WherePredicate>,
) -> TokenStream {
    let mut preds: Vec<syn::WherePredicate> = generics
        .where_clause
        .as_ref()
        .map(|w| w.predicates.iter().cloned().collect())
        .unwrap_or_default();
    preds.extend(extra);
    if preds.is_empty() {
        TokenStream::new()
    } else {
        quote!(where #(#preds),*)
    }
}
