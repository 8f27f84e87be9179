//! What encode and decode both say about fields: a field's context type, what codes
//! it (its type or its `with` module), the compile-time check that `len`/`max` apply
//! to it, the grouping of consecutive scalar fields into one tuple, and a variant's or
//! struct's fields written in its style (`{ a, b }`, `(a, b)`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned as _;

use super::bitpack;
use super::emit::{fields_ctx, locate_at, reported_at, CTX, DE, PACKED, READER_TY, WRITER_TY};
use crate::ast::{Coding, Container, Field, Style};

/// The context of one field: the type's context narrowed by the field's `len` and
/// `max`, all as types.
pub(crate) fn ctx(f: &Field<'_>) -> TokenStream {
    let mut ctx = fields_ctx();
    if let Coding::Type { len, max, time, .. } = &f.coding {
        if let Some(len) = len {
            let len = &len.value;
            ctx = quote!(<#ctx as #PACKED::Ctx>::WithLen<#len>);
        }
        if let Some(max) = max {
            let n = syn::LitInt::new(&format!("{}usize", max.value), max.span);
            ctx = quote!(<#ctx as #PACKED::Ctx>::WithMax<#n>);
        }
        if let Some(time) = time {
            let (unit, width) = &time.value;
            ctx = quote!(<#ctx as #PACKED::Ctx>::WithTime<#PACKED::time::Count<#unit, #width>>);
        }
    }
    ctx
}

/// For fields with `len` or `max`: a compile-time check that the type has a length.
/// The type is re-located at the attribute's value, so the error points there.
///
/// For fields with `unit` or `width`: a compile-time check that the type holds chrono
/// counts, reported at the attribute's value likewise.
pub(crate) fn length_check(f: &Field<'_>) -> TokenStream {
    let Coding::Type { len, max, time, .. } = &f.coding else {
        return TokenStream::new();
    };
    let at = |span, check: &str| {
        let ty = locate_at(f.ty.to_token_stream(), span);
        let check = syn::Ident::new(check, reported_at(span));
        quote_spanned!(reported_at(span)=> #PACKED::__private::#check::<#ty>();)
    };
    let mut checks = TokenStream::new();
    if let Some(span) = len
        .as_ref()
        .map(|l| l.span)
        .or(max.as_ref().map(|m| m.span))
    {
        checks.extend(at(span, "assert_has_length"));
    }
    if let Some(time) = time {
        checks.extend(at(time.span, "assert_has_time"));
    }
    checks
}

/// A struct's fields in order, by index, with runs of two or more consecutive scalar
/// fields grouped. A group is coded as one tuple (see [`nest`]), which is one run
/// wherever the layout fixes its size (the common case: integers at full width), so
/// `qty` and `price` of a line item cost one bounds check, not two. In a bit-packed
/// struct, runs of bit-coded scalars instead, whose bits are one read or write
/// ([`bitpack::groups`]).
pub(crate) enum Part {
    One(usize),
    Scalars(Vec<usize>),
    Bits(Vec<usize>),
}

pub(crate) fn parts(cont: &Container<'_>, fields: &[Field<'_>]) -> Vec<Part> {
    if cont.bitpack {
        return bitpack::groups(fields);
    }
    let mut parts = Vec::new();
    let mut group = Vec::new();
    let close = |group: &mut Vec<usize>, parts: &mut Vec<Part>| match group.len() {
        0 => {}
        1 => parts.push(Part::One(group.pop().expect("one element"))),
        _ => parts.push(Part::Scalars(core::mem::take(group))),
    };
    for (i, f) in fields.iter().enumerate() {
        if is_bare_scalar(f) {
            group.push(i);
        } else {
            close(&mut group, &mut parts);
            parts.push(Part::One(i));
        }
    }
    close(&mut group, &mut parts);
    parts
}

/// The most elements of a tuple that the runtime implements `Encode` and `Decode` for.
const TUPLE_MAX: usize = 16;

/// Whether a group is spelled as a type (`Fields<(A, B)>`) or as a value or pattern
/// (`Fields((a, b))`).
#[derive(Clone, Copy)]
pub(crate) enum Spelling {
    Type,
    Value,
}

/// `items` as one `Fields` of a tuple (its elements with no count in any layout, where
/// a plain tuple has YAS's count byte): `Fields((a, b, c,))` when they fit the
/// runtime's tuple impls, else one of `Fields` of at most [`TUPLE_MAX`] (nested again
/// while there are more than that many), so a group of any length is a single value.
/// Its `fixed_size` is the sum of its elements' and a run covers the whole group, so
/// the nesting keeps a group one run, and its elements are still written and read in
/// order, each under the same context as in a flat tuple (a tuple's elements take
/// `Elem` of its context, which for fields without `max` is that context). A group's
/// types, values and bindings all go through this function, so they have the same
/// shape.
pub(crate) fn nest(items: Vec<TokenStream>, spelling: Spelling) -> TokenStream {
    if items.len() <= TUPLE_MAX {
        return match spelling {
            Spelling::Type => quote!(#PACKED::__private::Fields<(#(#items,)*)>),
            Spelling::Value => quote!(#PACKED::__private::Fields((#(#items,)*))),
        };
    }
    let chunks = items
        .chunks(TUPLE_MAX)
        .map(|chunk| match chunk {
            [one] => one.clone(),
            _ => nest(chunk.to_vec(), spelling),
        })
        .collect();
    nest(chunks, spelling)
}

/// The group of fields `group` (indices into `fields`) as one nested `Fields` of
/// `item(field)`.
pub(crate) fn nest_group(
    fields: &[Field<'_>],
    group: &[usize],
    spelling: Spelling,
    item: impl Fn(&Field<'_>) -> TokenStream,
) -> TokenStream {
    nest(group.iter().map(|&i| item(&fields[i])).collect(), spelling)
}

/// Whether `f` is a scalar (by [`is_scalar`]) written with no field attribute.
pub(crate) fn is_bare_scalar(f: &Field<'_>) -> bool {
    f.is_bare() && is_scalar(f.ty)
}

/// Whether `ty` is written as the name of a number, `bool` or `char`, or an array of
/// them. Only a guess from the name: what decides whether a group is one run is the
/// types' `fixed_size`, at compile time, so a shadowed name costs speed, never bytes.
fn is_scalar(ty: &syn::Type) -> bool {
    const SCALARS: [&str; 16] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char",
    ];
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p
            .path
            .get_ident()
            .is_some_and(|i| SCALARS.contains(&i.to_string().as_str())),
        syn::Type::Array(a) => is_scalar(&a.elem),
        syn::Type::Paren(p) => is_scalar(&p.elem),
        syn::Type::Group(g) => is_scalar(&g.elem),
        _ => false,
    }
}

/// Whether `ty` is written as a type whose encoded size varies under every layout: a
/// string, sequence, map, set, `Option`, `Box` or `Cow` by its name (the last segment
/// of its path), a slice or `str` behind a reference, `()` or `PhantomData` (which
/// take no bytes), or an array or tuple of any of these. Like [`is_scalar`] only a
/// guess from the name, the other way round: a struct with such a field gets no
/// fixed-size run code, and the types' `fixed_size` would have said the same, so a
/// shadowed name costs speed, never bytes.
pub(crate) fn varies(ty: &syn::Type) -> bool {
    const VARYING: [&str; 12] = [
        "String",
        "str",
        "Vec",
        "VecDeque",
        "BTreeMap",
        "BTreeSet",
        "HashMap",
        "HashSet",
        "Option",
        "Box",
        "Cow",
        "PhantomData",
    ];
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| VARYING.contains(&s.ident.to_string().as_str())),
        syn::Type::Reference(r) => varies(&r.elem),
        syn::Type::Slice(_) => true,
        syn::Type::Array(a) => varies(&a.elem),
        syn::Type::Tuple(t) => t.elems.is_empty() || t.elems.iter().any(varies),
        syn::Type::Paren(p) => varies(&p.elem),
        syn::Type::Group(g) => varies(&g.elem),
        _ => false,
    }
}

/// What codes field `f`, and the user's tokens a call to it is reported at: the
/// module of `with = "..."` (through the impl [`with_modules`] writes for it, in a type
/// without generic parameters), or `<Type as Trait>` with `trait_at(span)` naming the
/// trait. `None` for a skipped field.
pub(crate) fn callee(
    cont: &Container<'_>,
    f: &Field<'_>,
    trait_at: impl FnOnce(Span) -> TokenStream,
) -> Option<(TokenStream, Span)> {
    match &f.coding {
        Coding::Skip => None,
        Coding::With(with) => match with_module_name(cont, f) {
            Some(name) => Some((
                quote_spanned!(reported_at(with.span())=>
                    <#name as #PACKED::__private::WithModule>),
                with.span(),
            )),
            None => Some((with.to_token_stream(), with.span())),
        },
        Coding::Serde(at) => {
            let ty = f.ty;
            let field = quote_spanned!(reported_at(*at)=> #PACKED::__private::SerdeField::<#ty>);
            Some((field, *at))
        }
        Coding::Type { .. } => {
            let (ty, at) = (f.ty, f.ty.span());
            let trait_path = trait_at(at);
            Some((quote_spanned!(reported_at(at)=> <#ty as #trait_path>), at))
        }
    }
}

/// `path`, `path(v0, v1)` or `path { a: v0, b: v1 }`: `values`, one per field, in the
/// fields' style. Serves as a pattern (bindings) and as an expression (values).
pub(crate) fn in_style(
    path: &TokenStream,
    style: Style,
    fields: &[Field<'_>],
    values: impl IntoIterator<Item = TokenStream>,
) -> TokenStream {
    let values = values.into_iter();
    match style {
        Style::Unit => quote!(#path),
        Style::Tuple => quote!(#path(#(#values),*)),
        Style::Named => {
            let ms = fields.iter().map(|f| &f.member);
            quote!(#path { #(#ms: #values),* })
        }
    }
}

/// The name of field `f`'s impl from [`with_modules`]: for `with` fields of a type without
/// generic parameters (the impl names the field's type, which may not mention them).
fn with_module_name(cont: &Container<'_>, f: &Field<'_>) -> Option<syn::Ident> {
    if !matches!(f.coding, Coding::With(_)) || !cont.generics.params.is_empty() {
        return None;
    }
    let i = cont.all_fields().position(|g| std::ptr::eq(g, f))?;
    Some(super::emit::with_impl(i))
}

/// For each `with` field of a type without generic parameters, an impl of
/// `__private::WithModule` whose methods call the module's `encode` and `decode` with
/// generic parameters named as the derive's docs name them (`C`, `W`, `R`, `'de`):
/// a module with another signature is reported in those terms, not in the generated
/// methods' (`__W`). Generic types call the module directly.
pub(crate) fn with_modules(cont: &Container<'_>) -> TokenStream {
    cont.all_fields()
        .filter_map(|f| {
            let Coding::With(with) = &f.coding else {
                return None;
            };
            let name = with_module_name(cont, f)?;
            let (ty, at) = (f.ty, with.span());
            // The readable names, unless the module's path starts with one of them.
            let first = with.segments.first().map(|s| s.ident.to_string());
            let readable = !matches!(first.as_deref(), Some("C" | "W" | "R"));
            let (c, w, r, de) = if readable {
                (quote!(C), quote!(W), quote!(R), quote!('de))
            } else {
                (CTX.to_token_stream(), WRITER_TY.to_token_stream(), READER_TY.to_token_stream(), DE.to_token_stream())
            };
            let encode = quote_spanned!(reported_at(at)=> #with::encode::<#c, #w>(value, w));
            let decode = quote_spanned!(reported_at(at)=> #with::decode::<#c, #r>(r));
            Some(quote! {
                enum #name {}
                impl #PACKED::__private::WithModule for #name {
                    type Value = #ty;
                    fn encode<#c: #PACKED::Ctx, #w: #PACKED::Writer + ?#PACKED::__private::Sized>(
                        value: &Self::Value,
                        w: &mut #w,
                    ) -> #PACKED::__private::Result<(), #PACKED::EncodeError> {
                        #encode
                    }
                    fn decode<#de, #c: #PACKED::Ctx, #r: #PACKED::Reader<#de> + ?#PACKED::__private::Sized>(
                        r: &mut #r,
                    ) -> #PACKED::__private::Result<Self::Value, #PACKED::DecodeError> {
                        #decode
                    }
                }
            })
        })
        .collect()
}
