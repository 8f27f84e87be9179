//! What both impls of a struct carry for the runtime's fast paths: whether the struct
//! codes itself as one fixed-size run where it can (`may_run`, `fixed_size`), whether
//! it is a memory image (the proof `fixed_size` carries), and how hard its coding functions inline.
//! These hooks change how fast the bytes are written and read, never which bytes.

use proc_macro2::TokenStream;
use quote::quote;

use super::emit::{Trait, CTX, PACKED};
use super::field::{self, is_bare_scalar, varies};
use crate::ast::{Coding, Container, Data, Field};
use crate::model::OwnLayout;

/// The struct's fields, if it is a struct whose size may be fixed (no `with` or `serde` fields,
/// at least one written field, none with a length prefix and none whose type
/// [`varies`] by its name, not growable: a record's size on the wire is whatever
/// version wrote it): it gets `fixed_size` and codes itself through the run helpers,
/// which take one run where `fixed_size` is not 0 and the fields otherwise. Any other
/// struct's size varies under every layout, so it gets no run code at all.
///
/// A bit-packed struct has none: its size is in bits, and its fields are written
/// inside a session, which takes no runs.
pub(crate) fn run_fields<'c, 'a>(cont: &'c Container<'a>) -> Option<&'c [Field<'a>]> {
    let Data::Struct(_, fields) = &cont.data else {
        return None;
    };
    if cont.bitpack || cont.growable {
        return None;
    }
    // A field with `len` or `max` has a length prefix, so its size varies too.
    let may_run = fields.iter().all(|f| match f.coding {
        Coding::With(_) | Coding::Serde(_) => false,
        Coding::Type { .. } => f.is_bare() && !varies(f.ty),
        Coding::Skip => true,
    }) && fields.iter().any(|f| !matches!(f.coding, Coding::Skip));
    may_run.then_some(fields)
}

/// The inline attribute of `encode`, `decode` and `decode_in_place`. A struct of
/// numbers, `bool`s and `char`s only (by the fields' type names; a point, an address)
/// is small, cannot recurse, and is read by a run with a field-by-field fallback: at
/// `#[inline]` the compiler kept that out of line in a `Vec` of them, which also put
/// the caller's reader in memory. Such a struct always inlines; others are
/// `#[inline]`, as serde's derives are.
pub(crate) fn inline_attr(cont: &Container<'_>) -> TokenStream {
    let small = run_fields(cont).is_some_and(|fields| {
        fields
            .iter()
            .all(|f| matches!(f.coding, Coding::Skip) || is_bare_scalar(f))
    });
    if small {
        quote!(#[inline(always)])
    } else {
        quote!(#[inline])
    }
}

/// `fn fixed_size`: the sum of the written fields' fixed sizes under their contexts,
/// or varies if any does, and one level of nesting more than the deepest field's;
/// and, for a struct that may be a memory image
/// ([`image_condition`]), the proof that it is one, through trait `of` (`Encode` or
/// `Decode`).
pub(crate) fn fixed_size(cont: &Container<'_>, of: Trait) -> TokenStream {
    let Some(fields) = run_fields(cont) else {
        return TokenStream::new();
    };
    let sizes = fields.iter().filter(|f| f.is_plain()).map(|f| {
        let ty = f.ty;
        let ctx = field::ctx(f);
        let trait_path = of.path_for(f);
        quote!(<#ty as #trait_path>::fixed_size::<#ctx>().shape())
    });
    let image = image_condition(cont, of).map(|condition| {
        quote! {
            .with_image(if #condition {
                // SAFETY: every field is a memory image under its context (the proofs
                // above) and they cover the struct's bytes without a gap (size and
                // offsets), so the struct has no padding, any bytes are a valid value,
                // and its encoding, its fields' in order, is its memory.
                #PACKED::__private::Some(unsafe { #PACKED::__private::ImageProof::new_unchecked() })
            } else {
                #PACKED::__private::None
            })
        }
    });
    quote! {
        #[inline(always)]
        fn fixed_size<#CTX: #PACKED::Ctx>() -> #PACKED::__private::FixedSize<Self> {
            #PACKED::__private::FixedSize::record([#(#sizes),*]) #image
        }
    }
}

/// For a struct that may be a memory image (no layout of its own, since a field's own
/// layout could write integers differently from the context, and fields without
/// attributes), the condition that it is one: every field's type is one under the
/// field's context (their proofs) and the fields leave no gap: the size is the sum of
/// the field sizes and each field starts where the previous one ends. The compiler
/// evaluates it; the one `unsafe` block rests on it.
fn image_condition(cont: &Container<'_>, of: Trait) -> Option<TokenStream> {
    let Data::Struct(_, fields) = &cont.data else {
        return None;
    };
    let plain = fields.iter().all(Field::is_bare);
    let inherits = matches!(cont.layout, OwnLayout::Inherit);
    if !plain || fields.is_empty() || !inherits {
        return None;
    }
    let tys: Vec<&syn::Type> = fields.iter().map(|f| f.ty).collect();
    let proofs = fields.iter().map(|f| {
        let ty = f.ty;
        let ctx = field::ctx(f);
        let trait_path = of.path_for(f);
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
