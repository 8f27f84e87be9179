//! Code generation from the checked model.

mod decode;
mod encode;

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned, ToTokens};

use crate::ast::{Container, Data, Field};
use crate::attr::LenSpec;
use crate::ctxt::Ctxt;
use crate::wrap::wrap;

/// Derives everything for `input`; on mistakes, the errors plus stub impls so the
/// user sees the attribute errors and not a cascade of missing-trait errors.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let cont = Container::from_ast(&cx, input);
    match (cx.check(), cont) {
        (Ok(()), Some(cont)) => {
            let g = Gen::new(&cont);
            let own = &g.own;
            // One name for the layout, read by every impl in the block.
            let mut body = quote!(type __PackedOwnLayout = #own;);
            body.extend(g.repr_conversions());
            body.extend(encode::impl_encode(&g));
            body.extend(decode::impl_decode(&g));
            body.extend(g.impl_kind());
            wrap(&body)
        }
        (Err(e), cont) => {
            let mut out = e.to_compile_error();
            if !matches!(input.data, syn::Data::Union(_)) {
                // The runtime path the user chose, if it parsed: the stubs must resolve
                // where the real impls would.
                let krate = match &cont {
                    Some(c) => c.attrs.krate.clone(),
                    None => {
                        let quiet = Ctxt::default();
                        let krate = crate::attr::Container::from_ast(&quiet, input).krate;
                        let _ = quiet.check();
                        krate
                    }
                };
                out.extend(fallback(input, krate.as_ref()));
            }
            out
        }
        (Ok(()), None) => unreachable!("internal error: no model without an error"),
    }
}

/// `Encode` and `Decode` impls that never run, emitted beside compile errors (and
/// `Kind` if a `kind` key was written, valid or not).
fn fallback(input: &syn::DeriveInput, krate: Option<&syn::Path>) -> TokenStream {
    let ident = &input.ident;
    let krate = krate.map_or_else(|| quote!(::packed_core), |p| quote!(#p));
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let kind = has_kind_key(&input.attrs).then(|| {
        quote! {
            impl #impl_g #krate::Kind for #ident #ty_g #where_c {
                const KIND: #krate::__private::i64 = 0;
            }
        }
    });
    let de_generics = de_generics(&input.generics);
    let (de_impl_g, _, _) = de_generics.split_for_impl();
    wrap(&quote! {
        impl #impl_g #krate::Encode for #ident #ty_g #where_c {
            fn encode<__C: #krate::Ctx, __W: #krate::Writer + ?#krate::__private::Sized>(
                &self, _: &mut __W,
            ) -> #krate::__private::Result<(), #krate::EncodeError> {
                ::core::unreachable!()
            }
        }
        impl #de_impl_g #krate::Decode<'__de> for #ident #ty_g #where_c {
            fn decode<__C: #krate::Ctx, __R: #krate::Reader<'__de> + ?#krate::__private::Sized>(
                _: &mut __R,
            ) -> #krate::__private::Result<Self, #krate::DecodeError> {
                ::core::unreachable!()
            }
        }
        #kind
    })
}

/// Whether any `#[packed(...)]` on the container has a `kind` key.
fn has_kind_key(attrs: &[syn::Attribute]) -> bool {
    let mut found = false;
    for attr in attrs
        .iter()
        .filter(|a| a.path().is_ident(crate::symbol::PACKED))
    {
        let _ = attr.parse_nested_meta(|meta| {
            found |= meta.path.is_ident("kind");
            // Consume the value, whatever it is, to reach the next key.
            if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        });
    }
    found
}

/// The generics with `'__de` added, outliving every lifetime of the type.
pub(crate) fn de_generics(generics: &syn::Generics) -> syn::Generics {
    let mut g = generics.clone();
    let bounds: Vec<syn::Lifetime> = g.lifetimes().map(|l| l.lifetime.clone()).collect();
    let de: syn::LifetimeParam = syn::parse_quote!('__de: #(#bounds)+*);
    g.params.insert(0, syn::GenericParam::Lifetime(de));
    g
}

/// What the generators share: paths, names and the context types.
pub(crate) struct Gen<'a> {
    pub(crate) cont: &'a Container<'a>,
    /// Path of the runtime crate, `::packed_core` unless `crate = "..."`.
    pub(crate) krate: TokenStream,
    /// The type naming this type's own layout: `layout::Spec<...>` or `layout::Inherit`.
    pub(crate) own: TokenStream,
    /// `<__C as Ctx>::Enter<__PackedOwnLayout>`: the context of this type's fields.
    pub(crate) inner: TokenStream,
}

impl<'a> Gen<'a> {
    fn new(cont: &'a Container<'a>) -> Self {
        let krate = match &cont.attrs.krate {
            Some(p) => quote!(#p),
            None => quote!(::packed_core),
        };
        let own = own_layout(cont, &krate);
        let inner = quote!(<__C as #krate::Ctx>::Enter<__PackedOwnLayout>);
        Self {
            cont,
            krate,
            own,
            inner,
        }
    }

    pub(crate) fn ident(&self) -> &syn::Ident {
        &self.cont.original.ident
    }

    pub(crate) fn name(&self) -> String {
        self.ident().to_string()
    }

    /// The context of one field: the type's context narrowed by the field's `len` and
    /// `max`, all as types.
    pub(crate) fn field_ctx(&self, f: &Field<'_>) -> TokenStream {
        let k = &self.krate;
        let mut ctx = self.inner.clone();
        if let Some((len, _)) = &f.attrs.len {
            let p = len_path(len, k);
            ctx = quote!(<#ctx as #k::Ctx>::WithLen<#p>);
        }
        if let Some((n, lit, _)) = &f.attrs.max {
            let n = syn::LitInt::new(&format!("{n}usize"), lit.span());
            ctx = quote!(<#ctx as #k::Ctx>::WithMax<#n>);
        }
        ctx
    }

    /// For fields with `len` or `max`: a compile-time check that the type has a length.
    /// The type is re-located at the attribute's value, so the error points there.
    pub(crate) fn length_check(&self, f: &Field<'_>) -> TokenStream {
        let k = &self.krate;
        let span = match (&f.attrs.len, &f.attrs.max) {
            (Some((l, _)), _) => l.span(),
            (None, Some((_, lit, _))) => lit.span(),
            (None, None) => return TokenStream::new(),
        };
        let ty = locate_at(f.ty.to_token_stream(), span);
        quote_spanned!(reported_at(span)=> #k::__private::assert_has_length::<#ty>();)
    }

    /// Whether the type is a struct whose size may be fixed (no `with` fields, at least
    /// one written field): it gets `fixed_size` and codes itself through the run helpers,
    /// which take one run where `fixed_size` is not 0 and the fields otherwise.
    pub(crate) fn may_run(&self) -> bool {
        match &self.cont.data {
            Data::Struct(_, fields) => {
                fields.iter().all(|f| f.attrs.with.is_none())
                    && fields.iter().any(|f| f.attrs.skip.is_none())
            }
            _ => false,
        }
    }

    /// The inline attribute of `encode`, `decode` and `decode_in_place`. A struct of
    /// numbers, `bool`s and `char`s only (by the fields' type names; a point, an address)
    /// is small, cannot recurse, and is read by a run with a field-by-field fallback: at
    /// `#[inline]` the compiler kept that out of line in a `Vec` of them, which also put
    /// the caller's reader in memory. Such a struct always inlines; others are
    /// `#[inline]`, as serde's derives are.
    pub(crate) fn inline_attr(&self) -> TokenStream {
        let small = match &self.cont.data {
            Data::Struct(_, fields) => fields
                .iter()
                .all(|f| f.attrs.skip.is_some() || is_bare_scalar(f)),
            _ => false,
        };
        if small && self.may_run() {
            quote!(#[inline(always)])
        } else {
            quote!(#[inline])
        }
    }

    /// `fn fixed_size`: the sum of the written fields' fixed sizes under their contexts,
    /// or varies if any does; and, for a struct that may be a memory image
    /// ([`image_condition`](Self::image_condition)), the proof that it is one.
    /// `trait_path` is `Encode` or `Decode<'__de>`.
    pub(crate) fn fixed_size(&self, trait_path: &TokenStream) -> TokenStream {
        let Data::Struct(_, fields) = &self.cont.data else {
            return TokenStream::new();
        };
        if !self.may_run() {
            return TokenStream::new();
        }
        let k = &self.krate;
        let sizes = fields.iter().filter(|f| f.is_plain()).map(|f| {
            let ty = f.ty;
            let ctx = self.field_ctx(f);
            quote!(<#ty as #trait_path>::fixed_size::<#ctx>().bytes())
        });
        let image = self.image_condition(trait_path).map(|condition| {
            quote! {
                .with_image(if #condition {
                    // SAFETY: every field is a memory image under its context (the
                    // proofs above) and they cover the struct's bytes without a gap
                    // (size and offsets), so the struct has no padding, any bytes are a
                    // valid value, and its encoding, its fields' in order, is its memory.
                    #k::__private::Some(unsafe { #k::__private::ImageProof::new_unchecked() })
                } else {
                    #k::__private::None
                })
            }
        });
        quote! {
            #[inline(always)]
            fn fixed_size<__C: #k::Ctx>() -> #k::__private::FixedSize<Self> {
                #k::__private::FixedSize::run(&[#(#sizes),*]) #image
            }
        }
    }

    /// For a struct that may be a memory image (no layout of its own, since a field's
    /// own layout could write integers differently from the context, and fields without
    /// attributes), the condition that it is one: every field's type is one under the
    /// field's context (their proofs) and the fields leave no gap: the size is the sum of
    /// the field sizes and each field starts where the previous one ends. The compiler
    /// evaluates it; the one `unsafe` block rests on it.
    fn image_condition(&self, trait_path: &TokenStream) -> Option<TokenStream> {
        let Data::Struct(_, fields) = &self.cont.data else {
            return None;
        };
        let plain = fields.iter().all(Field::is_bare);
        if !plain || fields.is_empty() || self.cont.own_layout().is_some() {
            return None;
        }
        let tys: Vec<&syn::Type> = fields.iter().map(|f| f.ty).collect();
        let proofs = fields.iter().map(|f| {
            let ty = f.ty;
            let ctx = self.field_ctx(f);
            quote!(<#ty as #trait_path>::fixed_size::<#ctx>().is_image())
        });
        let offsets = fields.iter().enumerate().map(|(i, f)| {
            let m = &f.member;
            let before = &tys[..i];
            quote!(::core::mem::offset_of!(Self, #m) == 0usize #(+ ::core::mem::size_of::<#before>())*)
        });
        Some(quote! {
            #(#proofs &&)*
            ::core::mem::size_of::<Self>() == 0usize #(+ ::core::mem::size_of::<#tys>())*
            #(&& #offsets)*
        })
    }

    /// For a fieldless `#[repr(int)]` enum, the conversions its impls share, as
    /// functions beside them: `__packed_discriminant` (a variant's discriminant, as the
    /// type it is written as) and `__packed_variant` (the variant a discriminant names,
    /// if any).
    fn repr_conversions(&self) -> TokenStream {
        let Data::Repr(variants) = &self.cont.data else {
            return TokenStream::new();
        };
        let k = &self.krate;
        let ident = self.ident();
        let (repr, wire) = decode::repr_types(self);
        quote! {
            #[inline(always)]
            fn __packed_discriminant(__v: &#ident) -> #wire {
                match __v { #(#ident::#variants => #ident::#variants as #repr as #wire,)* }
            }

            #[inline(always)]
            fn __packed_variant(__d: #wire) -> #k::__private::Option<#ident> {
                #(
                    if __d == (#ident::#variants as #repr as #wire) {
                        return #k::__private::Some(#ident::#variants);
                    }
                )*
                #k::__private::None
            }
        }
    }

    fn impl_kind(&self) -> TokenStream {
        let Some((kind, span)) = self.cont.attrs.kind else {
            return TokenStream::new();
        };
        let k = &self.krate;
        let ident = self.ident();
        let (impl_g, ty_g, where_c) = self.cont.original.generics.split_for_impl();
        let lit = syn::LitInt::new(&format!("{kind}i64"), span);
        quote! {
            #[automatically_derived]
            impl #impl_g #k::Kind for #ident #ty_g #where_c {
                const KIND: #k::__private::i64 = #lit;
            }
        }
    }
}

/// A struct's fields in order, by index, with runs of two or more consecutive scalar
/// fields grouped. A group is coded as one tuple (see [`nest`]), which is one run
/// wherever the layout fixes its size (the common case: integers at full width), so
/// `qty` and `price` of a line item cost one bounds check, not two.
pub(crate) enum Part {
    One(usize),
    Scalars(Vec<usize>),
}

pub(crate) fn parts(fields: &[Field<'_>]) -> Vec<Part> {
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
const TUPLE_MAX: usize = 12;

/// `items` as one tuple: `(a, b, c,)` when they fit the runtime's tuple impls, else a
/// tuple of tuples of at most [`TUPLE_MAX`] (nested again while there are more than
/// that many), so a group of any length is a single tuple. A tuple's `fixed_size` is
/// the sum of its elements' and a run covers the whole tuple, so the nesting keeps a
/// group one run, and its elements are still written and read in order, each under the
/// same context as in a flat tuple (a tuple's elements take `Elem` of its context,
/// which for fields without `max` is that context). A group's types, values and
/// bindings all go through this function, so they have the same shape.
pub(crate) fn nest(items: Vec<TokenStream>) -> TokenStream {
    if items.len() <= TUPLE_MAX {
        return quote!((#(#items,)*));
    }
    let chunks = items
        .chunks(TUPLE_MAX)
        .map(|chunk| match chunk {
            [one] => one.clone(),
            _ => nest(chunk.to_vec()),
        })
        .collect();
    nest(chunks)
}

/// The span for code the derive writes about something the user wrote (a field's
/// type, a `with` path, an attribute's value): errors are reported at the user's
/// tokens, but names resolve where the rest of the generated code does. With the
/// user's span itself, the derive's own names (`__w`, `__r`, `self`, `'__de`) would
/// take the hygiene of the user's tokens, which differs from the derive's when a
/// `macro_rules!` adds the derive to items it was given. The user's tokens are
/// interpolated with their own spans and resolve at the user's site.
pub(crate) fn reported_at(user: Span) -> Span {
    Span::call_site().located_at(user)
}

/// Whether `f` is a scalar (by [`is_scalar`]) written with no field attribute.
fn is_bare_scalar(f: &Field<'_>) -> bool {
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

/// `tokens` with every span moved to `at` for diagnostics; name resolution is kept.
fn locate_at(tokens: TokenStream, at: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut t| {
            if let TokenTree::Group(g) = &t {
                let mut inner = Group::new(g.delimiter(), locate_at(g.stream(), at));
                inner.set_span(g.span().located_at(at));
                t = TokenTree::Group(inner);
            } else {
                t.set_span(t.span().located_at(at));
            }
            t
        })
        .collect()
}

/// Binding names for a variant's fields in patterns.
pub(crate) fn binding(i: usize) -> syn::Ident {
    format_ident!("__f{}", i)
}

fn len_path(len: &LenSpec, k: &TokenStream) -> TokenStream {
    match len {
        LenSpec::Custom(p) => quote!(#p),
        LenSpec::Preset(c) => {
            let ty = syn::Ident::new(
                match c.value {
                    "compact" => "Compact",
                    "u8" => "U8",
                    "u16" => "U16",
                    "u32" => "U32",
                    "u64" => "U64",
                    "varint" => "Leb128",
                    _ => "YasSize",
                },
                Span::call_site(),
            );
            quote!(#k::len::#ty)
        }
    }
}

/// The type naming the container's own layout: `Spec<...>` or `Inherit`.
fn own_layout(cont: &Container<'_>, k: &TokenStream) -> TokenStream {
    let Some(l) = cont.own_layout() else {
        return quote!(#k::layout::Inherit);
    };
    let len = len_path(&l.len, k);
    let int = match l.int {
        "fixed" => quote!(#k::num::Fixed),
        "varint" => quote!(#k::num::ZigzagLeb128),
        _ => quote!(#k::num::YasCompact),
    };
    let endian = if l.endian == "big" {
        quote!(#k::num::Big)
    } else {
        quote!(#k::num::Little)
    };
    let header = if l.header == "yas" {
        quote!(#k::layout::YasHeader)
    } else {
        quote!(#k::layout::NoHeader)
    };
    let enums = if l.enums == "yas" {
        quote!(#k::layout::YasEnums)
    } else {
        quote!(#k::layout::PlainEnums)
    };
    quote!(#k::layout::Spec<#len, #int, #endian, #header, #enums>)
}
